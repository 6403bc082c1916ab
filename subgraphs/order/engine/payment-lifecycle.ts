import type { Tenant } from '../../../platform/auth/principal.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { CallSigner } from '../../../platform/outbound/call-signer.js';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { applyAnswer, callPaymentCallback, type PaymentCallbackName, type PaymentCallbackResult } from './payment-callback.caller.js';
import type { PaymentCallbackLog } from './payment-callback.log.js';
import type { JobInput } from './order-store.repository.js';
import { activePayments } from '../../../contracts/allocation.js';

/** What the engine does around a status move (docs/order-engine.md, "Payment lifecycle"). */
export type LifecycleMove = 'process' | 'release' | 'confirm' | undefined;

export function lifecycleMoveOf(from: string, to: string): LifecycleMove {
  if (from === 'checkout' && to === 'processing') return 'process';
  if (from === 'processing' && to === 'checkout') return 'release';
  if (from === 'accepted' && to === 'completed') return 'confirm';
  return undefined;
}

/**
 * Callbacks called after commit, through the outbox, when the order reaches a status: `capture`
 * always; `confirm` for the payments whose call inside the move to `completed` did not succeed.
 */
const AFTER_COMMIT: Readonly<Record<string, PaymentCallbackName>> = { completed: 'confirm', delivered: 'capture' };

/** The outbox job id of an after-commit callback names the callback and the payment. */
export const paymentCallbackJobId = (callback: PaymentCallbackName, paymentId: string) => `${callback}:${paymentId}`;

/**
 * `confirm` (order completed: part payments commit their value) and `capture` (order delivered)
 * jobs, queued in the committing transaction for every active payment that registered them.
 */
export function paymentCallbackJobs(before: OrderDocument, after: OrderDocument, doneInMove: readonly string[] = []): JobInput[] {
  const to = after.state.currentStatus;
  const callback = AFTER_COMMIT[to];
  if (!callback || before.state.currentStatus === to) return [];
  return activePayments(after)
    .filter((payment) => payment.callbacks?.[callback] && !doneInMove.includes(payment.id))
    .map((payment) => ({
      kind: 'payment_callback' as const,
      notificationId: paymentCallbackJobId(callback, payment.id),
      invoke: payment.callbacks![callback]!,
      payload: { callback, paymentId: payment.id },
    }));
}

interface Called {
  payment: PaymentDocument;
  result: PaymentCallbackResult;
}

export interface LifecycleContext {
  tenant: Tenant;
  /** The committed version the change is based on (the events' version). */
  version: number;
  actor: string;
}

/**
 * The synchronous part of the lifecycle, run by the engine inside a status change before it
 * commits: `process` on checkout → processing (any failure vetoes the move and aborts what may
 * be held), `abort` on processing → checkout (releasing reservations; never blocks the move),
 * `confirm` on accepted → completed (part payments commit their value, recorded in the move's
 * commit; never blocks the move: a payment whose call fails is confirmed again after commit,
 * through the outbox, with its retries).
 */
export class PaymentLifecycle {
  constructor(
    private readonly calls: CallSigner,
    private readonly log: PaymentCallbackLog,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Calls `process` on every active payment that registered it, in parallel. All succeed: their
   * answers are recorded on the draft and the payments called are returned (to abort should the
   * change not commit). Any failure: `abort` on every payment that may hold something (it
   * answered 2xx, or gave no clear answer), then 400 `payment_process_failed`.
   */
  async process(context: LifecycleContext, draft: OrderDocument): Promise<PaymentDocument[]> {
    const targets = activePayments(draft).filter((payment) => payment.callbacks?.process);
    if (targets.length === 0) return [];
    const called = await Promise.all(targets.map((payment) => this.call(context, draft, payment, 'process')));
    const failures = called.filter(({ result }) => !result.ok);
    if (failures.length === 0) {
      for (const { payment, result } of called) if (result.ok) applyAnswer(draft, payment.id, result.answer);
      return targets;
    }
    const mayHold = called.filter(({ result }) => result.ok || result.reason !== 'refused').map(({ payment }) => payment);
    const aborted = await this.abort(context, draft, mayHold);
    const first = failures[0]!;
    const message = first.result.ok ? '' : first.result.message;
    throw new AppError(400, 'payment_process_failed', `Payment ${first.payment.id} of ${first.payment.adapterId} refused processing: ${message}`, {
      paymentId: first.payment.id,
      adapterId: first.payment.adapterId,
      message,
      failures: failures.map(({ payment, result }) => ({ paymentId: payment.id, adapterId: payment.adapterId, ...(result.ok ? {} : { reason: result.reason, message: result.message }) })),
      aborted: aborted.map(({ payment, result }) => ({ paymentId: payment.id, succeeded: result.ok })),
    });
  }

  /** processing → checkout: `abort` on every active payment that registered it; answers recorded on the draft, failures only logged. */
  async release(context: LifecycleContext, draft: OrderDocument): Promise<void> {
    for (const { payment, result } of await this.abort(context, draft, activePayments(draft))) {
      if (result.ok) applyAnswer(draft, payment.id, result.answer);
    }
  }

  /**
   * accepted → completed, once the hooks accepted it: `confirm` on every active payment that
   * registered it, in parallel; the answers of those that succeeded are recorded on the document
   * and their ids returned (the others get an outbox job). The call may come again for the same
   * payment (a lost commit retries the move; the outbox after a failure), so `confirm` is idempotent.
   */
  async confirm(context: LifecycleContext, document: OrderDocument): Promise<string[]> {
    const targets = activePayments(document).filter((payment) => payment.callbacks?.confirm);
    const called = await Promise.all(targets.map((payment) => this.call(context, document, payment, 'confirm')));
    const confirmed: string[] = [];
    for (const { payment, result } of called) {
      if (!result.ok) continue;
      applyAnswer(document, payment.id, result.answer);
      confirmed.push(payment.id);
    }
    return confirmed;
  }

  /** `abort` on those of `payments` that registered it, in parallel; each call logged. */
  async abort(context: LifecycleContext, order: OrderDocument, payments: PaymentDocument[]): Promise<Called[]> {
    return Promise.all(payments.filter((payment) => payment.callbacks?.abort).map((payment) => this.call(context, order, payment, 'abort')));
  }

  private async call(context: LifecycleContext, order: OrderDocument, payment: PaymentDocument, callback: PaymentCallbackName): Promise<Called> {
    const result = await callPaymentCallback(this.calls, { tenant: context.tenant, order, payment, callback }, this.timeoutMs);
    await this.log.record({ tenant: context.tenant, orderId: order.id, version: context.version, actor: context.actor, payment, result });
    return { payment, result };
  }
}
