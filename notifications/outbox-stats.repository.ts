import type pg from 'pg';

/** What the outbox holds right now, across tenants: the figures behind the delivery metrics. */
export interface OutboxStats {
  /** Jobs waiting to be delivered (due, retrying or held by a paused receiver). */
  queued: number;
  /** Of those, the ones with at least one failed attempt. */
  failing: number;
  /** Of those, the ones held by a paused receiver. */
  held: number;
  /** Dead-lettered jobs not replayed since. */
  dead: number;
  /** Age of the oldest queued job; 0 when none is queued. */
  oldestQueuedAgeMs: number;
  pausedReceivers: number;
}

/** Counts for metrics (queue depth, oldest age, dead letters, paused receivers); two indexed queries. */
export async function outboxStats(pool: pg.Pool): Promise<OutboxStats> {
  const [jobs, receivers] = await Promise.all([
    pool.query<{ queued: number; failing: number; held: number; dead: number; oldest: number | null }>(
      `select count(*) filter (where j.status = 'pending')::int as queued,
              count(*) filter (where j.status = 'pending' and j.attempts > 0)::int as failing,
              count(*) filter (where j.status = 'pending' and r.status = 'paused')::int as held,
              count(*) filter (where j.status = 'dead')::int as dead,
              extract(epoch from (now() - min(j.created_at) filter (where j.status = 'pending')))::float8 * 1000 as oldest
         from notification_jobs j
         left join notification_receivers r on r.merchant = j.merchant and r.channel = j.channel and r.url = j.receiver
        where j.status in ('pending', 'dead')`,
    ),
    pool.query<{ paused: number }>(`select count(*)::int as paused from notification_receivers where status = 'paused'`),
  ]);
  const row = jobs.rows[0]!;
  return {
    queued: row.queued,
    failing: row.failing,
    held: row.held,
    dead: row.dead,
    oldestQueuedAgeMs: Math.max(0, Math.round(row.oldest ?? 0)),
    pausedReceivers: receivers.rows[0]!.paused,
  };
}
