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
}

/**
 * Drains the notification outbox: `concurrency` loops, woken by NOTIFY on `notification_jobs`
 * (sent in the committing transaction) and by a poll for retries falling due.
 */
export class NotificationWorker {
  private running = false;
  private listener: PgListener | undefined;
  private readonly sleepers = new Set<() => void>();
  /** Counts wake-ups, so one that comes while a loop is between "nothing to do" and sleeping is not lost. */
  private wakeups = 0;
  private loops: Promise<void>[] = [];

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
    this.loops = Array.from({ length: this.options.concurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeAll();
    await Promise.allSettled(this.loops);
    await this.listener?.stop();
  }

  private wakeAll(): void {
    this.wakeups += 1;
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const seen = this.wakeups;
      let worked = false;
      if (this.options.mayDeliver && !(await this.options.mayDeliver().catch(() => false))) {
        await this.sleep(this.options.pollMs ?? 1_000);
        continue;
      }
      try {
        worked = await this.queue.processNext((job) => observeDelivery(job, () => this.deliver(job)));
      } catch (error) {
        this.logger.error({ err: error }, 'notification worker step failed');
      }
      if (worked || !this.running) continue;
      const due = await this.queue.nextDueInMs().catch(() => undefined);
      if (this.wakeups !== seen) continue; // woken while looking: look again at once
      // Due now yet not claimed: being delivered by another loop (or its receiver at its cap); that
      // loop looks again as soon as it commits, which frees whatever the delivery held back.
      const pollMs = this.options.pollMs ?? 1_000;
      await this.sleep(due === undefined || due <= 0 ? pollMs : Math.min(due, pollMs));
    }
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
