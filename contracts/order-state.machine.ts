import { checkStateMachine, defineStateMachine } from './state-machine.js';

/**
 * The order's states and the moves between them, as data. Each move is its own commit, so hooks
 * and notifications see every step. `delivered` has no exit.
 */
import { ORDER_STATUSES, type OrderStatus } from './order.types.js';

export { ORDER_STATUSES, type OrderStatus };

export const ORDER_STATE_MACHINE: Readonly<Record<OrderStatus, { readonly to: readonly OrderStatus[] }>> = {
  checkout: { to: ['processing'] },
  processing: { to: ['accepted', 'checkout'] },
  accepted: { to: ['completed'] },
  completed: { to: ['delivered'] },
  delivered: { to: [] },
};

/** While an order is in one of these states, only status updates are accepted. */
export const LOCKED_STATUSES: readonly OrderStatus[] = ['processing'];

export const INITIAL_STATUS: OrderStatus = 'checkout';

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/** Why a move is refused, or undefined when it is allowed. */
export function refuseTransition(from: OrderStatus, to: OrderStatus): string | undefined {
  if (from === to) return `The order is already ${to}.`;
  if (!ORDER_MACHINE.allowed(from, to)) {
    const allowed = ORDER_MACHINE.next(from);
    return `An order cannot move from ${from} to ${to}; from ${from} it can move to ${allowed.length ? allowed.join(', ') : 'nothing'}.`;
  }
  return undefined;
}

/** Checks the machine itself (run at load): every target is a state, every state reachable. */
export function assertStateMachine(machine: typeof ORDER_STATE_MACHINE = ORDER_STATE_MACHINE): void {
  checkStateMachine({ name: 'State machine', states: ORDER_STATUSES, initial: [INITIAL_STATUS], moves: machine });
}

/** The order machine through the one state-machine helper (checked as it is defined, at load). */
export const ORDER_MACHINE = defineStateMachine({ name: 'State machine', states: ORDER_STATUSES, initial: [INITIAL_STATUS], moves: ORDER_STATE_MACHINE });
