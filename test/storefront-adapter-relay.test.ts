// The storefront server's relay of provider frontends' REST calls: provider B's callback paths pass, the adapter's refusals reach the page as answered.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../platform/errors/app-error.js';
import { createApp } from '../platform/http/app.factory.js';
import { createLogger } from '../platform/logging/logger.js';
import { providerBManifest } from '../adapters/provider-b/provider-b.manifest.js';
import { registerAdapterRelay } from '../web/storefront/server/adapter-relay.routes.js';
import { TestAdapter } from './harness/test-adapter.js';

const B = 'provider_b_checkout_adapter';
const ADAPTER = '/api/checkout/v1/callback/orders/order-1';
let adapter: TestAdapter;
let app: FastifyInstance;

beforeAll(async () => {
  adapter = await TestAdapter.start();
  adapter.on(`${ADAPTER}/payments/pay-1/validate`, () => ({ status: 400, body: [{ code: 'shipping_missing', adapterId: 'order', message: 'No shipping.' }] }));
  adapter.on(`${ADAPTER}/order-1/payments/pay-1/process`, () => ({ status: 409, body: { code: 'order_changed', message: 'The order changed since it was validated.' } }));
  adapter.on(`${ADAPTER}/payments/pay-1/customer-update`, (call) => ({ status: 200, body: { received: call.body, merchant: call.headers['x-merchant'], authorization: call.headers.authorization } }));
  app = createApp({ name: 'relay-probe', logger: createLogger({ level: 'silent' }), verifier: { verify: () => Promise.reject(unauthorized('no')) }, bodyLimitBytes: 10_000, isPublicRequest: () => true });
  registerAdapterRelay(app, { adapterUrl: (id) => (id === B ? adapter.url : undefined), merchant: 'm-relay', channel: 'web', timeoutMs: 5_000, allowed: { [B]: providerBManifest.storefront!.relayPaths! } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await adapter?.close();
});

const relay = (path: string, body: unknown = {}) => app.inject({ method: 'POST', url: `/api/adapters/${B}/${path}`, headers: { authorization: 'Bearer checkout-token' }, payload: body as object });

describe("the storefront's adapter relay for provider B", () => {
  it('forwards the callbacks with the checkout token and the tenant, and answers the adapter', async () => {
    const answer = await relay('callback/orders/order-1/payments/pay-1/customer-update', { purchaseId: 'p-1', zip: '0155' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: { purchaseId: 'p-1', zip: '0155' }, merchant: 'm-relay', authorization: 'Bearer checkout-token' });
  });

  it("answers validate's refusal as the adapter did: 400 with its array of failures", async () => {
    const answer = await relay('callback/orders/order-1/payments/pay-1/validate');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual([{ code: 'shipping_missing', adapterId: 'order', message: 'No shipping.' }]);
  });

  it("answers process's refusal with its code; process's path must name the same order twice", async () => {
    const answer = await relay('callback/orders/order-1/order-1/payments/pay-1/process');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'order_changed' });
    const calls = adapter.calls.length;
    expect((await relay('callback/orders/order-1/order-2/payments/pay-1/process')).statusCode).toBe(404);
    expect((await relay('callback/orders/order-1/payments/pay-1/notification')).statusCode).toBe(404);
    expect(adapter.calls).toHaveLength(calls);
  });
});
