import { describe, expect, it } from '@jest/globals';
import { amountPatch, assertMethodAllowed, chooseMethod, openPaymentOf } from '../../adapters/nonpsp/nonpsp-payment.rules.js';
import type { PaymentDocument } from '../../contracts/order.types.js';

const payment = (id: string, amount: number, state = 'intent', adapterId = 'giftcard_adapter', attributes?: Record<string, unknown>): PaymentDocument => ({
  id,
  adapterId,
  amount,
  state,
  ...(attributes ? { attributes } : {}),
});
const configuration = { paymentMethods: [{ identifier: 'invoice', name: 'Invoice' }, { identifier: 'store', name: 'Pay in store' }] };

describe('non-PSP payment rules', () => {
  it('the open payment is the adapter’s one in intent', () => {
    expect(openPaymentOf([payment('x', 1, 'reserved', 'nonpsp_adapter'), payment('card', 1), payment('y', 1, 'intent', 'nonpsp_adapter')])?.id).toBe('y');
    expect(openPaymentOf([payment('x', 1, 'failed', 'nonpsp_adapter')])).toBeUndefined();
  });

  it('chooses the requested method or the first; refuses unknown and withdrawn ones', () => {
    expect(chooseMethod(configuration, undefined).identifier).toBe('invoice');
    expect(chooseMethod(configuration, 'store').name).toBe('Pay in store');
    expect(() => chooseMethod(configuration, 'cheque')).toThrow(expect.objectContaining({ status: 400, code: 'unknown_payment_method' }));
    expect(() => chooseMethod({ paymentMethods: [] }, undefined)).toThrow(expect.objectContaining({ code: 'no_payment_methods' }));
    expect(assertMethodAllowed(configuration, payment('p', 1, 'intent', 'nonpsp_adapter', { paymentMethod: 'store' })).identifier).toBe('store');
    expect(() => assertMethodAllowed(configuration, payment('p', 1, 'intent', 'nonpsp_adapter', { paymentMethod: 'cod' }))).toThrow(
      expect.objectContaining({ status: 400, code: 'payment_method_not_allowed' }),
    );
  });

  it('patches the amount at the payment’s index, guarded by a test of its id; nothing when unchanged', () => {
    const payments = [payment('card', 100), payment('me', 149.9, 'intent', 'nonpsp_adapter')];
    expect(amountPatch(payments, 'me', 200)).toEqual([
      { op: 'test', path: '/payments/1/id', value: 'me' },
      { op: 'replace', path: '/payments/1/amount', value: 200 },
    ]);
    expect(amountPatch(payments, 'me', 149.9)).toEqual([]);
    expect(amountPatch(payments, 'nobody', 1)).toEqual([]);
  });
});
