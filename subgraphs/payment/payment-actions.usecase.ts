import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { money, toAmount } from '../../platform/money/money.js';
import type { CallSigner } from '../../platform/outbound/call-signer.js';
import type { OrderDocument, PaymentDocument } from '../../contracts/order.types.js';
import { assertAmountPrecision } from '../order/domain/amount-precision.rules.js';
import { callPaymentCallback, paymentCallbackBody, type PaymentCallbackName, type PaymentCallbackResult } from '../order/engine/payment-callback.caller.js';
import type { PaymentCallbackLog } from '../order/engine/payment-callback.log.js';
import type { CommandContext, OrderCommands } from '../order/order-commands.usecase.js';
import type { PaymentWrite } from './payment-commands.usecase.js';
import type { PaymentTransactionRepository, TransactionInput } from './payment-transaction.repository.js';
import { assertTransition } from '../order/domain/payment.rules.js';
import { PAYMENT_MACHINE } from '../../contracts/payment-state.machine.js';

/** Roles that may cancel, refund and refresh payments (docs/payment-api.md, "Cancel and refund", "Refresh"). */
export const PAYMENT_ACTORS = ['admin', 'service'] as const;

/**
 * Cancel, refund and refresh, asked for by the back office and delegated to the payment's adapter
 * through its `cancel` / `refund` / `refresh` callback. The state move is checked before the adapter is called; the
 * call and its answer are logged (event and transaction); a success is recorded on the payment.
 * Actions on one payment run one at a time (an advisory lock across processes), so two refunds
 * at once can never refund more than was captured.
 */
export class PaymentActions {
  constructor(
    private readonly orders: OrderCommands,
    private readonly pool: pg.Pool,
    private readonly calls: CallSigner,
    private readonly log: PaymentCallbackLog,
    private readonly timeoutMs: number,
    /** Whether a provider event's key is already on the payment's log (a refund its event applied first). */
    private readonly events?: Pick<PaymentTransactionRepository, 'refusalOf'>,
  ) {}

  /** Cancels a payment after confirm and before capture: `reserved` (or not yet authorized) → `cancelled`; again is a no-op. */
  cancel(context: CommandContext, orderId: string, paymentId: string): Promise<PaymentWrite> {
    return this.locked(context, orderId, paymentId, async (payment, version) => {
      // Asked again (an admin retrying): already done, nothing is called.
      if (payment.state === 'cancelled') return { payment, version };
      assertTransition(payment.state, 'cancelled');
      const result = await this.call(context, orderId, payment, 'cancel');
      const state = result.answer.state ?? 'cancelled';
      return this.record(context, orderId, paymentId, payment.state, state, (current) => ({ ...current, ...answerFields(result), state }));
    });
  }

  /**
   * Refunds part or all of a captured payment. A partial refund keeps the payment `captured` and
   * adds to its `refundedAmount`; the refund that reaches the amount moves it to `refunded`.
   */
  refund(context: CommandContext, orderId: string, paymentId: string, amount: number, reason?: string | null, idempotencyKey?: string | null): Promise<PaymentWrite> {
    if (!(amount > 0)) throw badRequest('invalid_refund_amount', 'A refund amount must be above 0.');
    const why = refundReasonOf(reason);
    const keyed = refundOperationOf(idempotencyKey);
    return this.locked(context, orderId, paymentId, async (payment, version, order) => {
      // The client's key names this refund: asked again, a refund that succeeded is answered as it is now, nothing called;
      // one whose outcome is unknown, or that was refused, is asked again under the same operation (the provider's key).
      const earlier = keyed ? await this.log.operation(context.tenant, paymentId, 'refund', keyed) : undefined;
      if (earlier && earlier.amount !== amount) {
        throw new AppError(409, 'idempotency_key_reused', `This idempotency key was used for a refund of ${earlier.amount}; a refund of ${amount} needs a key of its own.`, { paymentId, amount: earlier.amount });
      }
      if (earlier?.outcome === 'succeeded') return { payment, version };
      // Checked before the provider is asked: a provider rounds what it is given (12.345 NOK → 12.35), the platform never does.
      assertRefundPrecision(payment, order, amount);
      const { state } = refundOf(payment, amount);
      // The platform's own id of this refund, which the adapter turns into its provider's idempotency key: the client's
      // key when it sent one; else a refund of the same amount asked again after a call whose outcome is unknown (the
      // answer lost) resumes that call's operation, so the provider refunds once; otherwise a new one.
      const operationId = keyed ?? (await this.log.unsettledOperation(context.tenant, paymentId, 'refund', amount)) ?? `refund:${randomUUID()}`;
      // The reason travels in the callback's body, so the transaction log's request keeps it (PaymentTransaction.reason).
      const result = await this.call(context, orderId, payment, 'refund', amount, { operationId, ...(why === undefined ? {} : { reason: why }) });
      // The provider's event that will report this refund (the adapter names it): recorded with it, so that event,
      // arriving before or after, adds nothing again (the webhook runtime writes the same key).
      const eventKey = result.answer.eventKey;
      const transactions = eventKey ? [{ event: 'refund', pspEvent: 'recorded', amount, isSuccess: true, eventKey }] : [];
      try {
        return await this.record(context, orderId, paymentId, payment.state, state, (current) => ({ ...current, ...answerFields(result), ...refundOf(current, amount) }), { transactions });
      } catch (error) {
        // The provider's event was applied first: the refund is already on the payment (refused as a duplicate, or
        // by the refund rule when that event refunded all of it).
        const refusal = this.events ? await this.events.refusalOf(error, context.tenant, paymentId, eventKey) : error;
        const applied = refusal instanceof AppError && refusal.code === 'duplicate_event';
        if (!applied) throw error;
        const order = await this.orders.get(context, orderId);
        return { payment: order.document.payments.find((candidate) => candidate.id === paymentId)!, version: order.version };
      }
    });
  }

  /**
   * Refresh: the adapter re-reads the payment at its provider (its `refresh` callback) and answers
   * what changed there; the platform records it — a state the payment state table reaches from the
   * current one (e.g. reserved → cancelled after a cancel in the provider's portal), the amount, the
   * refunded amount, attributes. The call and its answer are logged like every action's.
   */
  refresh(context: CommandContext, orderId: string, paymentId: string): Promise<PaymentWrite> {
    return this.locked(context, orderId, paymentId, async (payment) => {
      const result = await this.call(context, orderId, payment, 'refresh');
      const { answer } = result;
      // No state answered: the payment keeps whatever state it has now (the adapter may have recorded one itself).
      const update = (current: PaymentDocument): PaymentDocument => ({
        ...current,
        ...answerFields(result),
        ...(answer.state !== undefined ? { state: answer.state } : {}),
        ...(answer.amount !== undefined ? { amount: answer.amount } : {}),
        ...(answer.refundedAmount !== undefined ? { refundedAmount: answer.refundedAmount } : {}),
      });
      return this.record(context, orderId, paymentId, payment.state, answer.state ?? null, update, { reachable: true });
    });
  }

  /** Calls the callback and logs it; a failure is the caller's answer (400 when the adapter refused, else 502). */
  private async call(context: CommandContext, orderId: string, payment: PaymentDocument, callback: PaymentCallbackName, amount?: number, options: { operationId?: string; reason?: string } = {}) {
    const { operationId, ...extra } = options;
    if (!payment.callbacks?.[callback]) {
      throw new AppError(409, 'payment_action_unavailable', `Payment ${payment.id} of ${payment.adapterId} registered no ${callback} callback; its adapter cannot ${callback} it.`, {
        paymentId: payment.id,
        adapterId: payment.adapterId,
      });
    }
    const order = await this.orders.get(context, orderId);
    const call = { tenant: context.tenant, order: order.document, payment, callback, ...(operationId === undefined ? {} : { operationId }), ...(amount === undefined ? {} : { extra: { amount, ...extra } }) };
    // A refund is logged before it is made: a process stopping during the call leaves it pending, resumed by the next refund of that amount.
    const { order: _order, ...request } = paymentCallbackBody(call);
    const transactionId = callback === 'refund' ? await this.log.begin({ tenant: context.tenant, orderId, payment, callback, request, amount: amount ?? payment.amount }) : undefined;
    const result = await callPaymentCallback(this.calls, call, this.timeoutMs);
    await this.log.record({ tenant: context.tenant, orderId, version: order.version, actor: context.actor.subject, payment, result, ...(amount === undefined ? {} : { amount }), ...(transactionId ? { transactionId } : {}) });
    if (!result.ok) {
      throw new AppError(result.reason === 'refused' ? 400 : 502, 'payment_callback_failed', `The ${callback} of payment ${payment.id} by ${payment.adapterId} failed: ${result.message}`, {
        paymentId: payment.id,
        adapterId: payment.adapterId,
        reason: result.reason,
        message: result.message,
      });
    }
    return result;
  }

  /**
   * Records the outcome on the payment; the move is checked again on the fresh draft. `to` null: a
   * refresh that answered no state; `reachable` (a refresh): `to` may be several moves of the state
   * table away; `transactions` are logged in the same commit (a refund under its provider event's key).
   */
  private async record(context: CommandContext, orderId: string, paymentId: string, from: string, to: string | null, update: (payment: PaymentDocument) => PaymentDocument, options: { transactions?: TransactionInput[]; reachable?: boolean } = {}): Promise<PaymentWrite> {
    const { transactions = [], reachable = false } = options;
    const { result, payment } = await this.orders.updatePayment(context, orderId, paymentId, update, {
      transactions,
      assert: (draft) => {
        const current = draft.payments.find((candidate) => candidate.id === paymentId);
        if (!current || current.state === from || to === null) return;
        if (reachable && PAYMENT_MACHINE.path(current.state, to)) return;
        assertTransition(current.state, to);
      },
    });
    return { payment, version: result.order.version };
  }

  /** Runs `work` on the payment as it is now, holding the payment's advisory lock. */
  private async locked<T>(context: CommandContext, orderId: string, paymentId: string, work: (payment: PaymentDocument, version: number, order: OrderDocument) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const key = JSON.stringify(["payment-action", context.tenant.merchant, context.tenant.channel, orderId, paymentId]);
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        const order = await this.orders.get(context, orderId);
        const payment = order.document.payments.find((candidate) => candidate.id === paymentId);
        if (!payment) throw notFound(`Payment ${paymentId} was not found on order ${orderId}.`, 'payment_not_found');
        return await work(payment, order.version, order.document);
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      }
    } finally {
      client.release();
    }
  }
}

/** The longest refund reason kept (a sentence or two an operator types). */
export const REFUND_REASON_MAX_LENGTH = 500;

/** The refund's reason as recorded: trimmed; none when blank; 400 `invalid_refund_reason` when longer than REFUND_REASON_MAX_LENGTH. */
export function refundReasonOf(reason: string | null | undefined): string | undefined {
  const trimmed = reason?.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > REFUND_REASON_MAX_LENGTH) {
    throw badRequest('invalid_refund_reason', `A refund reason is at most ${REFUND_REASON_MAX_LENGTH} characters; this one has ${trimmed.length}.`, { maxLength: REFUND_REASON_MAX_LENGTH });
  }
  return trimmed;
}

/** The longest idempotency key a client may send with a refund (a UUID, or a key of its own). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * The platform's operation id of a refund the client named with an idempotency key; none without
 * one. 400 `invalid_idempotency_key` for an empty key, one longer than IDEMPOTENCY_KEY_MAX_LENGTH,
 * or one with characters other than visible ASCII.
 */
export function refundOperationOf(key: string | null | undefined): string | undefined {
  if (key === undefined || key === null) return undefined;
  if (!/^[\x21-\x7e]+$/.test(key) || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw badRequest('invalid_idempotency_key', `An idempotency key is 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (no spaces); a UUID is a good one.`, { maxLength: IDEMPOTENCY_KEY_MAX_LENGTH });
  }
  return `refund:key:${key}`;
}

/** A refund amount is written no finer than the payment's currency allows (400 `amount_precision`); it is never rounded. */
export const assertRefundPrecision = (payment: PaymentDocument, order: Pick<OrderDocument, 'currency'>, amount: number): void =>
  assertAmountPrecision(amount, payment.currency ?? order.currency, 'The refund amount');

/** What a payment has been refunded through the platform so far. */
export const refundedOf = (payment: PaymentDocument): number => (typeof payment.refundedAmount === 'number' ? payment.refundedAmount : 0);

/**
 * The one refund rule, for the back office's refund and a provider's refund event alike: only a
 * captured payment (400 `illegal_payment_transition`), never more than is left (400
 * `refund_exceeds_captured`); `amount` adds to `refundedAmount`, and the refund that reaches the
 * payment's amount moves it to `refunded` — a partial one keeps its state (`captured`).
 */
export function refundOf(payment: PaymentDocument, amount: number): Pick<PaymentDocument, 'state' | 'refundedAmount'> {
  if (!(amount > 0)) throw badRequest('invalid_refund_amount', 'A refund amount must be above 0.');
  assertTransition(payment.state, 'refunded');
  const refunded = money(refundedOf(payment));
  const refundable = money(payment.amount).minus(refunded);
  if (money(amount).greaterThan(refundable)) {
    throw badRequest('refund_exceeds_captured', `At most ${toAmount(refundable)} of payment ${payment.id} can still be refunded (${toAmount(refunded)} of ${payment.amount} already was).`, {
      refundable: toAmount(refundable),
      refundedAmount: toAmount(refunded),
    });
  }
  const total = toAmount(refunded.plus(amount));
  return { state: money(total).greaterThanOrEqualTo(payment.amount) ? 'refunded' : payment.state, refundedAmount: total };
}

/** The answer's fields other than state (the action decides the state). */
function answerFields(result: Extract<PaymentCallbackResult, { ok: true }>): Partial<PaymentDocument> {
  return {
    ...(result.answer.attributes !== undefined ? { attributes: result.answer.attributes } : {}),
    ...(result.answer.reference !== undefined ? { reference: result.answer.reference } : {}),
  };
}

/** The actions the platform offers for a payment's registered callbacks: `{adapterId, type, url}` at the payment API. */
const PLATFORM_ACTIONS: ReadonlyArray<{ callback: 'cancel' | 'refund' | 'refresh'; type: string }> = [
  { callback: 'cancel', type: 'Cancel' },
  { callback: 'refund', type: 'Refund' },
  { callback: 'refresh', type: 'Refresh' },
];

/**
 * The payment's `actions[]` with one entry per registered cancel/refund/refresh callback, pointing
 * at the payment API's action endpoints (`{payment_url}/api/v0/payments/{id}/cancel|refund|refresh`);
 * actions the adapter listed itself are kept (an adapter's own `Refresh` at its spec address
 * stands for the platform's), and platform entries for callbacks no longer registered dropped.
 */
export function withPlatformActions(payment: PaymentDocument, paymentApiUrl: string): PaymentDocument['actions'] {
  const base = `${paymentApiUrl.replace(/\/$/, '')}/api/v0/payments/${encodeURIComponent(payment.id)}`;
  const ours = new Set(PLATFORM_ACTIONS.map(({ callback }) => `${base}/${callback}`));
  const kept = (payment.actions ?? []).filter((action) => !ours.has(action.url));
  const listed = new Set(kept.map((action) => action.type));
  const offered = PLATFORM_ACTIONS.filter(({ callback, type }) => payment.callbacks?.[callback] && !(callback === 'refresh' && listed.has(type))).map(({ callback, type }) => ({ adapterId: payment.adapterId, type, url: `${base}/${callback}` }));
  return [...kept, ...offered];
}
