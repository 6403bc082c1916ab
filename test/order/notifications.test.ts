import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, orderClient, heldPayment, sampleOrder } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { rest } from '../harness/http.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let receiver: TestAdapter;
const tenant = { merchant: 'm-notify', channel: 'web' };

beforeAll(async () => {
  // Quick retries; a timeout far above a healthy receiver's answer on a loaded machine, so only
  // the answers a test chooses count as failures.
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100', NOTIFICATION_TIMEOUT_MS: '10000' } });
  admin = await orderClient(system, tenant, 'admin');
  receiver = await TestAdapter.start();
});
afterAll(async () => {
  await receiver?.close();
  await system?.close();
});

const typesOf = (events: Array<{ type: string }>) => events.map((event) => event.type);

describe('notifications', () => {
  it("follows the spec's example exactly: processing nothing, accepted sends, reference nothing, completed sends", async () => {
    const path = `/status-${Date.now()}`;
    const created = await admin.call(
      'POST',
      '',
      sampleOrder({ payments: [heldPayment()], notifications: [{ id: 'n-status', adapterId: 'commerce_adapter', reference: 'r-1', description: 'complete payment', scope: '/state/currentStatus', schema: { enum: ['accepted', 'completed'] }, invoke: `${receiver.url}${path}` }] }),
    );
    const id = created.body.id;
    await admin.call('PUT', `/${id}/state`, { status: 'processing' });
    await admin.call('PUT', `/${id}/state`, { status: 'accepted' });
    await admin.call('PUT', `/${id}/reference`, { reference: 'commerce-42' });
    await admin.call('PUT', `/${id}/state`, { status: 'completed' });

    await eventually(async () => receiver.callsTo(path).length >= 2);
    await outboxSettled(system, id); // nothing more may arrive
    const calls = receiver.callsTo(path);
    expect(calls.map((call) => call.body.value)).toEqual(['accepted', 'completed']);
    expect(calls[0]!.body).toMatchObject({ orderId: id, notification: { id: 'n-status', reference: 'r-1', scope: '/state/currentStatus' }, order: { id, state: { currentStatus: 'accepted' } } });
    expect(calls[1]!.body.order.reference).toBe('commerce-42');
    expect(calls[0]!.headers).toMatchObject({ 'x-merchant': tenant.merchant, 'x-channel': tenant.channel, authorization: expect.stringMatching(/^Bearer /) });

    const events = await admin.events(id);
    expect(events.status).toBe(200);
    const changes = events.body.filter((event: { type: string }) => event.type === 'order.changed');
    expect(changes.map((event: { data: { notificationsQueued: string[] } }) => event.data.notificationsQueued)).toEqual([[], ['n-status'], [], ['n-status']]);
    expect(events.body.filter((event: { type: string }) => event.type === 'notification.delivered')).toHaveLength(2);
  });

  it('retries a receiver that fails twice, delivers once, and keeps the order of the order’s notifications', async () => {
    const path = `/flaky-${Date.now()}`;
    let failures = 0;
    receiver.on(path, (call) => (call.body.value === 'accepted' && failures++ < 2 ? { status: 503 } : { status: 204 }));
    const created = await admin.call('POST', '', sampleOrder({ payments: [heldPayment()], notifications: [{ id: 'n', scope: '/state/currentStatus', schema: { enum: ['accepted', 'completed'] }, invoke: `${receiver.url}${path}` }] }));
    const id = created.body.id;
    for (const status of ['processing', 'accepted', 'completed']) await admin.call('PUT', `/${id}/state`, { status });

    await eventually(async () => receiver.callsTo(path).filter((call) => call.body.value === 'completed').length === 1);
    const values = receiver.callsTo(path).map((call) => call.body.value);
    expect(values).toEqual(['accepted', 'accepted', 'accepted', 'completed']);
    // The delivered event commits just after the receiver answers.
    const events = await eventually(async () => {
      const listed = (await admin.events(id)).body as Array<{ type: string }>;
      return listed.filter((event) => event.type === 'notification.delivered').length === 2 ? listed : undefined;
    });
    expect(typesOf(events).filter((type: string) => type.startsWith('notification.'))).toEqual([
      'notification.delivery_failed',
      'notification.delivery_failed',
      'notification.delivered',
      'notification.delivered',
    ]);
  });

  it('dead-letters after the last attempt, lets later notifications go on, and can be retried', async () => {
    const path = `/dead-${Date.now()}`;
    let healthy = false;
    receiver.on(path, (call) => (call.body.value === 'accepted' && !healthy ? { status: 500 } : { status: 200 }));
    const created = await admin.call('POST', '', sampleOrder({ payments: [heldPayment()], notifications: [{ id: 'n', scope: '/state/currentStatus', schema: { enum: ['accepted', 'completed'] }, invoke: `${receiver.url}${path}` }] }));
    const id = created.body.id;
    for (const status of ['processing', 'accepted', 'completed']) await admin.call('PUT', `/${id}/state`, { status });

    const dead = await eventually(async () => (await admin.events(id)).body.find((event: { type: string }) => event.type === 'notification.dead_lettered'));
    expect(dead.data).toMatchObject({ attempt: 3, error: 'HTTP 500', notificationId: 'n' });
    await eventually(async () => receiver.callsTo(path).some((call) => call.body.value === 'completed'));

    healthy = true;
    const retry = await rest(system.urls.notifications!, 'POST', `/api/v1/events/${dead.id}/retry`, { token: admin.token, ...tenant });
    expect(retry.status).toBe(202);
    await eventually(async () => receiver.callsTo(path).filter((call) => call.body.value === 'accepted').length === 4);
    const again = await rest(system.urls.notifications!, 'POST', `/api/v1/events/${dead.id}/retry`, { token: admin.token, ...tenant });
    expect([202, 409]).toContain(again.status);
    const notADelivery = (await admin.events(id)).body.find((event: { type: string }) => event.type === 'order.created');
    expect((await rest(system.urls.notifications!, 'POST', `/api/v1/events/${notADelivery.id}/retry`, { token: admin.token, ...tenant })).status).toBe(409);
  });

  it("lists events only within the tenant and refuses a missing orderId", async () => {
    const created = await admin.call('POST', '', sampleOrder());
    const other = await orderClient(system, { merchant: 'other', channel: 'web' });
    expect((await other.events(created.body.id)).status).toBe(404);
    const missing = await rest(system.urls.notifications!, 'GET', '/api/v1/events', { token: admin.token, ...tenant });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('invalid_request');
  });

  it('never evaluates the schema of a notification whose scope did not change', async () => {
    const path = `/scoped-${Date.now()}`;
    // A schema that matches anything would fire on any evaluation.
    const created = await admin.call('POST', '', sampleOrder({ notifications: [{ id: 'n', scope: '/reference', schema: true, invoke: `${receiver.url}${path}` }] }));
    await admin.call('PUT', `/${created.body.id}/customer/billing`, { givenName: 'A' });
    await admin.call('PUT', `/${created.body.id}/reference`, { reference: 'ext-1' });
    await eventually(async () => receiver.callsTo(path).length === 1);
    await outboxSettled(system, created.body.id);
    expect(receiver.callsTo(path).map((call) => call.body.value)).toEqual(['ext-1']);
  });
});

describe('notification worker crash', () => {
  it('loses nothing when the delivering worker loses its sessions and its lease mid-delivery', async () => {
    const own = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50', NOTIFICATION_TIMEOUT_MS: '5000' } });
    const client = await orderClient(own, tenant, 'admin');
    const path = `/slow-${Date.now()}`;
    // The first call is answered only once its delivery has been given up for dead, however slow the machine.
    let killed!: () => void;
    const afterTheKill = new Promise<void>((resolve) => (killed = resolve));
    receiver.on(path, async () => {
      if (receiver.callsTo(path).length === 1) await afterTheKill;
      return { status: 200 };
    });
    const created = await client.call('POST', '', sampleOrder({ notifications: [{ id: 'n', scope: '/reference', schema: { type: 'string' }, invoke: `${receiver.url}${path}` }] }));
    await client.call('PUT', `/${created.body.id}/reference`, { reference: 'r' });
    await eventually(async () => receiver.callsTo(path).length === 1);
    // Mid-call, the worker's sessions are cut and its lease runs out, as when its process dies (no transaction is open during the call).
    await own.db.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike '%notification_jobs%'`);
    await own.db.pool.query(`update notification_leases set lease_until = now() where job_id in (select id from notification_jobs where order_id = $1)`, [created.body.id]);
    // The job is claimed again and delivered by the next attempt, the first still unanswered.
    await eventually(async () => receiver.callsTo(path).length === 2, 30_000);
    killed();
    const job = await eventually(async () => {
      const row = await own.db.prisma.notificationJob.findFirst({ where: { orderId: created.body.id } });
      return row?.status === 'delivered' ? row : undefined;
    }, 30_000);
    expect(job.status).toBe('delivered');
    await outboxSettled(own, created.body.id);
    // Recorded delivered once, whichever attempt's outcome came first.
    expect(await own.db.prisma.orderEvent.count({ where: { orderId: created.body.id, type: 'notification.delivered' } })).toBe(1);
    await own.close();
  }, 90_000);
});
