/**
 * kill -9 of one replica while its notification workers are delivering to a slow receiver
 * (test/harness/replicas.ts): the other replica delivers what the dead one held, nothing is lost,
 * and every repeat the receiver sees carries the key of an event it already has (issue 31).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rest } from '../harness/http.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { startReplicas, type Replicas } from '../harness/replicas.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let replicas: Replicas;
let receiver: TestAdapter;
let admin: Awaited<ReturnType<typeof orderClient>>;
const tenant = { merchant: 'm-replica-killed', channel: 'web' };
/** Notification workers per process: few in the one that lives, more in the one killed, so how many calls are in flight tells that the killed one holds some. */
const SURVIVOR_WORKERS = 2;
const KILLED_WORKERS = 8;

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_CONCURRENCY: String(SURVIVOR_WORKERS), NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  replicas = await startReplicas(system, { env: { NOTIFICATION_CONCURRENCY: String(KILLED_WORKERS), NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  receiver = await TestAdapter.start();
  admin = await orderClient(system, tenant, 'admin');
}, 180_000);
afterAll(async () => {
  await replicas?.close();
  await receiver?.close();
  await system?.close();
});

describe('kill -9 of a replica mid-delivery', () => {
  it('loses nothing: every event delivered, each recorded delivered once, repeats only of events the receiver already has', async () => {
    const ORDERS = 32;
    const RECEIVERS = 8;
    // The receiver: slow (held until the replica is dead, then 10 ms a call); applies an event the first time its key arrives, acknowledges repeats.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inFlight = 0;
    const arrivals: string[] = [];
    const applied = new Map<string, unknown>();
    for (let r = 0; r < RECEIVERS; r++) {
      receiver.on(`/receiver-${r}`, async (call) => {
        const key = `${call.body.orderId as string}:${call.body.version as number}:${call.body.notification.id as string}`;
        arrivals.push(key);
        inFlight++;
        await held;
        inFlight--;
        if (applied.has(key)) expect(call.body.value).toEqual(applied.get(key));
        else applied.set(key, call.body.value);
        return { status: 200, delayMs: 10 };
      });
    }
    const orderIds = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        const created = await admin.call('POST', '', sampleOrder({ notifications: [{ id: 'billing', scope: '/customer/billing', schema: true, invoke: `${receiver.url}/receiver-${i % RECEIVERS}` }] }));
        expect(created.status).toBe(201);
        return created.body.id as string;
      }),
    );
    // One change per order, through the balancer (both replicas): one event each to deliver.
    const changed = await Promise.all(
      orderIds.map((orderId, i) => rest(replicas.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, { token: admin.token, ...tenant, body: { givenName: 'Kari', familyName: `Order ${i}` } })),
    );
    expect(changed.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(200));
    const expected = orderIds.map((orderId) => `${orderId}:2:billing`).sort();

    // More calls in flight than the surviving process has workers: the other one holds some.
    const inFlightAtKill = await eventually(async () => inFlight > SURVIVOR_WORKERS + 3 && inFlight, 30_000);
    await replicas.killSecond();
    release();
    await outboxSettled(system, undefined, 60_000);

    // Nothing lost, nothing new: every event arrived, and no key the platform did not commit.
    expect([...new Set(arrivals)].sort()).toEqual(expected);
    expect([...applied.keys()].sort()).toEqual(expected);
    // The dead replica's calls were delivered again by the live one: at least one repeat per call it held.
    const repeats = arrivals.length - expected.length;
    expect(repeats).toBeGreaterThanOrEqual(inFlightAtKill - SURVIVOR_WORKERS);
    // The platform's record: each job delivered, once.
    const jobs = await system.db.prisma.notificationJob.findMany({ where: { orderId: { in: orderIds } }, select: { status: true } });
    expect(jobs.map((job) => job.status)).toEqual(Array(ORDERS).fill('delivered'));
    const delivered = await system.db.prisma.orderEvent.findMany({ where: { orderId: { in: orderIds }, type: 'notification.delivered' }, select: { orderId: true } });
    expect(delivered.map((event) => event.orderId).sort()).toEqual([...orderIds].sort());
    // HAProxy took the dead replica out at its checks; calls through it still answer.
    await replicas.haproxy.waitFor('order', 'r2', 'DOWN');
    const reads = await Promise.all(orderIds.slice(0, 4).map((orderId) => rest(replicas.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`, { token: admin.token, ...tenant })));
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200]);
  });
});
