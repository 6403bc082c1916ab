/** A notification worker of a process that is not ready for a cause of its own (its signing key) delivers nothing until it is. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { NotificationQueue } from '../../notifications/notification-queue.repository.js';
import { NotificationWorker } from '../../notifications/notification.worker.js';
import { orderJobs } from '../../subgraphs/order/engine/order-jobs.js';
import { platformSigningKey } from '../../platform/auth/signing-key.js';
import { connectDatabase, type Database } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logging/logger.js';
import { CallSigner } from '../../platform/outbound/call-signer.js';
import { eventually } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { createTestDatabase } from '../harness/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let receiver: TestAdapter;
let db: Database;
let worker: NotificationWorker;
let ready = false;
let asked = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await TestAdapter.start();
  const signingKey = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));
  db = connectDatabase(database.url, { max: 4 });
  const queue = new NotificationQueue(db.pool, { pause: { failures: 0, afterMs: 0 }, perHost: 1 });
  const mayDeliver = async () => {
    asked += 1;
    return ready;
  };
  worker = new NotificationWorker(queue, new CallSigner(() => platformSigningKey({ signingKey, dataDir: '/nonexistent' })), createLogger({ level: 'silent' }), {
    databaseUrl: database.url,
    concurrency: 2,
    timeoutMs: 10_000,
    retryDelaysMs: [100],
    pollMs: 50,
    mayDeliver,
  }, orderJobs());
});
afterAll(async () => {
  await worker?.stop();
  await db?.close();
  await receiver?.close();
  await database?.drop();
});

describe('a worker whose process is not ready', () => {
  it('claims nothing while not ready, then delivers every job once it is', async () => {
    await database.db.pool.query(
      `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload)
       select 'm-ready', 'web', 'o-ready-' || k, 1, 'n-' || k, 'notification', $1, '{}' from generate_series(1, 3) k`,
      [`${receiver.url}/hook`],
    );
    await worker.start();
    // Each loop has asked several times (a poll each): had it claimed, the receiver would have a call.
    await eventually(async () => asked >= 10, 10_000, 10);
    expect(receiver.calls).toHaveLength(0);
    const { rows } = await database.db.pool.query<{ attempts: number }>('select attempts from notification_jobs');
    expect(rows.every((row) => row.attempts === 0)).toBe(true);

    ready = true;
    await eventually(async () => receiver.calls.length === 3 || undefined, 10_000);
    await eventually(async () => (await database.db.pool.query(`select 1 from notification_jobs where status = 'delivered'`)).rowCount === 3 || undefined, 10_000);
  });
});
