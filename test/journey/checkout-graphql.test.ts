import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphqlUntyped, rest } from '../harness/http.js';
import { eventually } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from './journey-setup.js';

let system: TestSystem;
let shop: Shop;

beforeAll(async () => {
  system = await startTestSystem();
  shop = await openShop(system, 'm-journey-gql');
});
afterAll(() => system?.close());

const gql = async (query: string, variables: Record<string, unknown> = {}) => {
  const { body } = await graphqlUntyped(system.urls.gateway!, query, variables, { token: shop.storefrontToken, ...shop.tenant });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
};

describe('a whole checkout through the gateway', () => {
  it('basket → order → billing → gift card 100 → non-PSP for the rest → validate → complete → exported', async () => {
    const { createOrderFromBasket: order } = await gql(
      `mutation ($input: CreateOrderFromBasketInput!) { createOrderFromBasket(input: $input) { id status total { includingVat } cart { reference items { id } } } }`,
      { input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } },
    );
    expect(order).toMatchObject({ status: 'checkout', total: { includingVat: 249.9 }, cart: { reference: shop.basketId } });
    expect(order.cart.items).toHaveLength(2);

    await gql(`mutation ($id: ID!, $a: AddressInput!) { setBillingAddress(orderId: $id, address: $a) { id } }`, { id: order.id, a: BILLING });
    const { addGiftCard: card } = await gql(`mutation ($id: ID!, $card: String!) { addGiftCard(orderId: $id, cardId: $card) { id amount upperLimitAmount state } }`, { id: order.id, card: shop.cardId });
    expect(card).toMatchObject({ amount: 100, upperLimitAmount: 100 });

    const { startPayment: session } = await gql(
      `mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { adapterId paymentMethods { identifier } selectedPaymentMethod payment { id amount state } } }`,
      { id: order.id },
    );
    expect(session.payment.amount).toBe(149.9);
    expect(session.paymentMethods.length).toBeGreaterThan(0);

    const { validateOrder } = await gql(`mutation ($id: ID!) { validateOrder(orderId: $id) { valid failures { code adapterId } } }`, { id: order.id });
    expect(validateOrder).toEqual({ valid: true, failures: [] });

    const { completePayment } = await gql(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status state { transitions { status } } } }`, { id: order.id, p: session.payment.id });
    expect(completePayment.status).toBe('completed');
    expect(completePayment.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);

    // After commit: the gift card is redeemed and the order exported to the commerce platform.
    await eventually(async () => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.committed === 100, 30_000);
    expect((await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.balance).toBe(0);
    const exported = await eventually(async () => (await gql(`query ($id: ID!) { order(id: $id) { reference } }`, { id: order.id })).order.reference, 30_000);
    const commerceOrder = await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${exported}`);
    expect(commerceOrder.status).toBe(200);
    expect(JSON.stringify(commerceOrder.body)).toContain(order.id);
  });

  it('changing a quantity after the gift card keeps the payments summing to the total', async () => {
    const other = await openShop(system, 'm-journey-gql-2');
    const run = async (query: string, variables: Record<string, unknown> = {}) => {
      const { body } = await graphqlUntyped(system.urls.gateway!, query, variables, { token: other.storefrontToken, ...other.tenant });
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    };
    const { createOrderFromBasket: order } = await run(`mutation ($input: CreateOrderFromBasketInput!) { createOrderFromBasket(input: $input) { id cart { items { id data } } } }`, {
      input: { cartReference: other.basketId, culture: 'nb-NO', currency: 'NOK' },
    });
    await run(`mutation ($id: ID!, $card: String!) { addGiftCard(orderId: $id, cardId: $card) { id } }`, { id: order.id, card: other.cardId });
    await run(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { payment { id } } }`, { id: order.id });
    const shoes = order.cart.items.find((item: { data: { sku?: string } }) => item.data.sku === 'SHOE-42') ?? order.cart.items[0];
    const { updateCartItem } = await run(`mutation ($id: ID!, $item: ID!) { updateCartItem(orderId: $id, itemId: $item, quantity: 3) { total { includingVat } } }`, { id: order.id, item: shoes.id });
    expect(updateCartItem.total.includingVat).toBe(349.85);
    const settled = await eventually(async () => {
      const { order: now } = await run(`query ($id: ID!) { order(id: $id) { total { includingVat } payments { adapterId amount state } } }`, { id: order.id });
      const active = now.payments.filter((p: { state: string }) => !['removed', 'failed', 'cancelled'].includes(p.state));
      const sum = Math.round(active.reduce((total: number, p: { amount: number }) => total + p.amount * 100, 0)) / 100;
      return sum === now.total.includingVat ? now : undefined;
    }, 30_000);
    expect(settled.payments.find((p: { adapterId: string }) => p.adapterId === 'nonpsp_adapter').amount).toBe(249.85);
    // validateOrder names everything completion would refuse: without a billing address, that.
    const before = await run(`mutation ($id: ID!) { validateOrder(orderId: $id) { valid failures { code adapterId } } }`, { id: order.id });
    expect(before.validateOrder).toEqual({ valid: false, failures: [{ code: 'customer_incomplete', adapterId: 'commerce_adapter' }] });
    await run(`mutation ($id: ID!, $a: AddressInput!) { setBillingAddress(orderId: $id, address: $a) { id } }`, { id: order.id, a: BILLING });
    const { validateOrder } = await run(`mutation ($id: ID!) { validateOrder(orderId: $id) { valid } }`, { id: order.id });
    expect(validateOrder.valid).toBe(true);
  });
});
