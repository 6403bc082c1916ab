import { timeOrderedUuid } from '../../../platform/db/time-ordered-id.js';
import type pg from 'pg';
import type { Tenant } from '../../../platform/auth/principal.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { PaymentDocument } from '../../../contracts/order.types.js';
import type { PaymentCallbackResult } from './payment-callback.caller.js';

/** The `pspStatus` of a call logged before it is made (`begin`) and not answered yet: left so by a process that stopped during the call. */
const PENDING = 'pending';

/** A failed call's reasons (its logged `pspStatus`) that leave unknown whether the adapter did it: anything but a refusal. */
const UNKNOWN_OUTCOMES = new Set(['timeout', 'unreachable', 'error_status', 'malformed_response', PENDING]);

/** The event type of every lifecycle call (docs/order-engine.md, "Payment lifecycle"). */
export const PAYMENT_CALLBACK_EVENT = 'payment.callback';

export interface CallbackLogEntry {
  tenant: Tenant;
  orderId: string;
  /** The order version the call was made on. */
  version: number | null;
  actor: string;
  payment: Pick<PaymentDocument, 'id' | 'adapterId' | 'amount'>;
  result: PaymentCallbackResult;
  /** The transaction's amount when it is not the payment's (a partial refund). */
  amount?: number;
  /** The pending row `begin` wrote for this call, to fill in. */
  transactionId?: string;
}

/**
 * Every lifecycle call and its answer, twice: an event record (the events API) and a transaction
 * in the payment's log (what the merchant sees), in one statement; before them, the adapter's own
 * provider call when the answer carries it (`transaction`), so the adapter makes no call of its
 * own to log it. A call is a fact whether or not the change it belongs to commits, so it is
 * recorded on its own.
 */
export class PaymentCallbackLog {
  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  /**
   * The operation id of the last `callback` call on the payment when that call's outcome is not
   * known — no answer in time, unreachable, a 5xx or an answer that could not be read: the adapter
   * may have moved the money before its answer was lost — and it was for `amount`. Asked again for
   * the same amount, the operation is resumed under its id (its provider idempotency key), so the
   * provider applies it once; any other last outcome (a success, a refusal): none.
   */
  async unsettledOperation(tenant: Tenant, paymentId: string, callback: string, amount: number): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ operation_id: string | null; is_success: boolean; psp_status: string | null; same_amount: boolean }>(
      `select request_json->>'operationId' as operation_id, is_success, psp_status, amount = $5::numeric as same_amount
         from payment_transactions
        where merchant = $1 and channel = $2 and payment_id = $3 and event = $4 and psp_event = 'platform'
        order by created_at desc, id desc limit 1`,
      [tenant.merchant, tenant.channel, paymentId, callback, String(amount)],
    );
    const last = rows[0];
    if (!last?.operation_id || last.is_success || !last.same_amount) return undefined;
    return UNKNOWN_OUTCOMES.has(last.psp_status ?? '') ? last.operation_id : undefined;
  }

  /**
   * The last logged `callback` call on the payment under the platform's `operationId` (a refund
   * asked with the client's idempotency key): its amount and outcome — `succeeded`, `refused` (the
   * adapter said no), or `unknown` (no answer, or one that could not be read). Undefined when none.
   */
  async operation(tenant: Tenant, paymentId: string, callback: string, operationId: string): Promise<{ amount: number; outcome: 'succeeded' | 'refused' | 'unknown' } | undefined> {
    const { rows } = await this.pool.query<{ amount: string; is_success: boolean; psp_status: string | null }>(
      `select amount, is_success, psp_status
         from payment_transactions
        where merchant = $1 and channel = $2 and payment_id = $3 and event = $4 and psp_event = 'platform' and request_json->>'operationId' = $5
        order by created_at desc, id desc limit 1`,
      [tenant.merchant, tenant.channel, paymentId, callback, operationId],
    );
    const last = rows[0];
    if (!last) return undefined;
    const outcome = last.is_success ? 'succeeded' : UNKNOWN_OUTCOMES.has(last.psp_status ?? '') ? 'unknown' : 'refused';
    return { amount: Number(last.amount), outcome };
  }

  /**
   * Logs a call before it is made, as `pending` (an unknown outcome), for a call that moves money:
   * should the process stop during the call, the log still says it may have happened, and the next
   * refund of that amount resumes its operation (`unsettledOperation`). `record` with the id it
   * answers fills the row in. Undefined when it could not be written (the call is made all the same).
   */
  async begin(entry: { tenant: Tenant; orderId: string; payment: Pick<PaymentDocument, 'id' | 'adapterId'>; callback: string; request: Record<string, unknown>; amount: number }): Promise<string | undefined> {
    const id = timeOrderedUuid();
    try {
      await this.pool.query(
        `insert into payment_transactions (id, merchant, channel, order_id, payment_id, adapter_id, event, psp_event, amount, is_success, psp_status, request_json, error_detail)
         values ($1, $2, $3, $4, $5, $6, $7, 'platform', $8, false, $9, $10, $11)`,
        [id, entry.tenant.merchant, entry.tenant.channel, entry.orderId, entry.payment.id, entry.payment.adapterId, entry.callback, entry.amount, PENDING, JSON.stringify(entry.request), 'No answer yet: the call is under way, or the process making it stopped before its answer.'],
      );
      return id;
    } catch (error) {
      this.logger.error({ err: error, orderId: entry.orderId, paymentId: entry.payment.id, callback: entry.callback }, 'could not log a payment callback before making it');
      return undefined;
    }
  }

  async record(entry: CallbackLogEntry): Promise<void> {
    const { tenant, result, payment } = entry;
    const data = {
      callback: result.callback,
      paymentId: payment.id,
      adapterId: payment.adapterId,
      url: result.url,
      succeeded: result.ok,
      ...(result.ok ? { answer: result.answer } : { reason: result.reason, message: result.message }),
      ...(result.ok || result.status !== undefined ? { status: result.status } : {}),
      durationMs: result.durationMs,
    };
    const amount = entry.amount ?? payment.amount;
    const pspStatus = result.ok ? (result.answer.pspStatus ?? result.answer.state ?? String(result.status)) : result.reason;
    try {
      // The adapter's own provider call for the step, when its answer carries one: logged first, as it happened first.
      const provided = result.ok ? result.answer.transaction : undefined;
      if (provided) {
        await this.pool.query(
          `insert into payment_transactions (id, merchant, channel, order_id, payment_id, adapter_id, event, psp_event, amount, is_success, psp_status, request_json, response_json, error_detail)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            timeOrderedUuid(),
            tenant.merchant,
            tenant.channel,
            entry.orderId,
            payment.id,
            payment.adapterId,
            provided.event,
            provided.pspEvent ?? null,
            provided.amount ?? amount,
            provided.isSuccess,
            provided.pspStatus ?? null,
            provided.requestJson === undefined ? null : JSON.stringify(provided.requestJson),
            provided.responseJson === undefined ? null : JSON.stringify(provided.responseJson),
            provided.errorDetail ?? null,
          ],
        );
      }
      await this.pool.query(
        `with event as (
           insert into order_events (id, merchant, channel, order_id, type, version, actor, data) values ($1, $2, $3, $4, $5, $6, $7, $8)
         )
         insert into payment_transactions (id, merchant, channel, order_id, payment_id, adapter_id, event, psp_event, amount, is_success, psp_status, request_json, response_json, error_detail)
         values ($9, $2, $3, $4, $10, $18, $11, 'platform', $12, $13, $14, $15, $16, $17)
         on conflict (id) do update set is_success = excluded.is_success, psp_status = excluded.psp_status, request_json = excluded.request_json,
           response_json = excluded.response_json, error_detail = excluded.error_detail, created_at = now()`,
        [
          timeOrderedUuid(),
          tenant.merchant,
          tenant.channel,
          entry.orderId,
          PAYMENT_CALLBACK_EVENT,
          entry.version,
          entry.actor,
          data,
          // The row `begin` wrote, filled in (dated now, after the adapter's own transaction, as the log reads); else a new one.
          entry.transactionId ?? timeOrderedUuid(),
          payment.id,
          result.callback,
          amount,
          result.ok,
          pspStatus,
          JSON.stringify(result.request),
          result.body === undefined ? null : JSON.stringify(result.body),
          result.ok ? null : result.message,
          // The payment's adapter: the row is about its payment, so it reads it like its own.
          payment.adapterId,
        ],
      );
    } catch (error) {
      // The log is for people; failing to write it never changes what the call decided.
      this.logger.error({ err: error, orderId: entry.orderId, paymentId: payment.id, callback: result.callback }, 'could not record a payment callback');
    }
  }
}
