import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoConfigurations } from '../../app/demo/demo-data.js';
import { graphql, rest } from '../harness/http.js';
import { CancelPaymentStateDocument, DeliverOrderDocument, RefundPaymentAmountDocument } from '../generated/graphql.js';
import { eventually } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { openShop, type Shop } from '../journey/journey-setup.js';
import { contractProblems, operationOf, recordedExchanges } from './published-api.js';
import { providerBOperations } from './provider-b.published.js';

/**
 * Provider B's adapter and sandbox against Avarda Checkout 3's published API: every flow the
 * adapter has (create with the shop's prefill, the shopper's steps and the storefront callbacks,
 * the completed notification, deliver, refund, cancel, the items following the order) is driven on
 * a real system with the sandbox as the provider, plus a company's purchase and a refusal straight
 * on the partner API; then every exchange the sandbox recorded — the adapter's requests and the
 * sandbox's answers, errors included — is held against the closed schemas of provider-b.published.ts,
 * written from Avarda's documentation and its integrators' code.
 */
let system: TestSystem;
let shop: Shop;
let adapterUrl: string;
let sandbox: string;

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  shop = await openShop(system, 'm-provider-b-contract');
  adapterUrl = system.urls.provider_b_checkout_adapter!;
  sandbox = system.urls.provider_b_sandbox!;
  const commerce = demoConfigurations(system.config).commerce_adapter!;
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${shop.tenant.merchant}/channels/web/configurations/commerce_adapter`, {
    token: shop.adminToken,
    ...shop.tenant,
    body: { ...commerce, features: { shippingChangedHookEnabled: true } },
  });
  expect(put.status).toBeLessThan(300);
}, 180_000);
afterAll(() => system?.close());

const storefront = (method: string, base: string, path: string, body?: unknown) => rest(base, method, path, { token: shop.storefrontToken, ...shop.tenant, ...(body === undefined ? {} : { body }) });
const callback = (orderId: string, paymentId: string, name: string) => storefront('POST', adapterUrl, `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/${name}`, {});
const admin = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  (await graphql(system.urls.gateway!, document, variables, { token: shop.adminToken, ...shop.tenant })).body;
const paymentOf = async (orderId: string) =>
  ((await storefront('GET', system.urls.order!, `/api/v0/checkout/orders/${orderId}`)).body.payments as Array<{ id: string; adapterId: string; reference: string; state: string }>).find((p) => p.adapterId === 'provider_b_checkout_adapter')!;

/** An order whose provider B purchase the shopper completed (the adapter created it, followed the shipping, validated and processed). */
async function completedOrder(): Promise<{ orderId: string; paymentId: string; purchaseId: string }> {
  const basket = await rest(system.urls.commerce_sandbox!, 'POST', '/api/sandbox/baskets', {
    body: { currency: 'NOK', items: [{ sku: 'SHOE-42', name: 'Running shoes', quantity: 2, unitPrice: 99.95, vatRate: 0.25 }], buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com' } },
  });
  const orderId = (await storefront('POST', system.urls.commerce_adapter!, '/api/v1/orders', { cartReference: basket.body.id, culture: 'nb-NO', currency: 'NOK' })).body.id as string;
  const created = await storefront('POST', adapterUrl, `/api/checkout/v1/${orderId}/payments`);
  expect(created.status).toBe(201);
  const { paymentId } = created.body;
  const purchaseId = (await paymentOf(orderId)).reference;
  const entered = await rest(sandbox, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, {
    body: {
      userInputs: { email: 'kari@example.com', phone: '+4791234567' },
      invoicingAddress: { firstName: 'Kari', lastName: 'Nordmann', address1: 'Storgata 1', zip: '0155', city: 'Oslo', country: 'NO' },
      differentDeliveryAddress: true,
      deliveryAddress: { firstName: 'Ola', lastName: 'Nordmann', address1: 'Kirkegata 2', zip: '5003', city: 'Bergen', country: 'NO' },
      shippingOption: 'postal',
      paymentMethod: 'Card',
      emailNewsletterSubscription: true,
    },
  });
  expect(entered.status).toBe(200);
  for (const name of ['customer-update', 'shipping-option-update', 'validate']) expect((await callback(orderId, paymentId, name)).status).toBe(200);
  expect((await storefront('POST', adapterUrl, `/api/checkout/v1/callback/orders/${orderId}/${orderId}/payments/${paymentId}/process`, {})).status).toBe(200);
  expect((await rest(sandbox, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: {} })).body.callback).toMatchObject({ status: 200 });
  await eventually(async () => (await paymentOf(orderId)).state === 'reserved', 30_000);
  return { orderId, paymentId, purchaseId };
}

describe("provider B against Avarda Checkout 3's published API", () => {
  it('every exchange of every flow is as published, each operation exercised; a field the API lacks is reported', async () => {
    const first = await completedOrder();
    expect((await admin(DeliverOrderDocument, { id: first.orderId })).data?.deliverOrder.status).toBe('delivered');
    await eventually(async () => (await paymentOf(first.orderId)).state === 'captured', 30_000);
    const refunded = await admin(RefundPaymentAmountDocument, { o: first.orderId, p: first.paymentId, a: 49 });
    expect(refunded.errors).toBeUndefined();
    const second = await completedOrder();
    const cancelled = await admin(CancelPaymentStateDocument, { o: second.orderId, p: second.paymentId });
    expect(cancelled.data?.cancelPayment.state).toBe('cancelled');
    await outboxSettled(system);
    // A company's purchase read (b2B), and a refusal in Avarda's error form, straight on the partner API.
    const partner = (await rest(sandbox, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' } })).body.token as string;
    const company = await rest(sandbox, 'POST', '/api/partner/payments', {
      token: partner,
      body: { checkoutSetup: { mode: 'B2B', language: 'Norwegian' }, items: [{ description: 'Desk', notes: 'DESK', amount: 1000, taxCode: '25', taxAmount: 200, quantity: 1 }], extraIdentifiers: { orderReference: 'b2b1' }, b2B: { invoicingAddress: { name: 'Firma AS', zip: '0155', city: 'Oslo', country: 'NO' }, userInputs: { email: 'buyer@firma.no' } } },
    });
    expect(company.status).toBe(201);
    expect((await rest(sandbox, 'GET', `/api/partner/payments/${company.body.purchaseId}`, { token: partner })).body).toMatchObject({ mode: 'B2B', b2B: { invoicingAddress: { name: 'Firma AS' } } });
    expect((await rest(sandbox, 'PUT', `/api/partner/payments/${company.body.purchaseId}/items`, { token: partner, body: { items: [{ description: 'Desk', amount: 1000.001 }] } })).status).toBe(400);

    const exchanges = await recordedExchanges(sandbox);
    expect(contractProblems(exchanges, providerBOperations)).toEqual([]);
    const exercised = new Set(exchanges.map((exchange) => operationOf(exchange, providerBOperations)?.name));
    expect(providerBOperations.filter((operation) => !exercised.has(operation.name)).map((operation) => operation.name)).toEqual([]);

    // Every answer was checked: a purchase read of both modes, and a refusal in Avarda's error form, are among them.
    const reads = exchanges.filter((exchange) => exchange.operation === 'getPayment' && exchange.status === 200).map((exchange) => (exchange.responseBody as { mode: string }).mode);
    expect(new Set(reads)).toEqual(new Set(['B2C', 'B2B']));
    expect(exchanges.some((exchange) => exchange.operation === 'updateItems' && exchange.status === 400 && (exchange.responseBody as { errorCode?: number }).errorCode === 0)).toBe(true);

    // The check can fail: an initialize payment carrying a field Avarda's API lacks is reported.
    const initialize = exchanges.find((exchange) => exchange.operation === 'createPayment')!;
    const mutated = { ...initialize, requestBody: { ...(initialize.requestBody as object), merchantReference: 'not-published' } };
    expect(contractProblems([mutated], providerBOperations)).toEqual([expect.stringContaining('(merchantReference)')]);
    // So is a purchase read in our old picture of it (a flat `currentStep`), or a step Avarda does not have.
    const read = exchanges.find((exchange) => exchange.operation === 'getPayment' && exchange.status === 200)!;
    const flat = { ...read, responseBody: { ...(read.responseBody as object), currentStep: 'Completed' } };
    expect(contractProblems([flat], providerBOperations)).toEqual([expect.stringContaining('(currentStep)')]);
    const body = read.responseBody as { b2C: { step: object } };
    const unknownStep = { ...read, responseBody: { ...body, b2C: { ...body.b2C, step: { ...body.b2C.step, current: 'ShopperDataEntered' } } } };
    expect(contractProblems([unknownStep], providerBOperations)[0]).toContain('/b2C/step/current');
    const notification = exchanges.find((exchange) => exchange.direction === 'out')!;
    expect(contractProblems([{ ...notification, requestBody: { purchaseId: 'p', signature: 'x' } }], providerBOperations)[0]).toContain('(signature)');
  });
});
