import type pg from 'pg';
import { observeDatabaseGauges } from '../platform/telemetry/metrics.js';

const GAUGES = [
  { name: 'notification_outbox_depth', help: 'Notification jobs waiting to be delivered (due, retrying or held).' },
  { name: 'notification_outbox_oldest_age_seconds', help: 'Age of the oldest job waiting to be delivered; 0 when none waits.' },
  { name: 'notification_outbox_retrying', help: 'Waiting jobs with at least one failed attempt.' },
  { name: 'notification_dead_letters', help: 'Dead-lettered jobs not replayed since.' },
  { name: 'notification_receivers_paused', help: 'Receivers paused after failing for long (deliveries wait for an admin).' },
] as const;

/**
 * The outbox's gauges on the notification service's /metrics, read when scraped (two indexed
 * queries). Paused receivers come from `notification_receivers` when that table exists.
 */
export function observeOutbox(pool: pg.Pool): () => void {
  return observeDatabaseGauges('notifications', GAUGES, async () => {
    const [jobs, receivers] = await Promise.all([
      pool.query<{ depth: number; retrying: number; dead: number; oldest: number | null }>(
        `select count(*) filter (where status = 'pending')::int as depth,
                count(*) filter (where status = 'pending' and attempts > 0)::int as retrying,
                count(*) filter (where status = 'dead')::int as dead,
                extract(epoch from (now() - min(created_at) filter (where status = 'pending')))::float8 as oldest
           from notification_jobs where status in ('pending', 'dead')`,
      ),
      pausedReceivers(pool),
    ]);
    const row = jobs.rows[0]!;
    const one = (value: number) => [{ labels: {}, value }];
    return new Map([
      ['notification_outbox_depth', one(row.depth)],
      ['notification_outbox_oldest_age_seconds', one(Math.max(0, row.oldest ?? 0))],
      ['notification_outbox_retrying', one(row.retrying)],
      ['notification_dead_letters', one(row.dead)],
      ['notification_receivers_paused', one(receivers)],
    ]);
  });
}

async function pausedReceivers(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ exists: boolean }>(`select to_regclass('notification_receivers') is not null as exists`);
  if (!rows[0]?.exists) return 0;
  const paused = await pool.query<{ paused: number }>(`select count(*)::int as paused from notification_receivers where status = 'paused'`);
  return paused.rows[0]?.paused ?? 0;
}
