/** What happens to the other adapters' open payments when one adapter's payment completes an order (docs/order-engine.md, "Paid before accepted"). */
import { activePayments, allocate, hasLimit } from '../../../contracts/allocation.js';
import { sameAmount } from '../../../contracts/amount.js';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { TransactionLogInput } from './order-store.repository.js';
import { isPlatformAllocated } from './payment-allocation.rules.js';

/** Open states of a payment the shopper left before it was sent to its provider: nothing was authorised, nothing is held. */
const NEVER_SUBMITTED = 'intent';
/** States of a payment its provider is still deciding: the shopper is paying there, or has paid and waits. */
const AT_PROVIDER: readonly string[] = ['processing', 'pending'];

/** A payment that would pay the same share as the completing one: no limit (not a gift card), of another adapter, still open. */
const rivalOf = (completing: string) => (payment: PaymentDocument) => payment.adapterId !== completing && !hasLimit(payment);

export interface Settlement {
  /** The payments removed (abandoned intents of other adapters). */
  removed: PaymentDocument[];
  /** Their log lines, committed with the move. */
  transactions: TransactionLogInput[];
}

/**
 * The move `checkout → processing` made by adapter `completing` (its payment completes the order):
 * every open payment of another adapter that has no limit and was never sent to its provider
 * (`intent`: the shopper opened a card form, then chose invoice) is removed in the same commit,
 * and the payments the platform allocates take their shares again (the invoice of 0 now covers the
 * total), so `process` is called with the amounts the order will be paid with. Gift cards (a limit)
 * stay: they pay part of the order beside any method. A rival payment its provider is still
 * deciding (`processing`, `pending`) is not removed — the shopper may be paying there this
 * moment — so the move is refused: 409 `payment_in_progress` naming it. A move made by anyone but
 * an adapter with a payment on the order settles nothing (the rule for `accepted` still holds).
 * Changes the draft; returns what it removed.
 */
export function settleOpenPayments(draft: OrderDocument, completing: string | undefined): Settlement {
  const none: Settlement = { removed: [], transactions: [] };
  if (!completing || !activePayments(draft).some((payment) => payment.adapterId === completing)) return none;
  const rivals = activePayments(draft).filter(rivalOf(completing));
  const busy = rivals.find((payment) => AT_PROVIDER.includes(payment.state));
  if (busy) {
    throw new AppError(
      409,
      'payment_in_progress',
      `Payment ${busy.id} of ${busy.adapterId} is ${busy.state} at its provider; the order can be paid by ${completing} only once that payment is decided or cancelled.`,
      { paymentId: busy.id, adapterId: busy.adapterId, state: busy.state },
    );
  }
  const abandoned = rivals.filter((payment) => payment.state === NEVER_SUBMITTED);
  if (abandoned.length === 0) return none;
  const ids = new Set(abandoned.map((payment) => payment.id));
  draft.payments = draft.payments.map((payment) => (ids.has(payment.id) ? { ...payment, state: 'removed' } : payment));
  const shares = allocate(draft);
  draft.payments = draft.payments.map((payment) => {
    const share = shares.get(payment.id);
    return share === undefined || !isPlatformAllocated(payment) || sameAmount(share, payment.amount) ? payment : { ...payment, amount: share };
  });
  return {
    removed: abandoned,
    transactions: abandoned.map((payment) => ({
      paymentId: payment.id,
      adapterId: payment.adapterId,
      event: 'remove',
      pspEvent: 'platform',
      amount: payment.amount,
      isSuccess: true,
      pspStatus: 'superseded',
      responseJson: { reason: 'superseded', paidBy: completing, message: `Removed by the platform: the order was paid with ${completing}; this payment was never sent to its provider.` },
    })),
  };
}
