import { describe, expect, it } from '@jest/globals';
import { activePayments, coverageOf, allocate, coveredBy, isActivePayment, limitedShares, paidBy, restToCover, shareOfNewPayment, withinLimit } from './allocation.js';
import type { PaymentDocument } from './order.types.js';
import { PAYMENT_STATES } from './payment-states.js';

const card = (id: string, amount: number, limit: number, state = 'intent'): PaymentDocument => ({ id, adapterId: 'giftcard_adapter', state, amount, upperLimitAmount: limit });
const main = (id: string, amount: number, state = 'intent'): PaymentDocument => ({ id, adapterId: 'nonpsp_adapter', state, amount, upperLimitAmount: 2147483647 });
const open = (id: string, amount: number): PaymentDocument => ({ id, adapterId: 'other_adapter', state: 'intent', amount });
const order = (total: number, payments: PaymentDocument[]) => ({ total: { includingVat: total }, payments });

describe('allocate: what each payment should cover', () => {
  it.each<[string, number, PaymentDocument[], Record<string, number>]>([
    ['a card up to its limit, the main payment the rest', 249.9, [card('c', 100, 100), main('m', 149.9)], { c: 100, m: 149.9 }],
    ['a total below the card: the main payment covers nothing', 80, [card('c', 100, 100), main('m', 149.9)], { c: 80, m: 0 }],
    ['exact decimals: 0.1 + 0.2 leaves 0', 0.3, [card('a', 0, 0.1), card('b', 0, 0.2), main('m', 1)], { a: 0.1, b: 0.2, m: 0 }],
    ['exact decimals: the rest of 100.3 after 0.1', 100.3, [card('a', 0, 0.1), main('m', 0)], { a: 0.1, m: 100.2 }],
    ['cards fill in the order they were added', 150, [card('a', 0, 100), card('b', 0, 100), main('m', 0)], { a: 100, b: 50, m: 0 }],
    ['a later card gets nothing once the total is covered', 80, [card('a', 0, 100), card('b', 50, 100), main('m', 0)], { a: 80, b: 0, m: 0 }],
    ['inactive payments are left out', 50, [card('c', 100, 100, 'removed'), main('m', 10)], { m: 50 }],
    ['every final state is inactive', 50, [main('f', 1, 'failed'), main('x', 1, 'cancelled'), main('r', 1, 'refunded'), main('m', 0)], { m: 50 }],
    ['earlier unlimited payments keep their amounts, the last takes the rest', 100, [open('o', 30), main('m', 0)], { o: 30, m: 70 }],
    ['a payment without upperLimitAmount is unlimited', 10, [open('o', 3)], { o: 10 }],
    ['the rest never goes below zero', 10, [open('o', 30), main('m', 5)], { o: 30, m: 0 }],
    ['a zero total', 0, [card('c', 5, 100), main('m', 5)], { c: 0, m: 0 }],
    ['no payments', 99.99, [], {}],
  ])('%s', (_name, total, payments, expected) => {
    expect(Object.fromEntries(allocate(order(total, payments)))).toEqual(expected);
  });

  it('limitedShares is the same rule, restricted to the payments with a limit', () => {
    expect([...limitedShares(order(80, [card('a', 100, 100), card('b', 50, 100), main('m', 0)]))]).toEqual([['a', 80], ['b', 0]]);
  });
});

describe('the rule around it', () => {
  it.each<[string, number, PaymentDocument[], number, number]>([
    ['a first card covers up to its limit', 150, [], 100, 100],
    ['after a card: the rest', 150, [card('a', 100, 100)], 100, 50],
    ['nothing left', 150, [card('a', 100, 100), card('b', 50, 100)], 100, 0],
    ['an unlimited payment does not reduce it (it follows through amountChanged)', 249.9, [main('m', 249.9)], 100, 100],
    ['removed cards cover nothing; exact decimals', 100.3, [card('a', 100, 100, 'removed'), card('b', 0.1, 0.1)], 500, 100.2],
  ])('a new limited payment: %s', (_name, total, payments, limit, expected) => {
    expect(shareOfNewPayment(order(total, payments), limit)).toBe(expected);
  });

  it('restToCover: the total minus the other active payments, exactly and never below zero', () => {
    const payments = [open('a', 0.1), open('b', 0.2), card('gone', 50, 50, 'removed'), main('me', 7)];
    expect(restToCover(order(0.6, payments), 'me')).toBe(0.3);
    expect(restToCover(order(249.9, [card('c', 100, 100)]))).toBe(149.9);
    expect(restToCover(order(80, [card('c', 100, 100)]))).toBe(0);
  });

  it('an unlimited payment added now takes what the others leave', () => {
    expect(shareOfNewPayment(order(249.9, [card('c', 100, 100)]))).toBe(149.9);
    expect(shareOfNewPayment(order(0.3, [card('a', 0.1, 0.1), card('b', 0.2, 0.2)]))).toBe(0);
    expect(shareOfNewPayment(order(100, [open('o', 30)]))).toBe(70);
  });

  it('withinLimit: capped by the limit, never negative', () => {
    expect(withinLimit(card('a', 50, 100), 120)).toBe(100);
    expect(withinLimit(card('a', 50, 100), 70.5)).toBe(70.5);
    expect(withinLimit(card('a', 50, 100), -1)).toBe(0);
    expect(withinLimit(open('o', 1), 5e6)).toBe(5e6);
  });

  it('active means not in a final state of the payment state table', () => {
    const active = PAYMENT_STATES.filter((state) => isActivePayment({ state }));
    expect(active).toEqual(['intent', 'processing', 'pending', 'reserved', 'captured']);
    expect(activePayments({ payments: [main('a', 1, 'failed'), main('b', 1)] }).map((p) => p.id)).toEqual(['b']);
  });

  it.each<[string, PaymentDocument[], number, number]>([
    ['a payment only started at a provider covers the rest but is not paid', [main('m', 249.9)], 249.9, 0],
    ['nor one under way at the provider', [main('m', 249.9, 'processing')], 249.9, 0],
    ['a gift card is paid as soon as it is added; the provider payment beside it is not', [card('c', 100, 100), main('m', 149.9)], 249.9, 100],
    ['reserved (authorized) and captured payments are paid', [card('c', 100, 100, 'reserved'), main('m', 149.9, 'reserved')], 249.9, 249.9],
    ['a captured payment', [open('o', 249.9)].map((p) => ({ ...p, state: 'captured' })), 249.9, 249.9],
    ['final states pay nothing', [card('c', 100, 100, 'removed'), main('f', 249.9, 'failed'), main('r', 249.9, 'refunded')], 0, 0],
  ])('coveredBy and paidBy: %s', (_name, payments, covered, paid) => {
    expect(coveredBy({ payments })).toBe(covered);
    expect(paidBy({ payments })).toBe(paid);
  });

  it.each<[string, PaymentDocument[], number, { held: number; pending: number; due: number }]>([
    ['an abandoned provider intent beside an invoice of 0 holds nothing', [main('d', 298.9), main('i', 0, 'reserved')], 298.9, { held: 0, pending: 0, due: 298.9 }],
    ['reserved and captured payments hold their amounts, exactly', [card('c', 0.1, 0.1, 'reserved'), main('m', 0.2, 'captured')], 0.3, { held: 0.3, pending: 0, due: 0 }],
    ['a pending purchase is pending, not held', [main('p', 249.9, 'pending')], 249.9, { held: 0, pending: 249.9, due: 0 }],
    ['a refund is taken off what is held', [{ ...main('m', 249.9, 'captured'), refundedAmount: 49.9 }], 249.9, { held: 200, pending: 0, due: 49.9 }],
    ['final states hold nothing', [main('r', 249.9, 'refunded'), main('c', 249.9, 'cancelled')], 249.9, { held: 0, pending: 0, due: 249.9 }],
  ])('coverageOf: %s', (_name, payments, total, expected) => {
    expect(coverageOf({ payments, total: { includingVat: total } })).toEqual({ total, ...expected });
  });
});
