import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
const tenant = { merchant: 'm-subs', channel: 'web' };
const clients: Client[] = [];

beforeAll(async () => {
  system = await startTestSystem();
  admin = await orderClient(system, tenant, 'admin');
});
afterAll(async () => {
  await Promise.all(clients.map(async (client) => client.dispose()));
  await system?.close();
});

function wsClient(connectionParams: Record<string, unknown>): Client {
  const client = createClient({
    url: `${system.urls.gateway!.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(client);
  return client;
}

function collect(client: Client, query: string, variables: Record<string, unknown>, until: (results: any[]) => boolean) {
  const results: any[] = [];
  let settle!: () => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<void>((resolve, reject) => ((settle = resolve), (fail = reject)));
  const unsubscribe = client.subscribe(
    { query, variables },
    {
      next: (result) => {
        results.push(result);
        if (until(results)) settle();
      },
      error: (error) => fail(error),
      complete: () => settle(),
    },
  );
  return { results, done, unsubscribe };
}

const SUBSCRIPTION = /* GraphQL */ `
  subscription ($id: ID!) {
    orderChanged(id: $id) { id status version payments { id transactions { event } } }
  }
`;

describe('Subscription.orderChanged over graphql-ws', () => {
  it('sees checkout → processing → accepted → completed, in order, with federated fields', async () => {
    const created = await admin.call('POST', '', sampleOrder({ payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9 }] }));
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const client = wsClient({ authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });
    const sub = collect(client, SUBSCRIPTION, { id: created.body.id }, (results) => results.length === 4);
    await eventually(async () => sub.results.length >= 1); // the first emission (the order now) arrives; then change quickly
    for (const status of ['processing', 'accepted', 'completed']) await admin.call('PUT', `/${created.body.id}/state`, { status });
    await sub.done;
    expect(sub.results.map((r) => r.data.orderChanged.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(sub.results.map((r) => r.data.orderChanged.version)).toEqual([1, 2, 3, 4]);
    expect(sub.results[3].data.orderChanged.payments).toEqual([{ id: 'p1', transactions: [] }]);
    sub.unsubscribe();
  });

  it('refuses a connection without a valid token', async () => {
    const client = wsClient({ authorization: 'Bearer nope', 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });
    const sub = collect(client, SUBSCRIPTION, { id: 'x' }, () => false);
    await expect(sub.done).rejects.toMatchObject({ code: 4401 });
  });

  it('refuses a connection whose merchant does not match the token', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const client = wsClient({ authorization: `Bearer ${token}`, 'x-merchant': 'other', 'x-channel': tenant.channel });
    const sub = collect(client, SUBSCRIPTION, { id: 'x' }, () => false);
    await expect(sub.done).rejects.toMatchObject({ code: 4403 });
  });

  it("answers ORDER_NOT_FOUND for another tenant's order", async () => {
    const created = await admin.call('POST', '', sampleOrder());
    const token = await system.token({ merchant: 'intruder', channels: ['web'], role: 'storefront' });
    const client = wsClient({ authorization: `Bearer ${token}`, merchant: 'intruder', channel: 'web' });
    const sub = collect(client, SUBSCRIPTION, { id: created.body.id }, (results) => results.length === 1);
    await sub.done;
    expect(sub.results[0].errors[0].extensions.code).toBe('ORDER_NOT_FOUND');
  });

  it('ends the stream when the token expires before the next event', async () => {
    const created = await admin.call('POST', '', sampleOrder());
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }, { expiresIn: '2s' });
    const client = wsClient({ authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });
    const sub = collect(client, SUBSCRIPTION, { id: created.body.id }, (results) => results.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await admin.call('PUT', `/${created.body.id}/reference`, { reference: 'late' });
    await sub.done;
    expect(sub.results[1].errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('validates the selection against the schema', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const client = wsClient({ authorization: `Bearer ${token}` });
    const sub = collect(client, 'subscription { orderChanged(id: "x") { nope } }', {}, () => false);
    await expect(sub.done).rejects.toEqual([expect.objectContaining({ message: expect.stringContaining('nope') })]);
  });
});
