import { describe, expect, it } from '@jest/globals';
import { addressOf, itemLine, localeOf, providerAddressOf, providerOption, sessionAmounts, shippingOf, taxOf, toMinor } from './provider-a.mapping.js';
import { refusalMessage } from './provider-a.messages.js';

const order = {
  id: 'o-1',
  merchant: 'm',
  channel: 'web shop',
  cart: {
    items: [
      { id: 'i1', sku: 'SHOE', name: 'Shoes', quantity: 2, unitPrice: 99.95, vatRate: 0.25 },
      { id: 'i2', name: 'Odd', quantity: 3, total: { includingVat: 10, excludingVat: 8 }, vatRate: 0.25 },
    ],
    total: { includingVat: 209.9, excludingVat: 167.92 },
  },
  shippings: [{ id: 's', name: 'Post', reference: 'post', total: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25 }],
};

describe('provider A mapping', () => {
  it('converts exactly to minor units and basis-point tax', () => {
    expect(toMinor(249.9)).toBe(24990);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(taxOf(12500, 2500)).toBe(2500);
    expect(itemLine(order.cart.items[0]!)).toEqual({ type: 'physical', reference: 'SHOE', name: 'Shoes', quantity: 2, unit_price: 9995, tax_rate: 2500, total_amount: 19990, total_tax_amount: 3998 });
    // 1000 does not divide by 3: one line of the whole
    expect(itemLine(order.cart.items[1]!)).toMatchObject({ quantity: 1, unit_price: 1000, total_amount: 1000 });
  });

  it('charges exactly the payment amount: a discount line for what other payments cover', () => {
    const whole = sessionAmounts(order, 258.9);
    expect(whole.order_amount).toBe(25890);
    expect(whole.order_lines.map((line) => line.type)).toEqual(['physical', 'physical', 'shipping_fee']);
    const part = sessionAmounts(order, 158.9);
    expect(part.order_amount).toBe(15890);
    expect(part.order_lines.at(-1)).toMatchObject({ type: 'discount', total_amount: -10000, total_tax_amount: 0 });
    expect(part.order_tax_amount).toBe(part.order_lines.reduce((sum, line) => sum + line.total_tax_amount, 0));
  });

  it('maps options to the order shipping, addresses, locales and URL templates', () => {
    const option = providerOption({ id: 'post', name: 'Post', price: 4900, taxRate: 2500, preselected: true, shippingMethod: 'PostalService' });
    expect(option).toEqual({ id: 'post', name: 'Post', price: 4900, tax_amount: 980, tax_rate: 2500, preselected: true, shipping_method: 'PostalService' });
    expect(shippingOf(order, option)).toMatchObject({ reference: 'post', total: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25, deliveryDetails: { carrier: 'PostalService' } });
    expect(addressOf({ given_name: 'Kari', postal_code: '0150', country: 'NO', email: '' })).toEqual({ type: 'person', givenName: 'Kari', postalCode: '0150', country: 'NO' });
    // The other way, for the create request: only what the shopper gave; nothing at all → none.
    expect(providerAddressOf({ type: 'person', givenName: 'Kari', city: 'Oslo', email: '' })).toEqual({ given_name: 'Kari', city: 'Oslo' });
    expect(providerAddressOf({ type: 'person' })).toBeUndefined();
    expect(providerAddressOf(undefined)).toBeUndefined();
    expect(localeOf({ culture: 'nb-NO' })).toBe('nb-NO');
    expect(localeOf({ culture: 'sv', country: 'SE' })).toBe('sv-SE');
    expect(refusalMessage('nb-NO', 'order_changed')).toMatch(/^Bestillingen din ble endret/);
    expect(refusalMessage('fr-FR', 'refused_by_shop', 'no stock')).toBe('The shop could not accept your order: no stock');
  });
});
