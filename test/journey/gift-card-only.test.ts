import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  JourneyAddGiftCardAmountDocument,
  JourneyAddGiftCardDocument,
  JourneyCompletePaymentDocument,
  JourneyCompletePaymentTransitionsDocument,
  JourneyCreateOrderDocument,
  JourneyOrderPaymentStatesOnlyDocument,
  JourneySetBillingDocument,
  StartNonPspPaymentDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
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

const gql = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  graphql(system.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant });

async function smallOrder(): Promise<string> {
  const basket = await rest(system.urls.commerce_sandbox!, 'POST', '/api/sandbox/baskets', {
    body: { currency: 'NOK', items: [{ sku: 'CAP', name: 'Cap', quantity: 1, unitPrice: 80, vatRate: 0.25 }], buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com' } },
  });
  const created = await gql(JourneyCreateOrderDocument, {
    input: { cartReference: basket.body.id, culture: 'nb-NO', currency: 'NOK' },
  });
  return dataOf(created).createOrderFromBasket.id;
}

const card = async (cardId: string) => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${cardId}`)).body;

describe('an order paid entirely by gift cards', () => {
  it('completes through completePayment: reserved, then processing → accepted → completed, then redeemed', async () => {
    const orderId = await smallOrder();
    await gql(JourneySetBillingDocument, { id: orderId, a: BILLING });
    const added = dataOf(await gql(JourneyAddGiftCardAmountDocument, { id: orderId, card: shop.cardId })).addGiftCard;
    expect(added.amount).toBe(80);
    const done = await gql(JourneyCompletePaymentTransitionsDocument, { id: orderId, p: added.id });
    expect(done.body.errors).toBeUndefined();
    expect(dataOf(done).completePayment.state.transitions.map((t) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    await eventually(async () => (await card(shop.cardId)).committed === 80, 30_000);
    expect((await card(shop.cardId)).balance).toBe(20);
  });

  it('holds no reservation when another adapter refuses processing (no billing address)', async () => {
    const cardId = 'CARD-only-2';
    await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 100, currency: 'NOK' } });
    const orderId = await smallOrder();
    const added = dataOf(await gql(JourneyAddGiftCardDocument, { id: orderId, card: cardId })).addGiftCard;
    const refused = (await gql(JourneyCompletePaymentDocument, { id: orderId, p: added.id })).body;
    // The commerce adapter's validation names the missing billing address before any hook or `process` runs.
    expect(refused.errors?.[0]?.extensions?.code).toBe('ORDER_INVALID');
    expect(refused.errors?.[0]?.message).toMatch(/billing|customer/i);
    expect((await card(cardId)).reserved).toBe(0);
    const order = dataOf(await gql(JourneyOrderPaymentStatesOnlyDocument, { id: orderId }));
    expect(order.order).toEqual({ status: 'checkout', payments: [{ state: 'intent' }] });
  });

  it('leaves orders with other payments to their adapter', async () => {
    const orderId = await smallOrder();
    const cardId = 'CARD-only-3';
    await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 50, currency: 'NOK' } });
    const added = dataOf(await gql(JourneyAddGiftCardDocument, { id: orderId, card: cardId })).addGiftCard;
    await gql(StartNonPspPaymentDocument, { id: orderId });
    const refused = (await gql(JourneyCompletePaymentDocument, { id: orderId, p: added.id })).body;
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_GIFT_CARD_ONLY');
  });
});
