import { describe, expect, it } from '@jest/globals';
import { mapCart, mapDeliveryToShippings } from './basket-order.mapper.js';
import { basket, configuration, standardParcel } from './basket-order.fixtures.js';
import { basketDifferences, customerDataProblem, jsonEqual, missingBillingFields, purchaseRequest, transitionOf } from './checkout.rules.js';

const completeBilling = { givenName: 'Ada', familyName: 'Lovelace', streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE', email: 'ada@example.com' };
const managed = configuration({ features: { shippingChangedHookEnabled: true } });

describe('customer data needed for processing', () => {
  it('needs a billing address with name, street, postal code, city, country and email', () => {
    expect(missingBillingFields({ billing: completeBilling })).toEqual([]);
    expect(missingBillingFields({})).toEqual(['givenName', 'familyName', 'streetAddress', 'postalCode', 'city', 'country', 'email']);
    expect(missingBillingFields({ billing: { ...completeBilling, city: '  ', email: undefined } })).toEqual(['city', 'email']);
  });

  it('words the validation error', () => {
    expect(customerDataProblem({ billing: completeBilling })).toBeUndefined();
    expect(customerDataProblem({})?.message).toBe('Customer data is missing: a billing address with givenName, familyName, streetAddress, postalCode, city, country, email is required.');
    expect(customerDataProblem({ billing: { ...completeBilling, postalCode: undefined } })).toMatchObject({ code: 'customer_incomplete', fields: ['postalCode'] });
  });
});

describe('order against basket', () => {
  const order = (overrides = {}) => ({ id: 'o-1', merchant: 'm-1', channel: 'web', currency: 'SEK', cart: mapCart(basket(), configuration()), shippings: [], ...overrides });

  it('an order made from the basket matches it', () => {
    expect(basketDifferences(order(), basket(), configuration())).toEqual([]);
  });

  it('sees a basket changed behind the checkout, a paid basket, another currency', () => {
    const changed = basket({ items: [basket().items[0]!], itemsTotal: { includingVat: 199.9, excludingVat: 159.92 } });
    expect(basketDifferences(order(), changed, configuration()).map((p) => p.code)).toEqual(['basket_changed']);
    expect(basketDifferences(order(), basket({ status: 'completed' }), configuration()).map((p) => p.code)).toEqual(['basket_closed']);
    expect(basketDifferences(order({ currency: 'NOK' }), basket(), configuration()).map((p) => p.code)).toEqual(['currency_mismatch']);
  });

  it('full control compares the platform delivery with the shippings; managed mode does not', () => {
    const withParcel = basket({ delivery: standardParcel });
    expect(basketDifferences(order(), withParcel, configuration()).map((p) => p.code)).toEqual(['delivery_changed']);
    expect(basketDifferences(order({ shippings: mapDeliveryToShippings(standardParcel, { merchant: 'm-1', channel: 'web', orderId: 'o-1' }) }), withParcel, configuration())).toEqual([]);
    expect(basketDifferences(order({ shippings: [{ id: 'x', total: { includingVat: 10, excludingVat: 8 } }] }), withParcel, managed)).toEqual([]);
  });
});

describe('purchase', () => {
  const order = { id: 'o-1', customer: { billing: completeBilling }, shippings: [{ id: 's-1', name: 'Home', total: { includingVat: 59, excludingVat: 47.2 }, vatRate: 0.25 }] };

  it('pays with method 239, references the checkout order and sends the buyer', () => {
    const request = purchaseRequest(order, basket(), managed);
    expect(request).toMatchObject({ paymentMethodId: 239, externalReference: 'o-1', buyer: { email: 'ada@example.com', billing: { city: 'Stockholm' } } });
  });

  it('managed: external delivery 128 with the checkout shipping', () => {
    expect(purchaseRequest(order, basket({ delivery: standardParcel }), managed)).toMatchObject({
      deliveryMethodId: 128,
      delivery: { name: 'Home', priceIncVat: 59, vatRate: 0.25, reference: 's-1' },
    });
  });

  it("full control: the basket's own method; without one, 128 with the order's shippings", () => {
    const full = purchaseRequest(order, basket({ delivery: standardParcel }), configuration());
    expect(full.deliveryMethodId).toBe(1);
    expect(full.delivery).toBeUndefined();
    expect(purchaseRequest({ ...order, shippings: [] }, basket(), configuration())).toMatchObject({ deliveryMethodId: 128, delivery: { priceIncVat: 0 } });
  });
});

describe('helpers', () => {
  it('reads the move of a /state hook from the transitions', () => {
    const at = '2026-01-01T00:00:00Z';
    expect(transitionOf({ currentStatus: 'processing', transitions: [{ status: 'checkout', timeStamp: at }, { status: 'processing', timeStamp: at }] })).toEqual({ from: 'checkout', to: 'processing' });
    expect(transitionOf(undefined)).toEqual({ from: undefined, to: undefined });
  });

  it('compares JSON structurally, ignoring key order', () => {
    expect(jsonEqual({ a: [1, { b: 2 }], c: 'x' }, { c: 'x', a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });
});
