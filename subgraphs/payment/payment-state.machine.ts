/**
 * A payment's states and the moves between them, as data (docs/payment-api.md, "Payment states").
 * The spec names intent, processing, reserved and failed; captured, cancelled, refunded and
 * removed are what the payment actions (capture, cancel, refund, the gift card's remove) need.
 * Staying in the same state is not a move: a PUT that keeps the state is always allowed.
 */
export const PAYMENT_STATES = ['intent', 'processing', 'reserved', 'captured', 'failed', 'cancelled', 'refunded', 'removed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Where a payment may start: `intent` (the payment API's default), `processing` (a redirect
 * payment), `failed` (the provider refused before the payment was recorded: the payment and its
 * failed transaction are written in one commit, so the merchant sees the failure).
 */
export const INITIAL_PAYMENT_STATES: readonly PaymentState[] = ['intent', 'processing', 'failed'];

export const PAYMENT_STATE_MACHINE: Readonly<Record<PaymentState, { readonly to: readonly PaymentState[] }>> = {
  // Created; the provider session may be updated any number of times.
  intent: { to: ['processing', 'reserved', 'failed', 'cancelled', 'removed'] },
  // At the provider (redirect, process callback); a cancel that allows a retry goes back to intent.
  processing: { to: ['intent', 'reserved', 'failed', 'cancelled', 'removed'] },
  // Authorized / funds reserved (a gift card at order processing). Released back to intent when
  // the order returns to checkout (gift card rule 6); captured on delivery; cancelled before capture.
  reserved: { to: ['intent', 'captured', 'cancelled'] },
  captured: { to: ['refunded'] },
  failed: { to: [] },
  cancelled: { to: [] },
  refunded: { to: [] },
  removed: { to: [] },
};

export const isPaymentState = (value: unknown): value is PaymentState =>
  typeof value === 'string' && (PAYMENT_STATES as readonly string[]).includes(value);

/** Terminal states: the payment no longer covers any part of the order. */
export const TERMINAL_PAYMENT_STATES: readonly PaymentState[] = PAYMENT_STATES.filter((state) => PAYMENT_STATE_MACHINE[state].to.length === 0);

/** The moves allowed from a state (`undefined` = a new payment). */
export function allowedPaymentMoves(from: string | undefined): readonly PaymentState[] {
  if (from === undefined) return INITIAL_PAYMENT_STATES;
  return isPaymentState(from) ? PAYMENT_STATE_MACHINE[from].to : [];
}

/**
 * Why a payment may not move from `from` to `to` (`from` undefined: being created), or
 * undefined when the move is allowed. The reason names the allowed moves.
 */
export function refusePaymentTransition(from: string | undefined, to: string): string | undefined {
  if (from !== undefined && from === to) return undefined;
  const allowed = allowedPaymentMoves(from);
  if ((allowed as readonly string[]).includes(to)) return undefined;
  const list = allowed.length ? allowed.join(', ') : 'nothing (it is final)';
  if (from === undefined) return `A payment cannot be created in state ${to}; it can be created in ${list}.`;
  if (!isPaymentState(from)) return `The payment is in the unknown state ${from}; it cannot be moved by the payment API.`;
  return `A payment cannot move from ${from} to ${to}; from ${from} it can move to ${list}.`;
}

/** Checks the machine itself (run at load): every target is a state, every state reachable. */
export function assertPaymentStateMachine(machine: typeof PAYMENT_STATE_MACHINE = PAYMENT_STATE_MACHINE): void {
  const reached = new Set<PaymentState>(INITIAL_PAYMENT_STATES);
  const queue: PaymentState[] = [...INITIAL_PAYMENT_STATES];
  while (queue.length) {
    const from = queue.shift()!;
    for (const to of machine[from].to) {
      if (!isPaymentState(to)) throw new Error(`Payment state machine: ${from} moves to unknown state ${String(to)}`);
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  const unreachable = PAYMENT_STATES.filter((state) => !reached.has(state));
  if (unreachable.length) throw new Error(`Payment state machine: unreachable states ${unreachable.join(', ')}`);
}

assertPaymentStateMachine();
