import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../platform/http/app.factory.js';
import { json } from '../platform/http/api-docs.schemas.js';
import { unauthorized } from '../platform/errors/app-error.js';
import { createLogger } from '../platform/logging/logger.js';
import { DocumentChecker, recordFetch, type Exchange, type OpenApiDocument } from './harness/api-documents.js';
import { rest } from './harness/http.js';
import { eventually } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';
import { BILLING, openShop, type Shop } from './journey/journey-setup.js';

/**
 * Every service's API document (docs/api-documents.md) against the answers the services really
 * give: a whole REST checkout, the services' own calls to each other (recorded from `fetch`),
 * and refusals. An undocumented route or status, or a body its schema refuses, fails.
 */

let system: TestSystem;
let shop: Shop;
const documents: Record<string, OpenApiDocument> = {};
const serviceOf: Record<string, string> = {};
let recorder: ReturnType<typeof recordFetch>;

beforeAll(async () => {
  system = await startTestSystem();
  for (const [service, url] of Object.entries(system.urls) as Array<[string, string]>) {
    const answer = await rest(url, 'GET', '/openapi.json');
    if (answer.status !== 200) throw new Error(`${service}: /openapi.json answered ${answer.status}`);
    documents[service] = answer.body as OpenApiDocument;
    serviceOf[new URL(url).origin] = service;
  }
  recorder = recordFetch(new Set(Object.keys(serviceOf)));
  shop = await openShop(system, 'm-api-documents');
});
afterAll(async () => {
  recorder?.restore();
  await system?.close();
});

describe('API documents', () => {
  it('every service serves an OpenAPI 3.1 document and its UI without a token', async () => {
    for (const [service, url] of Object.entries(system.urls)) {
      expect([service, documents[service]!.openapi]).toEqual([service, '3.1.0']);
      const ui = await fetch(`${url}/docs/`);
      expect([service, ui.status]).toEqual([service, 200]);
      // The browser may load nothing from another origin: the UI works offline.
      expect(ui.headers.get('content-security-policy')).toMatch(/^default-src 'self';.*script-src 'self';.*connect-src 'self'/);
      const html = await ui.text();
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(assets.length).toBeGreaterThanOrEqual(4);
      for (const asset of assets) {
        expect(asset).not.toMatch(/^(?:[a-z]+:)?\/\//i);
        expect([asset, (await fetch(new URL(asset, `${url}/docs/`))).status]).toEqual([asset, 200]);
      }
    }
  });

  it('documents every route of each REST surface with its bodies and errors', () => {
    const paths = (service: string) => Object.keys(documents[service]!.paths);
    expect(paths('order')).toEqual(expect.arrayContaining(['/api/v0/checkout/orders/{orderId}', '/checkout/orders/{orderId}', '/api/v0/checkout/orders/{orderId}/payments/{paymentId}']));
    expect(paths('payment')).toEqual(expect.arrayContaining(['/api/v0/payments', '/api/v0/payments/{paymentId}/transactions']));
    expect(paths('notifications')).toEqual(expect.arrayContaining(['/api/v1/events', '/api/v1/events/{eventId}/retry']));
    expect(paths('commerce_adapter')).toContain('/api/v1/orders/{orderId}/export-order');
    expect(paths('giftcard_sandbox')).toContain('/api/v1/cards/{cardId}/reservations');
    expect(paths('commerce_sandbox')).toContain('/connect/token');
    for (const [service, document] of Object.entries(documents)) {
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const where = `${service} ${method} ${path}`;
          // Every route names its error body, and documents a success answer of its own (a redirect, for a browser's callback).
          const invalid = JSON.stringify((operation.responses['400'] as { content?: Record<string, unknown> })?.content?.['application/json']);
          // A sandbox speaks its provider's API, errors included: its 400 may be the provider's own error form, documented with its required fields.
          const providerForm = service.endsWith('_sandbox') && /"required":\[/.test(invalid ?? '');
          if (!providerForm) expect([where, invalid]).toEqual([where, expect.stringContaining('"$ref":"#/components/schemas/ErrorBody"')]);
          expect([where, Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status))]).toEqual([where, true]);
        }
      }
    }
    // Authenticated platform routes say so, and the UI can send the token and the tenant.
    expect(Object.keys((documents.order as unknown as { components: { securitySchemes: object } }).components.securitySchemes)).toEqual(['bearer', 'merchant', 'channel']);
  });

  it('real answers match the documents: a REST checkout, the services’ own calls, refusals', async () => {
    const call = (service: string, method: string, path: string, body?: unknown, token = shop.storefrontToken) =>
      rest(system.urls[service as keyof typeof system.urls]!, method, path, { token, ...shop.tenant, ...(body === undefined ? {} : { body }) });
    const admin = (service: string, method: string, path: string, body?: unknown) => call(service, method, path, body, shop.adminToken);

    // The checkout (as test/journey/checkout-rest.test.ts), touching more routes on the way.
    const created = await call('commerce_adapter', 'POST', '/api/v1/orders', { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' });
    expect(created.status).toBe(201);
    const orderId = created.body.id as string;
    const order = await call('order', 'GET', `/api/v0/checkout/orders/${orderId}`);
    expect(await call('commerce_adapter', 'PATCH', `/api/v1/orders/${orderId}`)).toMatchObject({ status: 200 });
    expect((await call('commerce_adapter', 'PATCH', `/api/v1/orders/${orderId}/cart/items/${order.body.cart.items[0].id}`, { quantity: 2 })).status).toBe(200);
    expect((await call('order', 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, BILLING)).status).toBe(200);
    expect((await call('order', 'PUT', `/api/v0/checkout/orders/${orderId}/consents`, { newsletter: true })).status).toBe(200);
    const card = await call('giftcard_adapter', 'POST', `/api/checkout/v1/orders/${orderId}/payments`, { cardId: shop.cardId });
    expect(card.status).toBe(201);
    expect((await call('giftcard_adapter', 'GET', `/api/checkout/v1/orders/${orderId}/payments/${card.body.paymentId}`)).status).toBe(200);
    const nonpsp = await call('nonpsp_adapter', 'POST', `/api/v1/checkout/orders/${orderId}/payments`);
    expect(nonpsp.status).toBe(201);
    const paymentPath = `/api/v1/checkout/orders/${orderId}/payments/${nonpsp.body.paymentId}`;
    expect((await call('nonpsp_adapter', 'GET', paymentPath)).status).toBe(200);
    expect((await call('nonpsp_adapter', 'PUT', paymentPath, { paymentMethod: nonpsp.body.selectedPaymentMethod })).status).toBe(200);
    expect((await call('order', 'GET', `/api/v0/checkout/orders/${orderId}/payments/${nonpsp.body.paymentId}`)).status).toBe(200);
    expect((await call('order', 'POST', `/api/v0/checkout/orders/${orderId}/validate`)).status).toBe(200);
    expect((await admin('order', 'GET', '/api/v0/checkout/orders?first=5')).status).toBe(200);
    const notification = await admin('order', 'POST', `/api/v0/checkout/orders/${orderId}/notifications`, {
      scope: '/state/currentStatus',
      schema: { const: 'never' },
      invoke: `${system.urls.commerce_sandbox}/api/sandbox/clock`,
    });
    expect(notification.status).toBe(201);
    expect((await admin('order', 'DELETE', `/api/v0/checkout/orders/${orderId}/notifications/${notification.body.id}`)).status).toBe(200);
    expect((await call('nonpsp_adapter', 'POST', `${paymentPath}/complete`, {})).status).toBe(200);
    await eventually(async () => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.committed === 100, 30_000);
    const reference = await eventually(async () => (await call('order', 'GET', `/checkout/orders/${orderId}`)).body.reference as string | undefined, 30_000);
    expect((await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${reference}`)).status).toBe(200);
    const events = await call('notifications', 'GET', `/api/v1/events?orderId=${orderId}`);
    expect(events.status).toBe(200);
    const delivered = (events.body as Array<{ id: string; type: string }>).find((event) => event.type === 'notification.delivered');
    expect((await admin('notifications', 'POST', `/api/v1/events/${delivered!.id}/retry`)).status).toBe(202);

    // Operators' and adapters' reads.
    expect((await admin('notifications', 'GET', '/api/v1/receivers')).status).toBe(200);
    expect((await admin('notifications', 'GET', `/api/v1/deliveries?orderId=${orderId}`)).status).toBe(200);
    expect((await admin('notifications', 'POST', '/api/v1/deliveries/replay', { ids: ['1'] })).status).toBe(202);
    expect((await admin('payment', 'GET', `/api/v0/payments/${nonpsp.body.paymentId}/transactions`)).status).toBe(200);
    expect((await admin('payment', 'GET', `/api/v0/payments/attempts?orderId=${orderId}`)).status).toBe(200);

    // Configuration reads.
    const configurations = `/api/v1/configuration/merchants/${shop.tenant.merchant}/channels/web/configurations`;
    expect((await admin('configuration', 'GET', configurations)).status).toBe(200);
    expect((await admin('configuration', 'GET', `${configurations}/nonpsp_adapter`)).status).toBe(200);
    expect((await rest(system.urls.configuration!, 'GET', '/openapi/v1/schemas/basic-configuration.json')).status).toBe(200);
    expect((await rest(system.urls.nonpsp_adapter!, 'GET', '/openapi/v1/schemas/nonpsp_adapter.json')).status).toBe(200);

    // Refusals: each must be a documented status with the error body.
    const refusals = await Promise.all([
      rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`),
      call('order', 'GET', '/api/v0/checkout/orders/no-such-order'),
      call('order', 'PUT', `/api/v0/checkout/orders/${orderId}/state`, { status: 'dreaming' }),
      call('order', 'PUT', `/api/v0/checkout/orders/${orderId}/reference`, { reference: 'x' }),
      admin('order', 'PUT', `/api/v0/checkout/orders/${orderId}/state`, { status: 'checkout' }),
      call('payment', 'POST', '/api/v0/payments', { adapterId: 'nonpsp_adapter', orderId, amount: 1 }),
      admin('payment', 'PUT', '/api/v0/payments/no-such-payment', { amount: 1 }),
      admin('payment', 'POST', '/api/v0/payments/no-such-payment/transactions', { event: 'x', isSuccess: true }),
      admin('payment', 'POST', '/api/v0/payments/no-such-payment/cancel', {}),
      admin('payment', 'POST', `/api/v0/payments/${card.body.paymentId}/refund`, { orderId, amount: 99_999_999 }),
      call('payment', 'POST', `/api/v0/payments/${card.body.paymentId}/cancel`, { orderId }),
      call('giftcard_adapter', 'POST', `/v0/orders/${orderId}/payments/${card.body.paymentId}/process`, {}),
      call('notifications', 'GET', '/api/v1/events?orderId=no-such-order'),
      call('notifications', 'GET', '/api/v1/events'),
      admin('configuration', 'PUT', `${configurations}/nonpsp_adapter`, { id: 'nonpsp_adapter' }),
      admin('configuration', 'GET', `${configurations}/nothing_here`),
      call('configuration', 'GET', `${configurations}/nonpsp_adapter`),
      call('commerce_adapter', 'POST', `/api/v1/orders/${orderId}/state-changed`, {}),
      call('commerce_adapter', 'POST', '/api/v1/orders', { cartReference: 'no-such-basket', culture: 'nb-NO', currency: 'NOK' }),
      call('nonpsp_adapter', 'POST', `/v0/orders/${orderId}/amount-changed`, { amount: 1 }),
      call('giftcard_adapter', 'POST', `/api/checkout/v1/orders/${orderId}/payments`, { cardId: 'NO-SUCH-CARD' }),
      call('giftcard_adapter', 'POST', `/api/checkout/v1/orders/${orderId}/payments`, {}),
      rest(system.urls.order!, 'POST', '/api/v0/checkout/orders', { token: shop.adminToken, ...shop.tenant, rawBody: '{"currency":' }),
    ]);
    expect(refusals.map((refusal, index) => [index, refusal.status >= 400 && refusal.status < 500 ? 'refused' : refusal.status])).toEqual(refusals.map((_, index) => [index, 'refused']));

    // The sandboxes, as their users (the adapters, people seeding) call them.
    const giftcard = system.urls.giftcard_sandbox!;
    const basic = { authorization: `Basic ${Buffer.from('giftcard:giftcard-secret').toString('base64')}` };
    expect((await rest(giftcard, 'GET', `/api/v1/cards/${shop.cardId}/info`, { headers: basic })).status).toBe(200);
    expect((await rest(giftcard, 'GET', `/api/v1/reservations?orderId=${orderId}`, { headers: basic })).status).toBe(200);
    expect((await rest(giftcard, 'GET', '/api/v1/reservations/no-such', { headers: basic })).status).toBe(404);
    expect((await rest(giftcard, 'GET', '/api/v1/reservations')).status).toBe(401);
    expect((await rest(giftcard, 'GET', '/api/sandbox/cards')).status).toBe(200);
    const rule = await rest(giftcard, 'POST', '/api/sandbox/failures', { body: { operation: 'getCardInfo', status: 503, code: 'down', times: 2 } });
    expect(rule.status).toBe(201);
    expect((await rest(giftcard, 'GET', `/api/v1/cards/${shop.cardId}/info`, { headers: basic })).status).toBe(503);
    expect((await rest(giftcard, 'GET', '/api/sandbox/failures')).status).toBe(200);
    expect((await rest(giftcard, 'DELETE', `/api/sandbox/failures/${rule.body.id}`)).status).toBe(200);
    expect((await rest(giftcard, 'DELETE', '/api/sandbox/failures')).status).toBe(200);
    expect((await rest(giftcard, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 1 } })).status).toBe(200);
    const commerce = system.urls.commerce_sandbox!;
    const token = await rest(commerce, 'POST', '/connect/token', { body: { grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret', scope: 'commerce' } });
    expect(token.status).toBe(200);
    expect((await rest(commerce, 'POST', '/connect/token', { body: { grant_type: 'password' } })).status).toBe(400);
    const bearer = { authorization: `Bearer ${token.body.access_token}` };
    expect((await rest(commerce, 'GET', '/api/v1/payment-methods', { headers: bearer })).status).toBe(200);
    expect((await rest(commerce, 'GET', '/api/v1/delivery-methods', { headers: bearer })).status).toBe(200);
    expect((await rest(commerce, 'GET', `/api/v1/baskets/${shop.basketId}/buyer`, { headers: bearer })).status).toBe(200);
    expect((await rest(commerce, 'GET', `/api/v1/orders/${reference}`, { headers: bearer })).status).toBe(200);
    expect((await rest(commerce, 'GET', '/api/v1/orders/no-such', { headers: bearer })).status).toBe(404);
    expect((await rest(commerce, 'GET', `/api/sandbox/baskets/${shop.basketId}`)).status).toBe(200);
    expect((await rest(commerce, 'GET', `/api/sandbox/orders?basketId=${shop.basketId}`)).status).toBe(200);
    expect((await rest(commerce, 'GET', '/api/sandbox/clock')).status).toBe(200);
    for (const url of Object.values(system.urls) as string[]) {
      expect((await rest(url, 'GET', '/healthz')).status).toBe(200);
      expect((await rest(url, 'GET', '/readyz')).status).toBe(200);
      expect((await rest(url, 'GET', '/metrics')).status).toBe(200);
    }
    for (const service of ['order', 'payment', 'configuration', 'notifications'] as const) {
      expect((await rest(system.urls[service]!, 'GET', '/.well-known/jwks.json')).status).toBe(200);
    }
    const tokenEndpoint = (body: object) => rest(system.urls.configuration!, 'POST', '/api/v1/auth/token', { body });
    expect((await tokenEndpoint({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'nothing', merchant: 'm', channel: 'c' })).status).toBe(401);
    expect((await tokenEndpoint({ grant_type: 'password' })).status).toBe(400);

    // The documents and their UI are not part of the documents.
    const exchanges = (await recorder.exchanges()).filter((exchange) => !/^\/(?:docs(?:\/|$)|openapi\.json$)/.test(new URL(exchange.url).pathname));
    const checker = new DocumentChecker(documents, serviceOf);
    const verdicts = exchanges.map((exchange: Exchange) => ({ ...checker.check(exchange), status: exchange.status }));
    expect(verdicts.filter((verdict) => verdict.problem).map((verdict) => `${verdict.service} ${verdict.route}: ${verdict.problem!.slice(0, 400)}`)).toEqual([]);
    expect(verdicts.filter((verdict) => verdict.status >= 500 && verdict.status !== 503)).toEqual([]);

    // The services' own calls were checked too (the adapters calling the platform and the sandboxes).
    const checked = new Set(verdicts.map((verdict) => `${verdict.service} ${verdict.route}`));
    expect([...checked]).toEqual(
      expect.arrayContaining([
        'order POST /api/v0/checkout/orders',
        'payment POST /api/v0/payments',
        'payment POST /api/v0/payments/{paymentId}/transactions',
        'configuration GET /merchants/{merchantId}/channels/{channelId}/configurations/{adapterId}',
        'commerce_sandbox GET /api/v1/baskets/{basketId}',
        'giftcard_sandbox POST /api/v1/cards/{cardId}/reservations',
      ]),
    );
    expect(checked.size).toBeGreaterThanOrEqual(60);
  }, 120_000);
});

describe('documentation never changes a body', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = createApp({ name: 'probe', logger: createLogger({ level: 'silent' }), verifier: { verify: () => Promise.reject(unauthorized('no')) }, bodyLimitBytes: 1000 });
    app.get('/thing', { config: { public: true }, schema: { response: { 200: json('A thing', { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }) } } }, async () => ({
      a: '1',
      b: { nested: true },
    }));
    await app.ready();
  });
  afterAll(() => app?.close());

  it('answers what the handler returned, whatever the response schema names', async () => {
    const answer = await app.inject({ method: 'GET', url: '/thing' });
    expect(answer.json()).toEqual({ a: '1', b: { nested: true } });
  });
});
