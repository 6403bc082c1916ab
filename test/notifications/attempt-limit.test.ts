/** At most the configured attempts per job, one at a time, whatever claims, attempts and resumes run at once. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { NotificationQueue, type ClaimedJob } from '../../notifications/notification-queue.repository.js';
import { ReceiverRepository } from '../../notifications/receiver.repository.js';
import { eventually } from '../harness/orders.js';
import { createTestDatabase } from '../harness/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** The claiming worker's own connections, as the notification service has its own pool. */
let workerPool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  workerPool = new pg.Pool({ connectionString: database.url, max: 2 });
});
// Each test starts from an empty queue: a claim takes whichever job is oldest.
beforeEach(() => database.db.pool.query('truncate notification_jobs, notification_receivers, order_events'));
afterAll(async () => {
  await workerPool?.end();
  await database?.drop();
});

const tenant = { merchant: 'm-race', channel: 'web' };
const RACE_RECEIVER = 'http://race.test/hook';
/**
 * Jobs of one order, older than the raced job, in pairs: the first of each pair being delivered
 * (leased), the second to the same receiver and so held back by it. A claim looks at each second
 * one and, for each, at every earlier job of the order until it finds its pair's first: a
 * statement that runs for a good second before it reaches the raced job.
 */
const BUSY_JOBS = 4_000;

/** The claim's statement, running (pg_stat_activity keeps a statement's first kilobyte: its opening). */
const CLAIM_RUNNING = `select query_start from pg_stat_activity
  where datname = current_database() and state = 'active' and query like 'with leased as (%'`;

describe('a job whose attempt commits while another worker’s claim is looking', () => {
  it('is not attempted again when that attempt paused its receiver and left the job held at its last attempt', async () => {
    const pool = database.db.pool;
    await pool.query(
      `with jobs as (
         insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload)
         select $1, $2, 'o-busy', 1, 'busy-' || k, 'notification', 'http://busy-' || (k / 2) || '.test/hook', '{}'
           from generate_series(0, $3::int - 1) k
         returning id, merchant, receiver, notification_id)
       insert into notification_leases (job_id, merchant, host, leased_by, lease_until)
       select id, merchant, coalesce(substring(receiver from '^[^/?#]*//[^/?#]*'), receiver), 'others', now() + interval '1 minute' from jobs
        where (substring(notification_id from 6)::int) % 2 = 0`,
      [tenant.merchant, tenant.channel, BUSY_JOBS],
    );
    // Two attempts made; the third (the last of three) is the one under way.
    const { rows } = await pool.query<{ id: string }>(
      `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload, attempts, last_error)
       values ($1, $2, 'o-race', 1, 'raced', 'notification', $3, '{}', 2, 'HTTP 500') returning id::text`,
      [tenant.merchant, tenant.channel, RACE_RECEIVER],
    );
    const racedId = rows[0]!.id;
    // Worker A holds its lease: it is calling the receiver (no lock, no transaction).
    await pool.query(
      `insert into notification_leases (job_id, merchant, host, leased_by, lease_until)
       select id, merchant, coalesce(substring(receiver from '^[^/?#]*//[^/?#]*'), receiver), 'worker-a', now() + interval '1 minute' from notification_jobs where id = $1`,
      [racedId],
    );

    // Worker A's third attempt at the raced job has failed: its outcome (which pauses the receiver and lets the lease go) is being written.
    const workerA = await pool.connect();
    try {
      await workerA.query('begin');
      await workerA.query(
        `update notification_jobs set attempts = 3, last_error = 'HTTP 500', next_attempt_at = now(), updated_at = now() where id = $1`,
        [racedId],
      );
      await workerA.query(`delete from notification_leases where job_id = $1 and leased_by = 'worker-a'`, [racedId]);
      await workerA.query(
        `insert into notification_receivers (merchant, channel, url, status, consecutive_failures, failing_since, paused_at, last_error, last_failure_at)
         values ($1, $2, $3, 'paused', 6, now(), now(), 'HTTP 500', now())`,
        [tenant.merchant, tenant.channel, RACE_RECEIVER],
      );

      // Worker B claims meanwhile.
      const queue = new NotificationQueue(workerPool, { pause: { failures: 6, afterMs: 0 }, perHost: 4 });
      const attempted: ClaimedJob[] = [];
      const claimB = queue.processNext(async (job) => {
        attempted.push(job);
        return { kind: 'dead', error: 'HTTP 500', durationMs: 1 };
      });
      // B's claim is under way (planned and running: its snapshot is taken) ...
      await eventually(async () => (await pool.query(`${CLAIM_RUNNING} and clock_timestamp() - query_start > interval '250 ms'`)).rowCount === 1, 30_000, 10);
      // ... when A's attempt commits.
      await workerA.query('commit');
      const { rows: committed } = await pool.query<{ at: Date }>('select clock_timestamp() as at');
      // The race is on: the select that began before A's commit is still looking.
      expect((await pool.query(`${CLAIM_RUNNING} and query_start < $1`, [committed[0]!.at])).rowCount).toBe(1);

      const worked = await claimB;
      expect(attempted.map((job) => [job.id, job.attempts])).toEqual([]);
      expect(worked).toBe(false);
    } finally {
      await workerA.query('rollback').catch(() => undefined);
      workerA.release();
    }

    const job = await pool.query('select status, attempts from notification_jobs where id = $1', [racedId]);
    expect(job.rows).toEqual([{ status: 'pending', attempts: 3 }]);
    const receiver = await pool.query('select status, consecutive_failures as failures from notification_receivers where url = $1', [RACE_RECEIVER]);
    expect(receiver.rows).toEqual([{ status: 'paused', failures: 6 }]);
    const events = await pool.query(`select type, data->>'attempt' as attempt from order_events where order_id = 'o-race'`);
    expect(events.rows).toEqual([]);
  });
});

describe('a receiver resumed while one of its held jobs is locked', () => {
  it('waits for the lock and gives that job fresh attempts too, so it is never attempted past its last', async () => {
    const pool = database.db.pool;
    const url = 'http://resumed.test/hook';
    const { rows: receivers } = await pool.query<{ id: string }>(
      `insert into notification_receivers (merchant, channel, url, status, consecutive_failures, failing_since, paused_at, last_error, last_failure_at)
       values ($1, $2, $3, 'paused', 6, now(), now(), 'HTTP 500', now()) returning id`,
      [tenant.merchant, tenant.channel, url],
    );
    // Held at its last attempt (the one that paused the receiver).
    const { rows } = await pool.query<{ id: string }>(
      `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload, attempts, last_error)
       values ($1, $2, 'o-resumed', 1, 'held', 'notification', $3, '{}', 3, 'HTTP 500') returning id::text`,
      [tenant.merchant, tenant.channel, url],
    );
    const heldId = rows[0]!.id;

    // A worker's claim holds the job's lock at the moment of the resume.
    const claimer = await pool.connect();
    let resumed: ReturnType<ReceiverRepository['resume']>;
    try {
      await claimer.query('begin');
      await claimer.query('select id from notification_jobs where id = $1 for update', [heldId]);
      resumed = new ReceiverRepository(pool).resume(tenant, receivers[0]!.id, 'admin-1');
      let settled = false;
      void resumed.finally(() => (settled = true)).catch(() => undefined);
      // The resume either waits for the lock or (had it skipped the job) is done already.
      await eventually(async () => settled || (await pool.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rowCount === 1);
    } finally {
      await claimer.query('rollback');
      claimer.release();
    }
    expect(await resumed).toMatchObject({ kind: 'resumed', requeued: 1, receiver: { status: 'active', consecutiveFailures: 0 } });
    expect((await pool.query('select attempts from notification_jobs where id = $1', [heldId])).rows).toEqual([{ attempts: 0 }]);

    // Its next attempt is the first of a fresh round, not one past the last.
    const queue = new NotificationQueue(workerPool, { pause: { failures: 6, afterMs: 0 }, perHost: 4 });
    const attempted: Array<[string, number]> = [];
    await queue.processNext(async (job) => {
      attempted.push([job.id, job.attempts]);
      return { kind: 'retry', error: 'HTTP 500', durationMs: 1, delayMs: 60_000 };
    });
    expect(attempted).toEqual([[heldId, 0]]);
    const events = await pool.query(`select type, (data->>'attempt')::int as attempt from order_events where order_id = 'o-resumed'`);
    expect(events.rows).toEqual([{ type: 'notification.delivery_failed', attempt: 1 }]);
  });
});
