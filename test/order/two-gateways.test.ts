import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfig } from '../../app/app.config.js';
import { startSystem, type RunningSystem } from '../../app/system.js';
import { graphql } from '../harness/http.js';
import { OrderTotalDocument } from '../generated/graphql.js';
import { eventually, orderClient, heldPayment, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let secondGateway: RunningSystem;
const clients: Client[] = [];
const tenant = { merchant: 'm-two-gateways', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem({ services: ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications'] });
  // A second process's worth: SERVICES=gateway only, on the same database, over the same subgraphs.
  secondGateway = await startSystem(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVICES: 'gateway',
      GATEWAY_PORT: '0',
      DATABASE_URL: system.db.url,
      AUTH_JWT_SECRET: system.secret,
      AUTH_SIGNING_KEY: system.config.auth.signingKey,
      ORDER_URL: system.urls.order,
      PAYMENT_URL: system.urls.payment,
      CONFIGURATION_URL: system.urls.configuration,
      ADAPTER_URL: system.urls.adapter,
    }),
  );
});
afterAll(async () => {
  await Promise.all(clients.map(async (client) => client.dispose()));
  await secondGateway?.close();
  await system?.close();
});

/** Subscribes through one gateway; `statuses` fills as emissions arrive, `all` resolves after `count`. */
function watch(gatewayUrl: string, token: string, orderId: string, count: number): { statuses: string[]; all: Promise<string[]> } {
  const client = createClient({ url: `${gatewayUrl.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}`, ...tenant } });
  clients.push(client);
  const statuses: string[] = [];
  const all = new Promise<string[]>((resolve, reject) => {
    client.subscribe(
      { query: 'subscription ($id: ID!) { orderChanged(id: $id) { status } }', variables: { id: orderId } },
      {
        next: (result) => {
          statuses.push((result.data as { orderChanged: { status: string } }).orderChanged.status);
          if (statuses.length === count) resolve(statuses);
        },
        error: reject,
        complete: () => resolve(statuses),
      },
    );
  });
  return { statuses, all };
}

describe('several gateway processes', () => {
  it('a gateway-only process answers queries over the other process’s subgraphs', async () => {
    const admin = await orderClient(system, tenant, 'admin');
    const order = (await admin.call('POST', '', sampleOrder())).body;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const { body } = await graphql(secondGateway.urls.gateway!, OrderTotalDocument, { id: order.id }, { token, ...tenant });
    expect(body.data?.order).toEqual({ id: order.id, total: { includingVat: 249.9 } });
  });

  it('every gateway delivers a change committed anywhere', async () => {
    const admin = await orderClient(system, tenant, 'admin');
    const order = (await admin.call('POST', '', sampleOrder({ payments: [heldPayment()] }))).body;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const first = watch(system.urls.gateway!, token, order.id, 3);
    const second = watch(secondGateway.urls.gateway!, token, order.id, 3);
    await eventually(async () => first.statuses.length >= 1 && second.statuses.length >= 1); // both see the order as it is now
    for (const status of ['processing', 'accepted']) await admin.call('PUT', `/${order.id}/state`, { status });
    expect(await first.all).toEqual(['checkout', 'processing', 'accepted']);
    expect(await second.all).toEqual(['checkout', 'processing', 'accepted']);
  });
});
