import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PaidCompletePaymentDocument, PaidOrderDocument, PaidStartPaymentDocument } from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, newBasket, openShop, type Shop } from './journey-setup.js';

/**
 * A shopper opens a provider's payment, changes their mind and pays by invoice: the platform, not
 * the storefront, makes sure the order completes paid (docs/order-engine.md, "Paid before
 * accepted"). Each provider's abandoned intent is removed when the invoice completes, and the
 * invoice covers the total; the same through REST and GraphQL, with a gift card beside it, and
 * when the provider's own payment completes the order over another adapter's open intent.
 */
let system: TestSystem;
let shop: Shop;

beforeAll(async () => {
  system = await startTestSystem();
  shop = await openShop(system, 'm-paid-before-accepted');
});
afterAll(() => system?.close());

const storefront = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  graphql(system.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant });
const call = (base: string, method: string, path: string, body?: unknown) => rest(base, method, path, { token: shop.storefrontToken, ...shop.tenant, ...(body === undefined ? {} : { body }) });

/** An order of 249.9 from a fresh basket, with the billing address a provider needs. */
async function newOrder(): Promise<string> {
  const created = await call(system.urls.commerce_adapter!, 'POST', '/api/v1/orders', { cartReference: await newBasket(system), culture: 'nb-NO', currency: 'NOK' });
  expect(created.status).toBe(201);
  const orderId = created.body.id as string;
  expect((await call(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, BILLING)).status).toBe(200);
  return orderId;
}

async function startProvider(orderId: string, adapter: string) {
  const started = await storefront(PaidStartPaymentDocument, { id: orderId, adapter });
  expect(started.body.errors).toBeUndefined();
  return dataOf(started).startPayment.payment;
}

/** The non-PSP invoice, started through the adapter's REST create (as the spec's storefront calls it). */
async function startInvoice(orderId: string): Promise<string> {
  const created = await call(system.urls.nonpsp_adapter!, 'POST', `/api/v1/checkout/orders/${orderId}/payments`);
  expect(created.status).toBe(201);
  return created.body.paymentId as string;
}

const readOrder = async (orderId: string) => dataOf(await storefront(PaidOrderDocument, { id: orderId })).order!;

const PROVIDERS = ['provider_a_checkout_adapter', 'provider_b_checkout_adapter', 'provider_c_checkout_adapter', 'provider_d_dropin_adapter'];

describe('a provider opened, then the invoice: the order completes paid by the invoice', () => {
  it.each(PROVIDERS.map((adapter, index) => [adapter, index % 2 === 0 ? 'REST' : 'GraphQL'] as const))('%s abandoned, the invoice completed through %s', async (adapter, door) => {
    const orderId = await newOrder();
    const provider = await startProvider(orderId, adapter);
    const total = (await call(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`)).body.total.includingVat as number;
    expect(provider).toMatchObject({ state: 'intent', amount: total });
    const invoice = await startInvoice(orderId);
    // Before completion the two still sum to the total: the abandoned intent covers it, the invoice nothing.
    expect((await readOrder(orderId)).payments.find((p) => p.id === invoice)).toMatchObject({ state: 'intent', amount: 0 });

    if (door === 'REST') {
      const completed = await call(system.urls.nonpsp_adapter!, 'POST', `/api/v1/checkout/orders/${orderId}/payments/${invoice}/complete`, {});
      expect(completed.status).toBe(200);
    } else {
      const completed = await storefront(PaidCompletePaymentDocument, { id: orderId, p: invoice });
      expect(completed.body.errors).toBeUndefined();
    }

    const order = await readOrder(orderId);
    expect(order.status).toBe('completed');
    expect(order.attention).toBeNull();
    expect(order.payments.map((p) => [p.adapterId, p.state, p.amount])).toEqual([
      [adapter, 'removed', total],
      ['nonpsp_adapter', 'reserved', total],
    ]);
    // The removal is in the abandoned payment's log, with who paid instead.
    const log = await system.db.prisma.paymentTransaction.findMany({ where: { orderId, paymentId: provider.id, event: 'remove' } });
    expect(log.map((t) => [t.pspEvent, t.pspStatus, t.isSuccess])).toEqual([['platform', 'superseded', true]]);
  });

  it('a gift card beside the abandoned provider stays: it covers its 100, the invoice the rest', async () => {
    const orderId = await newOrder();
    await startProvider(orderId, 'provider_d_dropin_adapter');
    const card = await call(system.urls.giftcard_adapter!, 'POST', `/api/checkout/v1/orders/${orderId}/payments`, { cardId: shop.cardId });
    expect(card.status).toBeLessThan(300);
    const invoice = await startInvoice(orderId);
    expect((await call(system.urls.nonpsp_adapter!, 'POST', `/api/v1/checkout/orders/${orderId}/payments/${invoice}/complete`, {})).status).toBe(200);
    const order = await readOrder(orderId);
    expect(order.status).toBe('completed');
    expect(order.payments.map((p) => [p.adapterId, p.state, p.amount])).toEqual([
      ['provider_d_dropin_adapter', 'removed', 149.9],
      ['giftcard_adapter', 'captured', 100],
      ['nonpsp_adapter', 'reserved', 149.9],
    ]);
  });

  it("provider D's card authorised over an open invoice: the invoice's intent goes, the card pays it all", async () => {
    const orderId = await newOrder();
    const card = await startProvider(orderId, 'provider_d_dropin_adapter');
    const invoice = await startInvoice(orderId);
    const submitted = await call(system.urls.provider_d_dropin_adapter!, 'POST', `/api/checkout/v1/orders/${orderId}/payments/${card.id}/transaction`, {
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' },
    });
    expect([submitted.status, submitted.body.resultCode]).toEqual([200, 'Authorised']);
    const order = await readOrder(orderId);
    expect(order.status).toBe('completed');
    expect(order.payments.map((p) => [p.id, p.state, p.amount])).toEqual([
      [card.id, 'reserved', 249.9],
      [invoice, 'removed', 0],
    ]);
  });
});

describe('no door accepts an order its payments do not hold', () => {
  it('an adapter moving its order to accepted while its payment holds nothing: 409 payment_not_covered, nothing committed, the refusal recorded', async () => {
    const orderId = await newOrder();
    const card = await startProvider(orderId, 'provider_d_dropin_adapter');
    const token = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'adapter', adapterId: 'provider_d_dropin_adapter' });
    const asAdapter = (method: string, path: string, body?: unknown) => rest(system.urls.order!, method, `/api/v0/checkout/orders/${orderId}${path}`, { token, ...shop.tenant, ...(body === undefined ? {} : { body }) });
    expect((await asAdapter('PUT', '/state', { status: 'processing' })).status).toBe(200);
    const before = await asAdapter('GET', '');
    const refused = await asAdapter('PUT', '/state', { status: 'accepted' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'payment_not_covered', details: { status: 'accepted', total: 249.9, held: 0, pending: 0, openPayments: [{ paymentId: card.id, state: 'intent' }] } });
    expect(refused.body.message).toContain('cover NOK 0.00 of its total NOK 249.90');
    const after = await asAdapter('GET', '');
    expect([after.body.state.currentStatus, after.headers.get('etag')]).toEqual(['processing', before.headers.get('etag')]);
    const events = (await call(system.urls.notifications!, 'GET', `/api/v1/events?orderId=${orderId}`)).body as Array<{ type: string; data: Record<string, unknown> }>;
    expect(events.at(-1)).toMatchObject({ type: 'order.change_vetoed', data: { reason: 'payment_not_covered' } });
  });
});
