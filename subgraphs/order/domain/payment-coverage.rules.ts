/** The platform's guarantee that an order is paid before it is accepted or completed (docs/order-engine.md, "Paid before accepted"). */
import { coverageOf, isActivePayment } from '../../../contracts/allocation.js';
import { addAmounts, sameAmount } from '../../../contracts/amount.js';
import { precisionOf } from '../../../contracts/currency-exponents.js';
import type { OrderDocument } from '../../../contracts/order.types.js';
import { HOLDING_PAYMENT_STATES, PENDING_PAYMENT_STATES } from '../../../contracts/payment-states.js';
import { AppError } from '../../../platform/errors/app-error.js';

/**
 * What must cover the total for each status: `accepted` takes money held (reserved, captured) and
 * purchases the provider decides later (pending: the spec's pending payment leaves the order
 * accepted); `completed` (and so `delivered`) takes money held only.
 */
const COUNTED: Readonly<Partial<Record<string, readonly string[]>>> = {
  accepted: [...HOLDING_PAYMENT_STATES, ...PENDING_PAYMENT_STATES],
  completed: HOLDING_PAYMENT_STATES,
};

/**
 * Refuses (409 `payment_not_covered`) a move to `accepted` or `completed` when what the order's
 * payments hold (and, for `accepted`, what is pending at a provider) does not equal its total
 * exactly: less would ship goods nobody paid for (an abandoned provider intent beside a payment of
 * 0), more would take too much. Run inside the status change, on the fresh draft, so no writer can
 * slip a payment change past it. The message names the amounts and the payments that hold nothing.
 */
export function assertPaidFor(draft: OrderDocument, to: string): void {
  const counted = COUNTED[to];
  if (!counted) return;
  const coverage = coverageOf(draft);
  const covered = to === 'accepted' ? addAmounts(coverage.held, coverage.pending) : coverage.held;
  if (sameAmount(covered, coverage.total)) return;
  const open = draft.payments.filter((payment) => isActivePayment(payment) && !counted.includes(payment.state));
  const currency = draft.currency;
  const money = (amount: number) => `${currency} ${amount.toFixed(precisionOf(currency))}`;
  const what = to === 'accepted' ? 'reserved, captured and pending payments' : 'reserved and captured payments';
  const openText = open.length ? ` Not counted: ${open.map((payment) => `payment ${payment.id} of ${payment.adapterId} (${payment.state}, ${money(payment.amount)})`).join('; ')}.` : '';
  throw new AppError(409, 'payment_not_covered', `Order ${draft.id} cannot be ${to}: its ${what} cover ${money(covered)} of its total ${money(coverage.total)}.${openText}`, {
    status: to,
    total: coverage.total,
    held: coverage.held,
    pending: coverage.pending,
    openPayments: open.map((payment) => ({ paymentId: payment.id, adapterId: payment.adapterId, state: payment.state, amount: payment.amount })),
  });
}
