import { readFileSync } from 'node:fs';
import { adapterSchemaFile, type PlatformConfig } from '../../platform/env/env.config.js';
import type { JsonObject } from './json-pointer.js';

/** The JSON Schema dialect every configuration schema is written in. */
export const JSON_SCHEMA_2020 = 'https://json-schema.org/draft/2020-12/schema';

/** Identifier of the basic schema; adapter schemas extend it by `$ref` to this URL. */
export const BASIC_SCHEMA_ID = 'https://schemas.checkout-platform.example/configuration/v1/basic-configuration.json';

/** Identifier of the static notifications schema, the `$schema` of `static_notifications`. */
export const STATIC_NOTIFICATIONS_SCHEMA_ID = 'https://schemas.checkout-platform.example/configuration/v1/static_notifications.json';

/** The configuration id holding the notifications added to every new order of a channel. */
export const STATIC_NOTIFICATIONS_ID = 'static_notifications';

/** Schemas the configuration service itself serves at `GET /openapi/v1/schemas/<name>.json`. */
export const SERVED_SCHEMAS = {
  'basic-configuration': { file: 'schemas/configuration/basic-configuration.schema.json', id: BASIC_SCHEMA_ID, configurationId: undefined },
  static_notifications: { file: 'schemas/configuration/static-notifications.schema.json', id: STATIC_NOTIFICATIONS_SCHEMA_ID, configurationId: STATIC_NOTIFICATIONS_ID },
} as const;

export interface LocalSchema {
  /** Path from the repository's root. */
  file: string;
  /** The configuration id a configuration using this schema must have (adapter id, static_notifications). */
  configurationId: string | undefined;
}

const fileCache = new Map<string, JsonObject>();

/** A schema file (path from the repository's root), parsed once. Callers must not mutate it. */
export function loadSchemaFile(file: string): JsonObject {
  let schema = fileCache.get(file);
  if (!schema) {
    schema = JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as JsonObject;
    fileCache.set(file, schema);
  }
  return schema;
}

export const basicSchema = (): JsonObject => loadSchemaFile(SERVED_SCHEMAS['basic-configuration'].file);

/** Where an adapter serves its configuration schema: `{adapter_url}/openapi/v1/schemas/<adapter_id>.json`. */
export const adapterSchemaUrl = (adapterUrl: string, adapterId: string): string =>
  `${adapterUrl.replace(/\/+$/, '')}/openapi/v1/schemas/${adapterId}.json`;

/** The key a schema URL is looked up by: origin and path (no query, no fragment). */
export function schemaUrlKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/**
 * The schema URLs answered from local copies instead of fetched: each adapter's schema at its
 * configured base URL (the file its catalogue row names, adapterSchemaFile), and the configuration service's
 * own schemas under their identifiers and at `{configuration_url}/openapi/v1/schemas/`.
 */
export function localSchemas(config: Pick<PlatformConfig, 'adapterUrls' | 'urls' | 'catalogue'>): Map<string, LocalSchema> {
  const entries = new Map<string, LocalSchema>();
  const add = (url: string, schema: LocalSchema) => {
    const key = schemaUrlKey(url);
    if (key) entries.set(key, schema);
  };
  for (const [id, url] of Object.entries(config.adapterUrls)) {
    const file = adapterSchemaFile(config.catalogue, id);
    if (file) add(adapterSchemaUrl(url, id), { file, configurationId: id });
  }
  for (const [name, served] of Object.entries(SERVED_SCHEMAS)) {
    const schema = { file: served.file, configurationId: served.configurationId };
    add(served.id, schema);
    add(`${config.urls.configuration.replace(/\/+$/, '')}/openapi/v1/schemas/${name}.json`, schema);
  }
  return entries;
}

/** The configuration id a schema URL names by its path (`…/openapi/v1/schemas/<id>.json`), if any. */
export function configurationIdNamedBy(url: string): string | undefined {
  const key = schemaUrlKey(url);
  const match = key ? /\/openapi\/v1\/schemas\/([A-Za-z0-9_]+)\.json$/.exec(key) : null;
  return match?.[1];
}
