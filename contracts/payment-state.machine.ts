import { checkStateMachine, defineStateMachine } from './state-machine.js';
import { INITIAL_PAYMENT_STATES, PAYMENT_STATES, PAYMENT_STATE_MACHINE, TERMINAL_PAYMENT_STATES, isPaymentState, type PaymentState } from './payment-states.js';

export { INITIAL_PAYMENT_STATES, PAYMENT_STATES, PAYMENT_STATE_MACHINE, TERMINAL_PAYMENT_STATES, isPaymentState, type PaymentState };

/** The payment machine through the one state-machine helper (checked as it is defined, at load). */
export const PAYMENT_MACHINE = defineStateMachine({ name: 'Payment state machine', states: PAYMENT_STATES, initial: INITIAL_PAYMENT_STATES, moves: PAYMENT_STATE_MACHINE });



/** The moves allowed from a state (`undefined` = a new payment). */
export function allowedPaymentMoves(from: string | undefined): readonly PaymentState[] {
  if (from === undefined) return INITIAL_PAYMENT_STATES;
  return PAYMENT_MACHINE.next(from);
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
  checkStateMachine({ name: 'Payment state machine', states: PAYMENT_STATES, initial: INITIAL_PAYMENT_STATES, moves: machine });
}
