import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../platform/errors/app-error.js';
import { errors, json } from '../../../platform/http/api-docs.schemas.js';
import { createApp } from '../../../platform/http/app.factory.js';
import { callJson } from '../../../platform/http-client/http-client.js';
import type { ServiceDeps } from '../../../platform/service-deps.js';
import { registerAdapterRelay } from './adapter-relay.routes.js';
import type { StorefrontProviders } from './storefront-providers.js';
import { ensureExampleBuilt, ensureStorefrontBuilt } from './storefront-build.js';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2' };
const ASSET = /^[A-Za-z0-9_.-]{1,200}$/;
const PUBLIC = { public: true } as const;
const PAGE = { summary: 'A page of the storefront app (HTML)', response: { 200: { description: 'The app page', content: { 'text/html': { schema: { type: 'string' } } } } } };
const ASSET_SCHEMA = { summary: "The app's built scripts and styles", response: { 200: { description: 'The asset', content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } } }, ...errors(404) } };
const CHECKOUT_ANSWER = {
  type: 'object',
  required: ['orderId', 'token', 'expiresAt', 'merchant', 'channel'],
  properties: { orderId: { type: 'string' }, token: { type: 'string', description: 'The checkout token (role shopper) for this order only' }, expiresAt: { type: 'string' }, merchant: { type: 'string' }, channel: { type: 'string' } },
};
const DEMO_ANSWER = {
  type: 'object',
  required: ['basketId', 'giftCard'],
  properties: { basketId: { type: 'string' }, giftCard: { type: 'object', properties: { cardId: { type: 'string' }, balance: { type: 'number' }, currency: { type: 'string' } } } },
};
const CONFIG_ANSWER = {
  type: 'object',
  required: ['gatewayUrl', 'merchant', 'channel', 'demo'],
  properties: {
    gatewayUrl: { type: 'string' },
    merchant: { type: 'string' },
    channel: { type: 'string' },
    demo: { type: 'boolean' },
    providerScripts: { type: 'object', additionalProperties: { type: 'string' }, description: "The provider client scripts a frontend loads, per adapter id (a provider's drop-in, from its manifest)" },
  },
};
const CREATE_CHECKOUT = `mutation StorefrontCreateCheckout($input: CreateOrderFromBasketInput!) {
  createCheckout(input: $input) { order { id } checkoutToken { token orderId expiresAt } }
}`;

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; details?: unknown } }>;
}

/**
 * The storefront app (web/storefront, docs/storefront-app.md) and its small backend for the
 * browser: the built pages, the settings the page needs, and the one call a browser may not
 * make itself — creating a checkout from a basket, with the channel's storefront token that
 * never leaves this server. Everything else the page does, it does at the gateway with the
 * order's checkout token.
 */
export async function createStorefrontService(deps: ServiceDeps, providers: StorefrontProviders = { relayPaths: {}, scripts: () => ({}) }): Promise<FastifyInstance> {
  const { config } = deps;
  const tenant = config.storefront;
  const app = createApp({
    name: 'storefront',
    logger: deps.logger,
    verifier: deps.verifier,
    bodyLimitBytes: config.bodyLimitBytes,
    closeGraceMs: config.shutdownGraceMs,
    // A shop is public: the page and its backend take no token (the backend signs its own).
    isPublicRequest: () => true,
  });
  const gateway = `${config.urls.gateway.replace(/\/+$/, '')}/graphql`;
  // The channel's storefront token, from configuration (STOREFRONT_TOKEN, or issued by the runner
  // that started this service): this service holds no signing secret and mints nothing.
  const storefrontToken = async () => {
    if (!tenant.token) throw new AppError(503, 'storefront_not_configured', `The storefront has no storefront token for ${tenant.merchant}/${tenant.channel}: set STOREFRONT_TOKEN (docs/auth.md).`);
    return tenant.token;
  };
  const sandboxes = { commerce: config.urls.commerce_sandbox, giftcard: config.urls.giftcard_sandbox };
  const demo = config.demoData && Boolean(sandboxes.commerce && sandboxes.giftcard);
  const adapterUrl = (adapterId: string): string | undefined => config.adapterUrls[adapterId] ?? config.urls[adapterId];
  // The providers' scripts (a drop-in), from their manifests: a sandbox's here, the provider's CDN in production.
  const providerScripts = providers.scripts(config.urls);

  const page = async (reply: FastifyReply, built: () => Promise<string> = ensureStorefrontBuilt) => {
    const dir = await built();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await readFile(join(dir, 'index.html')));
  };
  app.get('/', { config: PUBLIC, schema: PAGE }, async (_request, reply) => page(reply));
  app.get('/checkout/:orderId', { config: PUBLIC, schema: PAGE }, async (_request, reply) => page(reply));
  app.get('/confirmation/:orderId', { config: PUBLIC, schema: PAGE }, async (_request, reply) => page(reply));
  // The checkout client's example app (web/checkout-example, docs/storefront-sdk.md): one page on the same backend.
  app.get('/example/', { config: PUBLIC, schema: { ...PAGE, summary: "The checkout client's example app (HTML)" } }, async (_request, reply) => page(reply, ensureExampleBuilt));
  app.get('/example', { config: PUBLIC, schema: { summary: 'To /example/', response: { 302: { description: 'To the example app', type: 'null' } } } }, async (_request, reply) => reply.redirect('/example/'));

  const assets = (built: () => Promise<string>) => async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const { file } = request.params;
    const type = TYPES[extname(file)];
    if (!ASSET.test(file) || !type) throw new AppError(404, 'route_not_found', 'No such asset.');
    const content = await readFile(join(await built(), 'assets', file)).catch(() => {
      throw new AppError(404, 'route_not_found', 'No such asset.');
    });
    // Asset names carry a content hash: cached for good.
    return reply.type(`${type}; charset=utf-8`).header('cache-control', 'public, max-age=31536000, immutable').send(content);
  };
  app.get<{ Params: { file: string } }>('/assets/:file', { config: PUBLIC, schema: ASSET_SCHEMA }, assets(ensureStorefrontBuilt));
  app.get<{ Params: { file: string } }>('/example/assets/:file', { config: PUBLIC, schema: { ...ASSET_SCHEMA, summary: "The example app's built scripts and styles" } }, assets(ensureExampleBuilt));

  app.get('/storefront-config.json', { config: PUBLIC, schema: { summary: 'What the page needs: the gateway address and the tenant', response: { 200: json('The settings', CONFIG_ANSWER) } } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ gatewayUrl: config.urls.gateway, merchant: tenant.merchant, channel: tenant.channel, demo, providerScripts }),
  );
  registerAdapterRelay(app, { adapterUrl, merchant: tenant.merchant, channel: tenant.channel, timeoutMs: config.timeouts.storefrontRelayMs, allowed: providers.relayPaths, shopperIp: providers.shopperIp ?? [], storefrontToken: tenant.token });

  app.post<{ Body: { basketId?: unknown } }>(
    '/api/checkouts',
    {
      config: PUBLIC,
      schema: {
        summary: "Create a checkout from a basket: the order and its checkout token (the channel's storefront token stays here)",
        body: { type: 'object', required: ['basketId'], properties: { basketId: { type: 'string', minLength: 1, maxLength: 200 } } },
        response: { 201: json('The checkout', CHECKOUT_ANSWER), ...errors(502, 503) },
      },
    },
    async (request, reply) => {
      const answer = await callJson<GraphQLAnswer<{ createCheckout: { order: { id: string }; checkoutToken: { token: string; expiresAt: string } } }>>(gateway, {
        method: 'POST',
        headers: { authorization: `Bearer ${await storefrontToken()}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel },
        body: { query: CREATE_CHECKOUT, variables: { input: { cartReference: request.body.basketId, culture: 'nb-NO', currency: 'NOK' } } },
      });
      const created = answer.data?.createCheckout;
      if (!created) {
        const error = answer.errors?.[0];
        const code = (error?.extensions?.code ?? 'checkout_failed').toLowerCase();
        throw new AppError(code === 'upstream_unavailable' ? 502 : 400, code, error?.message ?? 'The checkout could not be created.');
      }
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ orderId: created.order.id, token: created.checkoutToken.token, expiresAt: created.checkoutToken.expiresAt, merchant: tenant.merchant, channel: tenant.channel });
    },
  );

  // Demo only (DEMO_DATA and both sandboxes known): a basket of the commerce sandbox and a gift card of 100 to pay part of it with.
  app.post('/api/demo-baskets', { config: PUBLIC, schema: { summary: 'Seed a demo basket and a gift card in the sandboxes', response: { 201: json('The basket and the gift card', DEMO_ANSWER), ...errors(502) } } }, async (_request, reply) => {
    if (!demo) throw badRequest('demo_unavailable', 'This storefront has no sandboxes to seed a demo basket in.');
    const basket = await callJson<{ id: string }>(`${sandboxes.commerce}/api/sandbox/baskets`, {
      method: 'POST',
      body: {
        currency: 'NOK',
        items: [
          // Images the commerce sandbox draws (the demo configuration's imageBaseUrl points at it).
          { sku: 'SHOE-42', productId: 'SHOE-42', name: 'Running shoes', quantity: 2, unitPrice: 99.95, vatRate: 0.25, image: 'products/shoe.svg' },
          { sku: 'SOCK-3P', productId: 'SOCK-3P', name: 'Socks, 3-pack', quantity: 1, unitPrice: 50, vatRate: 0.25, image: 'products/socks.svg' },
        ],
        buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567' },
      },
    });
    const cardId = `GIFT-${randomUUID().slice(0, 8).toUpperCase()}`;
    await callJson(`${sandboxes.giftcard}/api/sandbox/cards`, { method: 'POST', body: { cardId, balance: 100, currency: 'NOK' } });
    return reply.status(201).send({ basketId: basket.id, giftCard: { cardId, balance: 100, currency: 'NOK' } });
  });

  return app;
}
