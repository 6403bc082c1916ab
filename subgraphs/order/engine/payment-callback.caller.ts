import type { Tenant } from '../../../platform/auth/principal.js';
import { callAdapter, messageOf } from '../../../platform/outbound/adapter-call.js';
import type { CallSigner } from '../../../platform/outbound/call-signer.js';
import { PAYMENT_MACHINE, refusePaymentTransition } from '../../../contracts/payment-state.machine.js';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import type { PaymentAnswer, PaymentCallbackName, PaymentCallbackRequest, TransactionInput } from '../../../contracts/callbacks.types.js';
import { transactionInputProblem } from '../domain/transaction-input.validator.js';
import { amountPrecisionProblem, precisionText } from '../../../contracts/currency-exponents.js';

export { PAYMENT_CALLBACKS, type PaymentAnswer, type PaymentCallbackName } from '../../../contracts/callbacks.types.js';

export interface PaymentCallbackCall {
  tenant: Tenant;
  order: OrderDocument;
  payment: PaymentDocument;
  callback: PaymentCallbackName;
  /** The platform's id of the operation (PaymentCallbackRequest.operationId); default `{callback}:{paymentId}`, a step the payment takes once. */
  operationId?: string;
  /** Extra body fields (refund: `amount`). */
  extra?: Record<string, unknown>;
}

export type PaymentCallbackResult =
  | { ok: true; callback: PaymentCallbackName; url: string; request: Record<string, unknown>; status: number; answer: PaymentAnswer; body: unknown; durationMs: number }
  | {
      ok: false;
      callback: PaymentCallbackName;
      url: string;
      request: Record<string, unknown>;
      /** `refused`: the adapter answered 4xx (its message is meant for the caller); the others may have half-happened. */
      reason: 'refused' | 'error_status' | 'timeout' | 'unreachable' | 'malformed_response';
      status?: number;
      message: string;
      body?: unknown;
      durationMs: number;
    };

/**
 * What a lifecycle callback receives: the payment's identity and amounts, the callback's own
 * fields (refund's `amount`), and the order as the platform sees it at the call.
 */
export function paymentCallbackBody(call: Pick<PaymentCallbackCall, 'order' | 'payment' | 'callback' | 'extra' | 'operationId'>): PaymentCallbackRequest {
  const { order, payment } = call;
  return {
    callback: call.callback,
    orderId: order.id,
    paymentId: payment.id,
    adapterId: payment.adapterId,
    operationId: call.operationId ?? onceOperationId(call.callback, payment.id),
    amount: payment.amount,
    currency: payment.currency ?? order.currency,
    state: payment.state,
    ...(payment.reference !== undefined ? { reference: payment.reference } : {}),
    ...(payment.attributes !== undefined ? { attributes: payment.attributes } : {}),
    ...call.extra,
    order,
  };
}

/** The operation id of a step a payment takes once (process, abort, confirm, capture, cancel, refresh): the same on every retry. */
export const onceOperationId = (callback: PaymentCallbackName, paymentId: string): string => `${callback}:${paymentId}`;

/**
 * Calls one lifecycle callback of a payment; never throws. This is the one place lifecycle calls
 * get their credentials: a call token for the payment's adapter, this order, this callback as
 * the purpose, bound to the URL and the exact body (docs/auth.md).
 */
export async function callPaymentCallback(calls: CallSigner, call: PaymentCallbackCall, timeoutMs: number): Promise<PaymentCallbackResult> {
  const url = call.payment.callbacks?.[call.callback];
  const body = paymentCallbackBody(call);
  const { order: _order, ...request } = body;
  const base = { callback: call.callback, url: url ?? '', request };
  if (!url) return { ok: false, ...base, reason: 'unreachable', message: `payment ${call.payment.id} registered no ${call.callback} callback`, durationMs: 0 };
  const headers = (text: string) =>
    calls.headersFor({ tenant: call.tenant, receiver: call.payment.adapterId, orderId: call.order.id, purpose: call.callback, method: 'POST', url, body: text });
  const outcome = await callAdapter(url, body, headers, timeoutMs);
  if (outcome.kind === 'timeout') return { ok: false, ...base, reason: 'timeout', message: `no answer within ${timeoutMs} ms`, durationMs: outcome.durationMs };
  if (outcome.kind === 'unreachable') return { ok: false, ...base, reason: 'unreachable', message: `could not be reached (${outcome.error})`, durationMs: outcome.durationMs };
  const answered = { status: outcome.status, body: outcome.body, durationMs: outcome.durationMs };
  if (outcome.status >= 400 && outcome.status < 500) return { ok: false, ...base, ...answered, reason: 'refused', message: messageOf(outcome) };
  // Only a 4xx carries a message meant for the caller; another status's body is the adapter's own business.
  if (outcome.status < 200 || outcome.status >= 300) return { ok: false, ...base, ...answered, reason: 'error_status', message: `answered HTTP ${outcome.status}` };
  const answer = answerOf(outcome.body, outcome.text, call.payment, call.callback, body.currency);
  if (typeof answer === 'string') return { ok: false, ...base, ...answered, reason: 'malformed_response', message: answer };
  return { ok: true, ...base, ...answered, answer };
}

/**
 * The answer's payment fields, or why they cannot be recorded (a state the payment may not move
 * to). A refresh reports where the payment stands at the provider: its state may be several moves
 * away, so it must be reachable through the payment state table, and it may carry the amounts.
 */
function answerOf(body: unknown, text: string, payment: PaymentDocument, callback: PaymentCallbackName, currency: string): PaymentAnswer | string {
  if (text.trim() === '') return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'answered 2xx with a body that is not a JSON object';
  const { state, attributes, reference, pspStatus, eventKey, amount, refundedAmount, transaction } = body as Record<string, unknown>;
  const answer: PaymentAnswer = {};
  if (state !== undefined) {
    if (typeof state !== 'string') return 'answered a state that is not a string';
    if (callback === 'refresh') {
      if (!PAYMENT_MACHINE.path(payment.state, state)) return `answered state ${state}, which the payment state table does not reach from ${payment.state}`;
    } else {
      const refusal = refusePaymentTransition(payment.state, state);
      if (refusal) return `answered state ${state}: ${refusal}`;
    }
    answer.state = state;
  }
  if (callback === 'refresh') {
    for (const [name, value] of [['amount', amount], ['refundedAmount', refundedAmount]] as const) {
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return `answered ${name} that is not an amount`;
      // Recorded as answered or not at all: an amount finer than the currency's minor units is never rounded into one.
      const fine = amountPrecisionProblem(value, currency);
      if (fine) return `answered ${name} ${value}, finer than its currency allows: ${precisionText(fine.currency, fine.exponent)}`;
      answer[name] = value;
    }
  }
  if (attributes !== undefined) {
    if (attributes === null || typeof attributes !== 'object' || Array.isArray(attributes)) return 'answered attributes that are not an object';
    answer.attributes = attributes as Record<string, unknown>;
  }
  if (reference !== undefined) {
    if (typeof reference !== 'string') return 'answered a reference that is not a string';
    answer.reference = reference;
  }
  if (transaction !== undefined) {
    const problem = transactionInputProblem(transaction);
    if (problem) return `answered a ${problem}`;
    const { eventKey: _key, ...logged } = transaction as TransactionInput;
    answer.transaction = logged;
  }
  if (typeof pspStatus === 'string') answer.pspStatus = pspStatus.slice(0, 256);
  if (typeof eventKey === 'string' && eventKey !== '' && eventKey.length <= 256) answer.eventKey = eventKey;
  return answer;
}

/** Records an answer's fields on the payment of a draft (fields present replace the stored ones). */
export function applyAnswer(draft: OrderDocument, paymentId: string, answer: PaymentAnswer): void {
  const index = draft.payments.findIndex((payment) => payment.id === paymentId);
  if (index < 0) return;
  const payment = draft.payments[index]!;
  draft.payments[index] = {
    ...payment,
    ...(answer.state !== undefined ? { state: answer.state } : {}),
    ...(answer.attributes !== undefined ? { attributes: answer.attributes } : {}),
    ...(answer.reference !== undefined ? { reference: answer.reference } : {}),
  };
}
