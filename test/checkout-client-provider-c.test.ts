// Unit test of the checkout client's provider C module: which iframe event asks for which adapter callback, and which purchase ends the step.
import { describe, expect, it } from '@jest/globals';
import { callbackFor, purchaseEnds } from '../adapters/provider-c/frontend/provider-c.frontend.js';

describe("the provider C module's events", () => {
  it("forwards the iframe's customer events to customer-update and shippingConfirmed to shipping-option-update", () => {
    for (const event of ['identity.email', 'identity.phoneNumber', 'identity.firstName', 'identity.addressLines', 'identity.isCompany']) expect(callbackFor(event)).toBe('customer-update');
    expect(callbackFor('shippingConfirmed')).toBe('shipping-option-update');
  });

  it('forwards nothing for the purchase, a resize or an unknown event', () => {
    for (const event of ['purchase', 'purchaseFailed', 'resize', 'identity', 'shipping', '']) expect(callbackFor(event)).toBeUndefined();
  });

  it('ends the step on a completed or pending purchase; anything else is a refusal', () => {
    expect(purchaseEnds('Completed')).toBe(true);
    expect(purchaseEnds('OnHold')).toBe(true);
    for (const status of ['Refused', 'InProcess', undefined, null, 'completed']) expect(purchaseEnds(status)).toBe(false);
  });
});
