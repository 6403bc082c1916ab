import { describe, expect, it } from '@jest/globals';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { decideDueAmountChange, planAmountChanges } from './amount-change.planner.js';

const card = (amount: number, extra: Partial<PaymentDocument> = {}): PaymentDocument =>
  ({ id: 'card', adapterId: 'giftcard_adapter', amount, upperLimitAmount: 100, state: 'intent', callbacks: { amountChanged: 'http://card/changed' }, ...extra }) as PaymentDocument;
const main = (amount: number, extra: Partial<PaymentDocument> = {}): PaymentDocument =>
  ({ id: 'main', adapterId: 'nonpsp_adapter', amount, upperLimitAmount: 2147483647, state: 'intent', callbacks: { amountChanged: 'http://main/changed' }, ...extra }) as PaymentDocument;
const order = (total: number, payments: PaymentDocument[], currentStatus = 'checkout') =>
  ({ state: { currentStatus }, total: { includingVat: total, excludingVat: total }, payments }) as unknown as OrderDocument;

describe('planAmountChanges', () => {
  it('calls every other payment whose share moved, never the changing adapter', () => {
    const before = order(249.9, [card(100), main(149.9)]);
    const after = order(80, [card(100), main(149.9)]);
    expect(planAmountChanges(before, after, undefined).map((p) => [p.payment.id, p.amount])).toEqual([['card', 80], ['main', 0]]);
    expect(planAmountChanges(before, after, 'giftcard_adapter').map((p) => p.payment.id)).toEqual(['main']);
  });

  it('plans nothing when neither the total nor any amount changed', () => {
    const same = order(80, [card(100), main(149.9)]);
    expect(planAmountChanges(same, structuredClone(same), undefined)).toEqual([]);
  });

  it('plans again when the order goes back from processing to checkout (calls due while it was locked were dropped), not on other moves', () => {
    const locked = order(120, [card(100), main(149.9)], 'processing');
    expect(planAmountChanges(locked, order(120, [card(100), main(149.9)], 'checkout'), undefined).map((p) => [p.payment.id, p.amount])).toEqual([['main', 20]]);
    expect(planAmountChanges(locked, order(120, [card(100), main(149.9)], 'accepted'), undefined)).toEqual([]);
    expect(planAmountChanges(order(120, [card(100), main(149.9)]), locked, undefined)).toEqual([]);
  });
});

describe('decideDueAmountChange', () => {
  it('sends the share as it is now, not as it was planned', () => {
    const current = order(120, [card(100), main(149.9)]);
    expect(decideDueAmountChange({ paymentId: 'main', current })).toEqual({ send: true, amount: 20 });
  });

  it('drops the call while the order is processing: its payments\' amounts are locked', () => {
    expect(decideDueAmountChange({ paymentId: 'main', current: order(120, [card(100), main(149.9)], 'processing') })).toEqual({
      send: false,
      reason: "the order is processing: its payments' amounts are locked",
    });
    expect(decideDueAmountChange({ paymentId: 'main', current: order(120, [card(100), main(149.9)], 'accepted') })).toEqual({ send: true, amount: 20 });
  });

  it('drops the call when the payment already covers its share or is gone', () => {
    expect(decideDueAmountChange({ paymentId: 'main', current: order(100, [card(100), main(0)]) })).toEqual({ send: false, reason: 'the payment already covers its share' });
    expect(decideDueAmountChange({ paymentId: 'card', current: order(100, [card(100, { state: 'removed' }), main(0)]) })).toEqual({ send: false, reason: 'the payment is no longer active' });
  });

  it('does not tell an adapter the same share twice while it still holds the amount it was told at', () => {
    const plannedAt = order(0.3, [card(100), main(149.9)]);
    const current = order(0.3, [card(0.3), main(149.9)]); // the card followed, main is still following its first call
    expect(decideDueAmountChange({ paymentId: 'main', current, lastTold: { amount: 0, plannedAt } })).toEqual({ send: false, reason: 'the adapter was already told this share' });
  });

  it('tells again when the share moved since, or the adapter moved to another amount instead of following', () => {
    const plannedAt = order(0.3, [card(100), main(149.9)]);
    expect(decideDueAmountChange({ paymentId: 'main', current: order(150.3, [card(100), main(149.9)]), lastTold: { amount: 0, plannedAt } })).toEqual({ send: true, amount: 50.3 });
    expect(decideDueAmountChange({ paymentId: 'main', current: order(0.3, [card(0.3), main(12)]), lastTold: { amount: 0, plannedAt } })).toEqual({ send: true, amount: 0 });
  });
});
