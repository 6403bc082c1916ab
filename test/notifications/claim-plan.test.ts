/**
 * The claim runs on a kept (generic) plan (docs/scaling.md, "The outbox"): made once per
 * connection, made again when the outbox's statistics change. Whatever the backlog the plan was
 * made for, a claim of 16 reads about what 16 jobs need, not the whole backlog: buffers, which a
 * loaded machine does not change.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { CLAIM_SQL } from '../../notifications/notification-claim.sql.js';
import { createTestDatabase } from '../harness/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** One session: its prepared claim is the kept plan under test. */
let session: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  session = new pg.Client({ connectionString: database.url });
  await session.connect();
  await session.query('set plan_cache_mode = force_generic_plan');
});
afterAll(async () => {
  await session?.end();
  await database?.drop();
});

let queued = 0;
async function enqueue(count: number): Promise<void> {
  await session.query(
    `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload)
     select 'm-plan', 'web', 'o-' || k, 1, 'n', 'notification', 'http://host-' || (k % 4) || '.test/r', jsonb_build_object('value', repeat('.', 400))
       from generate_series($1::int, $1::int + $2::int - 1) k`,
    [queued, count],
  );
  queued += count;
}

/** Buffers one claim of 16 reads, run and rolled back (its leases go with it). */
async function claimBuffers(): Promise<{ buffers: number; claimed: number }> {
  await session.query('begin');
  try {
    const { rows } = await session.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }>(
      `explain (analyze, buffers, format json) execute claim(16, 16, 64, 30000, 'plan-test')`,
    );
    const plan = rows[0]!['QUERY PLAN'][0]!.Plan;
    return { buffers: plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!, claimed: plan['Actual Rows']! };
  } finally {
    await session.query('rollback');
  }
}

const pending = async () => (await session.query<{ n: number }>(`select count(*)::int as n from notification_jobs where status = 'pending'`)).rows[0]!.n;

describe('the claim on a kept plan', () => {
  it('reads what its batch needs as the backlog grows and shrinks', async () => {
    await enqueue(40);
    await session.query('analyze notification_jobs');
    await session.query(`prepare claim as ${CLAIM_SQL}`);
    const small = await claimBuffers();

    // A backlog 125 times larger, counted by the statistics: the plan is made again.
    await enqueue(5_000);
    await session.query('analyze notification_jobs');
    const large = await claimBuffers();

    // The backlog drains back to 20 pending jobs beside 5,020 settled ones, on the plan made for 5,040.
    await session.query(`update notification_jobs set status = 'delivered', delivered_at = now() where id in (select id from notification_jobs order by id limit $1)`, [queued - 20]);
    expect(await pending()).toBe(20);
    const shrunk = await claimBuffers();
    await session.query('analyze notification_jobs');
    const shrunkAnalyzed = await claimBuffers();

    for (const run of [small, large, shrunk, shrunkAnalyzed]) expect(run.claimed).toBe(16);
    // Reading the backlog would be thousands of buffers (5,040 rows of ~0.5 kB, an order probe each);
    // measured: 193 for 40 pending, 285 for 5,040.
    expect(large.buffers).toBeLessThan(3 * small.buffers);
    // Once drained, the walk also passes the 5,020 entries the updates left dead in the pending
    // index until vacuum (measured: 607 and 673), whichever plan.
    for (const run of [shrunk, shrunkAnalyzed]) expect(run.buffers).toBeLessThan(8 * small.buffers);
  });
});
