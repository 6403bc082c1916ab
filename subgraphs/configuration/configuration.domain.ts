import type { Tenant } from '../../platform/auth/principal.js';
import { configurationKey, createSecretBox, type SecretBox } from '../../platform/crypto/secret-box.js';
import type { PlatformConfig } from '../../platform/env/env.config.js';
import { badRequest, conflict } from '../../platform/errors/app-error.js';
import type { PrismaClient } from '../../platform/db/database.js';
import type { Prisma } from '../../platform/db/generated/client.js';
import { maskSecrets, mergeSecrets, openSecrets, sealedPointers } from './configuration-secrets.js';
import type { ConfigurationRecord, ConfigurationView } from './configuration.model.js';
import { ConfigurationRepository } from './configuration.repository.js';
import type { ConfigurationFailure } from './configuration.validator.js';
import { checkConfiguration } from './configuration-check.js';
import type { JsonObject } from './json-pointer.js';
import { localSchemas } from './local-schemas.js';
import { SchemaResolutionError, SchemaResolver } from './schema-resolver.usecase.js';

export type PutOutcome =
  | { ok: true; created: boolean; configuration: ConfigurationView }
  | { ok: false; failure: ConfigurationFailure };

export interface ConfigurationDomainDeps {
  prisma: PrismaClient;
  box: SecretBox;
  resolver: SchemaResolver;
}

/** Builds the domain over the platform's config and database (the configuration service, adapters in-process). */
export function createConfigurationDomain(config: Pick<PlatformConfig, 'adapterUrls' | 'urls' | 'catalogue' | 'configEncryptionKey' | 'dataDir' | 'timeouts'>, prisma: PrismaClient): ConfigurationDomain {
  return new ConfigurationDomain({
    prisma,
    // The key is read on first use, so a process that never touches a secret writes no key file.
    box: createSecretBox(() => configurationKey(config)),
    resolver: new SchemaResolver({ local: localSchemas(config), timeoutMs: config.timeouts.configurationSchemaMs }),
  });
}

/**
 * The configuration service's use cases; REST routes and GraphQL resolvers are thin over these.
 * Every read but `readConfigurationForAdapter(…, {reveal: true})` masks secrets.
 */
export class ConfigurationDomain {
  readonly repository: ConfigurationRepository;

  constructor(private readonly deps: ConfigurationDomainDeps) {
    this.repository = new ConfigurationRepository(deps.prisma);
  }

  /**
   * Validates and stores a configuration (create or replace). Validation failures are values;
   * a lost race with another writer of the same configuration is a 409 `conflict`.
   */
  async putConfiguration(tenant: Tenant, id: string, document: unknown): Promise<PutOutcome> {
    const existing = await this.repository.find(tenant, id);
    const checked = await checkConfiguration({
      id,
      document,
      resolver: this.deps.resolver,
      // Decrypted only when the document keeps a stored secret by sending the mask.
      storedSecrets: () => (existing ? openSecrets(this.deps.box, tenant, id, existing.secrets) : {}),
      box: this.deps.box,
      tenant,
    });
    if (!checked.ok) return checked;
    const write = { schemaUrl: checked.schemaUrl, document: checked.document as Prisma.InputJsonObject, secrets: checked.sealedSecrets };
    const written = existing ? await this.repository.replace(tenant, id, existing.version, write) : await this.repository.create(tenant, id, write);
    if (!written) throw conflict(`Configuration ${id} was changed by another request; read it and try again.`);
    const stored = await this.repository.find(tenant, id);
    if (!stored) throw conflict(`Configuration ${id} was removed by another request.`);
    return { ok: true, created: !existing, configuration: toView(stored) };
  }

  /** One configuration, secrets masked; null when the channel has none with this id. */
  async getConfiguration(tenant: Tenant, id: string): Promise<ConfigurationView | null> {
    const row = await this.repository.find(tenant, id);
    return row ? toView(row) : null;
  }

  /** Several configurations by id, in the order asked (GraphQL batches). */
  async getConfigurations(tenant: Tenant, ids: readonly string[]): Promise<Array<ConfigurationView | null>> {
    return (await this.repository.findByIds(tenant, ids)).map((row) => (row ? toView(row) : null));
  }

  /** Every configuration of the channel, secrets masked, by id. */
  async listConfigurations(tenant: Tenant): Promise<ConfigurationView[]> {
    return (await this.repository.list(tenant)).map(toView);
  }

  /**
   * The configuration document an adapter works with. `reveal: true` puts the secrets back in
   * clear — only for the adapter the configuration belongs to, or a service token (see
   * `mayReveal` in configuration.access.ts); otherwise they are masked. Null when missing.
   */
  async readConfigurationForAdapter(tenant: Tenant, id: string, options: { reveal: boolean }): Promise<JsonObject | null> {
    const row = await this.repository.find(tenant, id);
    if (!row) return null;
    const document = row.document as JsonObject;
    return options.reveal ? mergeSecrets(document, openSecrets(this.deps.box, tenant, id, row.secrets)) : toView(row).document;
  }

  /** The JSON Schema at `url`, resolved as a `$schema` is; a 400 AppError when it cannot be used. */
  async schemaAt(url: string): Promise<JsonObject> {
    try {
      return (await this.deps.resolver.resolve(url)).schema;
    } catch (error) {
      if (error instanceof SchemaResolutionError) throw badRequest(error.code, error.message, error.details);
      throw error;
    }
  }
}

/** A stored row as readers see it: secrets masked at the pointers they are stored for. */
export function toView(row: ConfigurationRecord): ConfigurationView {
  const secretPointers = sealedPointers(row.secrets);
  const document = maskSecrets(row.document as JsonObject, secretPointers);
  return {
    id: row.configurationId,
    schemaUrl: row.schemaUrl,
    version: row.version,
    active: typeof document.active === 'boolean' ? document.active : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    secretPointers,
    document,
  };
}
