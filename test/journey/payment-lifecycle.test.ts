import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphqlUntyped, rest } from '../harness/http.js';
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

const call = async (token: string, query: string, variables: Record<string, unknown> = {}) => (await graphqlUntyped(system.urls.gateway!, query, variables, { token, ...shop.tenant })).body;
const shopper = (query: string, variables: Record<string, unknown> = {}) => call(shop.storefrontToken, query, variables);
const admin = (query: string, variables: Record<string, unknown> = {}) => call(shop.adminToken, query, variables);
const card = async (cardId: string) => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${cardId}`)).body;
const events = async (orderId: string) =>
  (await rest(system.urls.notifications!, 'GET', `/api/v1/events?orderId=${orderId}`, { token: shop.adminToken, ...shop.tenant })).body as Array<{ type: string; data: any }>;
const callbacks = async (orderId: string) =>
  (await events(orderId)).filter((event) => event.type === 'payment.callback').map(({ data }) => `${data.callback}:${data.paymentId}:${data.succeeded ? 'ok' : 'failed'}`);
const PAYMENT = 'id adapterId state amount refundedAmount transactions { event pspEvent amount isSuccess errorDetail }';

async function newOrder(basketId = shop.basketId): Promise<string> {
  const created = await shopper(`mutation ($input: CreateOrderFromBasketInput!) { createOrderFromBasket(input: $input) { id } }`, {
    input: { cartReference: basketId, culture: 'nb-NO', currency: 'NOK' },
  });
  const orderId = created.data.createOrderFromBasket.id as string;
  await shopper(`mutation ($id: ID!, $a: AddressInput!) { setBillingAddress(orderId: $id, address: $a) { id } }`, { id: orderId, a: BILLING });
  return orderId;
}

describe('the payment lifecycle: gift cards and a non-PSP payment', () => {
  it('process on every payment; a refused reservation vetoes processing and the other card is released; then completed → confirm, delivered → capture, a partial refund', async () => {
    const second = 'CARD-lifecycle-2';
    expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId: second, balance: 50, currency: 'NOK' } })).status).toBe(201);
    const orderId = await newOrder();
    const first = await shopper(`mutation ($id: ID!, $c: String!) { addGiftCard(orderId: $id, cardId: $c) { id amount } }`, { id: orderId, c: shop.cardId });
    const other = await shopper(`mutation ($id: ID!, $c: String!) { addGiftCard(orderId: $id, cardId: $c) { id amount } }`, { id: orderId, c: second });
    expect([first.data.addGiftCard.amount, other.data.addGiftCard.amount]).toEqual([100, 50]);
    const started = await shopper(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { payment { id amount } } }`, { id: orderId });
    const nonpsp = started.data.startPayment.payment;
    expect(nonpsp.amount).toBe(99.9);
    const [cardA, cardB] = [first.data.addGiftCard.id as string, other.data.addGiftCard.id as string];

    // The gift card system refuses the next reservation, whichever card asks first.
    expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/failures', { body: { operation: 'reserve', status: 503, times: 1 } })).status).toBe(201);
    const refused = await shopper(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status } }`, { id: orderId, p: nonpsp.id });
    expect(refused.errors[0].extensions.code).toBe('PAYMENT_PROCESS_FAILED');
    expect(refused.errors[0].message).toMatch(/^Payment .+ of giftcard_adapter refused processing: The gift card system could not reserve gift card/);
    let order = (await admin(`query ($id: ID!) { order(id: $id) { status payments { id state } } }`, { id: orderId })).data.order;
    expect(order.status).toBe('checkout');
    expect(order.payments.map((p: { state: string }) => p.state)).toEqual(['intent', 'intent', 'intent']);
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
    expect(afterVeto.filter((c) => c.startsWith('abort:'))).toEqual([`abort:${reservedCard}:ok`]);
    expect((await events(orderId)).some((e) => e.type === 'order.change_vetoed' && e.data.reason === 'payment_process_failed')).toBe(true);

    // Second attempt: every card reserved, the order completed, confirm commits each card by exactly its amount.
    const done = await shopper(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status } }`, { id: orderId, p: nonpsp.id });
    expect(done.errors).toBeUndefined();
    expect(done.data.completePayment.status).toBe('completed');
    await eventually(async () => (await card(shop.cardId)).committed === 100 && (await card(second)).committed === 50, 30_000);
    expect(await card(shop.cardId)).toMatchObject({ balance: 0, reserved: 0, committed: 100 });
    expect(await card(second)).toMatchObject({ balance: 0, reserved: 0, committed: 50 });
    await eventually(async () => {
      const payments = (await admin(`query ($id: ID!) { order(id: $id) { payments { state } } }`, { id: orderId })).data.order.payments;
      return payments.map((p: { state: string }) => p.state).join() === 'captured,captured,reserved';
    });

    // Delivered (admin): capture on the payments that registered it — the non-PSP one, not the cards.
    const delivered = await admin(`mutation ($id: ID!) { deliverOrder(orderId: $id) { status } }`, { id: orderId });
    expect(delivered.data.deliverOrder.status).toBe('delivered');
    await eventually(async () => (await admin(`query ($o: ID!, $p: ID!) { payment(orderId: $o, id: $p) { state } }`, { o: orderId, p: nonpsp.id })).data.payment.state === 'captured');
    await outboxSettled(system, orderId); // every confirm and capture call answered and recorded

    // A partial refund from the admin: a logged transaction, the payment still captured.
    const refund = await admin(`mutation ($o: ID!, $p: ID!) { refundPayment(orderId: $o, paymentId: $p, amount: 30, reason: "  Damaged in transit  ") { ${PAYMENT} } }`, { o: orderId, p: nonpsp.id });
    expect(refund.errors).toBeUndefined();
    expect(refund.data.refundPayment).toMatchObject({ state: 'captured', refundedAmount: 30 });
    expect(refund.data.refundPayment.transactions.filter((t: { pspEvent: string }) => t.pspEvent === 'platform')).toEqual([
      expect.objectContaining({ event: 'process', isSuccess: true }),
      expect.objectContaining({ event: 'process', isSuccess: true }),
      expect.objectContaining({ event: 'capture', isSuccess: true }),
      { event: 'refund', pspEvent: 'platform', amount: 30, isSuccess: true, errorDetail: null },
    ]);
    // The operator's reason (trimmed) is on the refund's transaction, and in the request the adapter received.
    const reasons = await admin(`query ($o: ID!, $p: ID!) { payment(orderId: $o, id: $p) { transactions { event pspEvent reason requestJson } } }`, { o: orderId, p: nonpsp.id });
    const logged = reasons.data.payment.transactions.filter((t: { pspEvent: string }) => t.pspEvent === 'platform');
    expect(logged.map((t: { event: string; reason: string | null }) => [t.event, t.reason])).toEqual([['process', null], ['process', null], ['capture', null], ['refund', 'Damaged in transit']]);
    expect(logged.at(-1).requestJson).toMatchObject({ amount: 30, reason: 'Damaged in transit' });
    const tooLong = await admin(`mutation ($o: ID!, $p: ID!, $r: String) { refundPayment(orderId: $o, paymentId: $p, amount: 1, reason: $r) { id } }`, { o: orderId, p: nonpsp.id, r: 'x'.repeat(501) });
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
    const started = await shopper(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { payment { id } } }`, { id: orderId });
    const paymentId = started.data.startPayment.payment.id as string;
    const done = await shopper(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status } }`, { id: orderId, p: paymentId });
    expect(done.data.completePayment.status).toBe('completed');
    const asShopper = await shopper(`mutation ($o: ID!, $p: ID!) { cancelPayment(orderId: $o, paymentId: $p) { state } }`, { o: orderId, p: paymentId });
    expect(asShopper.errors[0].extensions.code).toBe('FORBIDDEN');

    const cancelled = await admin(`mutation ($o: ID!, $p: ID!) { cancelPayment(orderId: $o, paymentId: $p) { ${PAYMENT} } }`, { o: orderId, p: paymentId });
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data.cancelPayment.state).toBe('cancelled');
    expect(cancelled.data.cancelPayment.transactions.at(-1)).toEqual({ event: 'cancel', pspEvent: 'platform', amount: 80, isSuccess: true, errorDetail: null });
    expect(await callbacks(orderId)).toContain(`cancel:${paymentId}:ok`);
    // Its only payment cancelled, the completed order needs attention and is not delivered (docs/order-engine.md, "Orders needing attention").
    const seen = await admin(`query ($id: ID!) { order(id: $id) { status attention { code message paymentIds } } }`, { id: orderId });
    expect(seen.data.order).toEqual({
      status: 'completed',
      attention: { code: 'payments_voided', message: expect.stringMatching(/^Every payment of this order is cancelled or refunded \(1 cancelled\)/), paymentIds: [paymentId] },
    });
    const refused = await admin(`mutation ($id: ID!) { deliverOrder(orderId: $id) { status } }`, { id: orderId });
    expect(refused.errors?.[0]?.extensions?.code).toBe('ORDER_NEEDS_ATTENTION');
    expect((await admin(`query ($id: ID!) { order(id: $id) { status } }`, { id: orderId })).data.order.status).toBe('completed');
    await outboxSettled(system, orderId);
    expect((await callbacks(orderId)).filter((c) => c.startsWith('capture:'))).toEqual([]);
  });
});
