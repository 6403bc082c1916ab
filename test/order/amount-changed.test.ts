import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let giftcard: TestAdapter;
let nonpsp: TestAdapter;
const tenant = { merchant: 'm-amount', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100' } });
  admin = await orderClient(system, tenant, 'admin');
  giftcard = await TestAdapter.start();
  nonpsp = await TestAdapter.start();
});
afterAll(async () => {
  await giftcard?.close();
  await nonpsp?.close();
  await system?.close();
});

async function twoPayments(tag: string) {
  const created = await admin.call('POST', '', sampleOrder({
    payments: [
      { id: 'card', adapterId: 'giftcard_adapter', amount: 100, upperLimitAmount: 100, state: 'intent', callbacks: { amountChanged: `${giftcard.url}/${tag}` } },
      { id: 'main', adapterId: 'nonpsp_adapter', amount: 149.9, upperLimitAmount: 2147483647, callbacks: { amountChanged: `${nonpsp.url}/${tag}` } },
    ],
  }));
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const cart = (total: number) => ({ items: [{ id: 'i' }], total: { includingVat: total, excludingVat: Math.round(total * 80) / 100 } });

describe('amountChanged', () => {
  it('a bigger cart total calls the other payment with what it should now cover', async () => {
    const id = await twoPayments('bigger');
    await admin.call('PUT', `/${id}/cart`, cart(300));
    await eventually(async () => nonpsp.callsTo('/bigger').length === 1);
    await outboxSettled(system, id);
    expect(nonpsp.callsTo('/bigger').map((call) => call.body)).toEqual([{ amount: 200 }]);
    expect(giftcard.callsTo('/bigger')).toHaveLength(0); // the card still covers its 100
    expect(nonpsp.callsTo('/bigger')[0]!.headers['x-merchant']).toBe(tenant.merchant);
  });

  it('a smaller total shrinks the card to the total and the rest to zero', async () => {
    const id = await twoPayments('smaller');
    await admin.call('PUT', `/${id}/cart`, cart(80));
    await eventually(async () => giftcard.callsTo('/smaller').length === 1 && nonpsp.callsTo('/smaller').length === 1);
    expect(giftcard.callsTo('/smaller')[0]!.body).toEqual({ amount: 80 });
    expect(nonpsp.callsTo('/smaller')[0]!.body).toEqual({ amount: 0 });
  });

  it("another payment's amount change reaches the other payment, not the one that changed", async () => {
    const id = await twoPayments('other');
    const card = await orderClient(system, tenant, 'adapter', 'giftcard_adapter');
    await card.call('PUT', `/${id}/payments/card`, { amount: 50, upperLimitAmount: 50 });
    await eventually(async () => nonpsp.callsTo('/other').length === 1);
    await outboxSettled(system, id);
    expect(nonpsp.callsTo('/other')[0]!.body).toEqual({ amount: 199.9 });
    expect(giftcard.callsTo('/other')).toHaveLength(0);
  });

  it('once the adapter follows, the sum equals the total and nothing more is called', async () => {
    const id = await twoPayments('settle');
    const main = await orderClient(system, tenant, 'adapter', 'nonpsp_adapter');
    const card = await orderClient(system, tenant, 'adapter', 'giftcard_adapter');
    nonpsp.on('/settle', (call) => {
      void main.call('PUT', `/${id}/payments/main`, { amount: call.body.amount });
      return { status: 200 };
    });
    giftcard.on('/settle', (call) => {
      void card.call('PUT', `/${id}/payments/card`, { amount: call.body.amount });
      return { status: 200 };
    });
    await admin.call('PUT', `/${id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 0.3, excludingVat: 0.24 } });
    await eventually(async () => (await admin.call('POST', `/${id}/validate`)).status === 200);
    // Both adapters follow at once, so each one's change plans a call to the other while the other
    // is still following its first call; those are dropped when they fall due. Both follow-ups are
    // committed (the payments sum to the total), so once the outbox settles nothing else can come.
    await outboxSettled(system, id);
    const events = (await admin.events(id)).body as Array<{ type: string; data: { kind?: string; amountChangesQueued?: unknown[] } }>;
    const queued = events.reduce((count, event) => count + (event.data.amountChangesQueued?.length ?? 0), 0);
    const settled = events.filter((event) => event.data.kind === 'amount_changed' && ['notification.delivered', 'notification.skipped'].includes(event.type)).length;
    expect(settled).toBe(queued);
    expect(giftcard.callsTo('/settle').map((call) => call.body)).toEqual([{ amount: 0.3 }]);
    expect(nonpsp.callsTo('/settle').map((call) => call.body)).toEqual([{ amount: 0 }]);
    const order = (await admin.call('GET', `/${id}`)).body;
    expect(order.payments.map((p: { amount: number }) => p.amount)).toEqual([0.3, 0]);
    const validated = await admin.call('POST', `/${id}/validate`);
    expect(validated.status).toBe(200);
  });
});
