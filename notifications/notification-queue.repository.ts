import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export interface ClaimedJob {
  id: string;
  /** `notification` (body: the notification, value and order) or `amount_changed` (body: `{amount}`). */
  kind: 'notification' | 'amount_changed';
  merchant: string;
  channel: string;
  orderId: string;
  orderVersion: number;
  notificationId: string;
  invoke: string;
  payload: Record<string, unknown>;
  attempts: number;
  document: unknown;
  /** For `amount_changed` jobs: the order now, and the last call delivered for the same payment. */
  amountChange?: { current: unknown; lastTold?: { amount: number; plannedAt: unknown } };
}

export type DeliveryResult =
  | { kind: 'delivered'; status: number; durationMs: number }
  | { kind: 'retry'; error: string; durationMs: number; delayMs: number }
  | { kind: 'dead'; error: string; durationMs: number }
  | { kind: 'skipped'; reason: string };

/**
 * The outbox side of the notification service. A job is claimed with a row lock inside a
 * transaction that stays open while it is delivered: a worker that dies mid-way rolls back and
 * the job is simply claimed again (at-least-once, nothing lost). Only the oldest pending job of
 * each order is eligible, so an order's notifications are delivered in commit order.
 */
export class NotificationQueue {
  constructor(private readonly pool: pg.Pool) {}

  /** Runs `deliver` on the next due job, recording the outcome; false when nothing was due. */
  async processNext(deliver: (job: ClaimedJob) => Promise<DeliveryResult>): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<ClaimedJob>(
        `select j.id::text as id, j.merchant, j.channel, j.order_id as "orderId", j.order_version as "orderVersion",
                j.kind, j.notification_id as "notificationId", j.invoke, j.payload, j.attempts, v.document
           from notification_jobs j
           left join order_versions v on v.order_id = j.order_id and v.version = j.order_version
          where j.status = 'pending' and j.next_attempt_at <= now()
            and not exists (select 1 from notification_jobs e where e.order_id = j.order_id and e.id < j.id and e.status = 'pending')
          order by j.id
          limit 1
          for update of j skip locked`,
      );
      const job = rows[0];
      if (!job) {
        await client.query('commit');
        return false;
      }
      if (job.kind === 'amount_changed') job.amountChange = await this.amountChangeContext(client, job);
      const result = await deliver(job);
      await this.record(client, job, result);
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async amountChangeContext(client: pg.PoolClient, job: ClaimedJob): Promise<ClaimedJob['amountChange']> {
    const { rows } = await client.query<{ current: unknown; amount: number | null; plannedAt: unknown }>(
      `select o.document as current, (k.payload->>'amount')::numeric::float8 as amount, v.document as "plannedAt"
         from orders o
         left join lateral (
           select payload, order_version from notification_jobs
            where order_id = o.id and notification_id = $2 and status = 'delivered' and id < $3
            order by id desc limit 1) k on true
         left join order_versions v on v.order_id = o.id and v.version = k.order_version
        where o.id = $1`,
      [job.orderId, job.notificationId, job.id],
    );
    const row = rows[0];
    if (!row) return undefined;
    return { current: row.current, ...(row.amount !== null && row.plannedAt ? { lastTold: { amount: row.amount, plannedAt: row.plannedAt } } : {}) };
  }

  private async record(client: pg.PoolClient, job: ClaimedJob, result: DeliveryResult): Promise<void> {
    const attempt = job.attempts + 1;
    if (result.kind === 'delivered') {
      await client.query(`update notification_jobs set status = 'delivered', attempts = $2, delivered_at = now(), updated_at = now(), last_error = null where id = $1`, [job.id, attempt]);
    } else if (result.kind === 'retry') {
      await client.query(
        `update notification_jobs set attempts = $2, last_error = $3, next_attempt_at = now() + ($4::int * interval '1 millisecond'), updated_at = now() where id = $1`,
        [job.id, attempt, result.error, result.delayMs],
      );
    } else if (result.kind === 'skipped') {
      await client.query(`update notification_jobs set status = 'skipped', last_error = $2, updated_at = now() where id = $1`, [job.id, result.reason]);
    } else {
      await client.query(`update notification_jobs set status = 'dead', attempts = $2, last_error = $3, updated_at = now() where id = $1`, [job.id, attempt, result.error]);
    }
    const type = { delivered: 'notification.delivered', retry: 'notification.delivery_failed', dead: 'notification.dead_lettered', skipped: 'notification.skipped' }[result.kind];
    await client.query(
      'insert into order_events (id, merchant, channel, order_id, type, version, actor, data) values ($1, $2, $3, $4, $5, $6, $7, $8)',
      [
        randomUUID(),
        job.merchant,
        job.channel,
        job.orderId,
        type,
        job.orderVersion,
        'notification-service',
        {
          jobId: job.id,
          kind: job.kind,
          notificationId: job.notificationId,
          invoke: job.invoke,
          ...(result.kind === 'skipped'
            ? { reason: result.reason }
            : {
                attempt,
                durationMs: result.durationMs,
                ...(result.kind === 'delivered' ? { status: result.status } : { error: result.error }),
                ...(result.kind === 'retry' ? { retryInMs: result.delayMs } : {}),
              }),
        },
      ],
    );
  }

  /** Puts a dead (or delivered) job back in the queue for one more round of attempts. */
  async requeue(jobId: string, merchant: string, channel: string): Promise<'requeued' | 'pending' | 'missing'> {
    const { rows } = await this.pool.query<{ status: string }>(
      'select status from notification_jobs where id = $1 and merchant = $2 and channel = $3',
      [jobId, merchant, channel],
    );
    if (!rows[0]) return 'missing';
    if (rows[0].status === 'pending') return 'pending';
    await this.pool.query(
      `update notification_jobs set status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now() where id = $1`,
      [jobId],
    );
    await this.pool.query('select pg_notify($1, $2)', ['notification_jobs', jobId]);
    return 'requeued';
  }

  /** When the next job falls due, for the worker's sleep; undefined when none is waiting. */
  async nextDueInMs(): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ ms: number | null }>(
      `select extract(epoch from (min(next_attempt_at) - now())) * 1000 as ms from notification_jobs where status = 'pending'`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
  }
}
