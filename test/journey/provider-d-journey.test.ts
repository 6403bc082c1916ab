import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JourneyCreateOrderDocument, JourneyOrderPaymentStatesDocument, JourneySetBillingDocument, JourneyStartDropInDocument } from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { eventually } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from './journey-setup.js';

/**
 * A whole checkout with provider D: a commerce basket, the storefront's GraphQL (order, billing,
 * startPayment → the drop-in data), the drop-in's submit through the adapter's REST call (docs/adapters/provider-d.md),
 * the order completed and exported to the commerce platform.
 */
let system: TestSystem;
let shop: Shop;

beforeAll(async () => {
  system = await startTestSystem();
  shop = await openShop(system, 'm-journey-provider-d');
});
afterAll(() => system?.close());

const storefront = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  graphql(system.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant });

/** The part of the drop-in's data (JSON) this test reads. */
interface DropInData {
  paymentMethodsResponse: { paymentMethods: Array<{ type: string }> };
}

describe('checkout with provider D', () => {
  it('basket → order → billing → startPayment (methods listed) → a card that authorises → completed and exported', async () => {
    const created = await storefront(JourneyCreateOrderDocument, { input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } });
    const orderId = dataOf(created).createOrderFromBasket.id;
    expect((await storefront(JourneySetBillingDocument, { id: orderId, a: BILLING })).body.errors).toBeUndefined();

    const started = await storefront(JourneyStartDropInDocument, { id: orderId });
    expect(started.body.errors).toBeUndefined();
    const { payment, data } = dataOf(started).startPayment;
    expect(payment).toMatchObject({ state: 'intent', amount: 249.9 });
    expect(data).toMatchObject({ paymentId: payment.id, amount: { currency: 'NOK', value: 24990 }, environment: 'test', locale: 'nb-NO' });
    expect((data as DropInData).paymentMethodsResponse.paymentMethods.map((m) => m.type)).toContain('scheme');

    const submitted = await rest(system.urls.provider_d_dropin_adapter!, 'POST', `/api/checkout/v1/orders/${orderId}/payments/${payment.id}/transaction`, {
      token: shop.storefrontToken,
      ...shop.tenant,
      body: { paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' } },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.resultCode).toBe('Authorised');

    const order = dataOf(await storefront(JourneyOrderPaymentStatesDocument, { id: orderId }));
    expect(order.order).toMatchObject({ status: 'completed', payments: [{ id: payment.id, state: 'reserved' }] });
    // Exported: the commerce adapter's notification completed the payment there and set the reference.
    const reference = await eventually(async () => (await rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`, { token: shop.storefrontToken, ...shop.tenant })).body.reference as string | undefined, 30_000);
    expect((await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${reference}`)).status).toBe(200);
  });
});
