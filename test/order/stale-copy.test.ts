import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { heldPayment, orderClient, sampleOrder } from '../harness/orders.js';
import { rest } from '../harness/http.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
const tenant = { merchant: 'm-stale', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem();
  admin = await orderClient(system, tenant, 'admin');
});
afterAll(() => system?.close());

/**
 * The order service and the payment API each run an engine with its own memory of recent
 * versions; a write through one must never make the other answer from an outdated copy.
 */
describe('two engines writing one order', () => {
  it('the order shim sees a payment the payment API just added', async () => {
    const order = (await admin.call('POST', '', sampleOrder())).body;
    await admin.call('PUT', `/${order.id}/reference`, { reference: 'warm-the-order-engine' });
    const created = await rest(system.urls.payment!, 'POST', '/api/v0/payments', {
      token: admin.token,
      ...tenant,
      body: { orderId: order.id, adapterId: 'nonpsp_adapter', name: 'Invoice', merchant: tenant.merchant, channel: tenant.channel, currency: 'NOK', type: 'checkout', amount: 249.9, state: 'intent' },
    });
    expect(created.status).toBe(201);
    const updated = await admin.call('PUT', `/${order.id}/payments/${created.body.id}`, { reference: 'seen' });
    expect(updated.status).toBe(200);
    expect(updated.body.reference).toBe('seen');
  });

  it('a status change is judged on the committed state, not a remembered one', async () => {
    const order = (await admin.call('POST', '', sampleOrder({ payments: [heldPayment()] }))).body;
    await admin.call('PUT', `/${order.id}/reference`, { reference: 'warm' });
    await system.db.pool.query(
      `update orders set document = jsonb_set(document, '{state}', '{"currentStatus":"processing","transitions":[]}'), status = 'processing', version = version + 1 where id = $1`,
      [order.id],
    );
    const moved = await admin.call('PUT', `/${order.id}/state`, { status: 'accepted' });
    expect([moved.status, moved.body.message]).toEqual([200, undefined]);
    expect(moved.body.state.currentStatus).toBe('accepted');
  });
});
