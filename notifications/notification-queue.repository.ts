import { randomUUID } from 'node:crypto';
import { orderRead } from '../platform/db/order-reads.metrics.js';
import type pg from 'pg';
import { shouldPause, type PauseThresholds } from './receiver-health.js';
import { ELIGIBLE, NOT_PAUSED } from './receiver-ordering.sql.js';

export interface ClaimedJob {
  id: string;
  /** `notification` (body: the notification, value and order), `amount_changed` (body: `{amount}`) or `payment_callback` (confirm, capture). */
  kind: 'notification' | 'amount_changed' | 'payment_callback';
  merchant: string;
  channel: string;
  orderId: string;
  orderVersion: number;
  notificationId: string;
  invoke: string;
  /** The normalised invoke URL: delivery is ordered per (order, receiver). */
  receiver: string;
  payload: Record<string, unknown>;
  attempts: number;
  document: unknown;
  /** Trace headers of the request that queued the job (docs/observability.md). */
  traceContext: Record<string, string> | null;
  /** For `amount_changed` jobs: the order now, and the last call delivered for the same payment. */
  amountChange?: { current: unknown; lastTold?: { amount: number; plannedAt: unknown } };
}

export type DeliveryResult =
  | { kind: 'delivered'; status: number; durationMs: number }
  | { kind: 'retry'; error: string; durationMs: number; delayMs: number }
  | { kind: 'dead'; error: string; durationMs: number }
  | { kind: 'skipped'; reason: string };

/** A receiver that has just been paused, for the log. */
export interface PausedReceiver {
  receiverId: string;
  url: string;
  merchant: string;
  channel: string;
  consecutiveFailures: number;
  lastError: string;
}

export interface QueueOptions {
  pause: PauseThresholds;
  /**
   * Deliveries to one receiver host (scheme and authority, whichever tenant, path or query) at
   * once, across every process on the database (NOTIFICATION_HOST_CONCURRENCY): a host that hangs
   * until the timeout holds at most this many workers of all the replicas, however many of its
   * paths are due, and the others go on serving every other host.
   */
  perHost: number;
  onReceiverPaused?: (receiver: PausedReceiver) => void;
}

interface ReceiverAfterFailure {
  id: string;
  status: 'active' | 'paused';
  consecutiveFailures: number;
  failingSince: Date;
  failingForMs: number;
}

/** The order document as of a committed version: it rides on the first event that version's commit wrote (docs/database.md). */
const VERSION_DOCUMENT = (merchant: string, channel: string, orderId: string, version: string) =>
  `select e.document from order_events e
    where e.merchant = ${merchant} and e.channel = ${channel} and e.order_id = ${orderId} and e.version = ${version} and e.document is not null
    limit 1`;

/**
 * The outbox side of the notification service. A job is claimed with a row lock inside a
 * transaction that stays open while it is delivered: a worker that dies mid-way rolls back and
 * the job is simply claimed again (at-least-once, nothing lost). A job is eligible when no
 * earlier job of its order for the same receiver (or the same notification) is still pending,
 * and its receiver is not paused: an order's notifications reach each receiver in commit order,
 * and a failing receiver holds back only its own.
 */
export class NotificationQueue {
  /** Deliveries in flight in this process, per receiver host (a host full here is full everywhere: no slot to try). */
  private readonly inFlight = new Map<string, number>();
  /** Claims run one at a time, so two loops never both take a receiver's last free slot. */
  private claims: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: QueueOptions,
  ) {}

  /** Runs `deliver` on the next due job, recording the outcome; false when nothing was due. */
  async processNext(deliver: (job: ClaimedJob) => Promise<DeliveryResult>): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const job = await this.claim(client);
      if (!job) {
        await client.query('commit');
        return false;
      }
      try {
        if (job.kind === 'amount_changed') job.amountChange = await this.amountChangeContext(client, job);
        const result = await deliver(job);
        const paused = await this.record(client, job, result);
        await client.query('commit');
        if (paused) this.options.onReceiverPaused?.(paused);
        return true;
      } finally {
        this.release(job);
      }
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * The oldest eligible due job whose receiver's host has a free slot, locked; counted in flight.
   *
   * A host's slots are `perHost` transaction-level advisory locks (hostSlotKey): the claim takes
   * the first free one with a try-lock in the delivery's own transaction, so it is held exactly
   * as long as the job's row lock — released by the commit or rollback, or by the server when the
   * process dies — and needs no connection of its own. Two claimers in any processes cannot both
   * take a host's last slot; a job whose host has none free is let go and the next one looked at.
   *
   * The select's snapshot is taken when it starts, its row lock when it reaches the row: a job
   * whose previous attempt committed in between is locked and answered as that commit left it
   * (Postgres re-reads a row it locks after a concurrent update), but the other rows the select
   * looked at — its receiver's pause, the order's earlier jobs — are still read as before that
   * commit. So an attempt that paused its receiver and left its job held could be followed at
   * once by an attempt more (attempt N + 1, one failure more on the paused receiver). Hence the
   * second look, under a snapshot taken once the lock is held: a job that is no longer eligible
   * is let go (the savepoint drops its lock) and the select runs again, now seeing that commit.
   */
  private claim(client: pg.PoolClient): Promise<ClaimedJob | undefined> {
    const next = this.claims.then(async () => {
      const full = [...this.inFlight].filter(([, count]) => count >= this.options.perHost).map(([key]) => key);
      await client.query('savepoint claim');
      for (let look = 1, hostsFull = 0; ; ) {
        const { rows } = await client.query<ClaimedJob>(
          `select j.id::text as id, j.merchant, j.channel, j.order_id as "orderId", j.order_version as "orderVersion",
                  j.kind, j.notification_id as "notificationId", j.invoke, j.receiver, j.payload, j.attempts, v.document, j.trace_context as "traceContext"
             from notification_jobs j
             left join lateral (${VERSION_DOCUMENT('j.merchant', 'j.channel', 'j.order_id', 'j.order_version')}) v on true
            where j.status = 'pending' and j.next_attempt_at <= now() and ${ELIGIBLE} and ${NOT_PAUSED}
              and coalesce(substring(j.receiver from '${HOST_PATTERN}'), j.receiver) <> all($1::text[])
            order by j.id
            limit 1
            for update of j skip locked`,
          [full],
        );
        const job = rows[0];
        if (!job) return undefined;
        // The second look and the host slot in one round trip: limit stops the slot scan at the first
        // slot taken (one per claim); a slot taken for a job no longer eligible goes with the savepoint.
        const { rows: looked } = await client.query<{ still: boolean; slot: number | null }>(
          `select exists (select 1 from notification_jobs j where j.id = $1 and ${ELIGIBLE} and ${NOT_PAUSED}) as still,
                  (select s from generate_series(0, $3::int - 1) s where pg_try_advisory_xact_lock(${HOST_SLOT_CLASS}, hashtext($2 || ' ' || s)) limit 1) as slot`,
          [job.id, slotOf(job), this.options.perHost],
        );
        if (looked[0]!.still) {
          if (looked[0]!.slot !== null) {
            this.inFlight.set(slotOf(job), (this.inFlight.get(slotOf(job)) ?? 0) + 1);
            return job;
          }
          // Its host is at its cap in other processes: skip the host for this claim (its slots free with their deliveries' commits).
          await client.query('rollback to savepoint claim');
          full.push(slotOf(job));
          if (++hostsFull === MAX_FULL_HOSTS) return undefined;
          continue;
        }
        await client.query('rollback to savepoint claim');
        // Each look sees every commit before it, so a second one rarely loses again; past a few,
        // the worker's loop looks again after its poll.
        if (look++ === MAX_CLAIM_LOOKS) return undefined;
      }
    });
    this.claims = next.catch(() => undefined);
    return next;
  }

  private release(job: ClaimedJob): void {
    const left = (this.inFlight.get(slotOf(job)) ?? 1) - 1;
    if (left > 0) this.inFlight.set(slotOf(job), left);
    else this.inFlight.delete(slotOf(job));
  }

  private async amountChangeContext(client: pg.PoolClient, job: ClaimedJob): Promise<ClaimedJob['amountChange']> {
    const { rows } = await client.query<{ current: unknown; amount: number | null; plannedAt: unknown }>(
      `select o.document as current, (k.payload->>'amount')::numeric::float8 as amount, v.document as "plannedAt"
         from orders o
         left join lateral (
           select payload, order_version from notification_jobs
            where order_id = o.id and notification_id = $2 and status = 'delivered' and id < $3
            order by id desc limit 1) k on true
         left join lateral (${VERSION_DOCUMENT('o.merchant', 'o.channel', 'o.id', 'k.order_version')}) v on true
        where o.id = $1`,
      [job.orderId, job.notificationId, job.id],
    );
    orderRead(job.orderId);
    const row = rows[0];
    if (!row) return undefined;
    return { current: row.current, ...(row.amount !== null && row.plannedAt ? { lastTold: { amount: row.amount, plannedAt: row.plannedAt } } : {}) };
  }

  /** Writes the outcome and its event; answers the receiver this attempt paused, if it did. */
  private async record(client: pg.PoolClient, job: ClaimedJob, result: DeliveryResult): Promise<PausedReceiver | undefined> {
    const attempt = job.attempts + 1;
    let receiver: ReceiverAfterFailure | undefined;
    let pausedNow = false;
    let held = false;
    if (result.kind === 'delivered') {
      await client.query(`update notification_jobs set status = 'delivered', attempts = $2, delivered_at = now(), updated_at = now(), last_error = null where id = $1`, [job.id, attempt]);
      await this.receiverSucceeded(client, job);
    } else if (result.kind === 'skipped') {
      await client.query(`update notification_jobs set status = 'skipped', last_error = $2, updated_at = now() where id = $1`, [job.id, result.reason]);
    } else {
      receiver = await this.receiverFailed(client, job, result.error);
      if (shouldPause(receiver, this.options.pause)) pausedNow = await this.pause(client, receiver, job);
      held = receiver.status === 'paused' || pausedNow;
      if (result.kind === 'retry' || held) {
        // A paused receiver's jobs are never dead-lettered: they wait, as they are, for the resume.
        const delayMs = result.kind === 'retry' && !held ? result.delayMs : 0;
        // The wait counts from the attempt's end: now() is the transaction's start, before the call.
        await client.query(
          `update notification_jobs set attempts = $2, last_error = $3, next_attempt_at = clock_timestamp() + ($4::int * interval '1 millisecond'), updated_at = now() where id = $1`,
          [job.id, attempt, result.error, delayMs],
        );
      } else {
        await client.query(`update notification_jobs set status = 'dead', attempts = $2, last_error = $3, updated_at = now() where id = $1`, [job.id, attempt, result.error]);
      }
    }
    const type =
      result.kind === 'dead' && held ? 'notification.delivery_failed'
      : { delivered: 'notification.delivered', retry: 'notification.delivery_failed', dead: 'notification.dead_lettered', skipped: 'notification.skipped' }[result.kind];
    await insertEvent(client, job, type, {
      jobId: job.id,
      kind: job.kind,
      notificationId: job.notificationId,
      invoke: job.invoke,
      ...(result.kind === 'skipped'
        ? { reason: result.reason }
        : {
            attempt,
            durationMs: result.durationMs,
            ...(result.kind === 'delivered' ? { status: result.status } : { error: result.error, receiverId: receiver!.id }),
            ...(result.kind === 'retry' && !held ? { retryInMs: result.delayMs } : {}),
            ...(held ? { receiverPaused: true } : {}),
          }),
    });
    if (!pausedNow || !receiver || !('error' in result)) return undefined;
    await insertEvent(client, job, 'notification.receiver_paused', {
      receiverId: receiver.id,
      url: job.receiver,
      consecutiveFailures: receiver.consecutiveFailures,
      failingSince: receiver.failingSince.toISOString(),
      lastError: result.error,
      jobId: job.id,
    });
    return {
      receiverId: receiver.id,
      url: job.receiver,
      merchant: job.merchant,
      channel: job.channel,
      consecutiveFailures: receiver.consecutiveFailures,
      lastError: result.error,
    };
  }

  /** One failed attempt more for the job's receiver (created on its first failure). */
  private async receiverFailed(client: pg.PoolClient, job: ClaimedJob, error: string): Promise<ReceiverAfterFailure> {
    const { rows } = await client.query<ReceiverAfterFailure>(
      `insert into notification_receivers as r (merchant, channel, url, consecutive_failures, failing_since, last_error, last_failure_at)
       values ($1, $2, $3, 1, now(), $4, now())
       on conflict (merchant, channel, url) do update
         set consecutive_failures = r.consecutive_failures + 1, failing_since = coalesce(r.failing_since, now()),
             last_error = excluded.last_error, last_failure_at = now(), updated_at = now()
       returning id, status, consecutive_failures as "consecutiveFailures", failing_since as "failingSince",
                 extract(epoch from (clock_timestamp() - failing_since))::float8 * 1000 as "failingForMs"`,
      [job.merchant, job.channel, job.receiver, error],
    );
    return rows[0]!;
  }

  /**
   * A success ends the receiver's run of failures (a paused receiver stays paused: resuming is
   * an admin's decision). Receivers get a row from their first failure on, so this writes only
   * when there is a run to end, or once a minute for `lastSuccessAt`: a healthy receiver is no hot row.
   */
  private async receiverSucceeded(client: pg.PoolClient, job: ClaimedJob): Promise<void> {
    await client.query(
      `update notification_receivers set consecutive_failures = 0, failing_since = null, last_success_at = now(), updated_at = now()
        where merchant = $1 and channel = $2 and url = $3
          and (consecutive_failures > 0 or last_success_at is null or last_success_at < now() - interval '1 minute')`,
      [job.merchant, job.channel, job.receiver],
    );
  }

  private async pause(client: pg.PoolClient, receiver: ReceiverAfterFailure, job: ClaimedJob): Promise<boolean> {
    const { rowCount } = await client.query(
      `update notification_receivers set status = 'paused', paused_at = now(), paused_order_id = $2, updated_at = now() where id = $1 and status = 'active'`,
      [receiver.id, job.orderId],
    );
    return rowCount === 1;
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

  /**
   * When the next job falls due, for the worker's sleep; undefined when none is waiting. Jobs
   * held back by an earlier one or by a paused receiver do not count: their turn comes with the
   * commit that frees them (the worker that commits it looks again at once) or with a resume (NOTIFY).
   */
  async nextDueInMs(): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ ms: number | null }>(
      `select extract(epoch from (min(j.next_attempt_at) - now())) * 1000 as ms
         from notification_jobs j
        where j.status = 'pending' and ${ELIGIBLE} and ${NOT_PAUSED}`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
  }
}

/** A receiver's host: `scheme://authority` of the normalised receiver (docs/events.md); one that is no URL stands for itself. */
const HOST_PATTERN = '^[^/?#]*//[^/?#]*';
/** Claim selects per claim when the job each found had stopped being eligible by the time it was locked. */
const MAX_CLAIM_LOOKS = 3;
/** Hosts at their cap (in other processes) a claim passes over before it gives up until the worker's next look. */
const MAX_FULL_HOSTS = 16;
/**
 * The first key of a host slot's advisory lock (the second: hashtext of "<host> <slot>"); the
 * two-key form never meets the one-key locks of the migrator and payment actions.
 */
const HOST_SLOT_CLASS = 41_070_031;
const HOST = new RegExp(HOST_PATTERN);
const slotOf = (job: ClaimedJob) => HOST.exec(job.receiver)?.[0] ?? job.receiver;

function insertEvent(client: pg.PoolClient, job: ClaimedJob, type: string, data: Record<string, unknown>) {
  return client.query(
    'insert into order_events (id, merchant, channel, order_id, type, version, actor, data) values ($1, $2, $3, $4, $5, $6, $7, $8)',
    [randomUUID(), job.merchant, job.channel, job.orderId, type, job.orderVersion, 'notification-service', data],
  );
}
