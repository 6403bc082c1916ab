// Unit test of the checkout client's provider C module: which q1 listener asks for which adapter callback, and when the provider's total is the shop's.
import { describe, expect, it } from '@jest/globals';
import { CALLBACKS, sameTotal } from '../adapters/provider-c/frontend/provider-c.frontend.js';

describe("the provider C module's listeners", () => {
  it('onCustomerInfoChanged asks for customer-update, onShippingMethodChanged for shipping-option-update (and nothing else)', () => {
    expect(CALLBACKS).toEqual({ customer: 'customer-update', shipping: 'shipping-option-update' });
  });

  it("unlocks when the provider's totalPrice is the payment's amount, within half an öre as Qliro's own module compares", () => {
    expect(sameTotal(249.9, 249.9)).toBe(true);
    expect(sameTotal(249.904, 249.9)).toBe(true);
    expect(sameTotal(249.91, 249.9)).toBe(false);
    expect(sameTotal(298.9, 249.9)).toBe(false);
    for (const total of [undefined, null, '249.9', Number.NaN]) expect(sameTotal(total, 249.9)).toBe(false);
  });
});
