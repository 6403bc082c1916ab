import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphqlUntyped, rest } from '../harness/http.js';
import { eventually } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from './journey-setup.js';

let system: TestSystem;
let shop: Shop;

beforeAll(async () => {
  system = await startTestSystem();
  shop = await openShop(system, 'm-giftcard-only');
});
afterAll(() => system?.close());

const gql = (query: string, variables: Record<string, unknown> = {}) =>
  graphqlUntyped(system.urls.gateway!, query, variables, { token: shop.storefrontToken, ...shop.tenant }).then((response) => response.body);

async function smallOrder(): Promise<string> {
  const basket = await rest(system.urls.commerce_sandbox!, 'POST', '/api/sandbox/baskets', {
    body: { currency: 'NOK', items: [{ sku: 'CAP', name: 'Cap', quantity: 1, unitPrice: 80, vatRate: 0.25 }], buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com' } },
  });
  const created = await gql(`mutation ($input: CreateOrderFromBasketInput!) { createOrderFromBasket(input: $input) { id } }`, {
    input: { cartReference: basket.body.id, culture: 'nb-NO', currency: 'NOK' },
  });
  return created.data.createOrderFromBasket.id;
}

const card = async (cardId: string) => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${cardId}`)).body;

describe('an order paid entirely by gift cards', () => {
  it('completes through completePayment: reserved, then processing → accepted → completed, then redeemed', async () => {
    const orderId = await smallOrder();
    await gql(`mutation ($id: ID!, $a: AddressInput!) { setBillingAddress(orderId: $id, address: $a) { id } }`, { id: orderId, a: BILLING });
    const added = await gql(`mutation ($id: ID!, $c: String!) { addGiftCard(orderId: $id, cardId: $c) { id amount } }`, { id: orderId, c: shop.cardId });
    expect(added.data.addGiftCard.amount).toBe(80);
    const done = await gql(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status state { transitions { status } } } }`, { id: orderId, p: added.data.addGiftCard.id });
    expect(done.errors).toBeUndefined();
    expect(done.data.completePayment.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    await eventually(async () => (await card(shop.cardId)).committed === 80, 30_000);
    expect((await card(shop.cardId)).balance).toBe(20);
  });

  it('holds no reservation when another adapter refuses processing (no billing address)', async () => {
    const cardId = 'CARD-only-2';
    await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 100, currency: 'NOK' } });
    const orderId = await smallOrder();
    const added = await gql(`mutation ($id: ID!, $c: String!) { addGiftCard(orderId: $id, cardId: $c) { id } }`, { id: orderId, c: cardId });
    const refused = await gql(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status } }`, { id: orderId, p: added.data.addGiftCard.id });
    // The commerce adapter's validation names the missing billing address before any hook or `process` runs.
    expect(refused.errors[0].extensions.code).toBe('ORDER_INVALID');
    expect(refused.errors[0].message).toMatch(/billing|customer/i);
    expect((await card(cardId)).reserved).toBe(0);
    const order = await gql(`query ($id: ID!) { order(id: $id) { status payments { state } } }`, { id: orderId });
    expect(order.data.order).toEqual({ status: 'checkout', payments: [{ state: 'intent' }] });
  });

  it('leaves orders with other payments to their adapter', async () => {
    const orderId = await smallOrder();
    const cardId = 'CARD-only-3';
    await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 50, currency: 'NOK' } });
    const added = await gql(`mutation ($id: ID!, $c: String!) { addGiftCard(orderId: $id, cardId: $c) { id } }`, { id: orderId, c: cardId });
    await gql(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { payment { id } } }`, { id: orderId });
    const refused = await gql(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status } }`, { id: orderId, p: added.data.addGiftCard.id });
    expect(refused.errors[0].extensions.code).toBe('NOT_GIFT_CARD_ONLY');
  });
});
