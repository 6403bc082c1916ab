import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { graphqlRaw, errorsOf } from '../harness/http.js';
import { eventually, orderClient, heldPayment, sampleOrder } from '../harness/orders.js';
import { createBody, paymentClient, transactionBody } from '../payment/payment-client.js';
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
    const created = await admin.call('POST', '', sampleOrder({ payments: [heldPayment({ id: 'p1', adapterId: 'nonpsp_adapter' })] }));
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
    // Long enough to connect and get the first emission on a loaded machine (a JWT's exp is in
    // whole seconds, so a token of "2s" may be valid for barely one); then wait until it has expired.
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }, { expiresIn: '8s' });
    const client = wsClient({ authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });
    const sub = collect(client, SUBSCRIPTION, { id: created.body.id }, (results) => results.length === 2);
    await eventually(async () => sub.results.length >= 1);
    expect(sub.results[0].data.orderChanged.version).toBe(1);
    const expiresAt = decodeJwt(token).exp! * 1000;
    await eventually(async () => Date.now() > expiresAt + 100, 30_000, 100);
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

  it('keeps the socket and its other subscriptions when one subscribe message is bad', async () => {
    const created = await admin.call('POST', '', sampleOrder());
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const client = wsClient({ authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });
    const good = collect(client, SUBSCRIPTION, { id: created.body.id }, (results) => results.length === 2);
    await eventually(async () => good.results.length >= 1);
    const broken = collect(client, 'subscription { orderChanged(id: ', {}, () => false);
    await expect(broken.done).rejects.toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'GRAPHQL_PARSE_FAILED' }) })]);
    const badVariable = collect(client, SUBSCRIPTION, { id: { x: 1 } }, () => false);
    await expect(badVariable.done).rejects.toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
    await admin.call('PUT', `/${created.body.id}/reference`, { reference: 'after-the-bad-one' });
    await good.done;
    expect(good.results.map((r) => r.data.orderChanged.version)).toEqual([1, 2]);
  });

  it('frees a subscription slot as soon as the client completes, without waiting for the order to change', async () => {
    const created = await admin.call('POST', '', sampleOrder());
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const client = wsClient({ authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });
    // Fill the socket's 50 slots, then complete every one; the order never changes meanwhile.
    for (let round = 0; round < 2; round += 1) {
      const subs = Array.from({ length: 50 }, () => collect(client, SUBSCRIPTION, { id: created.body.id }, () => false));
      await eventually(async () => subs.every((sub) => sub.results.length === 1));
      expect(subs.every((sub) => sub.results[0].data.orderChanged.version === 1)).toBe(true);
      subs.forEach((sub) => sub.unsubscribe());
    }
    const again = collect(client, SUBSCRIPTION, { id: created.body.id }, (results) => results.length === 1);
    await again.done;
    expect(again.results[0].data.orderChanged.version).toBe(1);
  });

  it('reads a numeric id as an ID, as HTTP does', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const client = wsClient({ authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });
    const sub = collect(client, SUBSCRIPTION, { id: 123 }, (results) => results.length === 1);
    await sub.done;
    expect(sub.results[0].errors[0].extensions.code).toBe('ORDER_NOT_FOUND');
  });

  it('passes on field errors with data, as HTTP does, without ending the stream', async () => {
    const orderId = (await admin.call('POST', '', sampleOrder())).body.id as string;
    const psp = await paymentClient(system, tenant, 'adapter', 'provider_d_dropin_adapter');
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id as string;
    expect((await psp.call('POST', `/${paymentId}/transactions`, transactionBody())).status).toBe(201);
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const client = wsClient({ authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });
    const query = 'subscription ($id: ID!) { orderChanged(id: $id) { version payments { id transactions { event requestJson } } } }';
    const sub = collect(client, query, { id: orderId }, (results) => results.length === 2);
    await eventually(async () => sub.results.length >= 1);
    expect(sub.results[0].data.orderChanged.payments[0].transactions[0].event).toBe('open');
    expect(sub.results[0].errors[0].extensions.code).toBe('FORBIDDEN');
    await admin.call('PUT', `/${orderId}/reference`, { reference: 'next' });
    await sub.done;
  });
});

describe('the subscription in the schema', () => {
  it('is visible to introspection (Sandbox, code generators) and refused over HTTP with a pointer to graphql-ws', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const options = { token, ...tenant };
    const introspected = await graphqlRaw(system.urls.gateway!, '{ __schema { subscriptionType { fields { name args { name } } } } }', {}, options);
    expect(introspected.body).toEqual({ data: { __schema: { subscriptionType: { fields: [{ name: 'orderChanged', args: [{ name: 'id' }] }] } } } });
    const overHttp = await graphqlRaw(system.urls.gateway!, 'subscription { orderChanged(id: "x") { id } }', {}, options);
    expect(overHttp.status).toBe(400);
    expect(errorsOf(overHttp.body)[0]).toMatchObject({ message: expect.stringContaining('graphql-ws'), extensions: { code: 'SUBSCRIPTION_OVER_HTTP' } });
  });
});
