// Unit tests of provider C's pure parts: order ↔ Qliro One's shapes, the settlement tables, the decline reasons and the request token.
import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { availableShippingMethods, chosenShipping, customerInformation, orderCustomer, orderItems, providerLanguage } from './provider-c.mapper.js';
import { merchantPaymentAction, settlementAction, SETTLEMENT, TRANSACTION_SETTLEMENT } from './provider-c.settlement.js';
import { signRequest } from './provider-c.signature.js';
import { decline, declineReasonOf, DECLINE_REASONS } from './provider-c-validation.domain.js';
import type { AdminOrder, QliroOrder } from './provider-c.types.js';

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

const sum = (items: Array<{ PricePerItemIncVat: number; Quantity: number }>) => Math.round(items.reduce((total, item) => total + item.PricePerItemIncVat * item.Quantity * 100, 0)) / 100;
const ID = 'provider_c_checkout_adapter';

describe('order → provider', () => {
  it('maps items and shippings to published items (per item incl. and excl. VAT, VatRate in percent); they cost exactly the payment', () => {
    const items = orderItems(order(), 298.9, { adapterId: ID });
    expect(items).toEqual([
      { MerchantReference: 'SHOE', Description: 'Shoes', Type: 'Product', Quantity: 2, PricePerItemIncVat: 99.95, PricePerItemExVat: 79.96, VatRate: 25 },
      { MerchantReference: 'i-2', Description: 'Socks', Type: 'Product', Quantity: 1, PricePerItemIncVat: 50, PricePerItemExVat: 50, VatRate: 0 },
      { MerchantReference: 'shipping-s-1', Description: 'Parcel', Type: 'Shipping', Quantity: 1, PricePerItemIncVat: 49, PricePerItemExVat: 39.2, VatRate: 25 },
    ]);
    expect(sum(items)).toBe(298.9);
  });

  it('takes off what other payments cover with one Discount item (0 or less, as published); tags subscription items', () => {
    const items = orderItems(order(), 198.9, { adapterId: ID, subscription: true });
    expect(items.at(-1)).toEqual({ MerchantReference: 'other-payments', Description: 'Paid with other payment methods', Type: 'Discount', Quantity: 1, PricePerItemIncVat: -100, PricePerItemExVat: -100, VatRate: 0 });
    expect(items[0]!.Metadata).toEqual({ Subscription: { Enabled: true } });
    expect(items.at(-1)!.Metadata).toBeUndefined();
    expect(sum(items)).toBe(198.9);
  });

  it('a shipping chosen in the checkout keeps its method reference', () => {
    const own = order({ shippings: [{ id: `${ID}-shipping`, adapterId: ID, reference: 'pickup', name: 'Pick-up point', total: { includingVat: 0, excludingVat: 0 }, vatRate: 0.25 }] });
    expect(orderItems(own, 249.9, { adapterId: ID }).at(-1)).toMatchObject({ MerchantReference: 'pickup', Type: 'Shipping', PricePerItemIncVat: 0 });
  });

  it('the language: configured, else the culture, else en-us, lower case as published', () => {
    expect(providerLanguage(order(), 'sv-SE')).toBe('sv-se');
    expect(providerLanguage(order())).toBe('nb-no');
    expect(providerLanguage(order({ culture: 'no' }))).toBe('en-us');
  });

  it('prefill: what the shop knows of the shopper as CustomerInformation; nothing when it knows nothing', () => {
    expect(customerInformation(order())).toBeUndefined();
    const known = order({ customer: { billing: { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', email: 'kari@example.com', phone: '+4791234567' } } });
    expect(customerInformation(known)).toEqual({ Email: 'kari@example.com', MobileNumber: '+4791234567', JuridicalType: 'Physical', Address: { FirstName: 'Kari', LastName: 'Nordmann', Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo' } });
    const elsewhere = order({ customer: { type: 'company', billing: { givenName: 'Kari', streetAddress: 'Storgata 1', attributes: { companyName: 'Acme AS' } }, shipping: { givenName: 'Kari', streetAddress: 'Lager 2' } } });
    expect(customerInformation(elsewhere)).toEqual({ JuridicalType: 'Company', Address: { FirstName: 'Kari', CompanyName: 'Acme AS', Street: 'Storgata 1' }, ShippingAddress: { FirstName: 'Kari', Street: 'Lager 2' } });
  });

  it('the shop’s shipping methods for the checkout, prices excl. VAT from the rate', () => {
    expect(availableShippingMethods(undefined, 0.25)).toBeUndefined();
    expect(availableShippingMethods([{ id: 'standard', name: 'Standard parcel', price: 49 }], 0.25)).toEqual([{ MerchantReference: 'standard', DisplayName: 'Standard parcel', PriceIncVat: 49, PriceExVat: 39.2 }]);
  });
});

describe('provider → order', () => {
  const read = {
    OrderId: 7,
    MerchantReference: 'p-1',
    TotalPrice: 312.4,
    Country: 'NO',
    Currency: 'NOK',
    OrderHtmlSnippet: '',
    CustomerCheckoutStatus: 'InProcess',
    Customer: { Email: 'a@acme.example', MobileNumber: 4712345678, PersonalNumber: null, JuridicalType: 'Company' },
    BillingAddress: { FirstName: 'Ada', LastName: 'L', CompanyName: 'Acme AS', Street: 'Gate 1', CareOf: null, PostalCode: '0150', City: 'Oslo' },
    OrderItems: [
      { MerchantReference: 'SHOE', Description: 'Shoes', Type: 'Product', Quantity: 2, PricePerItemIncVat: 99.95, PricePerItemExVat: 79.96, VatRate: 25 },
      { MerchantReference: 'pickup', Description: 'Pick-up point', Type: 'Shipping', Quantity: 1, PricePerItemIncVat: 62.5, PricePerItemExVat: 50, VatRate: 25 },
    ],
  } as QliroOrder;

  it('the customer: billing, and the billing as delivery address when none was given; country from the order; company in attributes', () => {
    const customer = orderCustomer(read);
    expect(customer.billing).toEqual({ type: 'company', givenName: 'Ada', familyName: 'L', streetAddress: 'Gate 1', postalCode: '0150', city: 'Oslo', country: 'NO', email: 'a@acme.example', phone: '4712345678', attributes: { companyName: 'Acme AS' } });
    expect(customer.shipping).toEqual(customer.billing);
  });

  it('the shipping chosen in the checkout: the Shipping item of a method the shop offers there, with its VAT', () => {
    const methods = [{ id: 'pickup', name: 'Pick-up point', price: 62.5 }];
    expect(chosenShipping(read, ID, methods, 0.25)).toEqual({ id: `${ID}-shipping`, adapterId: ID, name: 'Pick-up point', reference: 'pickup', state: 'intent', total: { includingVat: 62.5, excludingVat: 50 }, vatRate: 0.25 });
    expect(chosenShipping(read, ID, [{ id: 'standard', name: 'Standard', price: 49 }], 0.25)).toBeUndefined();
    expect(chosenShipping(read, ID, undefined, 0.25)).toBeUndefined();
  });
});

describe('settlement as data', () => {
  const tenant = { merchant: 'm', channel: 'c' };
  it('each checkout status and each payment transaction status is a runtime outcome', () => {
    expect(SETTLEMENT.InProcess).toBeUndefined();
    expect(SETTLEMENT.Completed).toEqual({ outcome: 'authorized', success: true });
    expect(SETTLEMENT.OnHold).toEqual({ outcome: 'pending', success: true });
    expect(SETTLEMENT.Refused).toEqual({ outcome: 'failed', success: false });
    expect(TRANSACTION_SETTLEMENT.Success).toEqual({ outcome: 'authorized', success: true });
    expect(TRANSACTION_SETTLEMENT.OnHold).toEqual({ outcome: 'pending', success: true });
    expect(TRANSACTION_SETTLEMENT.Error).toEqual({ outcome: 'failed', success: false });
    expect(TRANSACTION_SETTLEMENT.Cancelled).toEqual({ outcome: 'failed', success: false });
  });

  it('one action per provider order and status, with the provider status on the payment', () => {
    const payment = { id: 'p-1', adapterId: 'x', state: 'processing', amount: 100, attributes: { providerOrderId: 7, other: true } } as unknown as PaymentDocument;
    const at = (CustomerCheckoutStatus: string) => ({ OrderId: 7, TotalPrice: 100, CustomerCheckoutStatus, PaymentMethod: { PaymentMethodName: 'CREDITCARDS', PaymentTypeCode: null } }) as unknown as QliroOrder;
    expect(settlementAction(tenant, 'o-1', payment, at('InProcess'))).toBeUndefined();
    expect(settlementAction(tenant, 'o-1', payment, at('Completed'))).toMatchObject({ eventKey: 'checkout:7:Completed', paymentId: 'p-1', outcome: 'authorized', success: true, amount: 100, fields: { attributes: { providerOrderId: 7, checkoutStatus: 'Completed', paymentMethod: 'CREDITCARDS', other: true } } });
    expect(settlementAction(tenant, 'o-1', payment, at('OnHold'))).toMatchObject({ eventKey: 'checkout:7:OnHold', outcome: 'pending' });
    expect(settlementAction(tenant, 'o-1', payment, at('Refused'))).toMatchObject({ eventKey: 'checkout:7:Refused', outcome: 'failed', success: false, errorDetail: expect.any(String) });
  });

  it('a merchant payment: its last transaction, keyed by transaction and status', () => {
    const payment = { id: 'p-2', adapterId: 'x', state: 'intent', amount: 100, attributes: { merchantPayment: true } } as unknown as PaymentDocument;
    const admin = (Status: string): AdminOrder => ({ OrderId: 9, MerchantReference: 'p-2', TotalPrice: 100, Currency: 'NOK', PaymentTransactions: [{ PaymentTransactionId: 55, Type: 'Preauthorization', Amount: 100, Currency: 'NOK', Status: Status as 'Success' }] });
    expect(merchantPaymentAction(tenant, 'o-2', payment, admin('Success'))).toMatchObject({ eventKey: 'payment:9:55:Success', outcome: 'authorized', amount: 100, fields: { attributes: { merchantPayment: true, transactionStatus: 'Success' } } });
    expect(merchantPaymentAction(tenant, 'o-2', payment, admin('Error'))).toMatchObject({ outcome: 'failed', success: false });
    expect(merchantPaymentAction(tenant, 'o-2', payment, { ...admin('Success'), PaymentTransactions: [] })).toBeUndefined();
  });
});

describe('validation answers', () => {
  it('declines with a published reason only; a message longer than 150 characters is shortened (else it is not shown)', () => {
    expect(DECLINE_REASONS).toEqual(['OutOfStock', 'PostalCodeIsNotSupported', 'ShippingIsNotSupportedForPostalCode', 'CashOnDeliveryIsNotSupportedForShippingMethod', 'IdentityNotVerified', 'Other']);
    const long = decline('Other', 'x'.repeat(400));
    expect(long.status).toBe(400);
    expect((long.body as { DeclineReasonMessage: string }).DeclineReasonMessage).toHaveLength(150);
  });

  it('the reason from the validation failures: stock, a postal code, else Other', () => {
    expect(declineReasonOf([{ code: 'out_of_stock', message: 'Socks are gone' }])).toBe('OutOfStock');
    expect(declineReasonOf([{ code: 'validation_failed', pointers: ['/customer/shipping/postalCode'] }])).toBe('PostalCodeIsNotSupported');
    expect(declineReasonOf([{ code: 'validation_failed' }])).toBe('Other');
    expect(declineReasonOf(undefined)).toBe('Other');
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
