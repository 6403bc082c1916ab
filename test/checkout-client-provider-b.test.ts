// Unit test of the checkout client's provider B module: what its callbacks may send the adapter, and refusals in the shopper's words.
import { describe, expect, it } from '@jest/globals';
import { AdapterCallError } from '../web/checkout-client/core/adapter-call.js';
import { browserEventBody, refusalText } from '../adapters/provider-b/frontend/provider-b.frontend.js';

describe("the provider B module's bodies", () => {
  it("keeps only the adapter's allow-list of Avarda's beforeSubmit payload", () => {
    const payload = { purchaseId: 'p-1', zip: '0155', country: 'NO', selectedPaymentMethodId: 'Invoice', selectedPaymentMethodType: 'Invoice', email: 'kari@example.com', mode: 'B2C', invoicingAddress: { city: 'Oslo' } };
    expect(browserEventBody(payload)).toEqual({ purchaseId: 'p-1', zip: '0155', country: 'NO', selectedPaymentMethodId: 'Invoice', selectedPaymentMethodType: 'Invoice' });
  });

  it('drops hints the adapter would refuse (a country not in two capitals, a long zip, non-strings)', () => {
    expect(browserEventBody({ country: 'no', zip: 'x'.repeat(21), purchaseId: 7 })).toEqual({});
    expect(browserEventBody(undefined)).toEqual({});
  });
});

describe("the provider B module's refusals", () => {
  it("words each of validate's failures, the order's validation codes as the storefront does", () => {
    const refused = new AdapterCallError('The payment provider\'s adapter answered HTTP 400.', 400, [
      { code: 'shipping_missing', adapterId: 'order', message: 'No shipping.' },
      { code: 'amount_mismatch', adapterId: 'provider_b_checkout_adapter', message: 'The purchase is for 249.9, the payment covers 298.9.' },
    ]);
    expect(refusalText(refused)).toBe('Choose a delivery option. The payment does not match the order total yet. Please try again in a moment.');
  });

  it("words process's refusal by its code, never a developer's message", () => {
    expect(refusalText(new AdapterCallError('The order changed since it was validated (cart, shipping or payments); validate it again before submitting.', 409, { code: 'order_changed' }))).toBe('Your order changed while you were paying. Check it and buy again.');
    expect(refusalText(new AdapterCallError('purchase_mismatch for 1a2b3c4d-0000-0000-0000-000000000000', 400, { code: 'purchase_mismatch' }))).toBe('Something went wrong. Please try again.');
    expect(refusalText(new TypeError('Failed to fetch'))).toBe('The shop could not be reached. Please try again.');
  });
});
