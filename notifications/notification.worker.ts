import type { AmountChangedRequest, NotificationRequest } from '../contracts/callbacks.types.js';
import { PgListener } from '../platform/db/pg-listener.js';
import type { Logger } from '../platform/logging/logger.js';
import { callAdapter } from '../platform/outbound/adapter-call.js';
import type { CallSigner } from '../platform/outbound/call-signer.js';
import type { OrderDocument } from '../contracts/order.types.js';
import type { PaymentCallbackName } from '../contracts/callbacks.types.js';
import type { OrderJobs } from './order-jobs.port.js';
import { nextAttemptDelay } from './delivery-schedule.js';
import type { ClaimedJob, DeliveryResult, NotificationQueue } from './notification-queue.repository.js';
import { observeDelivery } from './delivery.telemetry.js';

export interface WorkerOptions {
  databaseUrl: string;
  /** Deliveries in flight at once (each holds no database connection while it waits on its receiver). */
  concurrency: number;
  timeoutMs: number;
  retryDelaysMs: number[];
  /** Longest sleep when no job is due and no NOTIFY arrives. */
  pollMs?: number;
  /**
   * Whether this process may deliver now: false while it is not ready for a cause of its own (its
   * signing key is not the published one, so every receiver would refuse its call tokens and count
   * the refusals against its health). Asked before each claim; while false, the loop polls.
   */
  mayDeliver?: () => Promise<boolean>;
  /** Retention (NOTIFICATION_RETENTION_*): how long settled jobs stay in the outbox, and how often the sweep runs; none when absent. */
  retention?: { deliveredMs: number; deadMs: number; sweepEveryMs: number };
}

/** Jobs one claim takes at most. */
const MAX_CLAIM_BATCH = 128;

/**
 * Drains the notification outbox: one loop claims batches of jobs (leased, docs/scaling.md) up to
 * `concurrency` in flight, woken by NOTIFY on `notification_jobs` (sent in the committing
 * transaction), by each recorded outcome (which may free an order's next job or a host's slot) and
 * by a poll for retries falling due. Each call runs with no connection held; its outcome is
 * recorded in a batch with the others that finished meanwhile.
 */
export class NotificationWorker {
  private running = false;
  private listener: PgListener | undefined;
  private readonly sleepers = new Set<() => void>();
  /** Counts wake-ups, so one that comes while the loop is between "nothing to do" and sleeping is not lost. */
  private wakeups = 0;
  private loop: Promise<void> = Promise.resolve();
  private readonly deliveries = new Set<Promise<void>>();
  /** Jobs claimed (leased) and waiting for a free slot. */
  private readonly queued: ClaimedJob[] = [];
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly queue: NotificationQueue,
    private readonly calls: CallSigner,
    private readonly logger: Logger,
    private readonly options: WorkerOptions,
    /** The order engine's side of `payment_callback` and `amount_changed` jobs (handed in by the composition root). */
    private readonly orderJobs: OrderJobs,
  ) {}

  async start(): Promise<void> {
    this.running = true;
    this.listener = new PgListener(this.options.databaseUrl, 'notification_jobs', this.logger, () => this.wakeAll(), () => this.wakeAll());
    await this.listener.start();
    this.loop = this.dispatch();
    const retention = this.options.retention;
    if (retention) {
      this.sweeper = setInterval(() => {
        this.sweeping = this.queue
          .sweep(retention)
          .then((removed) => removed > 0 && this.logger.info({ removed }, 'notification outbox: settled jobs past retention removed'))
          .catch((error: unknown) => this.logger.error({ err: error }, 'notification retention sweep failed'));
      }, retention.sweepEveryMs);
      this.sweeper.unref();
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.sweeper) clearInterval(this.sweeper);
    this.wakeAll();
    await this.loop;
    // Claimed jobs not started: their leases go now, so another worker takes them without waiting them out.
    const unstarted = this.queued.splice(0);
    await Promise.allSettled([...this.deliveries, this.sweeping, this.queue.release(unstarted)]);
    await this.listener?.stop();
  }

  private wakeAll(): void {
    this.wakeups += 1;
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
  }

  private async dispatch(): Promise<void> {
    const pollMs = this.options.pollMs ?? 1_000;
    const { concurrency } = this.options;
    while (this.running) {
      const seen = this.wakeups;
      if (this.options.mayDeliver && !(await this.options.mayDeliver().catch(() => false))) {
        await this.sleep(pollMs);
        continue;
      }
      // Claimed jobs: up to `concurrency` in flight and as many again waiting their turn here, so
      // each claim takes a batch and the calls never wait on one. While some are held, the loop
      // claims once room for half a batch is free (a claim costs the database about what a few
      // deliveries do); an idle worker claims at once, so a lone change's delivery never waits.
      const held = this.deliveries.size + this.queued.length;
      const room = 2 * concurrency - held;
      if (room <= 0 || (held > 0 && room < Math.max(1, Math.floor(concurrency / 2)))) {
        // The next outcome recorded wakes the loop.
        if (this.wakeups === seen) await this.sleep(pollMs);
        continue;
      }
      let jobs: ClaimedJob[] = [];
      try {
        jobs = await this.queue.claim(Math.min(room, MAX_CLAIM_BATCH));
      } catch (error) {
        this.logger.error({ err: error }, 'notification claim failed');
      }
      this.queued.push(...jobs);
      this.startQueued();
      if (jobs.length > 0 || !this.running) continue;
      const due = await this.queue.nextDueInMs().catch(() => undefined);
      if (this.wakeups !== seen) continue; // woken while looking: look again at once
      // Due now yet not claimed: leased by a delivery under way (or its host at its cap). This
      // process's outcomes wake the loop as they are recorded; another process's, within the poll.
      await this.sleep(due === undefined || due <= 0 ? pollMs : Math.min(due, pollMs));
    }
  }

  /** Starts claimed jobs, oldest first, while a slot is free (not once the worker is stopping: their leases run out). */
  private startQueued(): void {
    while (this.running && this.deliveries.size < this.options.concurrency && this.queued.length > 0) this.run(this.queued.shift()!);
  }

  /** One job's attempt, in flight until its outcome is recorded. */
  private run(job: ClaimedJob): void {
    const delivery = (async () => {
      try {
        await this.queue.prepare(job);
        const result = await observeDelivery(job, () => this.deliver(job));
        await this.queue.complete(job, result);
      } catch (error) {
        // Its lease runs out and the job is claimed again.
        this.logger.error({ err: error, jobId: job.id }, 'notification delivery step failed');
      }
    })().finally(() => {
      this.deliveries.delete(delivery);
      this.startQueued();
      this.wakeAll();
    });
    this.deliveries.add(delivery);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  private async deliver(job: ClaimedJob): Promise<DeliveryResult> {
    const tenant = { merchant: job.merchant, channel: job.channel };
    if (job.kind === 'payment_callback') return this.deliverPaymentCallback(job);
    let body: AmountChangedRequest | NotificationRequest;
    if (job.kind === 'amount_changed') {
      const decision = this.amountChangeDecision(job);
      if (!decision.send) return { kind: 'skipped', reason: decision.reason };
      body = { amount: decision.amount };
    } else {
      body = { ...job.payload, version: job.orderVersion, order: job.document } as NotificationRequest;
    }
    const purpose = job.kind === 'amount_changed' ? 'amount_changed' : 'notification';
    const receiver = this.receiverOf(job);
    const headers = (text: string) => this.calls.headersFor({ tenant, receiver, orderId: job.orderId, purpose, method: 'POST', url: job.invoke, body: text });
    const outcome = await callAdapter(job.invoke, body, headers, this.options.timeoutMs, 'notification');
    if (outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300) {
      return { kind: 'delivered', status: outcome.status, durationMs: outcome.durationMs };
    }
    const error =
      outcome.kind === 'timeout' ? `no answer within ${this.options.timeoutMs} ms`
      : outcome.kind === 'unreachable' ? `unreachable (${outcome.error})`
      : `HTTP ${outcome.status}`;
    return this.failed(job, error, outcome.durationMs);
  }

  /**
   * `confirm` (order completed) or `capture` (order delivered) of one payment, on the order as the
   * change that queued it committed it. The adapter records its outcome on the payment itself
   * (payment API) before answering 2xx; any other answer is retried like a notification.
   */
  private async deliverPaymentCallback(job: ClaimedJob): Promise<DeliveryResult> {
    const { callback, paymentId } = job.payload as { callback: PaymentCallbackName; paymentId: string };
    const order = job.document as OrderDocument | null;
    const payment = order?.payments.find((candidate) => candidate.id === paymentId);
    if (!order || !payment) return { kind: 'skipped', reason: 'the payment is not on the order' };
    const tenant = { merchant: job.merchant, channel: job.channel };
    const result = await this.orderJobs.paymentCallback(this.calls, { tenant, orderId: job.orderId, version: job.orderVersion, order, payment, callback }, this.options.timeoutMs);
    if (result.ok) return { kind: 'delivered', status: result.status, durationMs: result.durationMs };
    return this.failed(job, result.status === undefined ? result.message : `HTTP ${result.status}: ${result.message}`, result.durationMs);
  }

  private failed(job: ClaimedJob, error: string, durationMs: number): DeliveryResult {
    const delayMs = nextAttemptDelay(this.options.retryDelaysMs, job.attempts + 1);
    this.logger.info({ jobId: job.id, orderId: job.orderId, notificationId: job.notificationId, attempt: job.attempts + 1, error }, 'notification delivery failed');
    return delayMs === undefined ? { kind: 'dead', error, durationMs } : { kind: 'retry', error, durationMs, delayMs };
  }

  /** The adapter a delivery goes to: the notification's, or the payment's for amountChanged. */
  private receiverOf(job: ClaimedJob): string | undefined {
    if (job.kind === 'notification') {
      const adapterId = (job.payload.notification as { adapterId?: unknown } | undefined)?.adapterId;
      return typeof adapterId === 'string' ? adapterId : undefined;
    }
    const paymentId = this.orderJobs.paymentIdOfAmountChange(job.notificationId);
    return (job.amountChange?.current as OrderDocument | undefined)?.payments.find((payment) => payment.id === paymentId)?.adapterId;
  }

  private amountChangeDecision(job: ClaimedJob) {
    const context = job.amountChange;
    if (!context) return { send: false as const, reason: 'the order is gone' };
    return this.orderJobs.decideAmountChange({
      paymentId: this.orderJobs.paymentIdOfAmountChange(job.notificationId),
      current: context.current as OrderDocument,
      ...(context.lastTold ? { lastTold: { amount: context.lastTold.amount, plannedAt: context.lastTold.plannedAt as OrderDocument } } : {}),
    });
  }
}
