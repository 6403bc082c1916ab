import { describe, expect, it } from '@jest/globals';
import { ORDER_STATE_MACHINE, ORDER_STATUSES, assertStateMachine, refuseTransition, type OrderStatus } from './order-state.machine.js';

const ALLOWED: Array<[OrderStatus, OrderStatus]> = [
  ['checkout', 'processing'],
  ['processing', 'accepted'],
  ['processing', 'checkout'],
  ['accepted', 'completed'],
  ['completed', 'delivered'],
];

describe('order state machine', () => {
  const everyPair = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]));

  it.each(everyPair)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
    const refusal = refuseTransition(from, to);
    if (allowed) expect(refusal).toBeUndefined();
    else expect(refusal).toEqual(expect.any(String));
  });

  it('names the allowed moves when it refuses one', () => {
    expect(refuseTransition('checkout', 'completed')).toBe('An order cannot move from checkout to completed; from checkout it can move to processing.');
    expect(refuseTransition('delivered', 'checkout')).toMatch(/can move to nothing/);
  });

  it('is checked when loaded: unknown targets and unreachable states are refused', () => {
    expect(() => assertStateMachine()).not.toThrow();
    expect(() => assertStateMachine({ ...ORDER_STATE_MACHINE, checkout: { to: ['shipped' as OrderStatus] } })).toThrow(/unknown state shipped/);
    expect(() => assertStateMachine({ ...ORDER_STATE_MACHINE, completed: { to: [] } })).toThrow(/unreachable states delivered/);
  });
});
