import { coverageOf } from '../../../contracts/allocation.js';
import { compareAmounts } from '../../../contracts/amount.js';
import { precisionOf } from '../../../contracts/currency-exponents.js';
import type { OrderDocument } from '../../../contracts/order.types.js';
import { HOLDING_PAYMENT_STATES, PENDING_PAYMENT_STATES, type PaymentState } from '../../../contracts/payment-states.js';

/**
 * Why an order needs an operator (docs/order-engine.md, "Orders needing attention"). The spec has
 * no cancelled order state, so the order keeps its status and this is derived from its payments
 * on every read: nothing is stored, nothing can drift.
 */
export interface OrderAttention {
  /**
   * `payments_voided`: past checkout, and every payment that counts was cancelled or refunded.
   * `payment_due`: accepted or later, and what its payments hold (or a provider still decides)
   * falls short of its total — a refund, a declined pending payment, a cancelled part payment.
   */
  code: 'payments_voided' | 'payment_due';
  message: string;
  /** The payments concerned: the voided ones, or those that no longer hold what they covered. */
  paymentIds: string[];
}

/** Payments that never held money and never will: they neither pay for an order nor void it. */
const IGNORED: readonly PaymentState[] = ['failed', 'removed'];
/** Payments whose money went back (or was never taken): cancelled before capture, refunded after it. */
const VOIDED: readonly PaymentState[] = ['cancelled', 'refunded'];
/** Statuses reached only once the payments covered the total (the platform's rule for accepted and completed). */
const PAID_STATUSES: readonly string[] = ['accepted', 'completed', 'delivered'];

/**
 * The order's attention, or null when it needs none. An order in checkout never does (a cancelled
 * payment there is a shopper trying again). Past checkout, it does once it has payments and every
 * one of them (failed and removed ones aside) is cancelled or refunded; and once accepted, when
 * money is due: its held and pending payments no longer cover its total.
 */
export function attentionOf(document: Pick<OrderDocument, 'id' | 'state' | 'payments' | 'total' | 'currency'>): OrderAttention | null {
  const status = document.state.currentStatus;
  if (status === 'checkout') return null;
  const counted = document.payments.filter((payment) => !IGNORED.includes(payment.state as PaymentState));
  if (counted.length > 0 && counted.every((payment) => VOIDED.includes(payment.state as PaymentState))) {
    const cancelled = counted.filter((payment) => payment.state === 'cancelled').length;
    const refunded = counted.length - cancelled;
    const what = [cancelled ? `${cancelled} cancelled` : '', refunded ? `${refunded} refunded` : ''].filter(Boolean).join(', ');
    return {
      code: 'payments_voided',
      message: `Every payment of this order is cancelled or refunded (${what}): nothing is paid for it. Contact the customer${status === 'delivered' ? '' : '; the order cannot be delivered'}.`,
      paymentIds: counted.map((payment) => payment.id),
    };
  }
  if (!PAID_STATUSES.includes(status) || !document.total) return null;
  const { due } = coverageOf(document);
  if (compareAmounts(due, 0) <= 0) return null;
  const covering = [...HOLDING_PAYMENT_STATES, ...PENDING_PAYMENT_STATES] as readonly string[];
  const short = document.payments.filter((payment) => payment.state !== 'removed' && (!covering.includes(payment.state) || (typeof payment.refundedAmount === 'number' && payment.refundedAmount > 0)));
  const money = `${document.currency} ${due.toFixed(precisionOf(document.currency))}`;
  return {
    code: 'payment_due',
    message: `${money} of this order is no longer paid for (a payment was refunded, cancelled or declined after the order was accepted). Contact the customer${status === 'delivered' ? '' : '; the order cannot be delivered until it is paid'}.`,
    paymentIds: short.map((payment) => payment.id),
  };
}
