import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { createCommerceSandbox, type CommerceSandbox } from '../../sandboxes/commerce/commerce-sandbox.app.js';
import { CommercePlatformClients } from './commerce-platform.client.js';

let sandbox: CommerceSandbox;
let url: string;
let tokenRequests = 0;
let clock = 1_000_000;

const api = (overrides: Record<string, string> = {}) => ({
  api: { identityAddress: `${url}/connect/token`, identityClientId: 'checkout', identityClientSecret: 'checkout-secret', identityScope: 'commerce', ...overrides },
});

async function seedBasket(): Promise<string> {
  const response = await fetch(`${url}/api/sandbox/baskets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ sku: 'SHOE-1', name: 'Running shoe', quantity: 2, unitPrice: 99.95, vatRate: 0.25 }] }),
  });
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  sandbox = createCommerceSandbox({ logger: createLogger({ level: 'silent' }), tokenTtlSeconds: 60 });
  sandbox.app.addHook('onRequest', async (request) => {
    if (request.url === '/connect/token') tokenRequests += 1;
  });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sandbox?.app.close();
});
beforeEach(() => {
  tokenRequests = 0;
});

describe('commerce platform client', () => {
  it('caches one token for every call (concurrent ones too) until it expires', async () => {
    const client = new CommercePlatformClients({ now: () => clock }).for(api());
    const id = await seedBasket();
    await Promise.all([client.getBasket(id), client.getBuyer(id), client.getBasket(id)]);
    await client.getBasket(id);
    expect(tokenRequests).toBe(1);
    clock += 55_000; // 60 s token, renewed 6 s before it expires
    await client.getBasket(id);
    expect(tokenRequests).toBe(2);
  });

  it('fetches a new token when the platform answers 401, and the call succeeds', async () => {
    const client = new CommercePlatformClients().for(api());
    const id = await seedBasket();
    await client.getBasket(id);
    await fetch(`${url}/api/sandbox/identity/revoke`, { method: 'POST' });
    const basket = await client.getBasket(id);
    expect(basket.itemsTotal.includingVat).toBe(199.9);
    expect(tokenRequests).toBe(2);
  });

  it('passes the platform refusals on with their code; bad credentials never show the secret', async () => {
    const clients = new CommercePlatformClients();
    await expect(clients.for(api()).getBasket('nope')).rejects.toMatchObject({ status: 404, code: 'basket_not_found' });
    const refused = clients.for(api({ identityClientSecret: 'wrong-secret-value' })).getBasket('nope');
    await expect(refused).rejects.toMatchObject({ status: 502, code: 'commerce_identity_refused' });
    await expect(refused).rejects.not.toThrow(/wrong-secret-value/);
  });

  it('is unavailable (502) when the platform cannot be reached', async () => {
    const client = new CommercePlatformClients().for({ api: { ...api().api, identityAddress: 'http://127.0.0.1:1/connect/token' } });
    await expect(client.getBasket('x')).rejects.toMatchObject({ status: 502, code: 'commerce_unavailable' });
  });

  it('uses api.apiAddress when set, else the origin of the identity address', async () => {
    const client = new CommercePlatformClients().for({ api: { ...api().api, identityAddress: `${url}/connect/token`, apiAddress: `${url}/` } });
    const id = await seedBasket();
    expect((await client.getBasket(id)).id).toBe(id);
  });
});
