import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { orderCustomer, orderShipping, providerLines, providerLocale } from './provider-c.mapper.js';
import { settlementAction, SETTLEMENT } from './provider-c.settlement.js';
import { signRequest } from './provider-c.signature.js';
import type { ProviderOrder } from './provider-c.types.js';

const order = (extra: Partial<OrderDocument> = {}): OrderDocument => ({
  id: 'o-1',
  merchant: 'm',
  channel: 'c',
  state: { currentStatus: 'checkout', transitions: [] },
  currency: 'NOK',
  culture: 'nb-NO',
  cart: {
    items: [
      { id: 'i-1', sku: 'SHOE', name: 'Shoes', quantity: 2, unitPrice: { includingVat: 99.95, excludingVat: 79.96 }, vatRate: 0.25 },
      { id: 'i-2', name: 'Socks', quantity: 1, unitPrice: 50 },
    ],
    total: { includingVat: 249.9, excludingVat: 199.92 },
  },
  shippings: [{ id: 's-1', name: 'Parcel', total: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25 }],
  payments: [],
  customer: {},
  validations: [],
  hooks: [],
  notifications: [],
  total: { includingVat: 298.9, excludingVat: 239.12 },
  ...extra,
});

const sum = (lines: Array<{ UnitPrice: number; Quantity: number }>) => Math.round(lines.reduce((total, line) => total + line.UnitPrice * line.Quantity * 100, 0)) / 100;

describe('order → provider', () => {
  it('maps items and shippings to lines in major units incl. VAT; the lines cost exactly the payment', () => {
    const lines = providerLines(order(), 298.9);
    expect(lines).toEqual([
      { ArticleNumber: 'SHOE', Name: 'Shoes', Quantity: 2, UnitPrice: 99.95, VatPercent: 25 },
      { ArticleNumber: 'i-2', Name: 'Socks', Quantity: 1, UnitPrice: 50, VatPercent: 0 },
      { ArticleNumber: 'shipping-s-1', Name: 'Parcel', Quantity: 1, UnitPrice: 49, VatPercent: 25, Type: 'ShippingFee' },
    ]);
    expect(sum(lines)).toBe(298.9);
  });

  it('takes off what other payments cover with one discount line', () => {
    const lines = providerLines(order(), 198.9);
    expect(lines.at(-1)).toEqual({ ArticleNumber: 'other-payments', Name: 'Paid with other payment methods', Quantity: 1, UnitPrice: -100, VatPercent: 0, Type: 'Discount' });
    expect(sum(lines)).toBe(198.9);
  });

  it('locale: configured, else the culture, else en-US', () => {
    expect(providerLocale(order(), 'sv-SE')).toBe('sv-SE');
    expect(providerLocale(order())).toBe('nb-NO');
    expect(providerLocale(order({ culture: 'no' }))).toBe('en-US');
  });
});

describe('provider → order', () => {
  const providerOrder = {
    Customer: { IsCompany: true, CompanyName: 'Acme AS', EmailAddress: 'a@acme.example', PhoneNumber: '+47123' },
    BillingAddress: { FirstName: 'Ada', LastName: 'L', StreetAddress: 'Gate 1', CoAddress: null, PostalCode: '0150', City: 'Oslo', CountryCode: 'NO' },
    ShippingAddress: null,
    SelectedShippingOption: { Id: 'pickup', Name: 'Pick-up', Price: 62.5 },
  } as unknown as ProviderOrder;

  it('the customer: billing, and the billing as delivery address when none was given; company in attributes', () => {
    const customer = orderCustomer(providerOrder);
    expect(customer.billing).toEqual({ type: 'company', givenName: 'Ada', familyName: 'L', streetAddress: 'Gate 1', postalCode: '0150', city: 'Oslo', country: 'NO', email: 'a@acme.example', phone: '+47123', attributes: { companyName: 'Acme AS' } });
    expect(customer.shipping).toEqual(customer.billing);
  });

  it('the shipping option with its VAT', () => {
    expect(orderShipping(providerOrder, 'x_adapter', 0.25)).toMatchObject({ id: 'x_adapter-shipping', name: 'Pick-up', reference: 'pickup', total: { includingVat: 62.5, excludingVat: 50 }, vatRate: 0.25 });
  });
});

describe('settlement as data', () => {
  it('each provider status is a runtime outcome', () => {
    expect(SETTLEMENT.InProcess).toBeUndefined();
    expect(SETTLEMENT.Completed).toEqual({ outcome: 'authorized', success: true });
    expect(SETTLEMENT.OnHold).toEqual({ outcome: 'pending', success: true });
    expect(SETTLEMENT.Refused).toEqual({ outcome: 'failed', success: false });
  });

  it('one action per provider order and status, with the provider status on the payment', () => {
    const payment = { id: 'p-1', adapterId: 'x', state: 'processing', amount: 100, attributes: { providerOrderId: 7, pendingReason: 'ManualApproval', other: true } } as unknown as PaymentDocument;
    const at = (CustomerCheckoutStatus: string, PendingReason: string | null = null) => ({ OrderId: 7, OrderAmount: 100, CustomerCheckoutStatus, PendingReason, RecurringToken: null }) as unknown as ProviderOrder;
    expect(settlementAction({ merchant: 'm', channel: 'c' }, 'o-1', payment, at('InProcess'))).toBeUndefined();
    const completed = settlementAction({ merchant: 'm', channel: 'c' }, 'o-1', payment, at('Completed'))!;
    expect(completed).toMatchObject({ eventKey: 'checkout:7:Completed', paymentId: 'p-1', outcome: 'authorized', success: true, fields: { attributes: { providerOrderId: 7, checkoutStatus: 'Completed', other: true } } });
    expect(completed.fields!.attributes!.pendingReason).toBeUndefined();
    expect(settlementAction({ merchant: 'm', channel: 'c' }, 'o-1', payment, at('OnHold', 'ManualApproval'))).toMatchObject({ eventKey: 'checkout:7:OnHold', outcome: 'pending', fields: { attributes: { pendingReason: 'ManualApproval' } } });
    expect(settlementAction({ merchant: 'm', channel: 'c' }, 'o-1', payment, at('Refused'))).toMatchObject({ eventKey: 'checkout:7:Refused', outcome: 'failed', success: false, errorDetail: expect.any(String) });
  });
});

describe('request token', () => {
  it('is Qliro base64(sha256(body + secret)) over the exact body, as published', () => {
    const header = signRequest('secret', '{"a":1}');
    expect(header).toBe(`Qliro ${createHash('sha256').update('{"a":1}secret').digest('base64')}`);
    expect(signRequest('secret', '{"a":2}')).not.toBe(header);
    expect(signRequest('other', '{"a":1}')).not.toBe(header);
    expect(signRequest('secret', '')).toBe(`Qliro ${createHash('sha256').update('secret').digest('base64')}`);
  });
});
