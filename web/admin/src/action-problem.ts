import { ApiError } from './api.js';
import { formatMoney } from './format.js';

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** A payment as the action's words name it. */
export interface NamedPayment {
  id: string;
  /** Its adapter's id (`card_checkout_adapter`). */
  adapterId?: string;
  /** "the Card (card checkout) payment". */
  label: string;
  amount: number;
  currency: string;
}

/** An adapter as an operator reads it: `card_checkout_adapter` → "card checkout". */
export const adapterName = (adapterId: string) => adapterId.replace(/_adapter$/, '').replace(/_/g, ' ');

/** What a payment callback is, said as an operator would ("cancel", "refund"). */
const CALLBACKS = new Set(['capture', 'cancel', 'refund', 'refresh', 'process', 'abort', 'confirm']);

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/**
 * An action's error in words for the operator: a refund above what is left says how much is left
 * in the payment's currency; a provider's refusal of a callback says who refused what and their
 * reason; an action the payment's adapter cannot do says so; payment ids become the payment's
 * name; other ids are left out. Codes are compared in any case (GraphQL answers them in capitals).
 */
export function actionProblem(error: Error, orderId: string, payments: NamedPayment[]): string {
  const code = error instanceof ApiError ? error.code?.toLowerCase() : undefined;
  const details = (error instanceof ApiError && typeof error.details === 'object' && error.details !== null ? error.details : {}) as Record<string, unknown>;
  const named = (id: unknown) => payments.find((candidate) => candidate.id === id) ?? payments.find((candidate) => error.message.includes(candidate.id));
  if (code === 'refund_exceeds_captured') {
    const payment = named(details.paymentId);
    if (payment && typeof details.refundable === 'number') {
      const refunded = typeof details.refundedAmount === 'number' ? details.refundedAmount : 0;
      return `At most ${formatMoney(details.refundable, payment.currency)} of ${payment.label} can still be refunded (${formatMoney(refunded, payment.currency)} of ${formatMoney(payment.amount, payment.currency)} already was).`;
    }
  }
  if (code === 'payment_callback_failed' || code === 'payment_action_unavailable') {
    const payment = named(details.paymentId);
    const adapterId = typeof details.adapterId === 'string' ? details.adapterId : payment?.adapterId;
    const callback = /\b(?:The |no )(\w+)(?: of payment| callback)/.exec(error.message)?.[1];
    if (payment && adapterId && callback && CALLBACKS.has(callback)) {
      const who = `The ${adapterName(adapterId)} adapter`;
      if (code === 'payment_action_unavailable') return `${who} cannot ${callback} ${payment.label}: it registered no ${callback} callback for it. Nothing was changed.`;
      const why = typeof details.message === 'string' ? details.message.trim() : '';
      switch (details.reason) {
        case 'refused':
          return `${who} refused to ${callback} ${payment.label}${why ? `: ${sentence(why)}` : '.'} Nothing was changed.`;
        case 'timeout':
          return `${who} did not answer in time to ${callback} ${payment.label}. It may still happen at the provider: use Refresh, or Reload in a while, to see.`;
        case 'unreachable':
          return `${who} could not be reached to ${callback} ${payment.label}. Nothing was changed; try again in a while.`;
        default:
          return `${who} failed to ${callback} ${payment.label}${why ? ` (${why.replace(/[.]$/, '')})` : ''}. Use Refresh, or Reload in a while, to see what happened at the provider.`;
      }
    }
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = (id: string) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`, 'g');
  let text = error.message.replace(word(`(?:(?:the )?[Oo]rder )?${escape(orderId)}`), 'this order');
  for (const payment of payments) text = text.replace(word(`(?:(?:the )?[Pp]ayment )?${escape(payment.id)}`), payment.label);
  text = text.replace(UUID, 'the payment');
  return sentence(text);
}
