import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rest } from '../harness/http.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { createBody, paymentClient, transactionBody } from './payment-client.js';

let system: TestSystem;
let orders: Awaited<ReturnType<typeof orderClient>>;
let psp: Awaited<ReturnType<typeof paymentClient>>;
let hookAdapter: TestAdapter;
const tenant = { merchant: 'm-payments', channel: 'web' };
const ADAPTER = 'provider_d_dropin_adapter';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  system = await startTestSystem();
  orders = await orderClient(system, tenant, 'admin');
  psp = await paymentClient(system, tenant, 'adapter', ADAPTER);
  hookAdapter = await TestAdapter.start();
});
afterAll(async () => {
  await hookAdapter?.close();
  await system?.close();
});

async function createOrder(overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await orders.call('POST', '', sampleOrder(overrides));
  expect(created.status).toBe(201);
  return created.body.id as string;
}
const paymentsOf = async (orderId: string) => (await orders.call('GET', `/${orderId}`)).body.payments as Array<Record<string, any>>;

describe('payment API: create, update, log', () => {
  it('creates a payment, updates its reference and callbacks, and logs a transaction', async () => {
    const orderId = await createOrder();
    const created = await psp.call('POST', '', createBody(tenant, orderId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(UUID), adapterId: ADAPTER, name: 'Card', merchant: tenant.merchant, channel: tenant.channel, currency: 'NOK', type: 'checkout', orderId, amount: 249.9, state: 'intent' });
    const paymentId = created.body.id as string;
    expect(created.headers.get('location')).toBe(`/api/v0/payments/${paymentId}`);
    expect(created.headers.get('etag')).toBe('"2"');

    const callbacks = { amountChanged: `https://psp.example/v0/orders/${orderId}/amount-changed`, process: `https://psp.example/v0/orders/${orderId}/payments/${paymentId}/process` };
    const updated = await psp.call('PUT', `/${paymentId}`, { ...createBody(tenant, orderId), reference: 'PSP-REF-1', callbacks });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: paymentId, reference: 'PSP-REF-1', callbacks, state: 'intent', amount: 249.9 });

    // Without orderId the payment is found by its id among the tenant's orders.
    const renamed = await psp.call('PUT', `/${paymentId}`, { name: 'Visa' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Visa', reference: 'PSP-REF-1', callbacks });

    const logged = await psp.call('POST', `/${paymentId}/transactions`, transactionBody());
    expect(logged.status).toBe(201);
    expect(logged.body).toEqual({
      id: expect.stringMatching(UUID),
      orderId,
      paymentId,
      adapterId: ADAPTER,
      event: 'open',
      pspEvent: 'create',
      amount: 249.9,
      isSuccess: true,
      pspStatus: 'Received',
      requestJson: transactionBody().requestJson,
      responseJson: transactionBody().responseJson,
      errorDetail: null,
      createdAt: expect.stringMatching(/Z$/),
    });
    const rows = await system.db.prisma.paymentTransaction.findMany({ where: { paymentId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ merchant: tenant.merchant, channel: tenant.channel, orderId, isSuccess: true });

    const [stored] = await paymentsOf(orderId);
    expect(stored).toMatchObject({ id: paymentId, reference: 'PSP-REF-1', name: 'Visa', callbacks });
  });

  it('defaults state to intent, type to checkout and currency to the order currency; keeps optional fields', async () => {
    const orderId = await createOrder();
    const { status, body } = await psp.call('POST', '', { adapterId: ADAPTER, orderId, amount: 10, upperLimitAmount: 2147483647, attributes: { method: 'scheme' } });
    expect(status).toBe(201);
    expect(body).toMatchObject({ state: 'intent', type: 'checkout', currency: 'NOK', upperLimitAmount: 2147483647, attributes: { method: 'scheme' } });
  });

  it('logs a failed transaction with its errorDetail; transactions are found with orderId too', async () => {
    const orderId = await createOrder();
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    const failed = await psp.call('POST', `/${paymentId}/transactions`, transactionBody({ orderId, isSuccess: false, pspStatus: 'Refused', errorDetail: 'CVC Declined', requestJson: null, responseJson: 'plain text' }));
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ isSuccess: false, errorDetail: 'CVC Declined', requestJson: null, responseJson: 'plain text' });

    const log = await psp.call('GET', `/${paymentId}/transactions`);
    expect(log.status).toBe(200);
    expect(log.body).toEqual([expect.objectContaining({ id: failed.body.id, paymentId, adapterId: ADAPTER, isSuccess: false, errorDetail: 'CVC Declined' })]);
    expect((await psp.call('GET', `/${paymentId}/transactions?orderId=${orderId}`)).body).toEqual(log.body);
  });
});

describe('attempts: failed creates that left no payment', () => {
  const attempt = (overrides: Record<string, unknown> = {}) => ({ event: 'open', pspEvent: 'create', amount: 249.9, isSuccess: false, pspStatus: 'provider_failed', errorDetail: 'The provider is down (HTTP 503)', ...overrides });

  it('logs an attempt with the order, against no payment, and lists it for the adapter and the admin', async () => {
    const orderId = await createOrder();
    const logged = await psp.call('POST', '/attempts', attempt({ orderId, requestJson: { amount: 249.9 } }));
    expect(logged.status).toBe(201);
    expect(logged.body).toEqual({
      id: expect.stringMatching(UUID),
      orderId,
      paymentId: null,
      adapterId: ADAPTER,
      event: 'open',
      pspEvent: 'create',
      amount: 249.9,
      isSuccess: false,
      pspStatus: 'provider_failed',
      requestJson: { amount: 249.9 },
      responseJson: null,
      errorDetail: 'The provider is down (HTTP 503)',
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(await paymentsOf(orderId)).toEqual([]);

    const mine = await psp.call('GET', `/attempts?orderId=${orderId}`);
    expect([mine.status, mine.body]).toEqual([200, [logged.body]]);
    const admin = await paymentClient(system, tenant, 'admin');
    expect((await admin.call('GET', `/attempts?orderId=${orderId}`)).body).toEqual([logged.body]);
    // Another adapter sees none of it; an admin logging one names the adapter.
    const other = await paymentClient(system, tenant, 'adapter', 'giftcard_adapter');
    expect((await other.call('GET', `/attempts?orderId=${orderId}`)).body).toEqual([]);
    const unnamed = await admin.call('POST', '/attempts', attempt({ orderId }));
    expect([unnamed.status, unnamed.body.code]).toEqual([400, 'adapter_id_required']);
    expect((await admin.call('POST', '/attempts', attempt({ orderId, adapterId: 'giftcard_adapter' }))).status).toBe(201);
    expect((await other.call('GET', `/attempts?orderId=${orderId}`)).body).toEqual([expect.objectContaining({ adapterId: 'giftcard_adapter', paymentId: null })]);
  });

  it("refuses another adapter's attempts, unknown and foreign orders, storefronts and bad bodies", async () => {
    const orderId = await createOrder();
    const forged = await psp.call('POST', '/attempts', attempt({ orderId, adapterId: 'giftcard_adapter' }));
    expect([forged.status, forged.body.code]).toEqual([403, 'forbidden']);
    expect((await psp.call('POST', '/attempts', attempt({ orderId: 'no-such-order' }))).status).toBe(404);
    expect((await psp.call('GET', '/attempts?orderId=no-such-order')).status).toBe(404);
    const stranger = await paymentClient(system, { merchant: 'm-stranger', channel: 'web' }, 'adapter', ADAPTER);
    expect((await stranger.call('POST', '/attempts', attempt({ orderId }))).status).toBe(404);
    expect((await stranger.call('GET', `/attempts?orderId=${orderId}`)).status).toBe(404);
    const storefront = await paymentClient(system, tenant, 'storefront');
    expect((await storefront.call('GET', `/attempts?orderId=${orderId}`)).status).toBe(403);
    for (const body of [attempt(), attempt({ orderId, isSuccess: 'no' }), attempt({ orderId, paymentId: 'p' })]) {
      const refused = await psp.call('POST', '/attempts', body);
      expect([refused.status, refused.body.code]).toEqual([400, 'invalid_request']);
    }
    expect((await psp.call('GET', '/attempts')).status).toBe(400);
    expect(await system.db.prisma.paymentTransaction.count({ where: { orderId } })).toBe(0);
  });

  it("reads a payment's log only for its own adapter", async () => {
    const orderId = await createOrder();
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    expect((await psp.call('POST', `/${paymentId}/transactions`, transactionBody())).status).toBe(201);
    const other = await paymentClient(system, tenant, 'adapter', 'giftcard_adapter');
    expect((await other.call('GET', `/${paymentId}/transactions`)).status).toBe(403);
    expect((await psp.call('GET', '/no-such-payment/transactions')).status).toBe(404);
  });
});

describe('one active payment per adapter', () => {
  it('refuses a second intent payment of the same adapter with the spec message; other adapters and gift cards may add theirs', async () => {
    const orderId = await createOrder();
    const first = await psp.call('POST', '', createBody(tenant, orderId));
    const second = await psp.call('POST', '', createBody(tenant, orderId, { amount: 1 }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'active_payment_exists',
      message: `The order already has an active payment for this adapter; update it instead (PUT /api/v0/payments/${first.body.id}).`,
      details: { paymentId: first.body.id, adapterId: ADAPTER },
    });
    // a redirect payment (processing) is not an intent payment
    expect((await psp.call('POST', '', createBody(tenant, orderId, { state: 'processing', type: 'redirect' }))).status).toBe(201);

    const cards = await paymentClient(system, tenant, 'adapter', 'giftcard_adapter');
    for (const cardId of ['card-1', 'card-2']) {
      const card = await cards.call('POST', '', createBody(tenant, orderId, { adapterId: 'giftcard_adapter', type: 'giftcard', amount: 50, upperLimitAmount: 100, reference: cardId }));
      expect(card.status).toBe(201);
    }
    expect((await paymentsOf(orderId)).map((p) => p.adapterId)).toEqual([ADAPTER, ADAPTER, 'giftcard_adapter', 'giftcard_adapter']);

    // once the first one failed, a new intent payment may be created
    expect((await psp.call('PUT', `/${first.body.id}`, { state: 'failed' })).status).toBe(200);
    expect((await psp.call('POST', '', createBody(tenant, orderId))).status).toBe(201);
  });

  it('concurrent creates: exactly one wins, the others get 409 active_payment_exists', async () => {
    // A slow /payments hook keeps every create in flight at once: all read the order before any commits.
    hookAdapter.on('/slow-payments-hook', () => ({ status: 200, delayMs: 150 }));
    const orderId = await createOrder({ hooks: [{ adapterId: 'commerce_adapter', subscribeTo: '/payments', invoke: `${hookAdapter.url}/slow-payments-hook` }] });
    const answers = await Promise.all(Array.from({ length: 6 }, () => psp.call('POST', '', createBody(tenant, orderId))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'active_payment_exists')).toBe(true);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('one active gift card payment per card: a second one is 409 gift_card_already_added; other cards and a removed card may be added', async () => {
    const orderId = await createOrder();
    const cards = await paymentClient(system, tenant, 'adapter', 'giftcard_adapter');
    const card = (reference: string) => createBody(tenant, orderId, { adapterId: 'giftcard_adapter', type: 'giftcard', amount: 50, upperLimitAmount: 100, reference, attributes: { cardId: reference } });
    const first = await cards.call('POST', '', card('card-a'));
    expect(first.status).toBe(201);
    const again = await cards.call('POST', '', card('card-a'));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'gift_card_already_added',
      message: 'This gift card already pays for the order; remove it first to add it again.',
      details: { paymentId: first.body.id, cardId: 'card-a' },
    });
    expect((await cards.call('POST', '', card('card-b'))).status).toBe(201);
    // a PUT cannot make a payment stand for a card that is already on the order
    const other = (await paymentsOf(orderId)).find((p) => p.reference === 'card-b')!;
    expect((await cards.call('PUT', `/${other.id}`, { reference: 'card-a', attributes: { cardId: 'card-a' } })).body.code).toBe('gift_card_already_added');
    // spec rule 3: a removed card added again is a new payment
    expect((await cards.call('PUT', `/${first.body.id}`, { state: 'removed' })).status).toBe(200);
    expect((await cards.call('POST', '', card('card-a'))).status).toBe(201);
    expect((await paymentsOf(orderId)).map((p) => [p.reference, p.state])).toEqual([
      ['card-a', 'removed'],
      ['card-b', 'intent'],
      ['card-a', 'intent'],
    ]);
  });

  it('concurrent adds of one gift card: exactly one wins, the others get 409 gift_card_already_added and leave nothing', async () => {
    hookAdapter.on('/slow-card-hook', () => ({ status: 200, delayMs: 150 }));
    const orderId = await createOrder({ hooks: [{ adapterId: 'commerce_adapter', subscribeTo: '/payments', invoke: `${hookAdapter.url}/slow-card-hook` }] });
    const cards = await paymentClient(system, tenant, 'adapter', 'giftcard_adapter');
    const body = createBody(tenant, orderId, { adapterId: 'giftcard_adapter', type: 'giftcard', amount: 100, upperLimitAmount: 100, reference: 'card-x', attributes: { cardId: 'card-x' } });
    const answers = await Promise.all(Array.from({ length: 4 }, () => cards.call('POST', '', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'gift_card_already_added')).toBe(true);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('refuses moving a payment back to intent while another intent payment of the adapter is open', async () => {
    const orderId = await createOrder();
    const redirect = await psp.call('POST', '', createBody(tenant, orderId, { state: 'processing' }));
    const intent = await psp.call('POST', '', createBody(tenant, orderId));
    expect(intent.status).toBe(201);
    const back = await psp.call('PUT', `/${redirect.body.id}`, { state: 'intent' });
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('active_payment_exists');
  });
});

describe('orders changed by the order service', () => {
  it('are seen as they are in the database: no refusal or answer from an outdated copy', async () => {
    const orderId = await createOrder();
    const first = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    await orders.call('GET', `/${orderId}`);
    expect((await orders.call('PUT', `/${orderId}/payments/${first}`, { state: 'failed' })).status).toBe(200);
    const second = await psp.call('POST', '', createBody(tenant, orderId));
    expect(second.status).toBe(201);

    await orders.call('GET', `/${orderId}`);
    expect((await orders.call('PUT', `/${orderId}/payments/${second.body.id}`, { reference: 'set-by-order-service' })).status).toBe(200);
    const same = await psp.call('PUT', `/${second.body.id}`, { state: 'intent' });
    expect(same.status).toBe(200);
    expect(same.body.reference).toBe('set-by-order-service');
  });
});

describe('payment states', () => {
  it('walks intent → processing → intent → reserved → captured → refunded and refuses what the table does not allow', async () => {
    const orderId = await createOrder();
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    for (const state of ['processing', 'intent', 'reserved', 'captured', 'refunded']) {
      const moved = await psp.call('PUT', `/${paymentId}`, { state });
      expect([state, moved.status]).toEqual([state, 200]);
      expect(moved.body.state).toBe(state);
    }
    const illegal = await psp.call('PUT', `/${paymentId}`, { state: 'intent', reference: 'kept-out' });
    expect(illegal.status).toBe(400);
    expect(illegal.body).toEqual({
      code: 'illegal_payment_transition',
      message: 'A payment cannot move from refunded to intent; from refunded it can move to nothing (it is final).',
      details: { from: 'refunded', to: 'intent', allowed: [] },
    });
    expect((await paymentsOf(orderId))[0]).not.toHaveProperty('reference');
  });

  it('a refund the provider reported (refund + keyed transaction): the refund rule on the payment, once per key', async () => {
    const orderId = await createOrder();
    const created = (await psp.call('POST', '', createBody(tenant, orderId))).body;
    const paymentId = created.id as string;
    const refund = (amount: number, eventKey?: string, extra: Record<string, unknown> = {}) =>
      psp.call('PUT', `/${paymentId}`, { orderId, refund: { amount }, ...(eventKey ? { transaction: { event: 'webhook', pspEvent: 'refunded', isSuccess: true, amount, eventKey } } : {}), ...extra });
    // Not captured yet: the state table refuses it.
    expect((await refund(10, 'r-0')).body.code).toBe('illegal_payment_transition');
    for (const state of ['reserved', 'captured']) expect((await psp.call('PUT', `/${paymentId}`, { state })).status).toBe(200);
    expect((await refund(10)).body.code).toBe('event_key_required');
    expect((await refund(10, 'r-x', { state: 'refunded' })).body.code).toBe('refund_with_state');
    expect((await psp.call('PUT', `/${paymentId}`, { orderId, refund: { amount: 0 }, transaction: { event: 'webhook', isSuccess: true, eventKey: 'r-z' } })).status).toBe(400);

    const partial = await refund(10, 'r-1');
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ state: 'captured', refundedAmount: 10 });
    expect((await refund(10, 'r-1')).body.code).toBe('duplicate_event');
    expect(created.amount).toBe(249.9);
    const tooMuch = await refund(240.9, 'r-2');
    expect(tooMuch.body).toMatchObject({ code: 'refund_exceeds_captured', details: { refundedAmount: 10 } });
    const remainder = await refund(239.9, 'r-3');
    expect(remainder.body).toMatchObject({ state: 'refunded', refundedAmount: 249.9 });
    expect((await paymentsOf(orderId))[0]).toMatchObject({ state: 'refunded', refundedAmount: 249.9 });
  });

  it('names the allowed moves; refuses creating a payment in a state a payment cannot start in', async () => {
    const orderId = await createOrder();
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    const skip = await psp.call('PUT', `/${paymentId}`, { state: 'captured' });
    expect(skip.status).toBe(400);
    expect(skip.body.message).toBe('A payment cannot move from intent to captured; from intent it can move to processing, pending, reserved, failed, cancelled, removed.');
    expect(skip.body.details.allowed).toEqual(['processing', 'pending', 'reserved', 'failed', 'cancelled', 'removed']);
    const reserved = await psp.call('POST', '', createBody(tenant, orderId, { state: 'reserved' }));
    expect(reserved.status).toBe(400);
    expect(reserved.body.code).toBe('illegal_payment_transition');
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('a reserved gift card is released back to intent; removed is final and stays visible', async () => {
    const orderId = await createOrder();
    const cards = await paymentClient(system, tenant, 'adapter', 'giftcard_adapter');
    const card = (await cards.call('POST', '', createBody(tenant, orderId, { adapterId: 'giftcard_adapter', type: 'giftcard', amount: 100 }))).body.id;
    for (const state of ['reserved', 'intent', 'removed']) expect((await cards.call('PUT', `/${card}`, { state })).status).toBe(200);
    expect((await cards.call('PUT', `/${card}`, { state: 'intent' })).status).toBe(400);
    expect((await paymentsOf(orderId))[0]).toMatchObject({ id: card, state: 'removed' });
  });

  it('once the order is accepted, a payment holding money does not go back to intent (409 order_settled)', async () => {
    const orderId = await createOrder();
    const payment = (await psp.call('POST', '', createBody(tenant, orderId, { amount: 249.9 }))).body.id;
    expect((await psp.call('PUT', `/${payment}`, { state: 'reserved' })).status).toBe(200);
    for (const status of ['processing', 'accepted', 'completed']) expect((await orders.call('PUT', `/${orderId}/state`, { status })).status).toBe(200);
    const refused = await psp.call('PUT', `/${payment}`, { state: 'intent' });
    expect([refused.status, refused.body.code]).toEqual([409, 'order_settled']);
    const viaOrders = await orders.call('PUT', `/${orderId}/payments/${payment}`, { state: 'intent' });
    expect([viaOrders.status, viaOrders.body.code]).toEqual([409, 'order_settled']);
    expect((await paymentsOf(orderId))[0]).toMatchObject({ id: payment, state: 'reserved' });
    // Forward moves still work: captured on delivery.
    expect((await psp.call('PUT', `/${payment}`, { state: 'captured' })).status).toBe(200);
  });
});

describe("amounts and their currency's minor units", () => {
  const expectPrecisionRefusal = (answer: { status: number; body: any }, currency: string, exponent: number, amount: number) => {
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'amount_precision', details: { currency, exponent, amount } });
    expect(answer.body.message).toContain(exponent === 0 ? `${currency} allows no decimals` : `${currency} allows at most ${exponent} decimals`);
  };

  it('refuses a payment created or updated with an amount finer than the order currency allows (400 amount_precision), never rounding it', async () => {
    const orderId = await createOrder();
    expectPrecisionRefusal(await psp.call('POST', '', createBody(tenant, orderId, { amount: 249.905 })), 'NOK', 2, 249.905);
    expectPrecisionRefusal(await psp.call('POST', '', createBody(tenant, orderId, { upperLimitAmount: 300.001 })), 'NOK', 2, 300.001);
    expect(await paymentsOf(orderId)).toEqual([]);

    const created = await psp.call('POST', '', createBody(tenant, orderId, { amount: 249.9 }));
    expect(created.status).toBe(201);
    const paymentId = created.body.id as string;
    const refused = await psp.call('PUT', `/${paymentId}`, { amount: 12.345 });
    expectPrecisionRefusal(refused, 'NOK', 2, 12.345);
    expect(refused.body.details.pointer).toBe('/payments/0/amount');
    expect((await paymentsOf(orderId))[0]).toMatchObject({ id: paymentId, amount: 249.9 });
    expect((await psp.call('PUT', `/${paymentId}`, { amount: 12.35 })).body.amount).toBe(12.35);
  });

  it('holds each currency to its own exponent: JPY has no decimals, KWD three', async () => {
    const yen = await createOrder({ currency: 'JPY', cart: { items: [{ id: 'i' }], total: { includingVat: 2500, excludingVat: 2000 } } });
    expectPrecisionRefusal(await psp.call('POST', '', createBody(tenant, yen, { currency: 'JPY', amount: 2499.5 })), 'JPY', 0, 2499.5);
    expect((await psp.call('POST', '', createBody(tenant, yen, { currency: 'JPY', amount: 2500 }))).status).toBe(201);

    const dinar = await createOrder({ currency: 'KWD', cart: { items: [{ id: 'i' }], total: { includingVat: 12.345, excludingVat: 9.876 } } });
    expect((await psp.call('POST', '', createBody(tenant, dinar, { currency: 'KWD', amount: 12.345 }))).status).toBe(201);
    expectPrecisionRefusal(await psp.call('POST', '', createBody(tenant, dinar, { adapterId: ADAPTER, type: 'giftcard', currency: 'KWD', amount: 1.2345 })), 'KWD', 3, 1.2345);
  });

  it("a refund the provider reported in a finer amount is refused and leaves the payment's refundedAmount as it was", async () => {
    const orderId = await createOrder();
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id as string;
    for (const state of ['reserved', 'captured']) expect((await psp.call('PUT', `/${paymentId}`, { state })).status).toBe(200);
    const refused = await psp.call('PUT', `/${paymentId}`, { orderId, refund: { amount: 12.345 }, transaction: { event: 'webhook', pspEvent: 'refunded', isSuccess: true, amount: 12.345, eventKey: 'fine-1' } });
    expectPrecisionRefusal(refused, 'NOK', 2, 12.345);
    expect(refused.body.message).toContain('The refund amount 12.345');
    expect((await paymentsOf(orderId))[0]).toMatchObject({ state: 'captured' });
    expect((await paymentsOf(orderId))[0]!.refundedAmount).toBeUndefined();
    const refunded = await psp.call('PUT', `/${paymentId}`, { orderId, refund: { amount: 12.35 }, transaction: { event: 'webhook', pspEvent: 'refunded', isSuccess: true, amount: 12.35, eventKey: 'fine-2' } });
    expect(refunded.body).toMatchObject({ state: 'captured', refundedAmount: 12.35 });
  });
});

describe('the processing lock', () => {
  it("refuses a payment's amount while the order is processing (409 order_locked, nothing written); its lifecycle fields still change; back in checkout the amount does", async () => {
    const orderId = await createOrder();
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id as string;
    expect((await orders.call('PUT', `/${orderId}/state`, { status: 'processing' })).status).toBe(200);
    const before = await orders.call('GET', `/${orderId}`);

    for (const body of [{ amount: 1 }, { amount: 1, state: 'reserved', reference: 'PSP-1' }]) {
      const refused = await psp.call('PUT', `/${paymentId}`, { orderId, ...body });
      expect([refused.status, refused.body.code, refused.body.details?.refused]).toEqual([409, 'order_locked', ['/payments/0/amount']]);
    }
    const after = await orders.call('GET', `/${orderId}`);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(after.body.payments[0]).toMatchObject({ amount: 249.9, state: 'intent' });

    // The same amount is no change; the lifecycle's fields go through.
    const reserved = await psp.call('PUT', `/${paymentId}`, { orderId, amount: 249.9, state: 'reserved', reference: 'PSP-1' });
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({ amount: 249.9, state: 'reserved', reference: 'PSP-1' });

    expect((await orders.call('PUT', `/${orderId}/state`, { status: 'checkout' })).status).toBe(200);
    const changed = await psp.call('PUT', `/${paymentId}`, { orderId, amount: 1 });
    expect([changed.status, changed.body.amount]).toEqual([200, 1]);
  });
});

describe('hooks on /payments', () => {
  it('fire when the payment API adds a payment, and can veto it', async () => {
    let answer: { status: number; body?: unknown } = { status: 200 };
    hookAdapter.on('/payments-hook', () => answer);
    const orderId = await createOrder({ hooks: [{ id: 'pay-hook', adapterId: 'commerce_adapter', subscribeTo: '/payments', invoke: `${hookAdapter.url}/payments-hook` }] });

    const accepted = await psp.call('POST', '', createBody(tenant, orderId));
    expect(accepted.status).toBe(201);
    const [call] = hookAdapter.callsTo('/payments-hook');
    expect(call!.body.payments).toEqual([expect.objectContaining({ id: accepted.body.id, adapterId: ADAPTER, state: 'intent' })]);
    expect(call!.headers).toMatchObject({ 'x-merchant': tenant.merchant, 'x-channel': tenant.channel });

    answer = { status: 400, body: { message: 'No more payments on this order.' } };
    const foreign = await psp.call('POST', '', createBody(tenant, orderId, { adapterId: 'nonpsp_adapter' }));
    expect(foreign.status).toBe(403); // a provider D token may not create nonpsp payments
    const nonpsp = await paymentClient(system, tenant, 'adapter', 'nonpsp_adapter');
    const refused = await nonpsp.call('POST', '', createBody(tenant, orderId, { adapterId: 'nonpsp_adapter' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'hook_vetoed', message: expect.stringContaining('No more payments on this order.'), details: { hookId: 'pay-hook', reason: 'rejected' } });
    expect(hookAdapter.callsTo('/payments-hook')).toHaveLength(2);
    expect((await paymentsOf(orderId)).map((p) => p.adapterId)).toEqual([ADAPTER]);

    // updates go through the engine too
    const update = await psp.call('PUT', `/${accepted.body.id}`, { reference: 'R' });
    expect(update.status).toBe(400);
    expect(update.body.code).toBe('hook_vetoed');
  });
});

describe('refusals', () => {
  it('refuses a body naming another merchant or channel with 403 tenant_mismatch', async () => {
    const orderId = await createOrder();
    for (const other of [{ merchant: 'someone-else' }, { channel: 'app' }]) {
      const { status, body } = await psp.call('POST', '', createBody(tenant, orderId, other));
      expect(status).toBe(403);
      expect(body.code).toBe('tenant_mismatch');
    }
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    expect((await psp.call('PUT', `/${paymentId}`, { merchant: 'someone-else' })).body.code).toBe('tenant_mismatch');
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it("does not see another tenant's orders or payments (404)", async () => {
    const orderId = await createOrder();
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    const otherTenant = { merchant: 'm-other', channel: 'web' };
    const other = await paymentClient(system, otherTenant, 'adapter', ADAPTER);
    expect((await other.call('POST', '', createBody(otherTenant, orderId))).body.code).toBe('order_not_found');
    const put = await other.call('PUT', `/${paymentId}`, { reference: 'x' });
    expect([put.status, put.body.code]).toEqual([404, 'payment_not_found']);
    const log = await other.call('POST', `/${paymentId}/transactions`, transactionBody());
    expect([log.status, log.body.code]).toEqual([404, 'payment_not_found']);
  });

  it('refuses storefront tokens (403 before the body is read) and adapter tokens writing another adapter', async () => {
    const orderId = await createOrder();
    const storefront = await paymentClient(system, tenant, 'storefront');
    for (const body of [createBody(tenant, orderId), { nonsense: true }]) {
      const { status, body: answer } = await storefront.call('POST', '', body);
      expect([status, answer.code]).toEqual([403, 'forbidden']);
    }
    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    expect((await storefront.call('PUT', `/${paymentId}`, { reference: 'x' })).status).toBe(403);
    expect((await storefront.call('POST', `/${paymentId}/transactions`, transactionBody())).status).toBe(403);
    const otherAdapter = await paymentClient(system, tenant, 'adapter', 'provider_a_checkout_adapter');
    expect((await otherAdapter.call('PUT', `/${paymentId}`, { reference: 'x' })).body.code).toBe('forbidden');
    expect((await otherAdapter.call('POST', `/${paymentId}/transactions`, transactionBody())).status).toBe(403);
    for (const role of ['admin', 'service'] as const) {
      const writer = await paymentClient(system, tenant, role);
      expect((await writer.call('POST', `/${paymentId}/transactions`, transactionBody())).status).toBe(201);
    }
    expect(await system.db.prisma.paymentTransaction.count({ where: { paymentId } })).toBe(2);
  });

  it('answers bad input with 400 JSON bodies and writes nothing', async () => {
    const orderId = await createOrder();
    const missing = await psp.call('POST', '', { adapterId: ADAPTER, orderId });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('amount'), details: [expect.objectContaining({ keyword: 'required' })] });
    const wrong = await psp.call('POST', '', createBody(tenant, orderId, { amount: -1, currency: 'kroner', surprise: 1 }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.map((d: { pointer: string; keyword: string }) => `${d.pointer}:${d.keyword}`).sort()).toEqual(['/amount:minimum', '/currency:pattern', ':additionalProperties']);
    expect((await psp.raw('POST', '', '{"adapterId":')).body.code).toBe('invalid_json');
    const currency = await psp.call('POST', '', createBody(tenant, orderId, { currency: 'SEK' }));
    expect([currency.status, currency.body.code]).toEqual([400, 'currency_mismatch']);
    expect(await paymentsOf(orderId)).toHaveLength(0);

    const paymentId = (await psp.call('POST', '', createBody(tenant, orderId))).body.id;
    expect((await psp.call('PUT', `/${paymentId}`, {})).body.code).toBe('invalid_request');
    expect((await psp.call('PUT', `/${paymentId}`, { id: 'other' })).body.code).toBe('payment_id_mismatch');
    const immutable = await psp.call('PUT', `/${paymentId}`, { adapterId: 'nonpsp_adapter' });
    expect([immutable.status, immutable.body.code]).toEqual([400, 'payment_field_immutable']);
    const retyped = await psp.call('PUT', `/${paymentId}`, { type: 'giftcard' });
    expect([retyped.status, retyped.body.code, retyped.body.details]).toEqual([400, 'payment_field_immutable', { field: 'type' }]);
    expect((await psp.call('PUT', `/${paymentId}`, { type: 'checkout', reference: 'same-type' })).status).toBe(200);
    const unknown = await psp.call('PUT', '/no-such-payment', { reference: 'x' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'payment_not_found']);
    const unknownInOrder = await psp.call('PUT', '/no-such-payment', { orderId, reference: 'x' });
    expect([unknownInOrder.status, unknownInOrder.body.code]).toEqual([404, 'payment_not_found']);

    const noEvent = await psp.call('POST', `/${paymentId}/transactions`, { isSuccess: 'yes' });
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.details.map((d: { keyword: string }) => d.keyword).sort()).toEqual(['required', 'type']);
    expect(await system.db.prisma.paymentTransaction.count({ where: { paymentId } })).toBe(0);
  });

  it('needs orderId when a payment id is on several orders; pins the order version with If-Match', async () => {
    const a = await createOrder({ payments: [{ id: 'shared-id', adapterId: ADAPTER, amount: 1, state: 'processing' }] });
    await createOrder({ payments: [{ id: 'shared-id', adapterId: ADAPTER, amount: 1, state: 'processing' }] });
    const ambiguous = await psp.call('PUT', '/shared-id', { reference: 'x' });
    expect([ambiguous.status, ambiguous.body.code]).toEqual([400, 'order_id_required']);
    const named = await psp.call('PUT', '/shared-id', { orderId: a, reference: 'x' }, { 'if-match': '"1"' });
    expect(named.status).toBe(200);
    expect(named.headers.get('etag')).toBe('"2"');
    const stale = await psp.call('PUT', '/shared-id', { orderId: a, reference: 'y' }, { 'if-match': '"1"' });
    expect([stale.status, stale.body.code]).toEqual([409, 'conflict']);
  });

  it('serves its OpenAPI document without a token', async () => {
    const { status, body } = await rest(system.urls.payment!, 'GET', '/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/v0/payments', '/api/v0/payments/{paymentId}', '/api/v0/payments/{paymentId}/transactions']));
  });
});
