import type { OrderDocument } from '../../../contracts/order.types.js';
import type { PaymentState } from '../../../contracts/payment-states.js';

/**
 * Why an order needs an operator (docs/order-engine.md, "Orders needing attention"). The spec has
 * no cancelled order state, so the order keeps its status and this is derived from its payments
 * on every read: nothing is stored, nothing can drift.
 */
export interface OrderAttention {
  /** `payments_voided`: past checkout, and every payment that counts was cancelled or refunded. */
  code: 'payments_voided';
  message: string;
  /** The payments that were cancelled or refunded. */
  paymentIds: string[];
}

/** Payments that never held money and never will: they neither pay for an order nor void it. */
const IGNORED: readonly PaymentState[] = ['failed', 'removed'];
/** Payments whose money went back (or was never taken): cancelled before capture, refunded after it. */
const VOIDED: readonly PaymentState[] = ['cancelled', 'refunded'];

/**
 * The order's attention, or null when it needs none. An order in checkout never does (a cancelled
 * payment there is a shopper trying again); past checkout, it does once it has payments and every
 * one of them (failed and removed ones aside) is cancelled or refunded.
 */
export function attentionOf(document: Pick<OrderDocument, 'state' | 'payments'>): OrderAttention | null {
  if (document.state.currentStatus === 'checkout') return null;
  const counted = document.payments.filter((payment) => !IGNORED.includes(payment.state as PaymentState));
  if (counted.length === 0 || !counted.every((payment) => VOIDED.includes(payment.state as PaymentState))) return null;
  const cancelled = counted.filter((payment) => payment.state === 'cancelled').length;
  const refunded = counted.length - cancelled;
  const what = [cancelled ? `${cancelled} cancelled` : '', refunded ? `${refunded} refunded` : ''].filter(Boolean).join(', ');
  return {
    code: 'payments_voided',
    message: `Every payment of this order is cancelled or refunded (${what}): nothing is paid for it. Contact the customer${document.state.currentStatus === 'delivered' ? '' : '; the order cannot be delivered'}.`,
    paymentIds: counted.map((payment) => payment.id),
  };
}
