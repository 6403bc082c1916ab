// The storefront server's relay tells the adapter the shopper's IP address as it saw the browser's call, vouched for by its own storefront token: never what the browser said.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../platform/errors/app-error.js';
import { createApp } from '../platform/http/app.factory.js';
import { createLogger } from '../platform/logging/logger.js';
import { providerDManifest } from '../adapters/provider-d/provider-d.manifest.js';
import { registerAdapterRelay } from '../web/storefront/server/adapter-relay.routes.js';
import { TestAdapter } from './harness/test-adapter.js';

const D = 'provider_d_dropin_adapter';
const PATH = 'orders/order-1/payments/pay-1/transaction';
let adapter: TestAdapter;
const relays: FastifyInstance[] = [];

const OTHER = 'another_adapter';

async function relayWith(storefrontToken: string | undefined): Promise<FastifyInstance> {
  const app = createApp({ name: 'relay-probe', logger: createLogger({ level: 'silent' }), verifier: { verify: () => Promise.reject(unauthorized('no')) }, bodyLimitBytes: 10_000, isPublicRequest: () => true });
  registerAdapterRelay(app, {
    adapterUrl: (id) => (id === D || id === OTHER ? adapter.url : undefined),
    merchant: 'm-relay',
    channel: 'web',
    timeoutMs: 5_000,
    allowed: { [D]: providerDManifest.storefront!.relayPaths!, [OTHER]: providerDManifest.storefront!.relayPaths! },
    shopperIp: providerDManifest.storefront!.shopperIp ? [D] : [],
    storefrontToken,
  });
  await app.ready();
  relays.push(app);
  return app;
}

beforeAll(async () => {
  adapter = await TestAdapter.start();
  adapter.on(`/api/checkout/v1/${PATH}`, (call) => ({ status: 200, body: { headers: call.headers } }));
});
afterAll(async () => {
  for (const app of relays) await app.close();
  await adapter?.close();
});

// What a browser might send to pass off another address, or the relay's proof, as its own.
const spoofed = { authorization: 'Bearer checkout-token', 'x-shopper-ip': '198.51.100.66', 'x-forwarded-for': '198.51.100.67', 'x-storefront-authorization': 'Bearer forged' };

describe("the storefront's relay and the shopper's IP", () => {
  it('forwards the peer address of the browser\'s connection with the storefront token beside the checkout token, whatever the browser sent', async () => {
    const app = await relayWith('storefront-token');
    const answer = await app.inject({ method: 'POST', url: `/api/adapters/${D}/${PATH}`, headers: spoofed, payload: {}, remoteAddress: '203.0.113.9' });
    expect(answer.statusCode).toBe(200);
    const { headers } = answer.json<{ headers: Record<string, string> }>();
    expect(headers).toMatchObject({ authorization: 'Bearer checkout-token', 'x-shopper-ip': '203.0.113.9', 'x-storefront-authorization': 'Bearer storefront-token' });
    expect(headers['x-forwarded-for']).toBeUndefined();
  });

  it('sends neither to an adapter whose manifest does not ask for the shopper\'s IP: the storefront token goes nowhere it is not needed', async () => {
    const app = await relayWith('storefront-token');
    const answer = await app.inject({ method: 'POST', url: `/api/adapters/${OTHER}/${PATH}`, headers: spoofed, payload: {}, remoteAddress: '203.0.113.9' });
    const { headers } = answer.json<{ headers: Record<string, string> }>();
    expect(headers.authorization).toBe('Bearer checkout-token');
    expect(headers['x-shopper-ip']).toBeUndefined();
    expect(headers['x-storefront-authorization']).toBeUndefined();
  });

  it('sends neither without a storefront token of its own (the adapter then takes the call as the browser\'s)', async () => {
    const app = await relayWith(undefined);
    const { headers } = (await app.inject({ method: 'POST', url: `/api/adapters/${D}/${PATH}`, headers: spoofed, payload: {}, remoteAddress: '203.0.113.9' })).json<{ headers: Record<string, string> }>();
    expect(headers['x-shopper-ip']).toBeUndefined();
    expect(headers['x-storefront-authorization']).toBeUndefined();
  });
});
