import { randomUUID } from 'node:crypto';
import { timeOrderedUuid } from '../platform/db/time-ordered-id.js';
import { orderRead } from '../platform/db/order-reads.metrics.js';
import type pg from 'pg';
import { shouldPause, type PauseThresholds } from './receiver-health.js';
import { ELIGIBLE, NOT_PAUSED } from './receiver-ordering.sql.js';
import { CLAIM_SQL, VERSION_DOCUMENT } from './notification-claim.sql.js';

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
  /** How long a claim holds its jobs before another worker may take them (default: 30 s; the service gives twice its call timeout + 10 s: a claimed job may wait for one call before its own). */
  leaseMs?: number;
  onReceiverPaused?: (receiver: PausedReceiver) => void;
}

interface ReceiverAfterFailure {
  id: string;
  status: 'active' | 'paused';
  consecutiveFailures: number;
  failingSince: Date;
  failingForMs: number;
}

/**
 * The outbox side of the notification service: leased claims, delivery outside any transaction,
 * outcomes recorded in batches (docs/scaling.md, "The outbox").
 *
 * A claim takes a batch of due, eligible jobs in one statement and inserts their leases
 * (notification_leases: a small row per job, apart from the job's own, which the claim does not
 * write); the outcome's statement deletes the lease with the job's update. The calls run with no connection and no row lock held, and each
 * outcome is recorded only while its lease is still this worker's. A worker that dies leaves
 * leases that expire: its jobs are claimed again (at-least-once; receivers de-duplicate on the
 * event's key). A job is eligible when no earlier job of its order for the same receiver (or the
 * same notification) is still pending, leased or not, and its receiver is not paused: an order's
 * notifications reach each receiver in commit order, and a failing receiver holds back only its own.
 */
export class NotificationQueue {
  /** This worker's name on its leases. */
  readonly workerId = randomUUID();
  /** Delivered outcomes waiting for the next batched write, and whether one is being written. */
  private delivered: Array<{ job: ClaimedJob; result: Extract<DeliveryResult, { kind: 'delivered' }>; done: (error?: unknown) => void }> = [];
  private flushing = false;
  /** When this worker last refreshed the outbox's statistics. */
  private analyzedAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: QueueOptions,
  ) {}

  /** How long a claim holds its jobs: longer than any attempt may take (the call's timeout and the outcome's write). */
  private get leaseMs(): number {
    return this.options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /**
   * Up to `limit` due, eligible jobs, oldest first, leased to this worker; none of a host past its cap.
   *
   * Claims are serialised across processes by a transaction-level advisory lock, so each one sees
   * every lease the ones before it committed: the count of unexpired leases per receiver host is
   * exact and no two claimers take a host's last slot (the cap holds across replicas). A claim
   * holds it for one statement (a millisecond or two, for a whole batch).
   *
   * A job being delivered is leased in every snapshot that can see it pending, until its outcome
   * commits; the claim skips leased jobs, so a select whose snapshot predates that commit never
   * takes the job again (it saw it leased), and one after it sees the outcome (a later attempt's
   * time, a paused receiver) and its effect on the order's later jobs together.
   */
  async claim(limit: number): Promise<ClaimedJob[]> {
    if (limit <= 0) return [];
    const client = await this.pool.connect();
    const started = performance.now();
    try {
      // The claim's plan is made once per connection and kept (a generic plan of the prepared
      // statement): planning it cost more than running it (1.6-7 ms against 1-2 ms for a batch of
      // 16). PostgreSQL makes a kept plan again when the table's statistics change, so the ANALYZE
      // of a slow claim (refreshStatistics) renews it too.
      await client.query(`begin; select pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}, 0); set local plan_cache_mode = force_generic_plan`);
      const { rows } = await client.query<ClaimedJob>({
        name: 'notification-claim',
        text: CLAIM_SQL,
        values: [limit, this.options.perHost, limit * CANDIDATES_PER_SLOT, this.leaseMs, this.workerId],
      });
      await client.query('commit');
      await this.refreshStatistics(client, performance.now() - started);
      return rows;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * A claim's plan rests on the table's statistics, and a burst of jobs (a backlog queued at once)
   * leaves them stale until autovacuum's next look, up to a minute later: the planner, counting a
   * few pending jobs, checks the order of every pending job per claim instead of walking them in id
   * order (10,000 jobs queued in one commit drained at 156–184/s and 2.5–3.3 ms of database CPU
   * per delivery, against 1,668–2,144/s and 136–195 µs with this; docs/scaling.md). A claim that
   * took long refreshes them (ANALYZE of the outbox, small under retention; at most every 5 s, so
   * one taken while the burst was still uncommitted is soon followed by one that counts it). The
   * claim's kept plan is made again from the new statistics.
   */
  private async refreshStatistics(client: pg.PoolClient, claimMs: number): Promise<void> {
    if (claimMs < SLOW_CLAIM_MS || Date.now() - this.analyzedAt < ANALYZE_EVERY_MS) return;
    this.analyzedAt = Date.now();
    await client.query('analyze notification_jobs').catch(() => undefined);
  }

  /** Lets claimed jobs go unattempted (the worker is stopping): due again at once, for any worker. */
  async release(jobs: ClaimedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.pool.query(`delete from notification_leases where job_id = any($1::bigint[]) and leased_by = $2`, [
      jobs.map((job) => job.id),
      this.workerId,
    ]);
    await this.pool.query(`select pg_notify('notification_jobs', 'released')`);
  }

  /** What an `amount_changed` job's decision needs (the order now, the last call told), read before its call. */
  async prepare(job: ClaimedJob): Promise<void> {
    if (job.kind === 'amount_changed') job.amountChange = await this.amountChangeContext(this.pool, job);
  }

  /**
   * Records an attempt's outcome and lets the job's lease go. Deliveries are written in batches —
   * one statement for every delivery that finished while the previous batch was being written —
   * the rest (failures, skips) one transaction each. Resolves once the outcome is committed;
   * answers the receiver this attempt paused, if it did.
   */
  async complete(job: ClaimedJob, result: DeliveryResult): Promise<PausedReceiver | undefined> {
    if (result.kind === 'delivered') {
      await new Promise<void>((resolve, reject) => {
        this.delivered.push({ job, result, done: (error) => (error === undefined ? resolve() : reject(error as Error)) });
        if (!this.flushing) {
          this.flushing = true;
          setImmediate(() => void this.flush());
        }
      });
      return undefined;
    }
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const held = await client.query(`delete from notification_leases where job_id = $1 and leased_by = $2`, [job.id, this.workerId]);
      // The lease ran out and another worker claimed the job: its attempt is the one recorded.
      if (held.rowCount !== 1) {
        await client.query('rollback');
        return undefined;
      }
      const paused = await this.record(client, job, result);
      await client.query('commit');
      if (paused) this.options.onReceiverPaused?.(paused);
      return paused;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Writes the deliveries gathered so far (one statement: jobs, their events, their receivers' health), then any gathered meanwhile. */
  private async flush(): Promise<void> {
    while (this.delivered.length > 0) {
      const batch = this.delivered.splice(0, MAX_COMPLETION_BATCH);
      try {
        await this.pool.query({
          name: 'notification-delivered',
          text: `with d as (
             select * from unnest($1::bigint[], $2::int[], $3::float8[]) as d(id, status, duration)
           ), released as (
             delete from notification_leases l where l.job_id = any($1::bigint[]) and l.leased_by = $4 returning l.job_id
           ), done as (
             update notification_jobs j
                set status = 'delivered', attempts = j.attempts + 1, delivered_at = now(), updated_at = now(), last_error = null
               from d
              where j.id = d.id and j.id in (select job_id from released) and j.status = 'pending'
             returning j.id, j.merchant, j.channel, j.order_id, j.order_version, j.kind, j.notification_id, j.invoke, j.receiver, j.attempts, d.status, d.duration
           ), events as (
             insert into order_events (id, merchant, channel, order_id, type, version, actor, data)
             select gen_random_uuid(), merchant, channel, order_id, 'notification.delivered', order_version, 'notification-service',
                    jsonb_build_object('jobId', id::text, 'kind', kind, 'notificationId', notification_id, 'invoke', invoke,
                                       'attempt', attempts, 'durationMs', duration, 'status', status)
               from done order by id
           )
           update notification_receivers r
              set consecutive_failures = 0, failing_since = null, last_success_at = now(), updated_at = now()
             from (select distinct merchant, channel, receiver from done) s
            where r.merchant = s.merchant and r.channel = s.channel and r.url = s.receiver
              and (r.consecutive_failures > 0 or r.last_success_at is null or r.last_success_at < now() - interval '1 minute')`,
          values: [batch.map(({ job }) => job.id), batch.map(({ result }) => result.status), batch.map(({ result }) => result.durationMs), this.workerId],
        });
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error);
      }
    }
    this.flushing = false;
  }

  /**
   * One job claimed, delivered and recorded (a worker of one): what the tests of the claim's
   * races drive; the worker runs claims, calls and outcomes side by side.
   */
  async processNext(deliver: (job: ClaimedJob) => Promise<DeliveryResult>): Promise<boolean> {
    const [job] = await this.claim(1);
    if (!job) return false;
    await this.prepare(job);
    await this.complete(job, await deliver(job));
    return true;
  }

  /**
   * Retention (NOTIFICATION_RETENTION_*): deletes delivered and skipped jobs settled more than
   * `deliveredMs` ago and dead ones more than `deadMs` ago (past their replay window), a chunk at a
   * time. The last delivered `amount_changed` call of each payment stays: the next one is decided
   * against it. Their events stay in the order's history. Answers how many went.
   */
  async sweep(retention: { deliveredMs: number; deadMs: number }): Promise<number> {
    // Leases long expired whose job no claim took again (it was settled some other way): nothing reads them.
    await this.pool.query(`delete from notification_leases where lease_until < now() - interval '1 hour'`);
    let removed = 0;
    for (;;) {
      const { rowCount } = await this.pool.query(
        `delete from notification_jobs where id in (
           select j.id from notification_jobs j
            where j.status <> 'pending'
              and j.updated_at < now() - (case when j.status = 'dead' then $2::bigint else $1::bigint end) * interval '1 millisecond'
              and not (j.kind = 'amount_changed' and j.status = 'delivered' and not exists (
                select 1 from notification_jobs n
                 where n.order_id = j.order_id and n.notification_id = j.notification_id and n.status = 'delivered' and n.id > j.id))
            limit $3
            for update skip locked)`,
        [retention.deliveredMs, retention.deadMs, SWEEP_CHUNK],
      );
      removed += rowCount ?? 0;
      if ((rowCount ?? 0) < SWEEP_CHUNK) return removed;
    }
  }

  private async amountChangeContext(client: pg.Pool | pg.PoolClient, job: ClaimedJob): Promise<ClaimedJob['amountChange']> {
    const { rows } = await client.query<{ current: unknown; amount: number | null; plannedAt: unknown }>(
      `select o.document as current, (k.payload->>'amount')::numeric::float8 as amount, v.document as "plannedAt"
         from orders o
         left join lateral (
           select payload, order_version, created_at from notification_jobs
            where order_id = o.id and notification_id = $2 and status = 'delivered' and id < $3
            order by id desc limit 1) k on true
         left join lateral (${VERSION_DOCUMENT('o.merchant', 'o.channel', 'o.id', 'k.order_version', 'k.created_at')}) v on true
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
      throw new Error('deliveries are recorded in batches (complete)');
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
          `update notification_jobs set attempts = attempts + 1, last_error = $2, next_attempt_at = clock_timestamp() + ($3::int * interval '1 millisecond'), updated_at = now() where id = $1`,
          [job.id, result.error, delayMs],
        );
      } else {
        await client.query(`update notification_jobs set status = 'dead', attempts = attempts + 1, last_error = $2, updated_at = now() where id = $1`, [job.id, result.error]);
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
            error: result.error,
            receiverId: receiver!.id,
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
   * When the next job falls due (a leased one: when its lease runs out), for the worker's sleep; undefined when none is waiting. Jobs
   * held back by an earlier one or by a paused receiver do not count: their turn comes with the
   * commit that frees them (the worker that commits it looks again at once) or with a resume (NOTIFY).
   */
  async nextDueInMs(): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ ms: number | null }>(
      `select extract(epoch from (min(greatest(j.next_attempt_at, coalesce(l.lease_until, j.next_attempt_at))) - now())) * 1000 as ms
         from notification_jobs j left join notification_leases l on l.job_id = j.id
        where j.status = 'pending' and ${ELIGIBLE} and ${NOT_PAUSED}`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
  }
}

/** A lease when none is configured: far longer than a call, short enough that a dead worker's jobs go again soon. */
const DEFAULT_LEASE_MS = 30_000;
/**
 * The first key of the claims' advisory lock (second key 0); the two-key form never meets the
 * one-key locks of the migrator and payment actions.
 */
const CLAIM_LOCK_CLASS = 41_070_031;
/** Jobs a claim looks at per job it may take: room for the ones a host's cap turns away. */
const CANDIDATES_PER_SLOT = 4;
/** A claim slower than this refreshes the outbox's statistics (at most every ANALYZE_EVERY_MS). */
const SLOW_CLAIM_MS = 20;
const ANALYZE_EVERY_MS = 5_000;
/** Deliveries recorded by one statement at most. */
const MAX_COMPLETION_BATCH = 256;
/** Jobs one statement of the retention sweep deletes. */
const SWEEP_CHUNK = 5_000;

function insertEvent(client: pg.PoolClient, job: ClaimedJob, type: string, data: Record<string, unknown>) {
  return client.query(
    'insert into order_events (id, merchant, channel, order_id, type, version, actor, data) values ($1, $2, $3, $4, $5, $6, $7, $8)',
    [timeOrderedUuid(), job.merchant, job.channel, job.orderId, type, job.orderVersion, 'notification-service', data],
  );
}
