import { equalAmounts } from '../../../platform/money/money.js';
import { activePayments, coveredBy } from '../../../contracts/allocation.js';
import type { OrderDocument, Validation } from '../../../contracts/order.types.js';
import { callAdapter, JsonText, messageOf } from '../../../platform/outbound/adapter-call.js';

export interface ValidationFailure {
  code: string;
  message: string;
  /** The adapter whose validation failed; absent for the built-in rules. */
  adapterId?: string;
  validationId?: string;
  /** The order's members the failure is about (JSON pointers), when the validator named them. */
  pointers?: string[];
}

/** A validator's `pointers`, kept when they are JSON pointers into the order (at most 20). */
const pointersOf = (value: unknown): { pointers?: string[] } => {
  if (!Array.isArray(value)) return {};
  const pointers = value.filter((pointer): pointer is string => typeof pointer === 'string' && pointer.startsWith('/') && pointer.length <= 200).slice(0, 20);
  return pointers.length > 0 ? { pointers } : {};
};

export interface ValidationReport {
  valid: boolean;
  failures: ValidationFailure[];
}


/** The spec's built-in rules: a cart item; a payment when the total is positive; payments summing to the total exactly. */
export function builtInFailures(order: OrderDocument): ValidationFailure[] {
  const failures: ValidationFailure[] = [];
  if (order.cart.items.length === 0) failures.push({ code: 'cart_empty', message: 'The cart has no items.' });
  const payments = activePayments(order);
  const total = order.total.includingVat;
  if (total > 0 && payments.length === 0) failures.push({ code: 'payment_missing', message: `The order total is ${total} but the order has no payment.` });
  if (payments.length > 0 || total > 0) {
    const paid = coveredBy(order);
    if (!equalAmounts(paid, total)) {
      failures.push({ code: 'payment_sum_mismatch', message: `The payments sum to ${paid} but the order total is ${total}.` });
    }
  }
  return failures;
}

/**
 * Calls every validation callback in parallel (each bounded by the timeout) and collects every
 * failure: a non-200 answer with `[{code, message?}]`, `{code, message}` or any body; a timeout;
 * an unreachable adapter.
 */
/** The headers of one validation call (a call token bound to that validation's adapter, URL and body). */
export type ValidationHeaders = (validation: Validation, bodyText: string) => Promise<Record<string, string>>;

export async function callbackFailures(order: OrderDocument, headers: ValidationHeaders, timeoutMs: number): Promise<ValidationFailure[]> {
  // Every validation receives the same order: serialised once (the call tokens hash that one text).
  const body = new JsonText(JSON.stringify(order));
  const results = await Promise.all(order.validations.map((validation) => runCallback(validation, body, headers, timeoutMs)));
  return results.flat();
}

async function runCallback(validation: Validation, order: JsonText, headers: ValidationHeaders, timeoutMs: number): Promise<ValidationFailure[]> {
  const ids = { adapterId: validation.adapterId, validationId: validation.id };
  const outcome = await callAdapter(validation.url, order, (text) => headers(validation, text), timeoutMs, `validation ${validation.adapterId}`);
  if (outcome.kind === 'timeout') return [{ code: 'validation_timeout', message: `No answer within ${timeoutMs} ms.`, ...ids }];
  if (outcome.kind === 'unreachable') return [{ code: 'validation_unreachable', message: `Could not be reached (${outcome.error}).`, ...ids }];
  if (outcome.status >= 200 && outcome.status < 300) return [];
  const listed = Array.isArray(outcome.body) ? outcome.body : Array.isArray((outcome.body as { errors?: unknown })?.errors) ? (outcome.body as { errors: unknown[] }).errors : undefined;
  if (listed && listed.length > 0) {
    return listed.map((entry) => {
      const item = (entry ?? {}) as { code?: unknown; message?: unknown; adapterId?: unknown; pointers?: unknown };
      return {
        code: typeof item.code === 'string' ? item.code : 'validation_failed',
        message: typeof item.message === 'string' ? item.message : typeof item.code === 'string' ? item.code : `HTTP ${outcome.status}`,
        adapterId: typeof item.adapterId === 'string' ? item.adapterId : validation.adapterId,
        validationId: validation.id,
        ...pointersOf(item.pointers),
      };
    });
  }
  const body = outcome.body as { code?: unknown; pointers?: unknown } | undefined;
  return [{ code: typeof body?.code === 'string' ? body.code : 'validation_failed', message: messageOf(outcome), ...ids, ...pointersOf(body?.pointers) }];
}
