/**
 * Leased claims (docs/scaling.md, "The outbox"): a slow receiver holds no database connection or
 * row lock while it is waited on; a lease left by a worker that died runs out and its job is
 * delivered; retention keeps the outbox's table to the backlog, not the history.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { NotificationQueue } from '../../notifications/notification-queue.repository.js';
import { NotificationWorker, type WorkerOptions } from '../../notifications/notification.worker.js';
import { orderJobs } from '../../subgraphs/order/engine/order-jobs.js';
import { platformSigningKey } from '../../platform/auth/signing-key.js';
import { connectDatabase, type Database } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logging/logger.js';
import { CallSigner } from '../../platform/outbound/call-signer.js';
import { eventually } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { createTestDatabase } from '../harness/test-database.js';

const tenant = { merchant: 'm-leases', channel: 'web' };
const logger = createLogger({ level: 'silent' });
const signingKey = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));
const calls = new CallSigner(() => platformSigningKey({ signingKey, dataDir: '/nonexistent' }));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let receiver: TestAdapter;
/** The worker under test, with its own pool (as the notification service has). */
let running: { db: Database; worker: NotificationWorker } | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await TestAdapter.start();
});
afterEach(async () => {
  await running?.worker.stop();
  await running?.db.close();
  running = undefined;
  await database.db.pool.query('truncate notification_jobs, notification_receivers, order_events');
});
afterAll(async () => {
  await receiver?.close();
  await database?.drop();
});

async function startWorker(options: Partial<WorkerOptions> & { perHost?: number; leaseMs?: number } = {}) {
  const db = connectDatabase(database.url, { max: 4 });
  const queue = new NotificationQueue(db.pool, { pause: { failures: 0, afterMs: 0 }, perHost: options.perHost ?? 8, leaseMs: options.leaseMs ?? 30_000 });
  const worker = new NotificationWorker(queue, calls, logger, { databaseUrl: database.url, concurrency: 8, timeoutMs: 10_000, retryDelaysMs: [100], pollMs: 100, ...options }, orderJobs());
  running = { db, worker };
  await worker.start();
  return running;
}

/** `count` jobs, one per order (none holds another back), to `path` + their number modulo `paths`. */
async function enqueue(prefix: string, count: number, path: string, paths = 1): Promise<void> {
  await database.db.pool.query(
    `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload)
     select $1, $2, $3 || k, 1, 'n', 'notification', $4 || (k % $5), '{}' from generate_series(1, $6::int) k`,
    [tenant.merchant, tenant.channel, `o-${prefix}-`, `${receiver.url}${path}`, paths, count],
  );
}

const count = async (where: string) => (await database.db.pool.query<{ n: number }>(`select count(*)::int as n from notification_jobs where ${where}`)).rows[0]!.n;

describe('a receiver that takes 2 s per call', () => {
  it('is waited on with no database connection in use and no lock on the outbox', async () => {
    const CALLS = 6;
    let inFlight = 0;
    for (let i = 0; i < CALLS; i++) {
      receiver.on(`/slow/${i}`, async () => {
        inFlight += 1;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        inFlight -= 1;
        return { status: 200 };
      });
    }
    await enqueue('slow', CALLS, '/slow/', CALLS);
    // A long poll: with nothing else due, the worker makes no query of its own while the calls are waited on.
    const { db } = await startWorker({ pollMs: 60_000 });
    await eventually(async () => inFlight === CALLS, 10_000, 10);
    // The loop's follow-up claim (which finds nothing more and sends it to sleep) may still be
    // under way as the calls arrive on a loaded machine: the sampling starts once the pool is
    // idle. A connection held while a call is waited on would never come back within the 2 s,
    // and this wait would fail.
    await eventually(async () => db.pool.totalCount - db.pool.idleCount === 0, 1_500, 10);

    // While the calls are waited on: the worker's pool has no connection checked out, and the
    // database has no session of the worker in a transaction or holding a lock on the outbox.
    // (Client sessions only: PostgreSQL's autovacuum may analyse the outbox meanwhile, and its
    // locks on the table and its indexes are not the worker's.)
    const samples: Array<{ inUse: number; busySessions: number; outboxLocks: number; leased: number }> = [];
    const probe = await database.db.pool.connect();
    try {
      while (inFlight === CALLS) {
        const { rows } = await probe.query<{ busy: number; locks: number; leased: number }>(
          `select (select count(*)::int from pg_stat_activity
                    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
                      and state in ('active', 'idle in transaction', 'idle in transaction (aborted)')) as busy,
                  (select count(*)::int from pg_locks l join pg_class c on c.oid = l.relation
                    join pg_stat_activity a on a.pid = l.pid and a.backend_type = 'client backend'
                    where (c.relname like 'notification_jobs%' or c.relname like 'notification_leases%') and l.pid <> pg_backend_pid()) as locks,
                  (select count(*)::int from notification_leases where lease_until > now()) as leased`,
        );
        if (inFlight !== CALLS) break; // a call ended while sampling: its outcome may be being written
        samples.push({ inUse: db.pool.totalCount - db.pool.idleCount, busySessions: rows[0]!.busy, outboxLocks: rows[0]!.locks, leased: rows[0]!.leased });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      probe.release();
    }
    expect(samples.length).toBeGreaterThan(5);
    expect(samples.filter((sample) => sample.inUse !== 0 || sample.busySessions !== 0 || sample.outboxLocks !== 0 || sample.leased !== CALLS)).toEqual([]);

    await eventually(async () => (await count(`status = 'delivered'`)) === CALLS, 10_000);
    expect((await database.db.pool.query(`select count(*)::int as n from notification_leases`)).rows[0].n).toBe(0);
    expect(receiver.calls.filter((call) => call.path.startsWith('/slow/'))).toHaveLength(CALLS);
  });
});

describe('a job leased by a worker that died', () => {
  it('is delivered once its lease runs out, and not before', async () => {
    await enqueue('orphan', 1, '/orphan');
    await enqueue('live', 1, '/live');
    // The dead worker's claim: leased for another 1.5 s, by a worker that will never record it.
    await database.db.pool.query(
      `insert into notification_leases (job_id, merchant, host, leased_by, lease_until)
       select id, merchant, coalesce(substring(receiver from '^[^/?#]*//[^/?#]*'), receiver), 'dead-worker', now() + interval '1500 milliseconds' from notification_jobs where order_id = 'o-orphan-1'`,
    );
    const leasedAt = Date.now();
    await startWorker();
    await eventually(async () => receiver.callsTo('/live0').length === 1, 10_000, 10);
    await eventually(async () => receiver.callsTo('/orphan0').length === 1, 10_000, 10);
    expect(receiver.callsTo('/orphan0')[0]!.at - leasedAt).toBeGreaterThanOrEqual(1_400);
    await eventually(async () => (await count(`status = 'delivered'`)) === 2, 10_000);
    const events = await database.db.pool.query(`select data->>'attempt' as attempt from order_events where order_id = 'o-orphan-1' and type = 'notification.delivered'`);
    expect(events.rows).toEqual([{ attempt: '1' }]);
  });

  it('counts against its host’s cap until then', async () => {
    await database.db.pool.query(
      `with job as (
         insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload)
         values ($1, $2, 'o-held-1', 1, 'n', 'notification', $3, '{}') returning id, merchant, receiver)
       insert into notification_leases (job_id, merchant, host, leased_by, lease_until)
       select id, merchant, coalesce(substring(receiver from '^[^/?#]*//[^/?#]*'), receiver), 'dead-worker', now() + interval '1500 milliseconds' from job`,
      [tenant.merchant, tenant.channel, `${receiver.url}/held`],
    );
    await enqueue('capped', 1, '/capped');
    const leasedAt = Date.now();
    await startWorker({ perHost: 1 });
    // One slot for the host, taken by the dead worker's lease: the other job waits for it to run out.
    await eventually(async () => receiver.callsTo('/capped0').length === 1, 10_000, 10);
    expect(receiver.callsTo('/capped0')[0]!.at - leasedAt).toBeGreaterThanOrEqual(1_400);
    await eventually(async () => (await count(`status = 'delivered'`)) === 2, 10_000);
  });
});

describe('retention', () => {
  it('keeps the outbox table to the backlog and what retention keeps, however many jobs were delivered', async () => {
    const recentDead = await database.db.pool.query<{ id: string }>(
      `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload, status, attempts, updated_at)
       values ($1, $2, 'o-dead-recent', 1, 'n', 'notification', 'http://gone.test/a', '{}', 'dead', 3, now() - interval '1 minute'),
              ($1, $2, 'o-dead-old', 1, 'n', 'notification', 'http://gone.test/b', '{}', 'dead', 3, now() - interval '2 hours')
       returning id::text, order_id`,
      [tenant.merchant, tenant.channel],
    );
    // Two amountChanged calls delivered for one payment long ago: the last stays (the next is decided against it).
    const amountCalls = await database.db.pool.query<{ id: string }>(
      `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload, status, attempts, updated_at, delivered_at)
       select $1, $2, 'o-amount', v, 'amount:p1', 'amount_changed', 'http://adapter.test/amount', jsonb_build_object('amount', 100 * v), 'delivered', 1, now() - interval '2 hours', now() - interval '2 hours'
         from generate_series(1, 2) v
       returning id::text`,
      [tenant.merchant, tenant.channel],
    );
    const kept = [recentDead.rows[0]!.id, amountCalls.rows[1]!.id].sort();
    const keptIds = async () => (await database.db.pool.query<{ id: string }>(`select id::text from notification_jobs order by id`)).rows.map((row) => row.id).sort();

    // Delivered jobs go at once; dead ones after an hour.
    await startWorker({ retention: { deliveredMs: 0, deadMs: 3_600_000, sweepEveryMs: 100 } });
    for (const round of [1, 2, 3]) {
      await enqueue(`history-${round}`, 100, '/fast/', 4);
      await eventually(async () => (await count(`status = 'delivered' and kind = 'notification'`)) === 0 && (await count(`status = 'pending'`)) === 0 && (await count('true')) === kept.length, 45_000, 20);
      expect(await keptIds()).toEqual(kept);
    }
    // The history stays in the orders' events.
    const delivered = await database.db.pool.query<{ n: number }>(`select count(*)::int as n from order_events where type = 'notification.delivered'`);
    expect(delivered.rows[0]!.n).toBe(300);

    // A backlog stays whole: jobs waiting for their receiver are never swept.
    await enqueue('backlog', 20, '/never-up/');
    await database.db.pool.query(`update notification_jobs set next_attempt_at = now() + interval '1 hour' where order_id like 'o-backlog-%'`);
    await enqueue('after', 10, '/fast/', 4);
    await eventually(async () => (await count('true')) === kept.length + 20, 45_000, 20);
    expect(await count(`status = 'pending'`)).toBe(20);
    // Four waits for conditions, each bounded generously for a loaded CI machine (they take well under a second when quiet).
  }, 240_000);
});
