/**
 * A payment's states and the moves between them, as data (docs/payment-api.md, "Payment states").
 * The spec names intent, processing, reserved and failed; captured, cancelled, refunded and
 * removed are what the payment actions (capture, cancel, refund, the gift card's remove) need;
 * pending is a purchase the provider took and decides later (the spec's "payment pending").
 * Staying in the same state is not a move: a PUT that keeps the state is always allowed.
 */
export const PAYMENT_STATES = ['intent', 'processing', 'pending', 'reserved', 'captured', 'failed', 'cancelled', 'refunded', 'removed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Where a payment may start: `intent` (the payment API's default), `processing` (a redirect
 * payment), `failed` (the provider refused before the payment was recorded: the payment and its
 * failed transaction are written in one commit, so the merchant sees the failure).
 */
export const INITIAL_PAYMENT_STATES: readonly PaymentState[] = ['intent', 'processing', 'failed'];

export const PAYMENT_STATE_MACHINE: Readonly<Record<PaymentState, { readonly to: readonly PaymentState[] }>> = {
  // Created; the provider session may be updated any number of times.
  intent: { to: ['processing', 'pending', 'reserved', 'failed', 'cancelled', 'removed'] },
  // At the provider (redirect, process callback); a cancel that allows a retry goes back to intent.
  processing: { to: ['intent', 'pending', 'reserved', 'failed', 'cancelled', 'removed'] },
  // The shopper purchased; the provider decides later (awaiting the bank, manual approval): it
  // authorizes (reserved), takes the money (captured), declines (failed) or the purchase is cancelled.
  pending: { to: ['reserved', 'captured', 'failed', 'cancelled'] },
  // Authorized / funds reserved (a gift card at order processing). Released back to intent when
  // the order returns to checkout (gift card rule 6); captured on delivery; cancelled before capture.
  reserved: { to: ['intent', 'captured', 'cancelled'] },
  captured: { to: ['refunded'] },
  failed: { to: [] },
  cancelled: { to: [] },
  refunded: { to: [] },
  removed: { to: [] },
};

export const isPaymentState = (value: unknown): value is PaymentState => typeof value === 'string' && (PAYMENT_STATES as readonly string[]).includes(value);

/** Terminal states (no move out): the payment no longer covers any part of the order. */
export const TERMINAL_PAYMENT_STATES: readonly PaymentState[] = PAYMENT_STATES.filter((state) => PAYMENT_STATE_MACHINE[state].to.length === 0);

/**
 * States in which a payment holds the shopper's money: reserved (authorized at the provider, a gift
 * card reserved) or captured. A payment only started (intent) or under way at the provider
 * (processing) holds nothing yet.
 */
export const HOLDING_PAYMENT_STATES: readonly PaymentState[] = ['reserved', 'captured'];

/**
 * States in which the provider has taken the purchase and will decide later (the spec's pending
 * payment: awaiting the provider or bank, manual approval). It holds nothing yet, but an order may
 * be `accepted` on it (docs/order-engine.md, "Paid before accepted").
 */
export const PENDING_PAYMENT_STATES: readonly PaymentState[] = ['pending'];
