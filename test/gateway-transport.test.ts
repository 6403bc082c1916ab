import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphql } from './harness/http.js';
import { GatewayAdaptersDocument, GatewayBillingOfMissingOrderDocument, GatewayOrderIdsDocument, GatewaySpanningOrderDocument } from './generated/graphql.js';
import { orderClient, sampleOrder } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

const services = ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications'] as const;
let inProcess: TestSystem;
let overHttp: TestSystem;
const tenant = { merchant: 'm-transport', channel: 'web' };

beforeAll(async () => {
  [inProcess, overHttp] = await Promise.all([
    startTestSystem({ services: [...services], env: { GATEWAY_IN_PROCESS: 'on' } }),
    startTestSystem({ services: [...services], env: { GATEWAY_IN_PROCESS: 'off' } }),
  ]);
});
afterAll(async () => {
  await inProcess?.close();
  await overHttp?.close();
});

/** The same calls through one system, answered without ids that differ between the two. */
async function answers(system: TestSystem) {
  const admin = await orderClient(system, tenant, 'admin');
  const order = (await admin.call('POST', '', sampleOrder({ payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9 }] }))).body;
  const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
  const options = { token, ...tenant };
  const gateway = system.urls.gateway!;
  const spanning = await graphql(gateway, GatewaySpanningOrderDocument, { id: order.id }, options);
  const failing = await graphql(gateway, GatewayBillingOfMissingOrderDocument, {}, options);
  const forbidden = await graphql(gateway, GatewayOrderIdsDocument, {}, options);
  const adapters = await graphql(gateway, GatewayAdaptersDocument, {}, options);
  return {
    spanning: spanning.body,
    failing: { status: failing.status, errors: (failing.body.errors ?? []).map((e) => ({ message: e.message, extensions: e.extensions, path: e.path })) },
    forbidden: (forbidden.body.errors ?? []).map((e) => e.extensions?.code),
    adapters: adapters.body,
  };
}

describe('gateway to subgraphs: in-process and over HTTP', () => {
  it('answer the same: a query across subgraphs, typed failures, role refusals', async () => {
    const local = await answers(inProcess);
    const remote = await answers(overHttp);
    expect(local.spanning.data?.order).toEqual({ status: 'checkout', total: { includingVat: 249.9 }, payments: [{ id: 'p1', amount: 249.9, transactions: [] }] });
    expect(local.failing.errors[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    expect(local.forbidden).toEqual(['FORBIDDEN']);
    expect(local).toEqual(remote);
  });
});
