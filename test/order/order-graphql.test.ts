import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OrderRepository } from '../../subgraphs/order/order.repository.js';
import {
  OrderGqlAsOfVersionDocument,
  OrderGqlBillingBadEmailDocument,
  OrderGqlBillingCityDocument,
  OrderGqlBillingOfMissingOrderDocument,
  OrderGqlEveryPartDocument,
  OrderGqlIdsDocument,
  OrderGqlPageDocument,
  OrderGqlProcessingDocument,
  OrderGqlSetBillingDocument,
  OrderGqlShipToBergenDocument,
  OrderGqlValidateDocument,
} from '../generated/graphql.js';
import { dataOf, graphql } from '../harness/http.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let adapter: TestAdapter;
const tenant = { merchant: 'm-gql', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem();
  admin = await orderClient(system, tenant, 'admin');
  adapter = await TestAdapter.start();
});
afterAll(async () => {
  await adapter?.close();
  await system?.close();
});

async function gql<TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables, role: 'storefront' | 'admin' = 'storefront') {
  const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role });
  return graphql(system.urls.gateway!, document, variables, { token, ...tenant });
}

describe('order subgraph through the gateway', () => {
  it('answers every part of the order', async () => {
    const created = await admin.call('POST', '', sampleOrder({ shippings: [{ id: 's1', name: 'Post', vatRate: 0.25, total: { includingVat: 49, excludingVat: 39.2 } }] }));
    const answer = await gql(OrderGqlEveryPartDocument, { id: created.body.id });
    expect(answer.body.errors).toBeUndefined();
    expect(dataOf(answer).order).toMatchObject({
      id: created.body.id,
      status: 'checkout',
      state: { currentStatus: 'checkout', transitions: [{ status: 'checkout' }] },
      currency: 'NOK',
      cart: { reference: 'basket-1', items: [{ id: 'item-1', data: { sku: 'SKU-1', quantity: 2 } }, { id: 'item-2' }], total: { includingVat: 249.9 } },
      shippings: [{ id: 's1', merchant: tenant.merchant, channel: tenant.channel, orderId: created.body.id, name: 'Post', vatRate: 0.25, total: { includingVat: 49 } }],
      customer: { billing: null },
      total: { includingVat: 298.9, excludingVat: 239.12 },
    });
  });

  it('sets billing and shipping addresses through mutations, running /customer hooks', async () => {
    const path = `/customer-${Date.now()}`;
    adapter.on(path, (call) => (call.body.customer?.billing?.country === 'XX' ? { status: 400, body: { message: 'We do not ship there.' } } : { status: 200 }));
    const created = await admin.call('POST', '', sampleOrder({ hooks: [{ adapterId: 'commerce_adapter', subscribeTo: '/customer', target: '/cart', invoke: `${adapter.url}${path}` }] }));
    const ok = await gql(OrderGqlSetBillingDocument, { id: created.body.id, a: { givenName: 'Ola', country: 'NO' } });
    expect(dataOf(ok).setBillingAddress.customer?.billing).toEqual({ givenName: 'Ola', country: 'NO', type: 'person' });

    const refused = await gql(OrderGqlSetBillingDocument, { id: created.body.id, a: { givenName: 'Ola', country: 'XX' } });
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('We do not ship there.'),
      extensions: { code: 'HOOK_VETOED', details: { adapterId: 'commerce_adapter', reason: 'rejected' } },
    });

    const shipping = await gql(OrderGqlShipToBergenDocument, { id: created.body.id });
    expect(dataOf(shipping).setShippingAddress.customer).toEqual({ shipping: { city: 'Bergen' }, billing: { country: 'NO' } });
  });

  it('gives stable codes for expected failures', async () => {
    const missing = await gql(OrderGqlBillingOfMissingOrderDocument, {});
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    const created = await admin.call('POST', '', sampleOrder());
    await admin.call('PUT', `/${created.body.id}/state`, { status: 'processing' });
    const locked = await gql(OrderGqlBillingCityDocument, { id: created.body.id });
    expect(locked.body.errors?.[0]?.extensions?.code).toBe('ORDER_LOCKED');
    const invalid = await gql(OrderGqlBillingBadEmailDocument, { id: created.body.id });
    expect(['ORDER_LOCKED', 'INVALID_ORDER']).toContain(invalid.body.errors?.[0]?.extensions?.code);
  });

  it('validates with a typed result listing every failure', async () => {
    const created = await admin.call('POST', '', sampleOrder());
    const validated = await gql(OrderGqlValidateDocument, { id: created.body.id });
    expect(dataOf(validated).validateOrder).toEqual({ valid: false, failures: [{ code: 'payment_missing', adapterId: null }, { code: 'payment_sum_mismatch', adapterId: null }] });
  });

  it('lists orders for admins, newest first, paginated and filtered by status', async () => {
    const channel = { merchant: 'm-gql-list', channel: 'web' };
    const listAdmin = await orderClient(system, channel, 'admin');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await listAdmin.call('POST', '', sampleOrder())).body.id);
    await listAdmin.call('PUT', `/${ids[1]}/state`, { status: 'processing' });
    const token = await system.token({ merchant: channel.merchant, channels: [channel.channel], role: 'admin' });
    const page = (after?: string) =>
      graphql(system.urls.gateway!, OrderGqlPageDocument, { after }, { token, ...channel });
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const answer = await page(after);
      expect(answer.body.errors).toBeUndefined();
      const { orders } = dataOf(answer);
      seen.push(...orders.edges.map((edge) => edge.node.id));
      if (!orders.pageInfo.hasNextPage) break;
      after = orders.pageInfo.endCursor ?? undefined;
    }
    expect(seen).toEqual([...ids].reverse());
    const processing = await graphql(system.urls.gateway!, OrderGqlProcessingDocument, {}, { token, ...channel });
    expect(dataOf(processing).orders.edges).toEqual([{ node: { id: ids[1], status: 'processing' } }]);

    const storefront = await gql(OrderGqlIdsDocument, {});
    expect(storefront.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('reads an order as of a past version', async () => {
    const created = await admin.call('POST', '', sampleOrder());
    await admin.call('PUT', `/${created.body.id}/state`, { status: 'processing' });
    const versions = await gql(OrderGqlAsOfVersionDocument, { id: created.body.id });
    expect(dataOf(versions)).toEqual({ v1: { status: 'checkout', version: 1 }, now: { status: 'processing', version: 2 } });
  });

  it("answers reads of many requests that share a query each with their own orders, never another tenant's", async () => {
    const other = { merchant: 'm-gql-other', channel: 'web' };
    const otherAdmin = await orderClient(system, other, 'admin');
    const mine = await Promise.all([1, 2].map(async (n) => (await admin.call('POST', '', sampleOrder({ cart: { ...sampleOrder().cart, reference: `basket-${n}` } }))).body.id as string));
    const theirs = (await otherAdmin.call('POST', '', sampleOrder())).body.id as string;
    // Asked in one turn, as concurrent requests' loaders ask: each tenant's callers share one query.
    const repository = new OrderRepository(system.db.pool);
    const [first, second, foreign, own] = await Promise.all([
      repository.findByIds(tenant, [mine[0]!, mine[1]!]),
      repository.findByIds(tenant, [mine[1]!, theirs]),
      repository.findByIds(other, [mine[0]!]),
      repository.findByIds(other, [theirs]),
    ]);
    expect(repository.reads.stats).toEqual({ queries: 2, calls: 4 });
    expect(first.map((order) => order?.document.cart.reference)).toEqual(['basket-1', 'basket-2']);
    expect(second.map((order) => order?.id ?? null)).toEqual([mine[1], null]);
    expect(second[0]!.document).toEqual(first[1]!.document);
    expect(second[0]!.document).not.toBe(first[1]!.document);
    expect(foreign).toEqual([null]);
    expect(own.map((order) => order?.id)).toEqual([theirs]);
  });
});
