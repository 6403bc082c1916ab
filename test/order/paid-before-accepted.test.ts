import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PaidOrderDocument } from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/**
 * The engine's side of "Paid before accepted" (docs/order-engine.md): a pending purchase may leave
 * an order accepted but not completed, a payment still at its provider blocks another adapter's
 * completion, and money due after acceptance needs attention (payment_due) and blocks delivery.
 */
let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
const tenant = { merchant: 'm-paid-engine', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem();
  admin = await orderClient(system, tenant, 'admin');
});
afterAll(() => system?.close());

const adapter = (adapterId: string) => orderClient(system, tenant, 'adapter', adapterId);
const paymentApi = async (adapterId: string, method: string, path: string, body?: unknown) =>
  rest(system.urls.payment!, method, `/api/v0/payments${path}`, { token: (await adapter(adapterId)).token, ...tenant, ...(body === undefined ? {} : { body }) });

async function createOrder(id: string, payments: Array<Record<string, unknown>>) {
  const created = await admin.call('POST', '', sampleOrder({ id, payments }));
  expect(created.status).toBe(201);
}

describe('pending purchases', () => {
  it('accept the order but do not complete it; a decline leaves money due: payment_due attention, delivery refused', async () => {
    await createOrder('pend-1', [{ id: 'p', adapterId: 'pend_adapter', amount: 249.9 }]);
    const psp = await adapter('pend_adapter');
    expect((await psp.call('PUT', '/pend-1/state', { status: 'processing' })).status).toBe(200);
    expect((await paymentApi('pend_adapter', 'PUT', '/p', { orderId: 'pend-1', state: 'pending' })).status).toBe(200);
    expect((await psp.call('PUT', '/pend-1/state', { status: 'accepted' })).status).toBe(200);
    const early = await psp.call('PUT', '/pend-1/state', { status: 'completed' });
    expect([early.status, early.body.code, early.body.details]).toEqual([409, 'payment_not_covered', expect.objectContaining({ held: 0, pending: 249.9 })]);

    expect((await paymentApi('pend_adapter', 'PUT', '/p', { orderId: 'pend-1', state: 'failed' })).status).toBe(200);
    const read = dataOf(await graphql(system.urls.gateway!, PaidOrderDocument, { id: 'pend-1' }, { token: admin.token, ...tenant })).order!;
    expect(read.status).toBe('accepted');
    expect(read.attention).toEqual({ code: 'payment_due' });
  });

  it('a pending purchase decided later (reserved) completes the order', async () => {
    await createOrder('pend-2', [{ id: 'p', adapterId: 'pend_adapter', amount: 249.9, state: 'processing' }]);
    const psp = await adapter('pend_adapter');
    expect((await psp.call('PUT', '/pend-2/state', { status: 'processing' })).status).toBe(200);
    expect((await paymentApi('pend_adapter', 'PUT', '/p', { orderId: 'pend-2', state: 'pending' })).status).toBe(200);
    expect((await psp.call('PUT', '/pend-2/state', { status: 'accepted' })).status).toBe(200);
    expect((await paymentApi('pend_adapter', 'PUT', '/p', { orderId: 'pend-2', state: 'reserved' })).status).toBe(200);
    expect((await psp.call('PUT', '/pend-2/state', { status: 'completed' })).status).toBe(200);
  });
});

describe('another adapter’s payment at its provider', () => {
  it('refuses the completion by another adapter with 409 payment_in_progress, naming it; nothing moves', async () => {
    await createOrder('busy-1', [
      { id: 'card', adapterId: 'card_psp_adapter', amount: 249.9, state: 'processing' },
      { id: 'inv', adapterId: 'invoice_adapter', amount: 0 },
    ]);
    const refused = await (await adapter('invoice_adapter')).call('PUT', '/busy-1/state', { status: 'processing' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'payment_in_progress', details: { paymentId: 'card', adapterId: 'card_psp_adapter', state: 'processing' } });
    expect(refused.body.message).toBe('Payment card of card_psp_adapter is processing at its provider; the order can be paid by invoice_adapter only once that payment is decided or cancelled.');
    const read = await admin.call('GET', '/busy-1');
    expect(read.body.state.currentStatus).toBe('checkout');
    expect(read.body.payments.map((p: { state: string }) => p.state)).toEqual(['processing', 'intent']);
  });
});

describe('money due after the order was accepted', () => {
  it('a partial refund of a completed order: payment_due naming the amount, Mark delivered refused', async () => {
    await createOrder('due-1', [{ id: 'p', adapterId: 'due_adapter', amount: 249.9, state: 'processing' }]);
    const psp = await adapter('due_adapter');
    expect((await psp.call('PUT', '/due-1/state', { status: 'processing' })).status).toBe(200);
    expect((await paymentApi('due_adapter', 'PUT', '/p', { orderId: 'due-1', state: 'reserved' })).status).toBe(200);
    for (const status of ['accepted', 'completed']) expect((await psp.call('PUT', '/due-1/state', { status })).status).toBe(200);
    expect((await paymentApi('due_adapter', 'PUT', '/p', { orderId: 'due-1', state: 'captured' })).status).toBe(200);
    expect((await paymentApi('due_adapter', 'PUT', '/p', { orderId: 'due-1', refund: { amount: 49.9 }, transaction: { event: 'webhook', pspEvent: 'refunded', isSuccess: true, amount: 49.9, eventKey: 'refund-1' } })).status).toBe(200);

    const refused = await admin.call('PUT', '/due-1/state', { status: 'delivered' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'order_needs_attention', details: { attention: 'payment_due', paymentIds: ['p'] } });
    expect(refused.body.message).toMatch(/^NOK 49\.90 of this order is no longer paid for/);
  });
});
