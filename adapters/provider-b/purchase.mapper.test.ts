import { describe, expect, it } from '@jest/globals';
import type { OrderDocument } from '../kit/order-contract.js';
import type { Purchase } from './provider-b-api.client.js';
import { customerFrom, orderFingerprint, purchaseItems, shippingFrom } from './purchase.mapper.js';

const order = (overrides: Partial<OrderDocument> = {}): OrderDocument => ({
  id: 'o-1',
  merchant: 'm',
  channel: 'c',
  state: { currentStatus: 'checkout', transitions: [] },
  currency: 'NOK',
  cart: {
    reference: 'basket-1',
    items: [
      { id: 'i-1', sku: 'SHOE', name: 'Shoes', quantity: 2, unitPrice: { includingVat: 99.95, excludingVat: 79.96 }, vatRate: 0.25, total: { includingVat: 199.9, excludingVat: 159.92 } },
      { id: 'i-2', name: 'Socks', quantity: 1, unitPrice: 50, vatRate: 0.25 },
    ],
    total: { includingVat: 249.9, excludingVat: 199.92 },
  },
  shippings: [],
  payments: [],
  customer: {},
  validations: [],
  hooks: [],
  notifications: [],
  total: { includingVat: 249.9, excludingVat: 199.92 },
  ...overrides,
});

const purchase = (overrides: Partial<Purchase> = {}): Purchase => ({
  purchaseId: 'p-1',
  merchantReference: 'o-1',
  currency: 'NOK',
  items: [],
  totalAmount: 249.9,
  currentStep: 'ShopperDataEntered',
  customer: { type: 'person', email: 'kari@example.com', phone: '+47', givenName: 'Kari', familyName: 'Nordmann' },
  deliveryAddress: { streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' },
  invoicingAddress: null,
  shippingOption: { id: 'postal', name: 'Postal', amount: 49, vatRate: 0.25, carrier: 'Posten' },
  paymentMethod: 'Card',
  consents: {},
  management: { status: 'none', authorizedAmount: 0, deliveredAmount: 0, refundedAmount: 0 },
  completedUtc: null,
  ...overrides,
});

describe('order → purchase lines', () => {
  it('maps items by their totals (or unit price × quantity) with VAT, and shippings as lines', () => {
    const withShipping = order({ shippings: [{ id: 's-1', name: 'Postal', total: { includingVat: 49, excludingVat: 39.2 } }], total: { includingVat: 298.9, excludingVat: 239.12 } });
    expect(purchaseItems(withShipping, 298.9)).toEqual([
      { notes: 'SHOE', description: 'Shoes', quantity: 2, amount: 99.95, taxCode: '25', taxAmount: 19.99 },
      { notes: 'i-2', description: 'Socks', quantity: 1, amount: 50, taxCode: '25', taxAmount: 10 },
      { notes: 'shipping-s-1', description: 'Postal', quantity: 1, amount: 49, taxCode: '25', taxAmount: 9.8 },
    ]);
  });

  it('sends one line for the cart when the items do not add up, and a negative line for what other payments cover', () => {
    const odd = order({ cart: { items: [{ id: 'x', name: 'Thing' }], total: { includingVat: 249.9, excludingVat: 199.92 } } });
    expect(purchaseItems(odd, 149.9)).toEqual([
      { notes: 'o-1', description: 'Order o-1', quantity: 1, amount: 249.9, taxCode: '25', taxAmount: 49.98 },
      { notes: 'other-payments', description: 'Paid with other payments', quantity: 1, amount: -100, taxCode: '0', taxAmount: 0 },
    ]);
  });

  it('sends a line whose total does not divide into whole cents per unit as one unit, so the total stays exact', () => {
    const thirds = order({ cart: { items: [{ id: 'x', name: 'Pens', quantity: 3, total: { includingVat: 100, excludingVat: 80 } }], total: { includingVat: 100, excludingVat: 80 } }, total: { includingVat: 100, excludingVat: 80 } });
    expect(purchaseItems(thirds, 100)).toEqual([{ notes: 'x', description: '3 × Pens', quantity: 1, amount: 100, taxCode: '25', taxAmount: 20 }]);
  });
});

describe('purchase → order', () => {
  it('the delivery address is shipping and (without an invoicing address) billing, the customer fills names and contact', () => {
    const customer = customerFrom(purchase(), {});
    expect(customer).toEqual({
      type: 'person',
      billing: { type: 'person', givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+47', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' },
      shipping: { type: 'person', givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+47', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' },
    });
    expect(customerFrom(purchase({ invoicingAddress: { streetAddress: 'Kirkegata 2', city: 'Bergen' } }), {}).billing).toMatchObject({ streetAddress: 'Kirkegata 2', city: 'Bergen', email: 'kari@example.com' });
  });

  it('the shipping option becomes a shipping with VAT from its rate', () => {
    expect(shippingFrom(purchase(), order())).toMatchObject({ id: 'provider_b_checkout_adapter-postal', name: 'Postal', total: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25, deliveryDetails: { carrier: 'Posten' } });
    expect(shippingFrom(purchase({ shippingOption: null }), order())).toBeUndefined();
  });

  it('the fingerprint changes with the cart, shippings or payment amounts, not with the customer', () => {
    const base = orderFingerprint(order());
    expect(orderFingerprint(order({ customer: { billing: { city: 'Oslo' } } }))).toBe(base);
    expect(orderFingerprint(order({ cart: { ...order().cart, total: { includingVat: 1, excludingVat: 1 } } }))).not.toBe(base);
    expect(orderFingerprint(order({ payments: [{ id: 'p', adapterId: 'a', state: 'intent', amount: 1 }] }))).not.toBe(base);
  });
});
