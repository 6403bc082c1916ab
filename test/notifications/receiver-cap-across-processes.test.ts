/** A receiver host's cap holds across notification workers of different processes on one database (docs/events.md, "A receiver that hangs"). */
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

/** Each worker runs 4 loops; the cap is 2 deliveries to one host across both. */
const WORKERS_PER_PROCESS = 4;
const HOST_CAP = 2;
const JOBS = 12;
const tenant = { merchant: 'm-cap', channel: 'web' };
const logger = createLogger({ level: 'silent' });

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let slow: TestAdapter;
/** What each "process" has of its own: its worker's pool, queue and worker. */
let processes: Array<{ db: Database; worker: NotificationWorker }> = [];
let inFlight = 0;
let mostAtOnce = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  slow = await TestAdapter.start();
  // Several paths of one host: several receivers, one host slot set.
  for (let i = 0; i < 3; i++) {
    slow.on(`/slow/${i}`, async () => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      // The receiver is slow: each delivery stays open long enough for every free worker to claim meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 250));
      inFlight -= 1;
      return { status: 200 };
    });
  }
  const signingKey = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));
  const calls = new CallSigner(() => platformSigningKey({ signingKey, dataDir: '/nonexistent' }));
  processes = Array.from({ length: 2 }, () => {
    const db = connectDatabase(database.url, { max: WORKERS_PER_PROCESS + 2 });
    const queue = new NotificationQueue(db.pool, { pause: { failures: 0, afterMs: 0 }, perHost: HOST_CAP });
    const worker = new NotificationWorker(queue, calls, logger, { databaseUrl: database.url, concurrency: WORKERS_PER_PROCESS, timeoutMs: 10_000, retryDelaysMs: [100], pollMs: 100 }, orderJobs());
    return { db, worker };
  });
});
afterAll(async () => {
  for (const { worker, db } of processes) {
    await worker.stop();
    await db.close();
  }
  await slow?.close();
  await database?.drop();
});

describe('two notification processes and one slow receiver host', () => {
  it('never has more deliveries in flight to the host than its cap, and delivers every job once', async () => {
    // One job per order (no order holds another back), spread over three paths of the host.
    await database.db.pool.query(
      `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload)
       select $1, $2, 'o-cap-' || k, 1, 'n-' || k, 'notification', $3 || '/slow/' || (k % 3), '{}' from generate_series(1, $4::int) k`,
      [tenant.merchant, tenant.channel, slow.url, JOBS],
    );
    await Promise.all(processes.map(({ worker }) => worker.start()));
    await eventually(async () => {
      const { rows } = await database.db.pool.query<{ n: number }>(`select count(*)::int as n from notification_jobs where status = 'delivered'`);
      return rows[0]!.n === JOBS;
    }, 60_000);
    expect(slow.calls).toHaveLength(JOBS);
    expect(mostAtOnce).toBeLessThanOrEqual(HOST_CAP);
    // The cap is used, not undershot: both slots were busy at once at some point.
    expect(mostAtOnce).toBe(HOST_CAP);
  });
});
