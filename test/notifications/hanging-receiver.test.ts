import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

// Two workers, so at most one of them may wait on any one receiver host; attempts time out after 120 s
// (far beyond the test: a hanging call never times out and is tried again while it runs).
const ENV = { NOTIFICATION_CONCURRENCY: '2', NOTIFICATION_TIMEOUT_MS: '120000', NOTIFICATION_RETRY_DELAYS_MS: '100' };
const tenant = { merchant: 'm-hanging', channel: 'web' };

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let receiver: TestAdapter;
/** Another host (its own port), as a healthy adapter's. */
let healthy: TestAdapter;
/** Answers every held call of the hanging receiver. */
let releaseAll: () => void = () => undefined;
const held = new Promise<void>((resolve) => (releaseAll = resolve));

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'notifications'], env: ENV });
  admin = await orderClient(system, tenant, 'admin');
  receiver = await TestAdapter.start();
  healthy = await TestAdapter.start();
  for (let i = 0; i < 3; i++) {
    receiver.on(`/hangs/${i}`, async () => {
      await held;
      return { status: 200 };
    });
  }
});
afterAll(async () => {
  releaseAll();
  await receiver?.close();
  await healthy?.close();
  await system?.close();
});

const notifyOnReference = (id: string, url: string) => ({ id, scope: '/reference', schema: { type: 'string' }, invoke: url });
const hangingCalls = () => [0, 1, 2].flatMap((i) => receiver.callsTo(`/hangs/${i}`));

describe('a receiver host that never answers', () => {
  it('holds at most its share of the workers, whichever of its paths are due: other hosts are served while its calls hang', async () => {
    // Three orders' jobs for the hanging host, each to a path of its own (three receivers, one
    // host, as an adapter's callbacks naming a payment are), fall due before the live one.
    for (let i = 0; i < 3; i++) {
      const order = await admin.call('POST', '', sampleOrder({ notifications: [notifyOnReference('hang', `${receiver.url}/hangs/${i}`)] }));
      await admin.call('PUT', `/${order.body.id}/reference`, { reference: `r-${i}` });
    }
    await eventually(async () => hangingCalls().length >= 1);
    const live = await admin.call('POST', '', sampleOrder({ notifications: [notifyOnReference('live', `${healthy.url}/live`)] }));
    await admin.call('PUT', `/${live.body.id}/reference`, { reference: 'r-live' });

    // Well before the hanging calls' timeout.
    await eventually(async () => healthy.callsTo('/live').length === 1, 30_000);
    expect(hangingCalls()).toHaveLength(1);

    releaseAll();
    await eventually(async () => (await system.db.prisma.notificationJob.count({ where: { status: 'delivered', notificationId: 'hang' } })) === 3, 30_000);
    expect(hangingCalls().map((call) => call.body.value).sort()).toEqual(['r-0', 'r-1', 'r-2']);
  });
});
