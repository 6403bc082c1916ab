import { describe, expect, it } from '@jest/globals';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { allocateAmounts } from './payment-allocation.rules.js';

const order = (total: number, payments: PaymentDocument[], status = 'checkout'): OrderDocument =>
  ({ id: 'o', currency: 'NOK', total: { includingVat: total, excludingVat: total }, payments, hooks: [], state: { currentStatus: status, transitions: [] } }) as unknown as OrderDocument;
const card = (id: string, amount: number, limit: number): PaymentDocument => ({ id, adapterId: 'giftcard_adapter', state: 'intent', amount, upperLimitAmount: limit });
const rest = (id: string, amount: number, callbacks?: PaymentDocument['callbacks']): PaymentDocument => ({ id, adapterId: 'nonpsp_adapter', state: 'intent', amount, ...(callbacks ? { callbacks } : {}) });
const amounts = (document: OrderDocument) => document.payments.map((payment) => [payment.id, payment.amount]);

describe('allocateAmounts', () => {
  it('a card added: the payment taking the rest drops to its share in the same change; the new card keeps what its writer set', () => {
    const before = order(150, [rest('n', 150)]);
    const draft = order(150, [rest('n', 150), card('c', 100, 100)]);
    expect(allocateAmounts(before, draft)).toBe(true);
    expect(amounts(draft)).toEqual([['n', 50], ['c', 100]]);
  });

  it('a card removed: the other cards move up to their limits', () => {
    const before = order(150, [card('a', 100, 100), card('b', 50, 100)]);
    const draft = order(150, [{ ...card('a', 100, 100), state: 'removed' }, card('b', 50, 100)]);
    allocateAmounts(before, draft);
    expect(amounts(draft)).toEqual([['a', 100], ['b', 100]]);
  });

  it('leaves a payment with a provider session (amountChanged registered) to its adapter, and an amount this change set', () => {
    const before = order(100, [card('a', 40, 40), rest('n', 60, { amountChanged: 'https://adapter.example/amount-changed' })]);
    const draft = order(200, [card('a', 40, 40), rest('n', 60, { amountChanged: 'https://adapter.example/amount-changed' })]);
    expect(allocateAmounts(before, draft)).toBe(false);
    expect(amounts(draft)).toEqual([['a', 40], ['n', 60]]);
    const set = order(200, [card('a', 40, 40), rest('n', 70)]);
    allocateAmounts(order(100, [card('a', 40, 40), rest('n', 60)]), set);
    expect(amounts(set)).toEqual([['a', 40], ['n', 70]]);
  });

  it('changes nothing while the order is locked, or when nothing the shares depend on moved', () => {
    const locked = order(200, [rest('n', 100)], 'processing');
    expect(allocateAmounts(order(100, [rest('n', 100)], 'processing'), locked)).toBe(false);
    expect(amounts(locked)).toEqual([['n', 100]]);
    const same = order(100, [rest('n', 80)]);
    expect(allocateAmounts(order(100, [rest('n', 80)]), same)).toBe(false);
  });
});
