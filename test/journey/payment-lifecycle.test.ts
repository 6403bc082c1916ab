import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CancelPaymentStateDocument,
  DeliverOrderDocument,
  JourneyAddGiftCardAmountDocument,
  JourneyCancelPaymentDocument,
  JourneyCompletePaymentDocument,
  JourneyCreateOrderDocument,
  JourneyOrderAttentionDocument,
  JourneyOrderPaymentStatesDocument,
  JourneyOrderPaymentStatesOnlyDocument,
  JourneyPaymentReasonsDocument,
  JourneyPaymentStateDocument,
  JourneyRefundDamagedDocument,
  JourneyRefundReasonDocument,
  JourneySetBillingDocument,
  JourneyStartNonPspAmountDocument,
  OrderStatusDocument,
  StartNonPspPaymentDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { outboxSettled } from '../harness/outbox.js';
import { eventually } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from './journey-setup.js';

/**
 * The payment lifecycle the platform drives, end to end on the real stack (gateway, services,
 * adapters, gift card and commerce sandboxes): gift cards + non-PSP, process / abort / confirm /
 * capture / cancel / refund, every call visible in the events list.
 */
let system: TestSystem;
let shop: Shop;

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  shop = await openShop(system, 'm-lifecycle-journey');
});
afterAll(() => system?.close());

type Document<TData, TVariables> = TypedDocumentNode<TData, TVariables>;
const call = <TData, TVariables extends Record<string, unknown>>(token: string, document: Document<TData, TVariables>, variables: TVariables) =>
  graphql(system.urls.gateway!, document, variables, { token, ...shop.tenant });
const shopper = <TData, TVariables extends Record<string, unknown>>(document: Document<TData, TVariables>, variables: TVariables) => call(shop.storefrontToken, document, variables);
const admin = <TData, TVariables extends Record<string, unknown>>(document: Document<TData, TVariables>, variables: TVariables) => call(shop.adminToken, document, variables);
const card = async (cardId: string) => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${cardId}`)).body;
const events = async (orderId: string) =>
  (await rest(system.urls.notifications!, 'GET', `/api/v1/events?orderId=${orderId}`, { token: shop.adminToken, ...shop.tenant })).body as Array<{ type: string; data: any }>;
const callbacks = async (orderId: string) =>
  (await events(orderId)).filter((event) => event.type === 'payment.callback').map(({ data }) => `${data.callback}:${data.paymentId}:${data.succeeded ? 'ok' : 'failed'}`);

async function newOrder(basketId = shop.basketId): Promise<string> {
  const created = await shopper(JourneyCreateOrderDocument, {
    input: { cartReference: basketId, culture: 'nb-NO', currency: 'NOK' },
  });
  const orderId = dataOf(created).createOrderFromBasket.id;
  await shopper(JourneySetBillingDocument, { id: orderId, a: BILLING });
  return orderId;
}

describe('the payment lifecycle: gift cards and a non-PSP payment', () => {
  it('process on every payment; a refused reservation vetoes processing and the other card is released; then completed → confirm, delivered → capture, a partial refund', async () => {
    const second = 'CARD-lifecycle-2';
    expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId: second, balance: 50, currency: 'NOK' } })).status).toBe(201);
    const orderId = await newOrder();
    const first = dataOf(await shopper(JourneyAddGiftCardAmountDocument, { id: orderId, card: shop.cardId })).addGiftCard;
    const other = dataOf(await shopper(JourneyAddGiftCardAmountDocument, { id: orderId, card: second })).addGiftCard;
    expect([first.amount, other.amount]).toEqual([100, 50]);
    const started = await shopper(JourneyStartNonPspAmountDocument, { id: orderId });
    const nonpsp = dataOf(started).startPayment.payment!;
    expect(nonpsp.amount).toBe(99.9);
    const [cardA, cardB] = [first.id, other.id];

    // The gift card system refuses the next reservation, whichever card asks first.
    expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/failures', { body: { operation: 'reserve', status: 503, times: 1 } })).status).toBe(201);
    const refused = (await shopper(JourneyCompletePaymentDocument, { id: orderId, p: nonpsp.id })).body;
    expect(refused.errors?.[0]?.extensions?.code).toBe('PAYMENT_PROCESS_FAILED');
    expect(refused.errors?.[0]?.message).toMatch(/^Payment .+ of giftcard_adapter refused processing: The gift card system could not reserve gift card/);
    const order = dataOf(await admin(JourneyOrderPaymentStatesDocument, { id: orderId })).order;
    expect(order?.status).toBe('checkout');
    expect(order?.payments.map((p) => p.state)).toEqual(['intent', 'intent', 'intent']);
    // abort released the card that was reserved: nothing is held, no balance moved.
    expect(await card(shop.cardId)).toMatchObject({ balance: 100, reserved: 0 });
    expect(await card(second)).toMatchObject({ balance: 50, reserved: 0 });
    const afterVeto = await callbacks(orderId);
    expect(afterVeto.filter((c) => c.startsWith('process:')).sort()).toEqual(
      [`process:${nonpsp.id}:ok`, ...[cardA, cardB].map((id) => `process:${id}:${afterVeto.includes(`process:${id}:failed`) ? 'failed' : 'ok'}`)].sort(),
    );
    const refusedCard = afterVeto.includes(`process:${cardA}:failed`) ? cardA : cardB;
    const reservedCard = refusedCard === cardA ? cardB : cardA;
    expect(afterVeto).toContain(`process:${refusedCard}:failed`);
    // abort goes to every payment whose process answered: the reserved card, and the non-PSP payment (its process reserves it too).
    expect(afterVeto.filter((c) => c.startsWith('abort:')).sort()).toEqual([`abort:${reservedCard}:ok`, `abort:${nonpsp.id}:ok`].sort());
    expect((await events(orderId)).some((e) => e.type === 'order.change_vetoed' && e.data.reason === 'payment_process_failed')).toBe(true);

    // Second attempt: every card reserved, the order completed, confirm commits each card by exactly its amount.
    const done = await shopper(JourneyCompletePaymentDocument, { id: orderId, p: nonpsp.id });
    expect(done.body.errors).toBeUndefined();
    expect(dataOf(done).completePayment.status).toBe('completed');
    await eventually(async () => (await card(shop.cardId)).committed === 100 && (await card(second)).committed === 50, 30_000);
    expect(await card(shop.cardId)).toMatchObject({ balance: 0, reserved: 0, committed: 100 });
    expect(await card(second)).toMatchObject({ balance: 0, reserved: 0, committed: 50 });
    await eventually(async () => {
      const payments = dataOf(await admin(JourneyOrderPaymentStatesOnlyDocument, { id: orderId })).order?.payments ?? [];
      return payments.map((p) => p.state).join() === 'captured,captured,reserved';
    });

    // Delivered (admin): capture on the payments that registered it — the non-PSP one, not the cards.
    const delivered = await admin(DeliverOrderDocument, { id: orderId });
    expect(dataOf(delivered).deliverOrder.status).toBe('delivered');
    await eventually(async () => dataOf(await admin(JourneyPaymentStateDocument, { o: orderId, p: nonpsp.id })).payment?.state === 'captured');
    await outboxSettled(system, orderId); // every confirm and capture call answered and recorded

    // A partial refund from the admin: a logged transaction, the payment still captured.
    const refund = await admin(JourneyRefundDamagedDocument, { o: orderId, p: nonpsp.id });
    expect(refund.body.errors).toBeUndefined();
    const refunded = dataOf(refund).refundPayment;
    expect(refunded).toMatchObject({ state: 'captured', refundedAmount: 30 });
    expect(refunded.transactions.filter((t) => t.pspEvent === 'platform')).toEqual([
      // First attempt: process reserved it, and abort released it when a card refused; second attempt: process.
      expect.objectContaining({ event: 'process', isSuccess: true }),
      expect.objectContaining({ event: 'abort', isSuccess: true }),
      expect.objectContaining({ event: 'process', isSuccess: true }),
      expect.objectContaining({ event: 'capture', isSuccess: true }),
      { event: 'refund', pspEvent: 'platform', amount: 30, isSuccess: true, errorDetail: null },
    ]);
    // The operator's reason (trimmed) is on the refund's transaction, and in the request the adapter received.
    const reasons = await admin(JourneyPaymentReasonsDocument, { o: orderId, p: nonpsp.id });
    const logged = dataOf(reasons).payment?.transactions.filter((t) => t.pspEvent === 'platform') ?? [];
    expect(logged.map((t) => [t.event, t.reason])).toEqual([['process', null], ['abort', null], ['process', null], ['capture', null], ['refund', 'Damaged in transit']]);
    expect(logged.at(-1)?.requestJson).toMatchObject({ amount: 30, reason: 'Damaged in transit' });
    const tooLong = (await admin(JourneyRefundReasonDocument, { o: orderId, p: nonpsp.id, r: 'x'.repeat(501) })).body;
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('INVALID_REFUND_REASON');

    const all = await callbacks(orderId);
    expect(all.filter((c) => c.startsWith('confirm:')).sort()).toEqual([`confirm:${cardA}:ok`, `confirm:${cardB}:ok`].sort());
    expect(all.filter((c) => c.startsWith('capture:'))).toEqual([`capture:${nonpsp.id}:ok`]);
    expect(all.filter((c) => c.startsWith('refund:'))).toEqual([`refund:${nonpsp.id}:ok`]);
  });

  it('cancel from the admin after completion, before delivery: a logged transaction and a cancelled payment', async () => {
    const basket = await rest(system.urls.commerce_sandbox!, 'POST', '/api/sandbox/baskets', {
      body: { currency: 'NOK', items: [{ sku: 'CAP', name: 'Cap', quantity: 1, unitPrice: 80, vatRate: 0.25 }], buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com' } },
    });
    const orderId = await newOrder(basket.body.id);
    const started = await shopper(StartNonPspPaymentDocument, { id: orderId });
    const paymentId = dataOf(started).startPayment.payment!.id;
    const done = await shopper(JourneyCompletePaymentDocument, { id: orderId, p: paymentId });
    expect(dataOf(done).completePayment.status).toBe('completed');
    const asShopper = (await shopper(CancelPaymentStateDocument, { o: orderId, p: paymentId })).body;
    expect(asShopper.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const cancelled = await admin(JourneyCancelPaymentDocument, { o: orderId, p: paymentId });
    expect(cancelled.body.errors).toBeUndefined();
    expect(dataOf(cancelled).cancelPayment.state).toBe('cancelled');
    expect(dataOf(cancelled).cancelPayment.transactions.at(-1)).toEqual({ event: 'cancel', pspEvent: 'platform', amount: 80, isSuccess: true, errorDetail: null });
    expect(await callbacks(orderId)).toContain(`cancel:${paymentId}:ok`);
    // Its only payment cancelled, the completed order needs attention and is not delivered (docs/order-engine.md, "Orders needing attention").
    const seen = await admin(JourneyOrderAttentionDocument, { id: orderId });
    expect(dataOf(seen).order).toEqual({
      status: 'completed',
      attention: { code: 'payments_voided', message: expect.stringMatching(/^Every payment of this order is cancelled or refunded \(1 cancelled\)/), paymentIds: [paymentId] },
    });
    const refused = (await admin(DeliverOrderDocument, { id: orderId })).body;
    expect(refused.errors?.[0]?.extensions?.code).toBe('ORDER_NEEDS_ATTENTION');
    expect(dataOf(await admin(OrderStatusDocument, { id: orderId })).order?.status).toBe('completed');
    await outboxSettled(system, orderId);
    expect((await callbacks(orderId)).filter((c) => c.startsWith('capture:'))).toEqual([]);
  });
});
