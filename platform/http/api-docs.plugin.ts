import { fastifySwagger } from '@fastify/swagger';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyPluginCallback, RouteOptions } from 'fastify';
import { errorBodySchema, errorResponse, json } from './api-docs.schemas.js';

/**
 * Every service's API document (docs/api-documents.md): OpenAPI 3.1 generated from the route
 * schemas, served at `GET /openapi.json`, with Swagger UI at `GET /docs` (assets from the
 * installed package, a CSP that forbids any other origin). Both are public.
 */

/** An API document's title and description; a provider's service names its own (AppOptions.document). */
export interface DocumentInfo {
  title: string;
  description: string;
}

const DOCUMENTS: Record<string, DocumentInfo> = {
  order: { title: 'Order service', description: 'REST shims of the checkout order service (docs/order-api.md). GraphQL: `/graphql`.' },
  payment: { title: 'Payment API', description: 'The payment API adapters use to create, update and log payments (docs/payment-api.md). GraphQL: `/graphql`.' },
  configuration: {
    title: 'Configuration service',
    description:
      'JSON configurations per merchant and channel, validated against the basic schema and the schema each names in `$schema`. Secrets (fields an adapter schema marks `writeOnly`) are stored encrypted and shown as `********` except to the adapter itself (docs/configuration.md). GraphQL: `/graphql`.',
  },
  notifications: { title: 'Notification service', description: "An order's events and deliveries, and their retry (docs/events.md)." },
  adapter: { title: 'Adapter subgraph', description: 'GraphQL only (`/graphql`); this document lists its probes.' },
  gateway: { title: 'Gateway', description: 'GraphQL only (`/graphql`, Apollo Sandbox in a browser); this document lists its probes.' },
  commerce_adapter: { title: 'Commerce adapter', description: 'Storefront endpoints and the platform callbacks of the commerce adapter (docs/adapters/commerce.md).' },
  nonpsp_adapter: { title: 'Non-PSP adapter', description: 'Payments that need no payment provider (docs/adapters/nonpsp.md).' },
  giftcard_adapter: { title: 'Gift card adapter', description: 'Gift cards as part payments (docs/adapters/giftcard.md).' },
  'commerce-sandbox': { title: 'Commerce platform sandbox', description: 'Stand-in for the commerce platform: identity, baskets, orders; `/api/sandbox` seeds and injects failures (docs/sandboxes.md).' },
  'giftcard-sandbox': { title: 'Gift card system sandbox', description: 'Stand-in for the gift card system: balances and reservations; `/api/sandbox` seeds and injects failures (docs/sandboxes.md).' },
};

const swaggerUiRoutes = createRequire(import.meta.url)('@fastify/swagger-ui/lib/routes') as FastifyPluginCallback<Record<string, unknown>>;

/** Swagger UI may load nothing from another origin (it works offline and leaks nothing). */
const DOCS_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";

/** What the routes app.factory.ts declares answer (probes, metrics, the platform's public keys). */
const SHARED_ROUTES: Record<string, Record<string, object>> = {
  '/healthz': { 200: json('Alive', { type: 'object', required: ['status', 'service'], properties: { status: { const: 'ok' }, service: { type: 'string' } } }) },
  '/readyz': {
    200: json('Ready', { type: 'object', required: ['status', 'service'], properties: { status: { const: 'ready' }, service: { type: 'string' } } }),
    503: errorResponse(503),
  },
  '/metrics': {
    200: { description: 'Prometheus text exposition format (docs/observability.md)', content: { 'text/plain': { schema: { type: 'string' } } } },
    401: errorResponse(401),
  },
  '/.well-known/jwks.json': {
    200: json("The platform's public signing keys (JWKS), to verify its call tokens (docs/auth.md)", { type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: { type: 'object', required: ['kty'] } } } }),
  },
};

/** The document and its UI: public, and not part of the document. */
const DOCUMENT_ROUTES = (url: string) => url === '/openapi.json' || url === '/docs' || url.startsWith('/docs/');
/** GraphQL and its explorer's assets: GraphQL has its own schema and explorer (docs/explorer.md). */
const GRAPHQL_ROUTES = (url: string) => url === '/graphql' || url.startsWith('/explorer/');
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Installs the document and its UI on a service's app; call before any route is declared. `document`: its title and description when the service names them itself. */
export function installApiDocs(app: FastifyInstance, name: string, document?: DocumentInfo): void {
  const sandbox = name.endsWith('-sandbox');
  const info = document ?? DOCUMENTS[name] ?? { title: name, description: `The ${name} service.` };

  // Response schemas document; they must never change a body (fast-json-stringify would drop
  // properties a schema does not name), so serialising stays plain JSON.stringify.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addSchema(errorBodySchema);
  app.addHook('onRoute', (route) => documentRoute(route, sandbox));

  // The plugin's own function, run now rather than when fastify loads plugins: it collects routes
  // in an onRoute hook, and services declare theirs right after the app is built.
  fastifySwagger(
    app,
    {
      openapi: {
        openapi: '3.1.0',
        info: { title: info.title, version: 'v1', description: `${info.description} Interactive: \`/docs\`.` },
        components: { securitySchemes: sandbox ? SANDBOX_SCHEMES : PLATFORM_SCHEMES },
        security: sandbox ? [] : [{ bearer: [], merchant: [], channel: [] }],
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    },
    (error) => {
      if (error) throw error;
    },
  );
  // The UI's routes (index, initializer, assets from the installed swagger-ui-dist, /docs/json);
  // its plugin wrapper is skipped since it cannot see the document plugin installed as above.
  void app.register(swaggerUiRoutes, { prefix: '/docs', staticCSP: DOCS_CSP, uiConfig: { deepLinking: true }, initOAuth: {}, theme: {} });
  app.get('/openapi.json', async () => app.swagger());
}

const PLATFORM_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A platform token (`npm run token`, docs/auth.md).' },
  merchant: { type: 'apiKey', in: 'header', name: 'X-Merchant', description: 'The merchant the request acts for.' },
  channel: { type: 'apiKey', in: 'header', name: 'X-Channel', description: 'The channel the request acts for.' },
} as const;

const SANDBOX_SCHEMES = {
  basic: { type: 'http', scheme: 'basic', description: 'Gift card API: `giftcard` / `giftcard-secret`; commerce identity: `checkout` / `checkout-secret`.' },
  bearer: { type: 'http', scheme: 'bearer', description: 'Commerce API: an access token from `POST /connect/token`; a provider\'s partner API: a token from `POST /api/partner/tokens`.' },
} as const;

/**
 * Completes a route's documentation with what the app itself may answer: 400 (bad JSON, bad
 * characters, schema), 401/403 where the platform authenticates, 413/415 where a body is read,
 * 500; sandbox operations may answer any injected failure. A route that documents no success
 * answer still appears, with `2XX` undocumented.
 */
function documentRoute(route: RouteOptions, sandbox: boolean): void {
  if (DOCUMENT_ROUTES(route.url) || GRAPHQL_ROUTES(route.url)) {
    route.schema = { ...route.schema, hide: true };
    if (DOCUMENT_ROUTES(route.url)) route.config = { ...route.config, public: true };
    return;
  }
  const schema = (route.schema ??= {}) as { response?: Record<string, unknown>; security?: unknown };
  const response = (schema.response ??= {});
  for (const [status, answer] of Object.entries(SHARED_ROUTES[route.url] ?? {})) response[status] ??= answer;
  const isPublic = route.config?.public === true;
  if (isPublic) schema.security ??= [];
  const methods = ([] as string[]).concat(route.method);
  const statuses: Array<number | string> = [400];
  if (!sandbox && !isPublic) statuses.push(401, 403);
  if (methods.some((method) => WITH_BODY.has(method))) statuses.push(413, 415);
  statuses.push(500);
  if (route.config?.operation) statuses.push('4XX', '5XX');
  for (const status of statuses) response[status] ??= errorResponse(status);
  if (!Object.keys(response).some((status) => status.startsWith('2'))) response['2XX'] = { description: 'Success (this route does not document its body yet).' };
}

/** onRoute hook for a sandbox's authenticated part: its security scheme and 401. */
export const sandboxAuth = (scheme: keyof typeof SANDBOX_SCHEMES) => (route: RouteOptions) => {
  const schema = (route.schema ??= {}) as { response?: Record<string, unknown>; security?: unknown };
  schema.security = [{ [scheme]: [] }];
  (schema.response ??= {})[401] ??= errorResponse(401);
};
