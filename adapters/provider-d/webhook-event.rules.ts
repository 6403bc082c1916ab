/**
 * What each provider D webhook event means, as data: which payment it is about (the payment's own
 * event, or a modification of it naming the payment by `originalReference`) and what it does to
 * the payment. Events not listed are acknowledged and change nothing.
 */
import type { WebhookOutcome } from '../kit/index.js';
import type { NotificationItem } from './webhook.verifier.js';

/**
 * `payment`: the item is the payment's own event (its `pspReference` is the payment's, its
 * `merchantReference` the payment request's `reference` — the order id — and an AUTHORISATION
 * echoes the request's metadata). `modification`: the item is about a capture, refund or
 * cancellation of a payment — its `pspReference` is the modification's, its `originalReference`
 * the payment's, and its `merchantReference` whatever the modification request named as its
 * `reference` (the provider echoes it: `{paymentId}:captures` for the adapter's own, anything for
 * one made elsewhere), so only `originalReference` says which payment it is.
 */
export type EventSubject = 'payment' | 'modification';

export interface EventRule {
  subject: EventSubject;
  /** The normalised outcome (it may depend on the item: a cancel-or-refund says which it was). */
  outcome: (item: NotificationItem) => WebhookOutcome;
  /** `reported`: success is the item's `success`; `failure`: the event itself reports a failure (CAPTURE_FAILED …). */
  success: 'reported' | 'failure';
  /** The outcome of a failed event; none: a failed event of this code is acknowledged and changes nothing. */
  onFailure?: 'outcome' | 'failed';
}

const always = (outcome: WebhookOutcome) => () => outcome;

/**
 * A failed modification (a CAPTURE with `success: false`, a CAPTURE_FAILED …) is logged on the
 * payment as a failed event of that kind and moves nothing: the payment keeps the state the
 * provider's last success left it in.
 */
export const EVENT_RULES: Readonly<Record<string, EventRule>> = {
  AUTHORISATION: { subject: 'payment', outcome: always('authorized'), success: 'reported', onFailure: 'failed' },
  PENDING: { subject: 'payment', outcome: always('pending'), success: 'reported' },
  CAPTURE: { subject: 'modification', outcome: always('captured'), success: 'reported', onFailure: 'outcome' },
  CAPTURE_FAILED: { subject: 'modification', outcome: always('captured'), success: 'failure', onFailure: 'outcome' },
  REFUND: { subject: 'modification', outcome: always('refunded'), success: 'reported', onFailure: 'outcome' },
  REFUND_FAILED: { subject: 'modification', outcome: always('refunded'), success: 'failure', onFailure: 'outcome' },
  CANCELLATION: { subject: 'modification', outcome: always('cancelled'), success: 'reported', onFailure: 'outcome' },
  // A reversal (`/payments/{psp}/reversals`): the provider cancels what is not captured and refunds what is, and says which.
  CANCEL_OR_REFUND: { subject: 'modification', outcome: (item) => (item.additionalData?.['modification.action'] === 'refund' ? 'refunded' : 'cancelled'), success: 'reported', onFailure: 'outcome' },
};

/** What an item does: its subject, outcome and whether it reports a success; undefined when it changes nothing. */
export function eventOf(item: NotificationItem): { subject: EventSubject; outcome: WebhookOutcome; success: boolean } | undefined {
  const rule = EVENT_RULES[item.eventCode ?? ''];
  if (!rule) return undefined;
  const success = rule.success === 'reported' && item.success === 'true';
  if (success) return { subject: rule.subject, outcome: rule.outcome(item), success };
  if (!rule.onFailure) return undefined;
  return { subject: rule.subject, outcome: rule.onFailure === 'failed' ? 'failed' : rule.outcome(item), success };
}
