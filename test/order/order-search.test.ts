import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OrderSearchListDocument, type OrderSearchListQueryVariables } from '../generated/graphql.js';
import { dataOf, graphql } from '../harness/http.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

// The admin's order search and filters (GraphQL `orders`, REST GET /api/v0/checkout/orders):
// by customer name, e-mail and phone, by payment state and adapter, by date and amount, sorted and
// paged by cursor, tenant-scoped; bad filter input is a 400 `invalid_filter` in words.

let system: TestSystem;
const tenant = { merchant: 'm-order-search', channel: 'web' };
const other = { merchant: 'm-order-search-other', channel: 'web' };
let admin: string;
const ids: Record<string, string> = {};

const ada = { givenName: 'Ada', familyName: 'Lovelace', email: 'Ada.Lovelace@Example.org', phone: '+47 912 34 567', country: 'NO' };
const alan = { givenName: 'Alan', familyName: 'Turing', email: 'alan@example.com', phone: '+44 20 7946 0000', country: 'GB' };

const cartOf = (unitPrice: number) => ({
  reference: 'basket',
  items: [{ id: 'item-1', sku: 'SKU-1', name: 'Shoes', quantity: 1, unitPrice }],
  total: { includingVat: unitPrice, excludingVat: Math.round((unitPrice / 1.25) * 100) / 100 },
});

beforeAll(async () => {
  system = await startTestSystem();
  admin = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  const orders = await orderClient(system, tenant, 'admin');
  const create = async (body: Record<string, unknown>) => {
    const created = await orders.call('POST', '', sampleOrder(body));
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return created.body.id as string;
  };
  ids.ada = await create({ cart: cartOf(100), customer: { billing: ada }, payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 100 }] });
  ids.alan = await create({ cart: cartOf(900), customer: { billing: { givenName: 'Someone' }, shipping: alan } });
  ids.plain = await create({ cart: cartOf(500) });
  // Another merchant's order with Ada's e-mail: never in this tenant's answers.
  await (await orderClient(system, other, 'admin')).call('POST', '', sampleOrder({ customer: { billing: ada } }));
}, 120_000);
afterAll(() => system?.close());

const list = (variables: OrderSearchListQueryVariables) => graphql(system.urls.gateway!, OrderSearchListDocument, variables, { token: admin, ...tenant });
const idsOf = (answer: Awaited<ReturnType<typeof list>>): string[] => dataOf(answer).orders.edges.map((edge) => edge.node.id);
const named = (...names: string[]) => names.map((name) => ids[name]);

describe('order search and filters', () => {
  it('finds orders by customer e-mail, name and phone (billing or shipping), case-insensitive, within the tenant', async () => {
    expect(idsOf(await list({ search: 'ada.lovelace@example.ORG' }))).toEqual(named('ada'));
    expect(idsOf(await list({ search: 'lovelace' }))).toEqual(named('ada'));
    expect(idsOf(await list({ search: 'Ada Lovelace' }))).toEqual(named('ada'));
    expect(idsOf(await list({ search: '91234567' }))).toEqual(named('ada'));
    expect(idsOf(await list({ search: '+47 912 34 567' }))).toEqual(named('ada'));
    expect(idsOf(await list({ search: 'alan@example.com' }))).toEqual(named('alan'));
    expect(idsOf(await list({ search: 'turing' }))).toEqual(named('alan'));
    expect(idsOf(await list({ search: ids.plain!.slice(-12).toUpperCase() }))).toEqual(named('plain'));
    expect(idsOf(await list({ search: 'nobody@example.org' }))).toEqual([]);
    // LIKE's wildcards are text, not patterns.
    expect(idsOf(await list({ search: '%' }))).toEqual([]);
  });

  it('filters by payment state, adapter, amount and date range', async () => {
    expect(idsOf(await list({ paymentState: 'intent' }))).toEqual(named('ada'));
    expect(idsOf(await list({ adapterId: 'nonpsp_adapter' }))).toEqual(named('ada'));
    expect(idsOf(await list({ adapterId: 'nonpsp_adapter', paymentState: 'captured' }))).toEqual([]);
    expect(idsOf(await list({ minTotal: 400, maxTotal: 600 }))).toEqual(named('plain'));
    expect(idsOf(await list({ minTotal: 100, maxTotal: 100 }))).toEqual(named('ada'));
    const now = Date.now();
    expect(idsOf(await list({ createdFrom: new Date(now - 3_600_000).toISOString(), createdBefore: new Date(now + 60_000).toISOString() })).sort()).toEqual(named('ada', 'alan', 'plain').sort());
    expect(idsOf(await list({ createdFrom: new Date(now + 60_000).toISOString() }))).toEqual([]);
    expect(idsOf(await list({ createdBefore: '2020-01-01T00:00:00+01:00' }))).toEqual([]);
  });

  it('sorts by creation and total and pages by cursor', async () => {
    expect(idsOf(await list({}))).toEqual(named('plain', 'alan', 'ada'));
    expect(idsOf(await list({ sort: 'CREATED_ASC' }))).toEqual(named('ada', 'alan', 'plain'));
    expect(idsOf(await list({ sort: 'TOTAL_ASC' }))).toEqual(named('ada', 'plain', 'alan'));
    const first = await list({ sort: 'TOTAL_DESC', first: 2 });
    expect(idsOf(first)).toEqual(named('alan', 'plain'));
    const firstPage = dataOf(first).orders.pageInfo;
    expect(firstPage.hasNextPage).toBe(true);
    const second = await list({ sort: 'TOTAL_DESC', first: 2, after: firstPage.endCursor });
    expect(idsOf(second)).toEqual(named('ada'));
    expect(dataOf(second).orders.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
    // A cursor of another sort is refused, not misread.
    const mixed = await list({ sort: 'CREATED_DESC', after: firstPage.endCursor });
    expect(mixed.body.errors?.[0]?.extensions?.code).toBe('INVALID_CURSOR');
  });

  it('refuses bad filter input with invalid_filter in words, over GraphQL and REST', async () => {
    const cases: Array<[OrderSearchListQueryVariables, RegExp]> = [
      [{ createdFrom: 'yesterday' }, /^createdFrom must be a date and time with its zone/],
      [{ createdFrom: '2026-11-27T10:00:00' }, /^createdFrom must be a date and time with its zone/],
      [{ createdFrom: '2026-11-28T00:00:00Z', createdBefore: '2026-11-27T00:00:00Z' }, /^createdFrom must be before createdBefore/],
      [{ minTotal: -1 }, /^minTotal must be an amount of 0 or more/],
      [{ minTotal: 10, maxTotal: 5 }, /^minTotal must not be above maxTotal/],
      [{ paymentState: 'paid' }, /^paymentState must be one of intent, /],
      [{ adapterId: 'a b' }, /^adapterId is an adapter id/],
      [{ search: 'x'.repeat(201) }, /^search is at most 200 characters/],
      [{ search: 'a\u0007b' }, /^search holds a control character/],
    ];
    for (const [variables, message] of cases) {
      const { status, body } = await list(variables);
      expect(status).toBeLessThan(500);
      expect(body.errors?.[0]?.extensions?.code).toBe('INVALID_FILTER');
      expect(body.errors?.[0]?.message).toMatch(message);
    }
    const orders = await orderClient(system, tenant, 'admin');
    const bad = await orders.call('GET', '?minTotal=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_filter', message: expect.stringMatching(/^minTotal must be an amount/) });
    expect((await orders.call('GET', '?sort=price')).body).toMatchObject({ code: 'invalid_filter', message: expect.stringMatching(/^sort must be one of created_desc/) });
    expect((await orders.call('GET', '?createdBefore=2026-13-45')).status).toBe(400);
    expect((await orders.call('GET', '?search=a%07b')).body).toMatchObject({ code: 'invalid_filter', message: expect.stringMatching(/^search holds a control character/) });
  });

  it('searches and filters over REST with the same words as GraphQL', async () => {
    const orders = await orderClient(system, tenant, 'admin');
    const found = await orders.call('GET', `?search=${encodeURIComponent('ADA.lovelace@example.org')}`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((order: { id: string }) => order.id)).toEqual(named('ada'));
    const sorted = await orders.call('GET', '?sort=total_asc&minTotal=150&first=1');
    expect(sorted.body.items.map((order: { id: string }) => order.id)).toEqual(named('plain'));
    const next = await orders.call('GET', `?sort=total_asc&minTotal=150&first=1&after=${sorted.body.pageInfo.endCursor}`);
    expect(next.body.items.map((order: { id: string }) => order.id)).toEqual(named('alan'));
  });
  it('finds an order by what it was changed to, and a change of anything else leaves its search row as it was', async () => {
    const orders = await orderClient(system, tenant, 'admin');
    const created = await orders.call('POST', '', sampleOrder({ cart: cartOf(700), customer: { billing: { givenName: 'Grace', email: 'grace@example.org' } } }));
    const id = created.body.id as string;
    // The search row (order_search, kept by triggers on orders): its row version tells whether a change rewrote it.
    const searchRow = async () =>
      (await system.db.pool.query<{ xmin: string; searchText: string }>('select xmin::text as xmin, search_text as "searchText" from order_search where merchant = $1 and channel = $2 and order_id = $3', [tenant.merchant, tenant.channel, id])).rows[0]!;
    expect(idsOf(await list({ search: 'grace@example.org' }))).toEqual([id]);
    const before = await searchRow();

    expect((await orders.call('PUT', `/${id}/cart`, cartOf(800))).status).toBe(200);
    expect(await searchRow()).toEqual(before);
    expect(idsOf(await list({ minTotal: 800, maxTotal: 800 }))).toEqual([id]);

    expect((await orders.call('PUT', `/${id}/customer/billing`, { givenName: 'Grace', familyName: 'Hopper', email: 'hopper@example.org' })).status).toBe(200);
    expect((await searchRow()).searchText).toContain('hopper@example.org');
    expect(idsOf(await list({ search: 'hopper@example.org' }))).toEqual([id]);
    expect(idsOf(await list({ search: 'grace@example.org' }))).toEqual([]);
  });
});
