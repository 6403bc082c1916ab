import { describe, expect, it } from '@jest/globals';
import type { OrderDocument } from '../kit/order-contract.js';
import type { Purchase } from './provider-b-api.client.js';
import { consentsFrom, customerFrom, orderFingerprint, prefillFrom, purchaseItems, shippingFrom } from './purchase.mapper.js';

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

/** A purchase as Avarda's payment status answers it (test/contracts/provider-b.published.ts). */
const purchase = (overrides: Partial<Purchase> = {}): Purchase => ({
  purchaseId: 'p-1',
  extraIdentifiers: { orderReference: 'o1' },
  totalPrice: 249.9,
  mode: 'B2C',
  b2C: {
    step: { current: 'PersonalInfo', emailNewsletterSubscription: 'Unchecked' },
    userInputs: { email: 'kari@example.com', phone: '+4791234567' },
    invoicingAddress: { firstName: 'Kari', lastName: 'Nordmann', address1: 'Storgata 1', address2: null, zip: '0155', city: 'Oslo', country: 'NO' },
    deliveryAddress: { firstName: null, lastName: null, address1: null, address2: null, zip: null, city: null, country: null, phone: null, email: null },
  },
  paymentMethods: { selectedPayment: { type: 'Card', paymentFee: 0 } },
  Modules: [{ id: 'postal', status: 'ACTIVE', shipping_price: 49, selected_shipping_option: { shipping_method: 'postal', carrier: 'Posten', product: 'Postal' }, result: { category: { name: 'Postal' }, shipping: { product: 'Postal', carrier: 'Posten' } } }],
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

  it("cuts descriptions and notes to Avarda's 35 characters", () => {
    const long = order({ cart: { items: [{ id: 'x'.repeat(40), name: 'A very long product name that goes on and on', quantity: 1, total: { includingVat: 249.9, excludingVat: 199.92 } }], total: { includingVat: 249.9, excludingVat: 199.92 } } });
    const [item] = purchaseItems(long, 249.9);
    expect(item!.description).toBe('A very long product name that goes');
    expect(item!.notes).toBe('x'.repeat(35));
  });

  it('sends a line whose total does not divide into whole cents per unit as one unit, so the total stays exact', () => {
    const thirds = order({ cart: { items: [{ id: 'x', name: 'Pens', quantity: 3, total: { includingVat: 100, excludingVat: 80 } }], total: { includingVat: 100, excludingVat: 80 } }, total: { includingVat: 100, excludingVat: 80 } });
    expect(purchaseItems(thirds, 100)).toEqual([{ notes: 'x', description: '3 × Pens', quantity: 1, amount: 100, taxCode: '25', taxAmount: 20 }]);
  });
});

describe('order → prefill', () => {
  it("sends what the shop knows of the shopper as Avarda's b2C prefill, a delivery address only when the shipping address is another", () => {
    const billing = { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'kari@example.com', phone: '+4791234567' };
    expect(prefillFrom({ billing, shipping: billing })).toEqual({
      b2C: { invoicingAddress: { firstName: 'Kari', lastName: 'Nordmann', address1: 'Storgata 1', zip: '0155', city: 'Oslo', country: 'NO' }, userInputs: { email: 'kari@example.com', phone: '+4791234567' } },
      differentDelivery: 'Unchecked',
    });
    const elsewhere = prefillFrom({ billing, shipping: { ...billing, streetAddress: 'Kirkegata 2', city: 'Bergen', postalCode: '5003' } });
    expect(elsewhere).toMatchObject({ differentDelivery: 'Checked', b2C: { deliveryAddress: { address1: 'Kirkegata 2', zip: '5003', city: 'Bergen', phone: '+4791234567' } } });
    // Past Avarda's limits (names 40, city 30, a postal code of digits, a valid e-mail): left for the shopper to type.
    expect(prefillFrom({ billing: { givenName: 'K'.repeat(41), city: 'C'.repeat(31), postalCode: 'N-0155', email: 'not-an-email', familyName: 'Nordmann' } })).toEqual({ b2C: { invoicingAddress: { lastName: 'Nordmann' } }, differentDelivery: 'Unchecked' });
    expect(prefillFrom({})).toEqual({ differentDelivery: 'Unchecked' });
  });
});

describe('purchase → order', () => {
  it("reads the mode's user inputs and invoicing address as billing, and shipping as billing when no recipient is named", () => {
    const customer = customerFrom(purchase(), {});
    const kari = { type: 'person', givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' };
    expect(customer).toEqual({ type: 'person', billing: kari, shipping: kari });
  });

  it('a delivery address naming a recipient is shipping, its missing postal code, city and country the invoicing address\'s', () => {
    const data = purchase().b2C!;
    const withDelivery = purchase({ b2C: { ...data, deliveryAddress: { firstName: 'Ola', lastName: 'Nordmann', address1: 'Kirkegata 2', zip: null, city: 'Bergen', country: null, phone: null, email: null } } });
    expect(customerFrom(withDelivery, {}).shipping).toEqual({ type: 'person', givenName: 'Ola', familyName: 'Nordmann', streetAddress: 'Kirkegata 2', postalCode: '0155', city: 'Bergen', country: 'NO', phone: '+4791234567', email: 'kari@example.com' });
  });

  it("a B2B purchase is a company's: the contact person's names, the company name kept", () => {
    const b2b = purchase({ mode: 'B2B', b2C: null, b2B: { step: { current: 'PersonalInfo' }, userInputs: { email: 'buyer@firma.no' }, invoicingAddress: { name: 'Firma AS', address1: 'Storgata 1', zip: '0155', city: 'Oslo', country: 'NO' }, customerInfo: { firstName: 'Per', lastName: 'Hansen' } } });
    expect(customerFrom(b2b, {})).toMatchObject({ type: 'company', billing: { type: 'company', givenName: 'Per', familyName: 'Hansen', attributes: { companyName: 'Firma AS' }, email: 'buyer@firma.no' } });
  });

  it('an empty purchase leaves the customer as it is; the newsletter box checked is a consent', () => {
    const empty = purchase({ b2C: { step: { current: 'Initialized', emailNewsletterSubscription: 'Checked' }, userInputs: { email: null, phone: null }, invoicingAddress: {}, deliveryAddress: {} } });
    expect(customerFrom(empty, { billing: { city: 'Oslo' } })).toEqual({ type: 'person', billing: { city: 'Oslo' } });
    expect(consentsFrom(empty)).toEqual({ newsletter: true });
    expect(consentsFrom(purchase())).toEqual({});
  });

  it("the shipping broker's chosen option becomes a shipping, VAT from the configured rate", () => {
    expect(shippingFrom(purchase(), order(), 0.25)).toMatchObject({ id: 'provider_b_checkout_adapter-postal', reference: 'postal', name: 'Postal', total: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25, deliveryDetails: { carrier: 'Posten' } });
    expect(shippingFrom(purchase({ Modules: [] }), order(), 0.25)).toBeUndefined();
    expect(shippingFrom(purchase({ Modules: [{ ...purchase().Modules![0]!, status: 'INACTIVE' }] }), order(), 0.25)).toBeUndefined();
  });

  it('the fingerprint changes with the cart, shippings or payment amounts, not with the customer', () => {
    const base = orderFingerprint(order());
    expect(orderFingerprint(order({ customer: { billing: { city: 'Oslo' } } }))).toBe(base);
    expect(orderFingerprint(order({ cart: { ...order().cart, total: { includingVat: 1, excludingVat: 1 } } }))).not.toBe(base);
    expect(orderFingerprint(order({ payments: [{ id: 'p', adapterId: 'a', state: 'intent', amount: 1 }] }))).not.toBe(base);
  });
});
