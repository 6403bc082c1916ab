import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphql } from './harness/http.js';
import { GatewayAdaptersWithConfigurationDocument, GatewayOrderWithTransactionsDocument, GatewayThreeOrdersDocument } from './generated/graphql.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

let system: TestSystem;
let gateway: string;
const tenantA = { merchant: 'merchant-a', channel: 'web' };
const tenantB = { merchant: 'merchant-b', channel: 'web' };
const orderId = randomUUID();

async function seedOrder(id: string, tenant: typeof tenantA) {
  await system.db.prisma.order.create({
    data: {
      id,
      ...tenant,
      status: 'checkout',
      document: {
        id,
        ...tenant,
        state: { currentStatus: 'checkout', transitions: [{ status: 'checkout', timeStamp: new Date().toISOString() }] },
        currency: 'NOK',
        total: { includingVat: 249.9, excludingVat: 199.92 },
        payments: [
          { id: 'p1', adapterId: 'giftcard_adapter', state: 'reserved', amount: 100 },
          { id: 'p2', adapterId: 'nonpsp_adapter', state: 'intent', amount: 149.9 },
        ],
      },
    },
  });
  await system.db.prisma.paymentTransaction.createMany({
    data: [
      { id: randomUUID(), ...tenant, orderId: id, paymentId: 'p1', event: 'open', pspEvent: 'create', isSuccess: true, amount: 100 },
      { id: randomUUID(), ...tenant, orderId: id, paymentId: 'p2', event: 'open', pspEvent: 'create', isSuccess: false, errorDetail: 'declined' },
    ],
  });
}

beforeAll(async () => {
  system = await startTestSystem();
  gateway = system.urls.gateway!;
  await seedOrder(orderId, tenantA);
});
afterAll(() => system?.close());

const ORDER_QUERY = GatewayOrderWithTransactionsDocument;

describe('gateway federation', () => {
  it('answers one query spanning the order and payment subgraphs', async () => {
    const token = await system.token({ merchant: tenantA.merchant, channels: [tenantA.channel], role: 'storefront' });
    const { status, body } = await graphql(gateway, ORDER_QUERY, { id: orderId }, { token, ...tenantA });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.order).toEqual({
      id: orderId,
      status: 'checkout',
      currency: 'NOK',
      total: { includingVat: 249.9 },
      payments: [
        { id: 'p1', adapterId: 'giftcard_adapter', amount: 100, transactions: [{ event: 'open', pspEvent: 'create', isSuccess: true, errorDetail: null, amount: 100 }] },
        { id: 'p2', adapterId: 'nonpsp_adapter', amount: 149.9, transactions: [{ event: 'open', pspEvent: 'create', isSuccess: false, errorDetail: 'declined', amount: null }] },
      ],
    });
  });

  it("answers null for another tenant's order", async () => {
    const token = await system.token({ merchant: tenantB.merchant, channels: [tenantB.channel], role: 'storefront' });
    const { body } = await graphql(gateway, ORDER_QUERY, { id: orderId }, { token, ...tenantB });
    expect(body.errors).toBeUndefined();
    expect(body.data?.order).toBeNull();
  });

  it("answers null for the same merchant's order in another channel", async () => {
    const token = await system.token({ merchant: tenantA.merchant, channels: ['*'], role: 'admin' });
    const { body } = await graphql(gateway, ORDER_QUERY, { id: orderId }, { token, merchant: tenantA.merchant, channel: 'store' });
    expect(body.data?.order).toBeNull();
  });

  it('resolves adapters with their configuration from the configuration subgraph', async () => {
    await system.db.prisma.configuration.create({
      data: { ...tenantA, configurationId: 'commerce_adapter', schemaUrl: 'http://x/openapi/v1/schemas/commerce_adapter.json', document: { id: 'commerce_adapter' } },
    });
    const token = await system.token({ merchant: tenantA.merchant, channels: [tenantA.channel], role: 'admin' });
    const { body } = await graphql(gateway, GatewayAdaptersWithConfigurationDocument, {}, { token, ...tenantA });
    expect(body.errors).toBeUndefined();
    const commerce = body.data?.adapters.find((adapter) => adapter.id === 'commerce_adapter');
    expect(commerce).toEqual({ id: 'commerce_adapter', kind: 'commerce', configuration: { id: 'commerce_adapter', version: 1 } });
    expect(body.data?.adapters.filter((adapter) => adapter.configuration)).toHaveLength(1);
  });

  it('loads many entities of one query in batches', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await seedOrder(id, tenantA);
    const token = await system.token({ merchant: tenantA.merchant, channels: [tenantA.channel], role: 'storefront' });
    const [a, b, c] = ids as [string, string, string];
    const { body } = await graphql(gateway, GatewayThreeOrdersDocument, { a, b, c }, { token, ...tenantA });
    expect(body.errors).toBeUndefined();
    const orders = body.data ? [body.data.o0, body.data.o1, body.data.o2] : [];
    expect(orders).toHaveLength(ids.length);
    for (const [i, id] of ids.entries()) {
      expect(orders[i]?.id).toBe(id);
      expect(orders[i]?.payments.map((p) => p.transactions.length)).toEqual([1, 1]);
    }
  });

  it('shows the explorer (Sandbox or bundled GraphiQL) to a browser without a token', async () => {
    const response = await fetch(`${gateway}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/sandbox/i);
  });
});
