import { describe, expect, it } from '@jest/globals';
import { availableActions, refundable, registered } from '../web/admin/src/payment-offers.js';

// Which payment actions the admin offers (web/admin/src/payment-offers.ts, docs/admin.md "Safe
// actions"): only those the payment's adapter registered a callback for, from a state the payment
// state machine lets the payment leave that way.

const callbacks = (...names: string[]) => Object.fromEntries(names.map((name) => [name, `https://adapter.example/${name}`]));
const payment = (state: string, names: string[], extra: Partial<{ amount: number; refundedAmount: number; currency: string }> = {}) => ({
  state,
  amount: 249.9,
  refundedAmount: 0,
  callbacks: callbacks(...names),
  ...extra,
});
const offered = (value: ReturnType<typeof payment>) => [...availableActions(value, 'NOK')].sort();

describe('the admin’s payment actions', () => {
  it('offers no cancel for a payment whose adapter registered none, whatever it lists in its actions (provider A)', () => {
    // Provider A: capture and refresh registered (refund too); its own `Cancel` action at its own address is not the platform's.
    const a = { ...payment('reserved', ['amountChanged', 'capture', 'refund', 'refresh']), actions: [{ type: 'Cancel', url: 'https://a.example/cancel' }] };
    expect(offered(a)).toEqual(['capture', 'refresh']);
    expect(registered(a, 'cancel')).toBe(false);
  });

  it('offers cancel from intent, processing and reserved only, when the cancel callback is registered', () => {
    for (const state of ['intent', 'processing', 'reserved']) expect(offered(payment(state, ['cancel']))).toEqual(['cancel']);
    for (const state of ['captured', 'failed', 'cancelled', 'refunded', 'removed', 'unknown']) expect(offered(payment(state, ['cancel']))).toEqual([]);
  });

  it('offers capture from reserved only, refund from captured while something is left, refresh in any state', () => {
    expect(offered(payment('reserved', ['capture', 'refund', 'refresh']))).toEqual(['capture', 'refresh']);
    expect(offered(payment('captured', ['capture', 'refund', 'refresh']))).toEqual(['refresh', 'refund']);
    expect(offered(payment('captured', ['refund'], { refundedAmount: 12.5 }))).toEqual(['refund']);
    expect(offered(payment('captured', ['refund'], { refundedAmount: 249.9 }))).toEqual([]);
    expect(offered(payment('refunded', ['refund', 'refresh']))).toEqual(['refresh']);
    expect(offered(payment('intent', ['capture', 'refund']))).toEqual([]);
  });

  it('reads only callbacks that are addresses, and what is left to refund at the currency’s precision', () => {
    expect(availableActions({ state: 'reserved', amount: 1, refundedAmount: 0, callbacks: null }, 'NOK').size).toBe(0);
    expect(availableActions({ state: 'reserved', amount: 1, refundedAmount: 0, callbacks: { cancel: true } }, 'NOK').size).toBe(0);
    expect(refundable({ state: 'captured', amount: 149.9, refundedAmount: 12.4, currency: 'NOK' }, 'NOK')).toBe(137.5);
    expect(refundable({ state: 'captured', amount: 100, refundedAmount: 100 }, 'JPY')).toBe(0);
  });
});
