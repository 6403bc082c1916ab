// Unit test of the checkout client's words for refusals and of how it settles a choice, a delivery and what is paid (issue 40).
import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client';
import { checkoutError } from '../web/checkout-client/core/checkout-error.js';
import { orderSettlement } from '../web/checkout-client/core/order-settlement.js';
import { choiceOfOpenPayment } from '../web/checkout-client/core/payment-choice.js';
import { deliveryMissing } from '../web/checkout-client/core/place-order.js';
import { addressProblems, giftCardRefusalText, placeFailures, placeOrderHint } from '../web/checkout-client/core/shopper-words.js';
import type { CheckoutOrderFragment, PaymentOptionsQuery } from '../web/checkout-client/core/generated/graphql.js';

type Order = Pick<CheckoutOrderFragment, 'amounts' | 'payments' | 'shippings'>;
const money = (amount: number) => ({ amount, currency: 'NOK' });
const payment = (id: string, adapterId: string, state: string, amount: number, attributes: unknown = null) => ({ id, adapterId, state, amount, name: null, type: 'checkout', currency: 'NOK', attributes });
const order = (fields: Partial<Order>): Order => ({
  amounts: { items: money(249.9), shipping: money(49), total: money(298.9), vat: money(59.78), paid: money(0), due: money(298.9) },
  payments: [],
  shippings: [],
  ...fields,
});
const option = (adapterId: string, frontend: 'NON_PSP' | 'PROVIDER' | 'GIFT_CARD', activePaymentId: string | null = null, methods: string[] = []): PaymentOptionsQuery['paymentOptions'][number] => ({
  adapterId,
  name: adapterId,
  kind: frontend === 'GIFT_CARD' ? 'giftcard' : 'payment',
  frontend,
  methods: methods.map((identifier) => ({ identifier, name: identifier })),
  activePaymentId,
});

describe('refusals in words, where they happened', () => {
  it('reads a GraphQL refusal: its code in lower snake case and every pointer its details name', () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'The change would make the order invalid: /customer/billing/email must match format "email".', extensions: { code: 'INVALID_ORDER', details: [{ pointer: '/customer/billing/email', message: 'must match format "email"' }, { pointer: '/customer/billing/postalCode', message: 'too long' }] } }],
    });
    expect(checkoutError(error)).toEqual({ code: 'invalid_order', message: expect.stringContaining('invalid'), pointers: ['/customer/billing/email', '/customer/billing/postalCode'] });
    expect(checkoutError(new Error('offline'))).toEqual({ message: 'offline', pointers: [] });
  });

  it('an address the platform refuses is said at each field it names; one that names none, in general', () => {
    expect(addressProblems({ pointers: ['/customer/billing/email', '/customer/billing/postalCode'] })).toEqual({
      fields: { email: 'Enter a valid e-mail address, like name@example.com.', postalCode: 'Check your postal code.' },
    });
    expect(addressProblems({ pointers: ['/customer/shipping/email'] })).toEqual({ fields: {}, general: 'Your address could not be saved. Please check it and try again.' });
  });

  it('missing fields at their fields, every one at once; the rest in words', () => {
    const { fields, general } = placeFailures([
      { code: 'customer_incomplete', message: 'Customer data is missing…', pointers: ['/customer/billing/givenName', '/customer/billing/city'] },
      { code: 'shipping_missing', message: '' },
      { code: 'basket_changed', message: 'The basket changed (basket 123_abc)' },
    ]);
    expect(fields).toEqual({ givenName: 'Enter your first name.', city: 'Enter your city.' });
    expect(general.map((failure) => failure.text)).toEqual(['Choose a delivery option.', 'Your basket has changed in the shop. Reload the page to see the latest basket.']);
  });

  it("a gift card's refusal by the adapter's code, never a developer's message", () => {
    expect(giftCardRefusalText({ code: 'gift_card_not_found', message: 'The gift card was not found.' })).toBe('We found no gift card with this number. Check the number and try again.');
    expect(giftCardRefusalText({ code: 'gift_card_code_required', message: '' })).toBe('This gift card needs its code: enter the code too.');
    expect(giftCardRefusalText({ code: 'upstream_unavailable', message: 'giftcard_adapter answered HTTP 502' })).toBe('Something went wrong. Please try again.');
  });

  it('Place order says why it cannot be pressed', () => {
    expect(placeOrderHint({ terms: true, provider: 'Card' })).toBe('Finish the payment in the Card form above: Place order is for the other ways to pay.');
    expect(placeOrderHint({ terms: false })).toBe('Accept the terms to place the order.');
    expect(placeOrderHint({ terms: true })).toBeUndefined();
  });
});

describe('what the shopper has chosen and paid', () => {
  it('the open payment stands for the choice: a provider, or the non-PSP method of its payment; never a gift card', () => {
    const withInvoice = order({ payments: [payment('p1', 'nonpsp_adapter', 'intent', 298.9, { paymentMethod: 'pay-in-store' })] });
    expect(choiceOfOpenPayment(withInvoice, [option('giftcard_adapter', 'GIFT_CARD', 'g1'), option('nonpsp_adapter', 'NON_PSP', 'p1', ['invoice', 'pay-in-store'])])).toEqual({ frontend: 'NON_PSP', adapterId: 'nonpsp_adapter', method: 'pay-in-store' });
    expect(choiceOfOpenPayment(order({}), [option('nonpsp_adapter', 'NON_PSP', null, ['invoice']), option('provider_d', 'PROVIDER', 'p2')])).toEqual({ frontend: 'PROVIDER', adapterId: 'provider_d' });
    expect(choiceOfOpenPayment(order({}), [option('provider_d', 'PROVIDER')])).toBeUndefined();
  });

  it("a delivery a provider's checkout picked counts as none when another way to pay is chosen and the shop had no choice", () => {
    const picked = (shopShippings: unknown[]) => order({ shippings: [{ id: 'b-pickup', name: 'Pick-up point', adapterId: 'provider_b', attributes: { shopShippings } }] });
    const invoice = { frontend: 'NON_PSP', adapterId: 'nonpsp_adapter', method: 'invoice' } as const;
    expect(deliveryMissing(picked([]), invoice, 2)).toBe(true);
    expect(deliveryMissing(picked([{ id: '1', name: 'Standard parcel' }]), invoice, 2)).toBe(false);
    expect(deliveryMissing(picked([]), { frontend: 'PROVIDER', adapterId: 'provider_b' }, 2)).toBe(false);
    expect(deliveryMissing(order({}), invoice, 2)).toBe(true);
    expect(deliveryMissing(order({}), invoice, 0)).toBe(false);
  });

  it('an invoice is to pay, not paid; a gift card and a reserved card payment are paid — together the total', () => {
    const paidOrder = order({
      amounts: { items: money(249.9), shipping: money(49), total: money(298.9), vat: money(59.78), paid: money(298.9), due: money(0) },
      payments: [payment('g', 'giftcard_adapter', 'reserved', 100.1), payment('i', 'nonpsp_adapter', 'reserved', 198.8, { paymentMethod: 'invoice' }), payment('old', 'provider_d', 'removed', 298.9)],
    });
    expect(orderSettlement(paidOrder, ['nonpsp_adapter'])).toEqual({ paid: 100.1, toPayLater: [{ id: 'i', text: 'To pay by invoice', amount: 198.8 }] });
    const card = order({ amounts: { ...paidOrder.amounts, paid: money(298.9) }, payments: [payment('c', 'provider_d', 'reserved', 298.9)] });
    expect(orderSettlement(card, ['nonpsp_adapter'])).toEqual({ paid: 298.9, toPayLater: [] });
  });
});
