import { describe, expect, it } from '@jest/globals';
import type { OrderDocument } from '../../../contracts/order.types.js';
import { assertAmountPrecision, assertKnownCurrency, orderAmountProblem } from './amount-precision.rules.js';

const order = (overrides: Partial<OrderDocument> = {}): OrderDocument =>
  ({
    id: 'o',
    merchant: 'm',
    channel: 'web',
    state: { currentStatus: 'checkout', transitions: [] },
    currency: 'NOK',
    cart: { items: [], total: { includingVat: 249.9, excludingVat: 199.92 } },
    shippings: [],
    payments: [{ id: 'p', adapterId: 'a', state: 'intent', amount: 249.9 }],
    customer: {},
    validations: [],
    hooks: [],
    notifications: [],
    total: { includingVat: 249.9, excludingVat: 199.92 },
    ...overrides,
  }) as OrderDocument;

describe("the order's amounts against its currency", () => {
  it('finds the first new or changed amount finer than the currency allows, with its pointer', () => {
    expect(orderAmountProblem(undefined, order())).toBeUndefined();
    expect(orderAmountProblem(undefined, order({ shippings: [{ id: 's', total: { includingVat: 49, excludingVat: 39.201 } }] }))).toEqual({
      currency: 'NOK',
      exponent: 2,
      amount: 39.201,
      pointer: '/shippings/0/total/excludingVat',
    });
    const before = order();
    const after = order({ payments: [{ id: 'p', adapterId: 'a', state: 'captured', amount: 249.9, refundedAmount: 12.345 }] });
    expect(orderAmountProblem(before, after)).toMatchObject({ amount: 12.345, pointer: '/payments/0/refundedAmount' });
    expect(orderAmountProblem(order({ currency: 'JPY', cart: { items: [], total: { includingVat: 2500, excludingVat: 2000 } }, payments: [] }), order({ currency: 'JPY', cart: { items: [], total: { includingVat: 2500.5, excludingVat: 2000 } }, payments: [] }))).toMatchObject({
      exponent: 0,
      pointer: '/cart/total/includingVat',
    });
  });

  it('does not judge again an amount a change leaves as it was (an order stored before the rule stays writable)', () => {
    const legacy = order({ payments: [{ id: 'p', adapterId: 'a', state: 'intent', amount: 12.345 }] });
    const renamed = order({ payments: [{ id: 'p', adapterId: 'a', state: 'intent', amount: 12.345, name: 'Card' }] });
    expect(orderAmountProblem(legacy, renamed)).toBeUndefined();
    expect(orderAmountProblem(undefined, renamed)).toMatchObject({ pointer: '/payments/0/amount' });
  });

  it('refuses an action amount with 400 amount_precision and an unknown currency with 400 unknown_currency', () => {
    expect(() => assertAmountPrecision(12.35, 'NOK')).not.toThrow();
    expect(() => assertAmountPrecision(12.345, 'NOK', 'The refund amount')).toThrow(
      expect.objectContaining({ status: 400, code: 'amount_precision', message: 'The refund amount 12.345 is finer than its currency allows: NOK allows at most 2 decimals (0.01).', details: { currency: 'NOK', exponent: 2, amount: 12.345 } }),
    );
    expect(() => assertKnownCurrency('KWD')).not.toThrow();
    expect(() => assertKnownCurrency('XYZ')).toThrow(expect.objectContaining({ status: 400, code: 'unknown_currency' }));
  });
});
