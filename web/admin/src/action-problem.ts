import { ApiError } from './api.js';
import { formatMoney } from './format.js';

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * An action's error in words for the operator: a refund above what is left says how much is left
 * in the payment's currency; payment ids become the payment's name; other ids are left out.
 */
export function actionProblem(error: Error, orderId: string, payments: Array<{ id: string; label: string; amount: number; currency: string }>): string {
  if (error instanceof ApiError && error.code === 'refund_exceeds_captured') {
    const details = (error.details ?? {}) as { refundable?: number; refundedAmount?: number };
    const payment = payments.find((candidate) => error.message.includes(candidate.id));
    if (payment && typeof details.refundable === 'number') {
      const refunded = typeof details.refundedAmount === 'number' ? details.refundedAmount : 0;
      return `At most ${formatMoney(details.refundable, payment.currency)} of ${payment.label} can still be refunded (${formatMoney(refunded, payment.currency)} of ${formatMoney(payment.amount, payment.currency)} already was).`;
    }
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = (id: string) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`, 'g');
  let text = error.message.replace(word(`(?:(?:the )?[Oo]rder )?${escape(orderId)}`), 'this order');
  for (const payment of payments) text = text.replace(word(`(?:(?:the )?[Pp]ayment )?${escape(payment.id)}`), payment.label);
  text = text.replace(UUID, 'the payment');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
