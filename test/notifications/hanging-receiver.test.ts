import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

// Two workers, so at most one of them may wait on any one receiver; attempts time out after 120 s
// (far beyond the test: a hanging call never times out and is tried again while it runs).
const ENV = { NOTIFICATION_CONCURRENCY: '2', NOTIFICATION_TIMEOUT_MS: '120000', NOTIFICATION_RETRY_DELAYS_MS: '100' };
const tenant = { merchant: 'm-hanging', channel: 'web' };

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let receiver: TestAdapter;
/** Answers every held call of the hanging receiver. */
let releaseAll: () => void = () => undefined;
const held = new Promise<void>((resolve) => (releaseAll = resolve));

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'notifications'], env: ENV });
  admin = await orderClient(system, tenant, 'admin');
  receiver = await TestAdapter.start();
  receiver.on('/hangs', async () => {
    await held;
    return { status: 200 };
  });
});
afterAll(async () => {
  releaseAll();
  await receiver?.close();
  await system?.close();
});

const notifyOnReference = (id: string, path: string) => ({ id, scope: '/reference', schema: { type: 'string' }, invoke: `${receiver.url}${path}` });

describe('a receiver that never answers', () => {
  it('holds at most its share of the workers: other receivers are served while its calls hang', async () => {
    // Three orders' jobs for the hanging receiver fall due before the live one.
    for (let i = 0; i < 3; i++) {
      const order = await admin.call('POST', '', sampleOrder({ notifications: [notifyOnReference('hang', '/hangs')] }));
      await admin.call('PUT', `/${order.body.id}/reference`, { reference: `r-${i}` });
    }
    await eventually(async () => receiver.callsTo('/hangs').length >= 1);
    const live = await admin.call('POST', '', sampleOrder({ notifications: [notifyOnReference('live', '/live')] }));
    await admin.call('PUT', `/${live.body.id}/reference`, { reference: 'r-live' });

    // Well before the hanging calls' timeout.
    await eventually(async () => receiver.callsTo('/live').length === 1, 30_000);
    expect(receiver.callsTo('/hangs')).toHaveLength(1);

    releaseAll();
    await eventually(async () => (await system.db.prisma.notificationJob.count({ where: { status: 'delivered', notificationId: 'hang' } })) === 3, 30_000);
    expect(receiver.callsTo('/hangs').map((call) => call.body.value).sort()).toEqual(['r-0', 'r-1', 'r-2']);
  });
});
