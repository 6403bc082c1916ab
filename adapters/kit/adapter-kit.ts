import { readFileSync } from 'node:fs';
import { ADAPTER_MANIFEST_PATH, type AdapterManifest, type StorefrontAction } from './adapter-manifest.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { localSecret } from '../../platform/auth/local-secret.js';
import type { CallPurpose } from '../../platform/auth/platform-tokens.js';
import type { Tenant } from '../../platform/auth/principal.js';
import { authenticate } from '../../platform/auth/request-auth.js';
import type { TokenVerifier } from '../../platform/auth/token.verifier.js';
import { adapterSchemaFile, type ClientCredentials, type PlatformConfig } from '../../platform/env/env.config.js';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { createApp } from '../../platform/http/app.factory.js';
import { errors, json } from '../../platform/http/api-docs.schemas.js';
import type { DocumentInfo } from '../../platform/http/api-docs.plugin.js';
import { paymentCallbackAnswers } from './callback-answers.openapi.js';
import { platformReachable } from './platform-reachability.js';
import type { Logger } from '../../platform/logging/logger.js';
import { AdapterIdentity } from './adapter-identity.js';
import { ConfigurationClient } from './configuration.client.js';
import { OrderServiceClient } from './order-service.client.js';
import { PaymentApiClient } from './payment-api.client.js';
import { isCallToken, PlatformCallVerifier } from './platform-call.verifier.js';
import { SignedCallbackUrls } from './signed-callback-url.js';
import type { OrderDocument, PaymentDocument } from '../../contracts/order.types.js';
import { ownPayment } from './order-address.rules.js';
import type { PaymentAnswer, PaymentCallbackName, PaymentCallbackRequest } from '../../contracts/callbacks.types.js';
import { assertLabelledSchema } from './configuration-schema.labels.js';

/** The manifest's shape, for the API document (adapter-manifest.ts). */
const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['id', 'kind', 'name', 'routes'],
  properties: {
    id: { type: 'string' },
    kind: { enum: ['commerce', 'payment', 'giftcard'] },
    name: { type: 'string' },
    routes: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

export type { PaymentCallbackRequest };

/**
 * A lifecycle callback's work: throw an AppError to refuse (its 4xx and message reach the caller:
 * `process` is vetoed), answer the payment fields the platform should record (`process`, `abort`,
 * `cancel`, `refund`), or nothing. `confirm` and `capture` run after commit: record the outcome
 * on the payment yourself (payment API) and answer 2xx; anything else is retried.
 */
export type PaymentCallbackHandler = (tenant: Tenant, call: PaymentCallbackRequest) => Promise<PaymentAnswer | void>;

/** The spec's address form of each callback: `{adapter_url}/v0/orders/{order_id}/payments/{payment_id}/<name>`. */
const CALLBACK_PATHS: Readonly<Record<PaymentCallbackName | 'amountChanged', string>> = {
  process: 'process',
  abort: 'abort',
  confirm: 'confirm',
  capture: 'capture',
  cancel: 'cancel',
  refund: 'refund',
  refresh: 'refresh',
  amountChanged: 'amount-changed',
};

export interface AdapterKitOptions {
  adapterId: string;
  config: PlatformConfig;
  logger: Logger;
  verifier: TokenVerifier;
  /** This adapter's public base URL, used in the callback URLs it registers; default its address in the configuration. */
  publicUrl?: string;
  /** What it tells the platform about itself (served at /.well-known/adapter.json); its id is `adapterId`. */
  manifest?: Omit<AdapterManifest, 'id'>;
  /**
   * The JSON Schema of its configuration (served at /openapi/v1/schemas/<adapter_id>.json). Default:
   * the file its provider manifest declares (`schemaFile`, read through its catalogue row); only
   * an adapter outside this repository's catalogue names it here.
   */
  schemaFile?: URL;
  /** Its client credentials; default `config.adapterCredentials[adapterId]` (env, or issued by the system runner). */
  credentials?: ClientCredentials;
  /** The platform's public keys, when handed in; default: fetched from config.platformJwksUrl (or the configuration service's). */
  platformKeys?: JSONWebKeySet;
  /** Its API document's title and description (GET /openapi.json); default its id. */
  document?: DocumentInfo;
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
  /**
   * The calling tenant of a storefront, shopper or admin request (never a platform call token; an
   * adapter token only of this adapter itself: another adapter's credentials never start,
   * complete or remove a payment here, as they never write its payments at the payment API).
   */
  fromCaller(request: FastifyRequest): Tenant;
  /**
   * Mounts `POST /v0/orders/:orderId/payments/:paymentId/<name>` for a lifecycle callback: the
   * platform's calls only (`fromPlatform`), the handler's answer sent back as the payment fields to record.
   */
  onPaymentCallback(name: PaymentCallbackName, handler: PaymentCallbackHandler): void;
  /** The callback addresses to register at creation, with `{paymentId}` for the platform to fill in. */
  paymentCallbacks(orderId: string, names: ReadonlyArray<PaymentCallbackName | 'amountChanged'>): NonNullable<PaymentDocument['callbacks']>;
  /**
   * Adds storefront routes to the manifest the adapter serves, each one unless its own manifest
   * names that action already: the provider runtime declares the routes of the contract it mounts
   * (the read of a payment's session, the removal), so no adapter writes them down twice. Nothing
   * without a manifest.
   */
  declareRoutes(routes: Partial<Record<StorefrontAction, string>>): void;
  /** This adapter's payment `paymentId` on the order; 404 `payment_not_found` for any other (order-address.rules.ts). */
  ownPayment(order: OrderDocument, paymentId: string): PaymentDocument;
}

export function createAdapterKit<TConfig = Record<string, unknown>>(kitOptions: AdapterKitOptions): AdapterKit<TConfig> {
  const { config } = kitOptions;
  const publicUrl = kitOptions.publicUrl ?? config.urls[kitOptions.adapterId] ?? config.adapterUrls[kitOptions.adapterId];
  if (!publicUrl) throw new Error(`${kitOptions.adapterId} has no address: the service catalogue (app/service.catalogue.ts) lacks its row.`);
  const options = { ...kitOptions, publicUrl };
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
    ...(options.document ? { document: options.document } : {}),
    readiness: [platformReachable(config.urls.order, config.timeouts.readinessProbeMs)],
    // The platform's calls carry a call token; everyone else a bearer token the platform's rules check.
    authenticate: async (request) => {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(String(request.headers.authorization ?? ''))?.[1];
      return token && isCallToken(token) ? calls.authenticate(token, request) : authenticate(options.verifier, request.headers);
    },
  });
  app.addHook('preValidation', async (request) => calls.checkBody(request));
  const ownSecret = localSecret(config.dataDir, `${options.adapterId}-secret`);

  // Its routes grow as a runtime declares what it mounts (declareRoutes); read when the manifest is asked for.
  const manifest: AdapterManifest | undefined = options.manifest ? { id: options.adapterId, ...options.manifest, routes: { ...options.manifest.routes } } : undefined;
  if (manifest) {
    app.get(ADAPTER_MANIFEST_PATH, { config: { public: true }, schema: { summary: 'What this adapter is and where its storefront actions go', response: { 200: json('The adapter manifest', MANIFEST_SCHEMA) } } }, async () => manifest);
  }

  const schemaFile = options.schemaFile ?? catalogueSchemaFile(config, options.adapterId);
  if (schemaFile) {
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as object;
    assertLabelledSchema(schema, options.adapterId);
    app.get('/openapi/v1/schemas/:file', { config: { public: true }, schema: { summary: "The JSON Schema of the adapter's configuration", response: { 200: json('A JSON Schema (draft 2020-12)', { type: 'object' }), ...errors(404) } } }, async (request: FastifyRequest<{ Params: { file: string } }>) => {
      if (request.params.file !== `${options.adapterId}.json`) throw notFound(`No schema ${request.params.file} here.`, 'schema_not_found');
      return schema;
    });
  }

  const fromPlatform = (request: FastifyRequest, ...purposes: CallPurpose[]): Tenant => {
    const call = request.auth?.call;
    if (!call) throw forbidden('Only the platform calls this route (with a call token signed for it).');
    if (purposes.length > 0 && !(purposes as string[]).includes(call.purpose)) {
      throw forbidden(`The platform call token is for a ${call.purpose} call, not for this route.`, 'call_mismatch');
    }
    const orderId = (request.params as { orderId?: unknown } | undefined)?.orderId;
    if (typeof orderId === 'string' && orderId !== call.orderId) throw forbidden(`The platform call token is for another order.`, 'call_mismatch');
    return request.auth.tenant;
  };

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
    fromPlatform,
    fromCaller: (request) => {
      if (request.auth.call) throw forbidden('A platform call token is good for the call it was signed for only.', 'call_mismatch');
      const { role, adapterId } = request.auth.principal;
      if (role === 'adapter' && adapterId !== options.adapterId) {
        throw forbidden(`An adapter token for ${adapterId ?? 'no adapter'} cannot act on ${options.adapterId}'s storefront routes.`);
      }
      return request.auth.tenant;
    },
    onPaymentCallback: (name, handler) => {
      app.post<{ Params: { orderId: string; paymentId: string }; Body: PaymentCallbackRequest }>(
        `/v0/orders/:orderId/payments/:paymentId/${CALLBACK_PATHS[name]}`,
        // The platform's calls only, checked before the body is looked at.
        { preValidation: async (request) => void fromPlatform(request, name), schema: { params: CALLBACK_PARAMS, body: CALLBACK_BODY, summary: `Payment lifecycle: ${name} (call token)`, response: paymentCallbackAnswers } },
        async (request) => {
          const tenant = fromPlatform(request, name);
          const { orderId, paymentId } = request.params;
          if (request.body.orderId !== orderId || request.body.paymentId !== paymentId) {
            throw badRequest('callback_mismatch', 'The body names another order or payment than the address.');
          }
          return (await handler(tenant, request.body)) ?? {};
        },
      );
    },
    paymentCallbacks: (orderId, names) => {
      const base = `${options.publicUrl.replace(/\/$/, '')}/v0/orders/${encodeURIComponent(orderId)}/payments/{paymentId}`;
      return Object.fromEntries(names.map((name) => [name, `${base}/${CALLBACK_PATHS[name]}`]));
    },
    declareRoutes: (routes) => {
      if (!manifest) return;
      for (const [action, template] of Object.entries(routes) as Array<[StorefrontAction, string]>) manifest.routes[action] ??= template;
    },
    ownPayment: (order, paymentId) => ownPayment(order, options.adapterId, paymentId),
  };
}

/** The repository's root: the catalogue's schema paths start there. */
const ROOT = new URL('../../', import.meta.url);

/** The schema file the adapter's catalogue row names (its manifest's `schemaFile`), if any. */
function catalogueSchemaFile(config: PlatformConfig, adapterId: string): URL | undefined {
  const file = adapterSchemaFile(config.catalogue ?? [], adapterId);
  return file ? new URL(file, ROOT) : undefined;
}

const CALLBACK_PARAMS = {
  type: 'object',
  required: ['orderId', 'paymentId'],
  properties: { orderId: { type: 'string', minLength: 1, maxLength: 128 }, paymentId: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

const CALLBACK_BODY = {
  type: 'object',
  required: ['callback', 'orderId', 'paymentId', 'operationId', 'amount', 'state', 'order'],
  properties: {
    callback: { type: 'string' },
    orderId: { type: 'string' },
    paymentId: { type: 'string' },
    operationId: { type: 'string', minLength: 1, maxLength: 256 },
    amount: { type: 'number' },
    state: { type: 'string' },
    afterCommit: { type: 'boolean' },
    order: { type: 'object' },
  },
} as const;

