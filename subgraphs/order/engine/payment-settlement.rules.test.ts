import { describe, expect, it } from '@jest/globals';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { settleOpenPayments } from './payment-settlement.rules.js';

const payment = (id: string, adapterId: string, state: string, amount: number, extra: Partial<PaymentDocument> = {}): PaymentDocument => ({ id, adapterId, state, amount, ...extra });
const order = (payments: PaymentDocument[], total = 298.9) => ({ id: 'o', state: { currentStatus: 'processing', transitions: [] }, total: { includingVat: total, excludingVat: 0 }, payments }) as unknown as OrderDocument;
const shape = (draft: OrderDocument) => draft.payments.map((p) => [p.id, p.state, p.amount]);

describe('settleOpenPayments: the completing adapter pays; the others’ abandoned intents go', () => {
  it('removes another adapter’s intent and gives its share to the completing invoice (0 → the total)', () => {
    const draft = order([payment('d', 'provider_d', 'intent', 298.9), payment('i', 'nonpsp', 'intent', 0)]);
    const settled = settleOpenPayments(draft, 'nonpsp');
    expect(shape(draft)).toEqual([
      ['d', 'removed', 298.9],
      ['i', 'intent', 298.9],
    ]);
    expect(settled.removed.map((p) => p.id)).toEqual(['d']);
    expect(settled.transactions).toEqual([expect.objectContaining({ paymentId: 'd', adapterId: 'provider_d', event: 'remove', pspStatus: 'superseded', isSuccess: true })]);
  });

  it('keeps gift cards (a limit) and what already holds money; the invoice takes only the rest', () => {
    const draft = order([payment('c', 'giftcard', 'intent', 100, { upperLimitAmount: 100 }), payment('a', 'provider_a', 'intent', 198.9), payment('i', 'nonpsp', 'intent', 0)]);
    settleOpenPayments(draft, 'nonpsp');
    expect(shape(draft)).toEqual([
      ['c', 'intent', 100],
      ['a', 'removed', 198.9],
      ['i', 'intent', 198.9],
    ]);
  });

  it('does not set the amount of a payment with a provider session (amountChanged): its provider holds the amount', () => {
    const draft = order([payment('i', 'nonpsp', 'intent', 298.9), payment('a', 'provider_a', 'intent', 0, { callbacks: { amountChanged: 'https://a/x' } })]);
    settleOpenPayments(draft, 'provider_a');
    expect(shape(draft)).toEqual([
      ['i', 'removed', 298.9],
      ['a', 'intent', 0],
    ]);
  });

  it('refuses (409 payment_in_progress) while another adapter’s payment is at its provider, and changes nothing', () => {
    for (const state of ['processing', 'pending']) {
      const draft = order([payment('d', 'provider_d', state, 298.9), payment('i', 'nonpsp', 'intent', 0)]);
      expect(() => settleOpenPayments(draft, 'nonpsp')).toThrow(expect.objectContaining({ status: 409, code: 'payment_in_progress', details: { paymentId: 'd', adapterId: 'provider_d', state } }));
      expect(shape(draft)).toEqual([
        ['d', state, 298.9],
        ['i', 'intent', 0],
      ]);
    }
  });

  it('settles nothing for a move made by no adapter, or by an adapter without a payment on the order', () => {
    for (const completing of [undefined, 'commerce']) {
      const draft = order([payment('d', 'provider_d', 'intent', 298.9), payment('i', 'nonpsp', 'intent', 0)]);
      expect(settleOpenPayments(draft, completing).removed).toEqual([]);
      expect(shape(draft)).toEqual([
        ['d', 'intent', 298.9],
        ['i', 'intent', 0],
      ]);
    }
  });

  it('leaves the completing adapter’s own other payments and final payments alone', () => {
    const draft = order([payment('f', 'provider_d', 'failed', 298.9), payment('i1', 'nonpsp', 'removed', 298.9), payment('i2', 'nonpsp', 'intent', 298.9)]);
    expect(settleOpenPayments(draft, 'nonpsp').removed).toEqual([]);
    expect(shape(draft)).toEqual([
      ['f', 'failed', 298.9],
      ['i1', 'removed', 298.9],
      ['i2', 'intent', 298.9],
    ]);
  });
});
