/**
 * The order's states and the moves between them, as data. Each move is its own commit, so hooks
 * and notifications see every step. `delivered` has no exit.
 */
export const ORDER_STATUSES = ['checkout', 'processing', 'accepted', 'completed', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
  if (!ORDER_STATE_MACHINE[from].to.includes(to)) {
    const allowed = ORDER_STATE_MACHINE[from].to;
    return `An order cannot move from ${from} to ${to}; from ${from} it can move to ${allowed.length ? allowed.join(', ') : 'nothing'}.`;
  }
  return undefined;
}

/** Checks the machine itself (run at load): every target is a state, every state reachable. */
export function assertStateMachine(machine: typeof ORDER_STATE_MACHINE = ORDER_STATE_MACHINE): void {
  const reached = new Set<OrderStatus>([INITIAL_STATUS]);
  const queue: OrderStatus[] = [INITIAL_STATUS];
  while (queue.length) {
    const from = queue.shift()!;
    for (const to of machine[from].to) {
      if (!isOrderStatus(to)) throw new Error(`State machine: ${from} moves to unknown state ${String(to)}`);
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  const unreachable = ORDER_STATUSES.filter((status) => !reached.has(status));
  if (unreachable.length) throw new Error(`State machine: unreachable states ${unreachable.join(', ')}`);
}

assertStateMachine();
