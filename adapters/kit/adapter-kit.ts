import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { localSecret } from '../../platform/auth/local-secret.js';
import type { CallPurpose } from '../../platform/auth/platform-tokens.js';
import type { Tenant } from '../../platform/auth/principal.js';
import { authenticate } from '../../platform/auth/request-auth.js';
import type { TokenVerifier } from '../../platform/auth/token-verifier.service.js';
import type { ClientCredentials, PlatformConfig } from '../../platform/env/env.config.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { createApp } from '../../platform/http/app.factory.js';
import { errors, json } from '../../platform/http/api-docs.schemas.js';
import type { Logger } from '../../platform/logging/logger.js';
import { AdapterIdentity } from './adapter-identity.js';
import { ConfigurationClient } from './configuration.client.js';
import { OrderServiceClient } from './order-service.client.js';
import { PaymentApiClient } from './payment-api.client.js';
import { isCallToken, PlatformCallVerifier } from './platform-call.verifier.js';
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
  /** Its client credentials; default `config.adapterCredentials[adapterId]` (env, or issued by the system runner). */
  credentials?: ClientCredentials;
  /** The platform's public keys, when handed in; default: fetched from config.platformJwksUrl (or the configuration service's). */
  platformKeys?: JSONWebKeySet;
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
  /**
   * A secret of this adapter alone (DATA_DIR/<adapter_id>-secret): keys its signed callback URLs
   * and whatever it seals. Never the platform's.
   */
  ownSecret: string;
  /**
   * The calling tenant of a request that must come from the platform (hooks, validations,
   * notifications, amountChanged, lifecycle callbacks): a verified call token for this route's
   * purpose(s) and, when the route names an order, that order. 403 otherwise.
   */
  fromPlatform(request: FastifyRequest, ...purposes: CallPurpose[]): Tenant;
  /** The calling tenant of a storefront, admin or adapter request (never a platform call token). */
  fromCaller(request: FastifyRequest): Tenant;
}

export function createAdapterKit<TConfig = Record<string, unknown>>(options: AdapterKitOptions): AdapterKit<TConfig> {
  const { config } = options;
  const identity = new AdapterIdentity(
    options.adapterId,
    `${config.urls.configuration}/api/v1/auth/token`,
    options.credentials ?? config.adapterCredentials[options.adapterId],
  );
  const calls = new PlatformCallVerifier({
    adapterId: options.adapterId,
    publicUrl: options.publicUrl,
    keys: options.platformKeys ?? new URL(config.platformJwksUrl ?? `${config.urls.configuration}/.well-known/jwks.json`),
  });
  const app = createApp({
    name: options.adapterId,
    logger: options.logger,
    verifier: options.verifier,
    bodyLimitBytes: config.bodyLimitBytes,
    closeGraceMs: config.shutdownGraceMs,
    keepRawBody: true,
    // The platform's calls carry a call token; everyone else a bearer token the platform's rules check.
    authenticate: async (request) => {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(String(request.headers.authorization ?? ''))?.[1];
      return token && isCallToken(token) ? calls.authenticate(token, request) : authenticate(options.verifier, request.headers);
    },
  });
  app.addHook('preValidation', async (request) => calls.checkBody(request));
  const ownSecret = localSecret(config.dataDir, `${options.adapterId}-secret`);

  if (options.schemaFile) {
    const schema = JSON.parse(readFileSync(options.schemaFile, 'utf8')) as object;
    app.get('/openapi/v1/schemas/:file', { config: { public: true }, schema: { summary: "The JSON Schema of the adapter's configuration", response: { 200: json('A JSON Schema (draft 2020-12)', { type: 'object' }), ...errors(404) } } }, async (request: FastifyRequest<{ Params: { file: string } }>) => {
      if (request.params.file !== `${options.adapterId}.json`) throw notFound(`No schema ${request.params.file} here.`, 'schema_not_found');
      return schema;
    });
  }

  return {
    adapterId: options.adapterId,
    publicUrl: options.publicUrl.replace(/\/$/, ''),
    app,
    orders: new OrderServiceClient(config.urls.order, identity),
    payments: new PaymentApiClient(config.urls.payment, identity),
    configuration: new ConfigurationClient<TConfig>(config.urls.configuration, identity),
    callbacks: new SignedCallbackUrls(`${ownSecret}:${options.adapterId}:callbacks`),
    logger: options.logger.child({ adapter: options.adapterId }),
    ownSecret,
    fromPlatform: (request, ...purposes) => {
      const call = request.auth?.call;
      if (!call) throw forbidden('Only the platform calls this route (with a call token signed for it).');
      if (purposes.length > 0 && !(purposes as string[]).includes(call.purpose)) {
        throw forbidden(`The platform call token is for a ${call.purpose} call, not for this route.`, 'call_mismatch');
      }
      const orderId = (request.params as { orderId?: unknown } | undefined)?.orderId;
      if (typeof orderId === 'string' && orderId !== call.orderId) throw forbidden(`The platform call token is for another order.`, 'call_mismatch');
      return request.auth.tenant;
    },
    fromCaller: (request) => {
      if (request.auth.call) throw forbidden('A platform call token is good for the call it was signed for only.', 'call_mismatch');
      return request.auth.tenant;
    },
  };
}
