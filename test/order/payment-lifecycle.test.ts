import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CancelPaymentStateDocument,
  DeliverOrderDocument,
  PaymentLcPaymentDocument,
  PaymentLcRefreshDocument,
  PaymentLcRefundedAmountDocument,
  PaymentLcRefundLogDocument,
  RefundPaymentAmountDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { outboxSettled } from '../harness/outbox.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { PaymentCallbackLog } from '../../subgraphs/order/engine/payment-callback.log.js';
import { createLogger } from '../../platform/logging/logger.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let psp: TestAdapter;
let card: TestAdapter;
const tenant = { merchant: 'm-lifecycle', channel: 'web' };

/** Answers the calls that hang, at the end. */
let releaseHanging: () => void = () => undefined;
const hanging = new Promise<void>((resolve) => (releaseHanging = resolve));

beforeAll(async () => {
  // Callbacks time out like hooks: far above a quick answer on a loaded machine; only a call that
  // never answers times out.
  system = await startTestSystem({ env: { HOOK_TIMEOUT_MS: '3000', NOTIFICATION_RETRY_DELAYS_MS: '50,50,50' } });
  admin = await orderClient(system, tenant, 'admin');
  psp = await TestAdapter.start();
  card = await TestAdapter.start();
});
afterAll(async () => {
  releaseHanging();
  await psp?.close();
  await card?.close();
  await system?.close();
});

const callbacks = (adapter: TestAdapter, id: string, names: string[]) => Object.fromEntries(names.map((name) => [name, `${adapter.url}/${id}/${name}`]));

/** An order of 249.9 paid by a card of 100 (process, abort, confirm) and a PSP payment for the rest (process, capture). */
async function orderWithPayments(id: string, extra: Record<string, unknown> = {}) {
  const created = await admin.call(
    'POST',
    '',
    sampleOrder({
      id,
      payments: [
        { id: `${id}-card`, adapterId: 'card_adapter', type: 'giftcard', amount: 100, upperLimitAmount: 100, callbacks: callbacks(card, id, ['process', 'abort', 'confirm']) },
        { id: `${id}-psp`, adapterId: 'psp_adapter', type: 'checkout', amount: 149.9, callbacks: callbacks(psp, id, ['process', 'capture']) },
      ],
      ...extra,
    }),
  );
  expect(created.status).toBe(201);
  return created.body;
}

/** The PSP payment's `process` authorizes it (reserved), as a card provider does: the order is then paid and may be accepted. */
const pspReserves = (id: string) => psp.on(`/${id}/process`, () => ({ status: 200, body: { state: 'reserved' } }));
/** Both payments reserve at processing (the card as the gift card system does, the PSP as a card provider authorizes). */
const bothReserve = (id: string) => {
  card.on(`/${id}/process`, () => ({ status: 200, body: { state: 'reserved' } }));
  pspReserves(id);
};

const transactions = (orderId: string) => system.db.prisma.paymentTransaction.findMany({ where: { orderId }, orderBy: { createdAt: 'asc' } });
const callbackEvents = async (orderId: string) =>
  ((await admin.events(orderId)).body as Array<{ type: string; data: any }>).filter((event) => event.type === 'payment.callback').map((event) => event.data);

describe('process and abort around checkout → processing', () => {
  it('calls process on every payment that registered it, in parallel, and records their answers in the same commit', async () => {
    // Each call is answered only once both have arrived: called one after the other, the first
    // would wait until it timed out (and the move would be refused).
    let arrived = 0;
    let allIn!: () => void;
    const together = new Promise<void>((resolve) => (allIn = resolve));
    const answeredAt: Record<string, number> = {};
    const meet = async (who: string) => {
      if (++arrived === 2) allIn();
      await together;
      answeredAt[who] = Date.now();
    };
    psp.on('/o1/process', async () => {
      await meet('psp');
      return { status: 200 };
    });
    card.on('/o1/process', async () => {
      await meet('card');
      return { status: 200, body: { state: 'reserved', attributes: { reservationId: 'r-1' }, pspStatus: 'reserved' } };
    });
    await orderWithPayments('o1');
    const moved = await admin.call('PUT', '/o1/state', { status: 'processing' });
    expect(moved.status).toBe(200);
    // In parallel: each call arrived before the other was answered.
    expect(card.callsTo('/o1/process')[0]!.at).toBeLessThanOrEqual(answeredAt.psp!);
    expect(psp.callsTo('/o1/process')[0]!.at).toBeLessThanOrEqual(answeredAt.card!);
    expect(moved.body.state.currentStatus).toBe('processing');
    expect(moved.body.payments.map((p: { state: string; attributes?: unknown }) => [p.state, p.attributes ?? null])).toEqual([
      ['reserved', { reservationId: 'r-1' }],
      ['intent', null],
    ]);
    expect(moved.headers.get('etag')).toBe('"2"');
    const processCall = card.callsTo('/o1/process')[0]!;
    expect(processCall.headers.authorization).toMatch(/^Bearer /);
    expect(processCall.body).toMatchObject({ callback: 'process', orderId: 'o1', paymentId: 'o1-card', adapterId: 'card_adapter', amount: 100, state: 'intent', order: { id: 'o1' } });
    expect((await callbackEvents('o1')).map((e) => [e.callback, e.paymentId, e.succeeded])).toEqual(
      expect.arrayContaining([
        ['process', 'o1-card', true],
        ['process', 'o1-psp', true],
      ]),
    );
    const log = await transactions('o1');
    expect(log.map((t) => [t.event, t.paymentId, t.isSuccess]).sort()).toEqual([
      ['process', 'o1-card', true],
      ['process', 'o1-psp', true],
    ]);
  });

  it('a refusal vetoes the move (400 naming payment, adapter and message), aborts the payment that succeeded, and commits nothing', async () => {
    card.on('/o2/process', () => ({ status: 200, body: { state: 'reserved', attributes: { reservationId: 'r-2' } } }));
    psp.on('/o2/process', () => ({ status: 400, body: { message: 'The card was declined.' } }));
    await orderWithPayments('o2');
    const refused = await admin.call('PUT', '/o2/state', { status: 'processing' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'payment_process_failed',
      message: 'Payment o2-psp of psp_adapter refused processing: The card was declined.',
      details: { paymentId: 'o2-psp', adapterId: 'psp_adapter', message: 'The card was declined.', aborted: [{ paymentId: 'o2-card', succeeded: true }] },
    });
    expect(card.callsTo('/o2/abort')).toHaveLength(1);
    expect(card.callsTo('/o2/abort')[0]!.body).toMatchObject({ callback: 'abort', paymentId: 'o2-card' });
    const after = await admin.call('GET', '/o2');
    expect(after.body.state.currentStatus).toBe('checkout');
    expect(after.body.payments.map((p: { state: string }) => p.state)).toEqual(['intent', 'intent']);
    expect(after.headers.get('etag')).toBe('"1"');
    const events = (await admin.events('o2')).body as Array<{ type: string; data: any }>;
    expect(events.find((e) => e.type === 'order.change_vetoed')?.data).toMatchObject({ reason: 'payment_process_failed', paymentId: 'o2-psp', adapterId: 'psp_adapter' });
    expect((await callbackEvents('o2')).map((e) => [e.callback, e.paymentId, e.succeeded]).sort()).toEqual([
      ['abort', 'o2-card', true],
      ['process', 'o2-card', true],
      ['process', 'o2-psp', false],
    ]);
    const failed = (await transactions('o2')).find((t) => !t.isSuccess)!;
    expect(failed).toMatchObject({ event: 'process', paymentId: 'o2-psp', errorDetail: 'The card was declined.', pspStatus: 'refused' });
  });

  it('a process that times out vetoes too, and is itself aborted (it may hold a reservation)', async () => {
    card.on('/o3/process', async () => {
      await hanging;
      return { status: 200 };
    });
    await orderWithPayments('o3');
    const refused = await admin.call('PUT', '/o3/state', { status: 'processing' });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toMatchObject({ paymentId: 'o3-card', adapterId: 'card_adapter', failures: [{ reason: 'timeout' }] });
    expect(card.callsTo('/o3/abort')).toHaveLength(1);
    expect((await admin.call('GET', '/o3')).body.state.currentStatus).toBe('checkout');
  });

  it('an answer naming a state the payment may not move to is a failure, not a write', async () => {
    card.on('/o4/process', () => ({ status: 200, body: { state: 'refunded' } }));
    await orderWithPayments('o4');
    const refused = await admin.call('PUT', '/o4/state', { status: 'processing' });
    expect(refused.status).toBe(400);
    expect(refused.body.details.failures[0]).toMatchObject({ paymentId: 'o4-card', reason: 'malformed_response', message: expect.stringContaining('intent to refunded') });
  });

  it('an answer carrying a transaction that is not one the platform can log is a failure, not a write', async () => {
    card.on('/o10/process', () => ({ status: 200, body: { state: 'reserved', transaction: { event: 'reserve', isSuccess: 'yes' } } }));
    await orderWithPayments('o10');
    const refused = await admin.call('PUT', '/o10/state', { status: 'processing' });
    expect(refused.status).toBe(400);
    expect(refused.body.details.failures[0]).toMatchObject({ paymentId: 'o10-card', reason: 'malformed_response', message: expect.stringContaining('transaction/isSuccess') });
    expect((await transactions('o10')).filter((t) => t.event === 'reserve')).toHaveLength(0);
  });

  it('a /state hook vetoing after process succeeded aborts the processed payments', async () => {
    psp.on('/o5/state-hook', () => ({ status: 400, body: { message: 'Billing address is missing.' } }));
    await orderWithPayments('o5', { hooks: [{ id: 'h', adapterId: 'commerce_adapter', subscribeTo: '/state', invoke: `${psp.url}/o5/state-hook` }] });
    const refused = await admin.call('PUT', '/o5/state', { status: 'processing' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('hook_vetoed');
    expect(card.callsTo('/o5/process')).toHaveLength(1);
    expect(card.callsTo('/o5/abort')).toHaveLength(1);
  });

  it('processing → checkout calls abort and records its answer (the reservation released)', async () => {
    card.on('/o6/process', () => ({ status: 200, body: { state: 'reserved', attributes: { reservationId: 'r-6' } } }));
    card.on('/o6/abort', () => ({ status: 200, body: { state: 'intent', attributes: {} } }));
    await orderWithPayments('o6');
    expect((await admin.call('PUT', '/o6/state', { status: 'processing' })).status).toBe(200);
    const back = await admin.call('PUT', '/o6/state', { status: 'checkout' });
    expect(back.status).toBe(200);
    expect(back.body.payments[0]).toMatchObject({ state: 'intent', attributes: {} });
    expect(card.callsTo('/o6/abort')[0]!.body).toMatchObject({ state: 'reserved', attributes: { reservationId: 'r-6' } });
  });
});

describe('abort on the way back to checkout', () => {
  it('a hook refusing processing → checkout (a payment still at its provider) releases nothing', async () => {
    card.on('/o8/process', () => ({ status: 200, body: { state: 'reserved', attributes: { reservationId: 'r-8' } } }));
    psp.on('/o8/state-hook', (received) => (received.body.state?.currentStatus === 'checkout' ? { status: 400, body: { message: 'The payment is being processed.' } } : { status: 200 }));
    await orderWithPayments('o8', { hooks: [{ id: 'h', adapterId: 'provider_a_checkout_adapter', subscribeTo: '/state', invoke: `${psp.url}/o8/state-hook` }] });
    expect((await admin.call('PUT', '/o8/state', { status: 'processing' })).status).toBe(200);
    const refused = await admin.call('PUT', '/o8/state', { status: 'checkout' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('hook_vetoed');
    expect(card.callsTo('/o8/abort')).toHaveLength(0);
    expect((await admin.call('GET', '/o8')).body.payments[0]).toMatchObject({ state: 'reserved', attributes: { reservationId: 'r-8' } });
  });
});

describe('confirm inside the move to completed; capture and a failed confirm after commit, through the outbox', () => {
  it('a confirm answered inside accepted → completed is recorded in that commit, and queues nothing', async () => {
    card.on('/o9/process', () => ({ status: 200, body: { state: 'reserved' } }));
    const commit = { event: 'capture', pspEvent: 'commit', isSuccess: true, pspStatus: 'committed', responseJson: { reservationId: 'r-9' } };
    card.on('/o9/confirm', () => ({ status: 200, body: { state: 'captured', pspStatus: 'committed', transaction: commit } }));
    pspReserves('o9');
    await orderWithPayments('o9');
    for (const status of ['processing', 'accepted']) expect((await admin.call('PUT', '/o9/state', { status })).status).toBe(200);
    const completed = await admin.call('PUT', '/o9/state', { status: 'completed' });
    expect(completed.status).toBe(200);
    // Captured when the move answers: the same commit, not a later one.
    expect(completed.body.payments[0]).toMatchObject({ id: 'o9-card', state: 'captured' });
    expect(completed.body.version).toBe((await admin.call('GET', '/o9')).body.version);
    const call = card.callsTo('/o9/confirm')[0]!;
    expect(call.body).toMatchObject({ callback: 'confirm', paymentId: 'o9-card', state: 'reserved' });
    expect(call.body.afterCommit).toBeUndefined();
    await outboxSettled(system, 'o9');
    expect(card.callsTo('/o9/confirm')).toHaveLength(1);
    const moves = ((await admin.events('o9')).body as Array<{ type: string; data: any }>).filter((event) => event.type === 'order.changed' && event.data.status?.to === 'completed');
    expect(moves).toHaveLength(1);
    expect(moves[0]!.data.changes).toContain('/payments/0/state');
    // The adapter's provider call, carried by its answer, is logged by the platform before its own record of the call.
    const log = (await transactions('o9')).filter((t) => t.paymentId === 'o9-card' && ['capture', 'confirm'].includes(t.event));
    expect(log.map((t) => [t.event, t.pspEvent, t.isSuccess, t.pspStatus])).toEqual([
      ['capture', 'commit', true, 'committed'],
      ['confirm', 'platform', true, 'committed'],
    ]);
    expect(log[0]!.responseJson).toEqual({ reservationId: 'r-9' });
  });

  it('completed → confirm on the payments that registered it (a failure inside the move is retried from the outbox until 2xx); delivered → capture', async () => {
    let confirms = 0;
    card.on('/o7/confirm', () => (++confirms === 1 ? { status: 503 } : { status: 200, body: {} }));
    bothReserve('o7');
    await orderWithPayments('o7');
    for (const status of ['processing', 'accepted', 'completed']) expect((await admin.call('PUT', '/o7/state', { status })).status).toBe(200);
    await eventually(async () => card.callsTo('/o7/confirm').length >= 2);
    expect(card.callsTo('/o7/confirm')[1]!.body).toMatchObject({ callback: 'confirm', paymentId: 'o7-card', amount: 100, afterCommit: true });
    expect(card.callsTo('/o7/confirm')[0]!.body.afterCommit).toBeUndefined();
    expect(psp.callsTo('/o7/confirm')).toHaveLength(0);
    expect(psp.callsTo('/o7/capture')).toHaveLength(0);

    expect((await admin.call('PUT', '/o7/state', { status: 'delivered' })).status).toBe(200);
    await eventually(async () => psp.callsTo('/o7/capture').length === 1);
    await outboxSettled(system, 'o7');
    expect(card.callsTo('/o7/capture')).toHaveLength(0);
    const calls = (await callbackEvents('o7')).filter((e) => e.callback === 'confirm' || e.callback === 'capture');
    expect(calls.map((e) => [e.callback, e.paymentId, e.succeeded])).toEqual([
      ['confirm', 'o7-card', false],
      ['confirm', 'o7-card', true],
      ['capture', 'o7-psp', true],
    ]);
    const log = (await transactions('o7')).filter((t) => t.event === 'confirm' || t.event === 'capture');
    expect(log.map((t) => [t.event, t.isSuccess])).toEqual([
      ['confirm', false],
      ['confirm', true],
      ['capture', true],
    ]);
  });
});

describe('delivery, cancel and refund from the back office', () => {
  const gql = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables, role: 'admin' | 'storefront' | 'adapter' = 'admin') => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role, ...(role === 'adapter' ? { adapterId: 'psp_adapter' } : {}) });
    return graphql(system.urls.gateway!, document, variables, { token, ...tenant });
  };

  async function completedOrder(id: string, pspCallbacks: string[]) {
    bothReserve(id);
    await orderWithPayments(id);
    const psp = `${id}-psp`;
    // The adapter registers its callbacks as it would at creation; the platform lists Cancel and Refund actions for them.
    const put = await rest(system.urls.payment!, 'PUT', `/api/v0/payments/${psp}`, { token: admin.token, ...tenant, body: { orderId: id, callbacks: callbacks(pspAdapter(), id, ['process', ...pspCallbacks]) } });
    expect(put.status).toBe(200);
    for (const status of ['processing', 'accepted', 'completed']) expect((await admin.call('PUT', `/${id}/state`, { status })).status).toBe(200);
    return put.body;
  }
  const pspAdapter = () => psp;

  it('only admin and service tokens deliver an order (REST and deliverOrder); capture follows', async () => {
    await completedOrder('d1', ['capture']);
    const adapter = await orderClient(system, tenant, 'adapter', 'psp_adapter');
    const refused = await adapter.call('PUT', '/d1/state', { status: 'delivered' });
    expect(refused.status).toBe(403);
    const storefront = (await gql(DeliverOrderDocument, { id: 'd1' }, 'storefront')).body;
    expect(storefront.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const delivered = await gql(DeliverOrderDocument, { id: 'd1' });
    expect(dataOf(delivered).deliverOrder.status).toBe('delivered');
    await eventually(async () => psp.callsTo('/d1/capture').length === 1);
  });

  it('cancelPayment: the adapter is called, the payment becomes cancelled, the call is a logged transaction; REST through actions[].url', async () => {
    const registered = await completedOrder('c1', ['cancel', 'refund']);
    expect(registered.actions).toEqual([
      { adapterId: 'psp_adapter', type: 'Cancel', url: `${system.urls.payment}/api/v0/payments/c1-psp/cancel` },
      { adapterId: 'psp_adapter', type: 'Refund', url: `${system.urls.payment}/api/v0/payments/c1-psp/refund` },
    ]);
    // The PSP payment was never reserved here (a test adapter); reserve it as its adapter would at completion.
    expect((await rest(system.urls.payment!, 'PUT', '/api/v0/payments/c1-psp', { token: admin.token, ...tenant, body: { orderId: 'c1', state: 'reserved' } })).status).toBe(200);
    psp.on('/c1/cancel', () => ({ status: 400, body: { message: 'Already settled at the provider.' } }));
    const refused = (await gql(CancelPaymentStateDocument, { o: 'c1', p: 'c1-psp' })).body;
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringContaining('Already settled at the provider.'), extensions: { code: 'PAYMENT_CALLBACK_FAILED' } });
    psp.on('/c1/cancel', () => ({ status: 200, body: { pspStatus: 'voided' } }));
    const cancelled = await rest(system.urls.payment!, 'POST', '/api/v0/payments/c1-psp/cancel', { token: admin.token, ...tenant }); // no body at all
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    const read = dataOf(await gql(PaymentLcPaymentDocument, { o: 'c1', p: 'c1-psp' })).payment;
    expect(read?.state).toBe('cancelled');
    expect(read?.transactions.filter((t) => t.event === 'cancel')).toEqual([
      { event: 'cancel', amount: 149.9, isSuccess: false, errorDetail: 'Already settled at the provider.' },
      { event: 'cancel', amount: 149.9, isSuccess: true, errorDetail: null },
    ]);
    const again = await gql(CancelPaymentStateDocument, { o: 'c1', p: 'c1-psp' });
    expect(dataOf(again).cancelPayment.state).toBe('cancelled'); // asked again: already done, the adapter is not called
    expect(psp.callsTo('/c1/cancel')).toHaveLength(2);
  });

  it('refundPayment: partial refunds keep the payment captured, the last one refunds it; never more than captured; only back-office tokens', async () => {
    await completedOrder('r1', ['refund']);
    expect((await rest(system.urls.payment!, 'PUT', '/api/v0/payments/r1-psp', { token: admin.token, ...tenant, body: { orderId: 'r1', state: 'reserved' } })).status).toBe(200);
    const early = (await gql(PaymentLcRefundedAmountDocument, { o: 'r1', p: 'r1-psp', a: 10 })).body;
    expect(early.errors?.[0]?.extensions?.code).toBe('ILLEGAL_PAYMENT_TRANSITION');
    expect(psp.callsTo('/r1/refund')).toHaveLength(0);
    expect((await rest(system.urls.payment!, 'PUT', '/api/v0/payments/r1-psp', { token: admin.token, ...tenant, body: { orderId: 'r1', state: 'captured' } })).status).toBe(200);
    const asAdapter = (await gql(PaymentLcRefundedAmountDocument, { o: 'r1', p: 'r1-psp', a: 10 }, 'adapter')).body;
    expect(asAdapter.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const partial = await gql(RefundPaymentAmountDocument, { o: 'r1', p: 'r1-psp', a: 49.9 });
    expect(partial.body.errors).toBeUndefined();
    expect(dataOf(partial).refundPayment).toMatchObject({ state: 'captured', refundedAmount: 49.9 });
    expect(psp.callsTo('/r1/refund')[0]!.body).toMatchObject({ callback: 'refund', paymentId: 'r1-psp', amount: 49.9 });
    // A refund without an amount, or of something that is not one, is refused before anything is called.
    for (const body of [{}, { amount: 'all' }]) {
      const refused = await rest(system.urls.payment!, 'POST', '/api/v0/payments/r1-psp/refund', { token: admin.token, ...tenant, body });
      expect([refused.status, typeof refused.body.code, typeof refused.body.message]).toEqual([400, 'string', 'string']);
    }
    expect(psp.callsTo('/r1/refund')).toHaveLength(1);
    const tooMuch = await rest(system.urls.payment!, 'POST', '/api/v0/payments/r1-psp/refund', { token: admin.token, ...tenant, body: { amount: 100.01 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'refund_exceeds_captured', details: { refundable: 100, refundedAmount: 49.9 } });
    // A reason (optional) longer than 500 characters is refused by the body's schema; one that fits is passed on and logged.
    const longReason = await rest(system.urls.payment!, 'POST', '/api/v0/payments/r1-psp/refund', { token: admin.token, ...tenant, body: { amount: 100, reason: 'x'.repeat(501) } });
    expect([longReason.status, longReason.body.code]).toEqual([400, 'invalid_request']);
    const rest100 = await rest(system.urls.payment!, 'POST', '/api/v0/payments/r1-psp/refund', { token: admin.token, ...tenant, body: { amount: 100, reason: 'Returned in full' } });
    expect(rest100.status).toBe(200);
    expect(rest100.body).toMatchObject({ state: 'refunded', refundedAmount: 149.9 });
    expect(psp.callsTo('/r1/refund').at(-1)!.body).toMatchObject({ amount: 100, reason: 'Returned in full' });
    const log = dataOf(await gql(PaymentLcRefundLogDocument, { o: 'r1', p: 'r1-psp' })).payment;
    expect(log?.transactions.filter((t) => t.event === 'refund')).toEqual([
      { event: 'refund', amount: 49.9, isSuccess: true, reason: null },
      { event: 'refund', amount: 100, isSuccess: true, reason: 'Returned in full' },
    ]);
    const events = await callbackEvents('r1');
    expect(events.filter((e) => e.callback === 'refund').map((e) => e.succeeded)).toEqual([true, true]);
  });

  it("a refund carries the platform's operation id: asked again after an unknown outcome (5xx, no answer) for the same amount it resumes that operation; after a success, a refusal or for another amount it is a new one", async () => {
    await completedOrder('op1', ['refund']);
    expect((await rest(system.urls.payment!, 'PUT', '/api/v0/payments/op1-psp', { token: admin.token, ...tenant, body: { orderId: 'op1', state: 'captured' } })).status).toBe(200);
    const answers = [500, 200, 200, 400, 200, 500, 200];
    psp.on('/op1/refund', () => {
      const status = answers.shift() ?? 200;
      return status === 200 ? { status } : { status, body: { code: 'declined', message: 'Declined by the provider.' } };
    });
    const refund = async (amount: number) => (await rest(system.urls.payment!, 'POST', '/api/v0/payments/op1-psp/refund', { token: admin.token, ...tenant, body: { orderId: 'op1', amount } })).status;
    const operations = () => psp.callsTo('/op1/refund').map((call) => (call.body as { operationId: string }).operationId);
    expect([await refund(10), await refund(10), await refund(10), await refund(10), await refund(10), await refund(20), await refund(5)]).toEqual([502, 200, 200, 400, 200, 502, 200]);
    const [lost, resumed, next, refused, afterRefusal, otherLost, otherAmount] = operations();
    expect(lost).toMatch(/^refund:[0-9a-f-]{36}$/);
    expect(resumed).toBe(lost); // the same refund, its answer lost the first time
    expect(new Set([lost, next, refused, afterRefusal, otherLost, otherAmount]).size).toBe(6);
    expect((await admin.call('GET', '/op1')).body.payments.find((p: { id: string }) => p.id === 'op1-psp').refundedAmount).toBe(35);

    // Logged before it is made: while the call runs its transaction is `pending` under its operation...
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    psp.on('/op1/refund', async () => {
      await answered;
      return { status: 200 };
    });
    const running = refund(3);
    const pending = await eventually(async () => (await transactions('op1')).find((t) => t.event === 'refund' && t.pspEvent === 'platform' && t.pspStatus === 'pending'));
    expect(pending.requestJson).toMatchObject({ operationId: expect.stringMatching(/^refund:/), amount: 3 });
    answer();
    expect(await running).toBe(200);
    expect((await transactions('op1')).find((t) => t.id === pending.id)).toMatchObject({ isSuccess: true, pspStatus: '200' });
    // ...so a process stopped during a refund call leaves it pending (as `begin` writes it), and the next refund of that amount resumes it.
    const stopped = new PaymentCallbackLog(system.db.pool, createLogger({ level: 'silent' }));
    await stopped.begin({ tenant, orderId: 'op1', payment: { id: 'op1-psp', adapterId: 'psp_adapter' }, callback: 'refund', request: { operationId: 'refund:stopped-process', amount: 2 }, amount: 2 });
    expect(await refund(2)).toBe(200);
    expect(operations().at(-1)).toBe('refund:stopped-process');
    // The steps a payment takes once carry `{callback}:{paymentId}`.
    expect(psp.callsTo('/op1/process')[0]!.body).toMatchObject({ operationId: 'process:op1-psp' });
  });

  it("a refund named by the client's idempotency key moves the money once: asked again after a lost answer it resumes the same operation, after a success it answers the payment and calls nothing; the key with another amount is 409", async () => {
    await completedOrder('ik1', ['refund']);
    expect((await rest(system.urls.payment!, 'PUT', '/api/v0/payments/ik1-psp', { token: admin.token, ...tenant, body: { orderId: 'ik1', state: 'captured' } })).status).toBe(200);
    // The adapter refunds, and its answer is lost (a 500 after the provider applied it).
    const answers = [500, 200];
    psp.on('/ik1/refund', () => {
      const status = answers.shift() ?? 200;
      return status === 200 ? { status } : { status, body: { code: 'unavailable', message: 'Answer lost.' } };
    });
    const refundRest = (amount: number, key: string) =>
      rest(system.urls.payment!, 'POST', '/api/v0/payments/ik1-psp/refund', { token: admin.token, ...tenant, headers: { 'idempotency-key': key }, body: { orderId: 'ik1', amount } });
    const lost = await refundRest(10, 'refund-ik1-a');
    expect([lost.status, lost.body.code]).toEqual([502, 'payment_callback_failed']);
    // Asked again with the key through GraphQL: the same operation, so the provider's idempotency key is the same.
    const again = await gql(RefundPaymentAmountDocument, { o: 'ik1', p: 'ik1-psp', a: 10, k: 'refund-ik1-a' });
    expect(dataOf(again).refundPayment).toEqual({ state: 'captured', refundedAmount: 10 });
    const operations = () => psp.callsTo('/ik1/refund').map((call) => (call.body as { operationId: string }).operationId);
    expect(operations()).toEqual(['refund:key:refund-ik1-a', 'refund:key:refund-ik1-a']);
    // Asked a third time after the success: answered as the payment is, nothing called, nothing added.
    const third = await refundRest(10, 'refund-ik1-a');
    expect([third.status, third.body.refundedAmount]).toEqual([200, 10]);
    expect(operations()).toHaveLength(2);
    // The same key with another amount is refused before anything is called; a new key is a new refund.
    const reused = await refundRest(20, 'refund-ik1-a');
    expect([reused.status, reused.body.code, reused.body.details]).toEqual([409, 'idempotency_key_reused', { paymentId: 'ik1-psp', amount: 10 }]);
    const reusedGraphql = (await gql(RefundPaymentAmountDocument, { o: 'ik1', p: 'ik1-psp', a: 20, k: 'refund-ik1-a' })).body;
    expect(reusedGraphql.errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const second = await refundRest(20, 'refund-ik1-b');
    expect([second.status, second.body.refundedAmount]).toEqual([200, 30]);
    expect(operations()).toEqual(['refund:key:refund-ik1-a', 'refund:key:refund-ik1-a', 'refund:key:refund-ik1-b']);
    // A key that is no key is 400 before anything is called.
    for (const key of ['has space', 'x'.repeat(201)]) {
      const bad = await refundRest(1, key);
      expect([bad.status, bad.body.code]).toEqual([400, 'invalid_idempotency_key']);
    }
    expect(operations()).toHaveLength(3);
  });

  it("refreshPayment on a processing order: a refresh answering an amount is 409 ORDER_LOCKED (GraphQL and REST) and records nothing; its state alone is recorded", async () => {
    await orderWithPayments('f1');
    const put = await rest(system.urls.payment!, 'PUT', '/api/v0/payments/f1-psp', { token: admin.token, ...tenant, body: { orderId: 'f1', callbacks: callbacks(psp, 'f1', ['process', 'refresh']) } });
    expect(put.status).toBe(200);
    expect((await admin.call('PUT', '/f1/state', { status: 'processing' })).status).toBe(200);
    const before = await admin.call('GET', '/f1');
    psp.on('/f1/refresh', () => ({ status: 200, body: { state: 'reserved', amount: 1 } }));

    const locked = (await gql(PaymentLcRefreshDocument, { o: 'f1', p: 'f1-psp' })).body;
    expect(locked.errors?.[0]?.extensions).toMatchObject({ code: 'ORDER_LOCKED', status: 409, details: { refused: ['/payments/1/amount'] } });
    const lockedRest = await rest(system.urls.payment!, 'POST', '/api/v0/payments/f1-psp/refresh', { token: admin.token, ...tenant });
    expect([lockedRest.status, lockedRest.body.code]).toEqual([409, 'order_locked']);
    expect(psp.callsTo('/f1/refresh')).toHaveLength(2);
    const after = await admin.call('GET', '/f1');
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(after.body.payments[1]).toMatchObject({ state: 'intent', amount: 149.9 });

    psp.on('/f1/refresh', () => ({ status: 200, body: { state: 'reserved' } }));
    const refreshed = await gql(PaymentLcRefreshDocument, { o: 'f1', p: 'f1-psp' });
    expect(dataOf(refreshed).refreshPayment).toEqual({ state: 'reserved', amount: 149.9 });
  });

  it("a refund finer than the currency allows is 400 AMOUNT_PRECISION (GraphQL and REST) before the adapter is called; a refresh answering such an amount records nothing", async () => {
    await completedOrder('r3', ['refund', 'refresh']);
    for (const state of ['reserved', 'captured']) expect((await rest(system.urls.payment!, 'PUT', '/api/v0/payments/r3-psp', { token: admin.token, ...tenant, body: { orderId: 'r3', state } })).status).toBe(200);
    const details = { currency: 'NOK', exponent: 2, amount: 12.345 };
    const viaGraph = (await gql(PaymentLcRefundedAmountDocument, { o: 'r3', p: 'r3-psp', a: 12.345 })).body;
    expect(viaGraph.errors?.[0]).toMatchObject({ message: expect.stringContaining('NOK allows at most 2 decimals (0.01)'), extensions: { code: 'AMOUNT_PRECISION', status: 400, details } });
    const viaRest = await rest(system.urls.payment!, 'POST', '/api/v0/payments/r3-psp/refund', { token: admin.token, ...tenant, body: { amount: 12.345 } });
    expect([viaRest.status, viaRest.body.code, viaRest.body.details]).toEqual([400, 'amount_precision', details]);
    expect(psp.callsTo('/r3/refund')).toHaveLength(0);
    expect((await admin.call('GET', '/r3')).body.payments[1].refundedAmount).toBeUndefined();

    const refunded = await gql(PaymentLcRefundedAmountDocument, { o: 'r3', p: 'r3-psp', a: 12.35 });
    expect(dataOf(refunded).refundPayment).toEqual({ refundedAmount: 12.35 });
    expect(psp.callsTo('/r3/refund')[0]!.body).toMatchObject({ amount: 12.35, currency: 'NOK' });

    psp.on('/r3/refresh', () => ({ status: 200, body: { refundedAmount: 62.345 } }));
    const refreshed = (await gql(PaymentLcRefreshDocument, { o: 'r3', p: 'r3-psp' })).body;
    expect(refreshed.errors?.[0]).toMatchObject({ message: expect.stringContaining('refundedAmount 62.345, finer than its currency allows: NOK allows at most 2 decimals'), extensions: { code: 'PAYMENT_CALLBACK_FAILED', details: { reason: 'malformed_response' } } });
    expect((await admin.call('GET', '/r3')).body.payments[1].refundedAmount).toBe(12.35);
  });

  it('two refunds at once never refund more than was captured', async () => {
    await completedOrder('r2', ['refund']);
    for (const state of ['reserved', 'captured']) {
      expect((await rest(system.urls.payment!, 'PUT', '/api/v0/payments/r2-psp', { token: admin.token, ...tenant, body: { orderId: 'r2', state } })).status).toBe(200);
    }
    psp.on('/r2/refund', () => ({ status: 200, delayMs: 50 }));
    const both = await Promise.all([100, 100].map((amount) => rest(system.urls.payment!, 'POST', '/api/v0/payments/r2-psp/refund', { token: admin.token, ...tenant, body: { amount } })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(psp.callsTo('/r2/refund')).toHaveLength(1);
  });
});
