import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveAuthConfig } from '../../platform/auth/auth-config.js';
import type { AuthContext, Tenant } from '../../platform/auth/principal.js';
import { requireRole } from '../../platform/auth/request-auth.js';
import type { TokenVerifier } from '../../platform/auth/token-verifier.service.js';
import type { PlatformConfig } from '../../platform/env/env.config.js';
import { notFound } from '../../platform/errors/app-error.js';
import { createApp } from '../../platform/http/app.factory.js';
import type { Logger } from '../../platform/logging/logger.js';
import { AdapterIdentity } from './adapter-identity.js';
import { ConfigurationClient } from './configuration.client.js';
import { OrderServiceClient } from './order-service.client.js';
import { PaymentApiClient } from './payment-api.client.js';
import { SignedCallbackUrls } from './signed-callback-url.js';

export interface AdapterKitOptions {
  adapterId: string;
  config: PlatformConfig;
  logger: Logger;
  verifier: TokenVerifier;
  /** This adapter's public base URL, used in the callback URLs it registers. */
  publicUrl: string;
  /** The JSON Schema of its configuration (served at /openapi/v1/schemas/<adapter_id>.json). */
  schemaFile?: URL;
}

/**
 * Everything an adapter needs to take part in orders: its fastify app (platform auth, JSON
 * errors, health, its configuration schema), typed clients for the order service, payment API
 * and configuration service acting as the adapter, and signed callback URLs. See docs/adapter-kit.md.
 */
export interface AdapterKit<TConfig = Record<string, unknown>> {
  adapterId: string;
  publicUrl: string;
  app: FastifyInstance;
  orders: OrderServiceClient;
  payments: PaymentApiClient;
  configuration: ConfigurationClient<TConfig>;
  callbacks: SignedCallbackUrls;
  logger: Logger;
  /** The calling tenant of a request that must come from the platform (hooks, validations, notifications). */
  fromPlatform(request: FastifyRequest): Tenant;
  /** The calling tenant of a storefront (or platform) request. */
  fromCaller(request: FastifyRequest): Tenant;
}

export function createAdapterKit<TConfig = Record<string, unknown>>(options: AdapterKitOptions): AdapterKit<TConfig> {
  const auth = resolveAuthConfig(options.config);
  const identity = new AdapterIdentity(options.adapterId, auth);
  const app = createApp({ name: options.adapterId, logger: options.logger, verifier: options.verifier, bodyLimitBytes: options.config.bodyLimitBytes, closeGraceMs: options.config.shutdownGraceMs });

  if (options.schemaFile) {
    const schema = JSON.parse(readFileSync(options.schemaFile, 'utf8')) as object;
    app.get('/openapi/v1/schemas/:file', { config: { public: true } }, async (request: FastifyRequest<{ Params: { file: string } }>) => {
      if (request.params.file !== `${options.adapterId}.json`) throw notFound(`No schema ${request.params.file} here.`, 'schema_not_found');
      return schema;
    });
  }

  return {
    adapterId: options.adapterId,
    publicUrl: options.publicUrl.replace(/\/$/, ''),
    app,
    orders: new OrderServiceClient(options.config.urls.order, identity),
    payments: new PaymentApiClient(options.config.urls.payment, identity),
    configuration: new ConfigurationClient<TConfig>(options.config.urls.configuration, identity),
    callbacks: new SignedCallbackUrls(`${auth.secret}:${options.adapterId}:callbacks`),
    logger: options.logger.child({ adapter: options.adapterId }),
    fromPlatform: (request) => {
      requireRole(request.auth, 'service');
      return request.auth.tenant;
    },
    fromCaller: (request) => tenantOf(request.auth),
  };
}

const tenantOf = (auth: AuthContext): Tenant => auth.tenant;
