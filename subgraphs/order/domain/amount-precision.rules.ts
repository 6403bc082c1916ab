/** The order's amounts against its currency's minor units: a finer amount is 400 `amount_precision`, never rounded. */
import { AppError } from '../../../platform/errors/app-error.js';
import { amountPrecisionProblem, isKnownCurrency, precisionText, type AmountPrecisionProblem } from '../../../contracts/currency-exponents.js';
import type { Amount, OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';

/** A problem found on the order, with the JSON pointer of the amount. */
export type OrderAmountProblem = AmountPrecisionProblem & { pointer: string };

/** 400 `amount_precision` naming the allowed precision; `what` names the amount in the message ("The refund amount"). */
export function amountPrecisionError(problem: AmountPrecisionProblem & { pointer?: string }, what = 'The amount'): AppError {
  const { currency, exponent, amount, pointer } = problem;
  return new AppError(400, 'amount_precision', `${what} ${amount}${pointer ? ` at ${pointer}` : ''} is finer than its currency allows: ${precisionText(currency, exponent)}.`, {
    currency,
    exponent,
    amount,
    ...(pointer ? { pointer } : {}),
  });
}

/** Refuses (400 `amount_precision`) an amount finer than `currency` allows — an action's amount that never lands on the order as given (a refund). */
export function assertAmountPrecision(amount: number, currency: string, what?: string): void {
  const problem = amountPrecisionProblem(amount, currency);
  if (problem) throw amountPrecisionError(problem, what);
}

/** An order is created in a currency ISO 4217 lists as active (400 `unknown_currency`), so its amounts have a known precision. */
export function assertKnownCurrency(currency: string): void {
  if (!isKnownCurrency(currency)) {
    throw new AppError(400, 'unknown_currency', `${currency} is not an active ISO 4217 currency code.`, { currency });
  }
}

const PAYMENT_AMOUNTS = ['amount', 'upperLimitAmount', 'refundedAmount'] as const;

/**
 * One amount (at `${at}/${field}`), judged only when new or changed. Module-level functions, and
 * the full pointer written only for a problem: a change makes no closure per call.
 */
function amountProblem(currency: string, at: string, field: string, value: unknown, previous: unknown): OrderAmountProblem | undefined {
  if (typeof value !== 'number' || value === previous) return undefined;
  const problem = amountPrecisionProblem(value, currency);
  return problem && { ...problem, pointer: `${at}/${field}` };
}

function totalProblem(currency: string, at: string, total: Amount | undefined, previous: Amount | undefined): OrderAmountProblem | undefined {
  if (!total) return undefined;
  return amountProblem(currency, at, 'includingVat', total.includingVat, previous?.includingVat) ?? amountProblem(currency, at, 'excludingVat', total.excludingVat, previous?.excludingVat);
}

/**
 * The first amount of `after` that is new or changed since `before` (every amount when there is no
 * `before`) and finer than the order's currency allows: the cart's and shippings' totals and the
 * payments' amount, upperLimitAmount and refundedAmount. Amounts left as they were are not judged
 * again, so an order stored before this rule stays writable.
 */
export function orderAmountProblem(before: OrderDocument | undefined, after: OrderDocument): OrderAmountProblem | undefined {
  const { currency } = after;
  const cart = totalProblem(currency, '/cart/total', after.cart?.total, before?.cart?.total);
  if (cart) return cart;
  const shippingsBefore = new Map((before?.shippings ?? []).map((shipping) => [shipping.id, shipping]));
  for (const [index, shipping] of (after.shippings ?? []).entries()) {
    const problem = totalProblem(currency, `/shippings/${index}/total`, shipping.total, shippingsBefore.get(shipping.id)?.total);
    if (problem) return problem;
  }
  const paymentsBefore = new Map<string, PaymentDocument>((before?.payments ?? []).map((payment) => [payment.id, payment]));
  for (const [index, payment] of (after.payments ?? []).entries()) {
    const was = paymentsBefore.get(payment.id);
    for (const field of PAYMENT_AMOUNTS) {
      const problem = amountProblem(currency, `/payments/${index}`, field, payment[field], was?.[field]);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Refuses (400 `amount_precision`) a change that writes an amount finer than the order's currency allows. */
export function assertOrderAmounts(before: OrderDocument | undefined, after: OrderDocument): void {
  const problem = orderAmountProblem(before, after);
  if (problem) throw amountPrecisionError(problem);
}
