import { describe, expect, it } from '@jest/globals';
import {
  PAYMENT_STATES,
  PAYMENT_STATE_MACHINE,
  TERMINAL_PAYMENT_STATES,
  assertPaymentStateMachine,
  refusePaymentTransition,
  type PaymentState,
} from './payment-state.machine.js';

/** The table of docs/payment-api.md; `null` is a new payment. */
const ALLOWED: Array<[PaymentState | null, PaymentState]> = [
  [null, 'intent'],
  [null, 'processing'],
  [null, 'failed'],
  ['intent', 'processing'],
  ['intent', 'pending'],
  ['intent', 'reserved'],
  ['intent', 'failed'],
  ['intent', 'cancelled'],
  ['intent', 'removed'],
  ['processing', 'intent'],
  ['processing', 'pending'],
  ['processing', 'reserved'],
  ['processing', 'failed'],
  ['processing', 'cancelled'],
  ['processing', 'removed'],
  ['pending', 'reserved'],
  ['pending', 'captured'],
  ['pending', 'failed'],
  ['pending', 'cancelled'],
  ['reserved', 'intent'],
  ['reserved', 'captured'],
  ['reserved', 'cancelled'],
  ['captured', 'refunded'],
];

describe('payment state machine', () => {
  const everyPair = [null, ...PAYMENT_STATES].flatMap((from) => PAYMENT_STATES.map((to) => [from, to] as [PaymentState | null, PaymentState]));

  it.each(everyPair)('%s → %s', (from, to) => {
    const allowed = from === to || ALLOWED.some(([a, b]) => a === from && b === to);
    const refusal = refusePaymentTransition(from ?? undefined, to);
    if (allowed) expect(refusal).toBeUndefined();
    else expect(refusal).toEqual(expect.any(String));
  });

  it('names the allowed moves when it refuses one', () => {
    expect(refusePaymentTransition('reserved', 'failed')).toBe('A payment cannot move from reserved to failed; from reserved it can move to intent, captured, cancelled.');
    expect(refusePaymentTransition(undefined, 'reserved')).toBe('A payment cannot be created in state reserved; it can be created in intent, processing, failed.');
    expect(refusePaymentTransition('removed', 'intent')).toMatch(/can move to nothing \(it is final\)/);
    expect(refusePaymentTransition('default', 'intent')).toMatch(/unknown state default/);
  });

  it('has failed, cancelled, refunded and removed as its final states (what the order engine counts as inactive)', () => {
    expect([...TERMINAL_PAYMENT_STATES].sort()).toEqual(['cancelled', 'failed', 'refunded', 'removed']);
  });

  it('is checked when loaded: unknown targets and unreachable states are refused', () => {
    expect(() => assertPaymentStateMachine()).not.toThrow();
    expect(() => assertPaymentStateMachine({ ...PAYMENT_STATE_MACHINE, intent: { to: ['settled' as PaymentState] } })).toThrow(/unknown state settled/);
    expect(() => assertPaymentStateMachine({ ...PAYMENT_STATE_MACHINE, captured: { to: [] } })).toThrow(/unreachable states refunded/);
  });
});

describe('the order schema', () => {
  it('lists exactly the payment states of the machine', async () => {
    const { readFile } = await import('node:fs/promises');
    const schema = JSON.parse(await readFile(new URL('../schemas/order.schema.json', import.meta.url), 'utf8')) as { $defs: { payment: { properties: { state: { enum: string[] } } } } };
    expect([...schema.$defs.payment.properties.state.enum].sort()).toEqual([...PAYMENT_STATES].sort());
  });
});
