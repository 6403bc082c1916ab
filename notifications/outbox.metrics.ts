import type pg from 'pg';
import { observeDatabaseGauges } from '../platform/telemetry/metrics.js';
import { outboxStats } from './outbox-stats.repository.js';

const GAUGES = [
  { name: 'notification_outbox_depth', help: 'Notification jobs waiting to be delivered (due, retrying or held by a paused receiver).' },
  { name: 'notification_outbox_oldest_age_seconds', help: 'Age of the oldest job waiting to be delivered; 0 when none waits.' },
  { name: 'notification_outbox_retrying', help: 'Waiting jobs with at least one failed attempt.' },
  { name: 'notification_outbox_held', help: 'Waiting jobs held by a paused receiver.' },
  { name: 'notification_dead_letters', help: 'Dead-lettered jobs not replayed since.' },
  { name: 'notification_receivers_paused', help: 'Receivers paused after failing for long (their deliveries wait for an admin to resume them).' },
] as const;

/** The outbox's gauges on the notification service's /metrics, read from PostgreSQL when scraped. */
export function observeOutbox(pool: pg.Pool): () => void {
  return observeDatabaseGauges('notifications', GAUGES, async () => {
    const stats = await outboxStats(pool);
    const one = (value: number) => [{ labels: {}, value }];
    return new Map([
      ['notification_outbox_depth', one(stats.queued)],
      ['notification_outbox_oldest_age_seconds', one(stats.oldestQueuedAgeMs / 1000)],
      ['notification_outbox_retrying', one(stats.failing)],
      ['notification_outbox_held', one(stats.held)],
      ['notification_dead_letters', one(stats.dead)],
      ['notification_receivers_paused', one(stats.pausedReceivers)],
    ]);
  });
}
