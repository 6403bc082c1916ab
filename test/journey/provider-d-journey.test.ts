import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphqlUntyped, rest } from '../harness/http.js';
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

const storefront = async (query: string, variables: Record<string, unknown>) => (await graphqlUntyped(system.urls.gateway!, query, variables, { token: shop.storefrontToken, ...shop.tenant })).body;

describe('checkout with provider D', () => {
  it('basket → order → billing → startPayment (methods listed) → a card that authorises → completed and exported', async () => {
    const created = await storefront(`mutation ($input: CreateOrderFromBasketInput!) { createOrderFromBasket(input: $input) { id } }`, { input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } });
    const orderId = created.data.createOrderFromBasket.id as string;
    expect((await storefront(`mutation ($id: ID!, $a: AddressInput!) { setBillingAddress(orderId: $id, address: $a) { id } }`, { id: orderId, a: BILLING })).errors).toBeUndefined();

    const started = await storefront(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "provider_d_dropin_adapter") { payment { id state amount } data } }`, { id: orderId });
    expect(started.errors).toBeUndefined();
    const { payment, data } = started.data.startPayment;
    expect(payment).toMatchObject({ state: 'intent', amount: 249.9 });
    expect(data).toMatchObject({ paymentId: payment.id, amount: { currency: 'NOK', value: 24990 }, environment: 'test', locale: 'nb-NO' });
    expect(data.paymentMethodsResponse.paymentMethods.map((m: { type: string }) => m.type)).toContain('scheme');

    const submitted = await rest(system.urls.provider_d_dropin_adapter!, 'POST', `/api/checkout/v1/orders/${orderId}/payments/${payment.id}/transaction`, {
      token: shop.storefrontToken,
      ...shop.tenant,
      body: { paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' } },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.resultCode).toBe('Authorised');

    const order = await storefront(`query ($id: ID!) { order(id: $id) { status payments { id state } } }`, { id: orderId });
    expect(order.data.order).toMatchObject({ status: 'completed', payments: [{ id: payment.id, state: 'reserved' }] });
    // Exported: the commerce adapter's notification completed the payment there and set the reference.
    const reference = await eventually(async () => (await rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`, { token: shop.storefrontToken, ...shop.tenant })).body.reference as string | undefined, 30_000);
    expect((await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${reference}`)).status).toBe(200);
  });
});
