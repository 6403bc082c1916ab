import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  JourneyAddGiftCardDocument,
  JourneyAddGiftCardLimitsDocument,
  JourneyCompletePaymentTransitionsDocument,
  JourneyCreateOrderWithCartDocument,
  JourneyCreateOrderWithItemsDocument,
  JourneyOrderActivePaymentsDocument,
  JourneyOrderReferenceDocument,
  JourneySetBillingDocument,
  JourneyStartNonPspSessionDocument,
  JourneyUpdateQuantityDocument,
  JourneyValidateOrderDocument,
  StartNonPspPaymentDocument,
  ValidateOrderDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
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

/** The operation's data; throws with the errors when it has any. */
const gql = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  dataOf(await graphql(system.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant }));

describe('a whole checkout through the gateway', () => {
  it('basket → order → billing → gift card 100 → non-PSP for the rest → validate → complete → exported', async () => {
    const { createOrderFromBasket: order } = await gql(JourneyCreateOrderWithCartDocument, { input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } });
    expect(order).toMatchObject({ status: 'checkout', total: { includingVat: 249.9 }, cart: { reference: shop.basketId } });
    expect(order.cart.items).toHaveLength(2);

    await gql(JourneySetBillingDocument, { id: order.id, a: BILLING });
    const { addGiftCard: card } = await gql(JourneyAddGiftCardLimitsDocument, { id: order.id, card: shop.cardId });
    expect(card).toMatchObject({ amount: 100, upperLimitAmount: 100 });

    const { startPayment: session } = await gql(JourneyStartNonPspSessionDocument, { id: order.id });
    expect(session.payment.amount).toBe(149.9);
    expect(session.paymentMethods?.length).toBeGreaterThan(0);

    const { validateOrder } = await gql(JourneyValidateOrderDocument, { id: order.id });
    expect(validateOrder).toEqual({ valid: true, failures: [] });

    const { completePayment } = await gql(JourneyCompletePaymentTransitionsDocument, { id: order.id, p: session.payment.id });
    expect(completePayment.status).toBe('completed');
    expect(completePayment.state.transitions.map((t) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);

    // After commit: the gift card is redeemed and the order exported to the commerce platform.
    await eventually(async () => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.committed === 100, 30_000);
    expect((await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.balance).toBe(0);
    const exported = await eventually(async () => (await gql(JourneyOrderReferenceDocument, { id: order.id })).order?.reference, 30_000);
    const commerceOrder = await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${exported}`);
    expect(commerceOrder.status).toBe(200);
    expect(JSON.stringify(commerceOrder.body)).toContain(order.id);
  });

  it('changing a quantity after the gift card keeps the payments summing to the total', async () => {
    const other = await openShop(system, 'm-journey-gql-2');
    const run = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
      dataOf(await graphql(system.urls.gateway!, document, variables, { token: other.storefrontToken, ...other.tenant }));
    const { createOrderFromBasket: order } = await run(JourneyCreateOrderWithItemsDocument, {
      input: { cartReference: other.basketId, culture: 'nb-NO', currency: 'NOK' },
    });
    await run(JourneyAddGiftCardDocument, { id: order.id, card: other.cardId });
    await run(StartNonPspPaymentDocument, { id: order.id });
    const shoes = order.cart.items.find((item) => (item.data as { sku?: string }).sku === 'SHOE-42') ?? order.cart.items[0]!;
    const { updateCartItem } = await run(JourneyUpdateQuantityDocument, { id: order.id, item: shoes.id });
    expect(updateCartItem.total.includingVat).toBe(349.85);
    const settled = await eventually(async () => {
      const { order: now } = await run(JourneyOrderActivePaymentsDocument, { id: order.id });
      if (!now) return undefined;
      const active = now.payments.filter((p) => !['removed', 'failed', 'cancelled'].includes(p.state));
      const sum = Math.round(active.reduce((total, p) => total + p.amount * 100, 0)) / 100;
      return sum === now.total.includingVat ? now : undefined;
    }, 30_000);
    expect(settled.payments.find((p) => p.adapterId === 'nonpsp_adapter')?.amount).toBe(249.85);
    // validateOrder names everything completion would refuse: without a billing address, that.
    const before = await run(JourneyValidateOrderDocument, { id: order.id });
    expect(before.validateOrder).toEqual({ valid: false, failures: [{ code: 'customer_incomplete', adapterId: 'commerce_adapter' }] });
    await run(JourneySetBillingDocument, { id: order.id, a: BILLING });
    const { validateOrder } = await run(ValidateOrderDocument, { id: order.id });
    expect(validateOrder.valid).toBe(true);
  });
});
