import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { paymentRequestOf, RETURN_PATH, toMajor, toMinor } from './provider-d.mapper.js';
import { outcomeOf } from './result-code.rules.js';
import { apiBaseOf, PROVIDER_D_API_VERSION } from './provider-d-api.client.js';
import { hasValidSignature, signingPayload, type NotificationItem } from './webhook.verifier.js';
import { redacted } from './provider-d-payment.flow.js';
import { browserDetailsOf, browserSubmitOf, recurringFieldsOf } from './drop-in-submit.rules.js';

const KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const item: NotificationItem = { pspReference: 'PSP1', merchantAccountCode: 'Acct', merchantReference: 'order-1', amount: { value: 1000, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true' };
const signed = (fields: NotificationItem) => ({ ...fields, additionalData: { hmacSignature: createHmac('sha256', Buffer.from(KEY, 'hex')).update(signingPayload(fields)).digest('base64') } });

describe('provider D rules', () => {
  it('amounts in minor units by the currency exponent, both ways', () => {
    expect(toMinor(249.9, 'NOK')).toEqual({ value: 24990, currency: 'NOK' });
    expect(toMinor(0.1 + 0.2, 'EUR')).toEqual({ value: 30, currency: 'EUR' });
    expect(toMinor(1500, 'JPY')).toEqual({ value: 1500, currency: 'JPY' });
    expect(toMinor(1.234, 'KWD')).toEqual({ value: 1234, currency: 'KWD' });
    expect(toMajor({ value: 24990, currency: 'NOK' })).toBe(249.9);
  });

  it("exponents are the provider's currency table where it departs from ISO 4217 (CLP, ISK: 2; CVE, IDR: 0)", () => {
    expect(toMinor(2790, 'ISK')).toEqual({ value: 279000, currency: 'ISK' });
    expect(toMinor(1500, 'CLP')).toEqual({ value: 150000, currency: 'CLP' });
    expect(toMinor(1200, 'CVE')).toEqual({ value: 1200, currency: 'CVE' });
    expect(toMinor(15000, 'IDR')).toEqual({ value: 15000, currency: 'IDR' });
    expect(toMajor({ value: 279000, currency: 'ISK' })).toBe(2790);
    expect(toMajor({ value: 1200, currency: 'CVE' })).toBe(1200);
  });

  it('the API is pinned to v71 whatever version the configured apiUrl ends in', () => {
    expect(apiBaseOf('https://checkout-test.adyen.com/v71')).toBe('https://checkout-test.adyen.com');
    expect(apiBaseOf('https://checkout-test.adyen.com/v68/')).toBe('https://checkout-test.adyen.com');
    expect(apiBaseOf('http://127.0.0.1:4206')).toBe('http://127.0.0.1:4206');
    expect(PROVIDER_D_API_VERSION).toBe('v71');
  });

  it('the signed string and its HMAC; any changed field or another key fails', () => {
    expect(signingPayload(item)).toBe('PSP1::Acct:order-1:1000:EUR:AUTHORISATION:true');
    expect(hasValidSignature(signed(item), KEY)).toBe(true);
    expect(hasValidSignature({ ...signed(item), success: 'false' }, KEY)).toBe(false);
    expect(hasValidSignature(signed(item), '00'.repeat(32))).toBe(false);
    expect(hasValidSignature(signed(item), undefined)).toBe(false);
    expect(hasValidSignature({ ...item, additionalData: {} }, KEY)).toBe(false);
  });

  it('result codes: an action wins, unknown codes fail', () => {
    expect(outcomeOf('Authorised', false)).toBe('authorised');
    expect(outcomeOf('ChallengeShopper', true)).toBe('action');
    expect(outcomeOf('Received', false)).toBe('pending');
    expect(outcomeOf('Cancelled', false)).toBe('failed');
    expect(outcomeOf('SomethingNew', false)).toBe('failed');
  });

  it('the submit is forwarded with the order\'s amount and reference (never the browser\'s); card fields are redacted in logs', () => {
    const order = { id: 'o-1', merchant: 'm', channel: 'c', currency: 'NOK', country: 'NO', culture: 'nb-NO' } as never;
    const submit = browserSubmitOf({ paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111' }, amount: { value: 1, currency: 'NOK' }, merchantAccount: 'Other', browserInfo: { a: 1 }, splits: [{}] }, undefined);
    const request = paymentRequestOf(submit, order, { id: 'p-1', adapterId: 'x', state: 'intent', amount: 100 }, { apiSettings: {} } as never);
    expect(request).toMatchObject({ amount: { value: 10000, currency: 'NOK' }, reference: 'o-1', browserInfo: { a: 1 }, shopperInteraction: 'Ecommerce', metadata: { merchant: 'm', channel: 'c', orderId: 'o-1', paymentId: 'p-1' } });
    expect(request).not.toHaveProperty('merchantAccount');
    expect(request).not.toHaveProperty('splits');
    expect(request).not.toHaveProperty('shopperReference');
    expect(redacted(request)).toMatchObject({ paymentMethod: { type: 'scheme', encryptedCardNumber: '[redacted]' } });
  });

  it('returnUrl (required by /payments) is always sent: the configured returnUrl, else checkoutUrl, else the adapter\'s own return page', () => {
    const order = { id: 'o 1', merchant: 'm', channel: 'c', currency: 'NOK' } as never;
    const submit = browserSubmitOf({ paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111' } }, undefined);
    const returnOf = (redirectUrls: object | undefined) => paymentRequestOf(submit, order, { id: 'p-1', adapterId: 'x', state: 'intent', amount: 1 }, { apiSettings: {}, ...(redirectUrls ? { redirectUrls } : {}) } as never, `https://adapter.example${RETURN_PATH}`).returnUrl;
    expect(returnOf({ returnUrl: 'https://shop.example/{channel}/back/{orderId}', checkoutUrl: 'https://shop.example/checkout' })).toBe('https://shop.example/c/back/o%201');
    expect(returnOf({ checkoutUrl: 'https://shop.example/checkout/{orderId}' })).toBe('https://shop.example/checkout/o%201');
    expect(returnOf(undefined)).toBe('https://adapter.example/api/checkout/v1/callback/provider-d/return?orderId=o%201');
  });

  it('a browser never names the shopper, a recurring model or a shopper interaction', () => {
    const card = { type: 'scheme', encryptedCardNumber: 'x' };
    const refusedField = (submit: unknown, shopper?: string) => {
      try {
        browserSubmitOf(submit, shopper);
      } catch (error) {
        return { status: (error as { status?: number }).status, field: (error as { details?: { field?: string } }).details?.field };
      }
      return undefined;
    };
    expect(refusedField({ paymentMethod: card, shopperReference: 'someone-else' }, 'shopper-1')).toEqual({ status: 403, field: 'shopperReference' });
    expect(refusedField({ paymentMethod: card, shopperReference: 'someone' })).toEqual({ status: 403, field: 'shopperReference' });
    expect(refusedField({ paymentMethod: card, recurringProcessingModel: 'Subscription' }, 'shopper-1')).toEqual({ status: 403, field: 'recurringProcessingModel' });
    expect(refusedField({ paymentMethod: card, shopperInteraction: 'ContAuth' }, 'shopper-1')).toEqual({ status: 403, field: 'shopperInteraction' });
    expect(refusedField({ paymentMethod: card, storedPaymentMethodId: 'T1' }, 'shopper-1')).toEqual({ status: 403, field: 'storedPaymentMethodId' });
    expect(refusedField({ paymentMethod: { type: 'scheme', storedPaymentMethodId: 'T1' } })).toEqual({ status: 403, field: 'paymentMethod.storedPaymentMethodId' });
    expect(refusedField({ paymentMethod: { type: 'scheme', storedPaymentMethodId: 'T1', recurringDetailReference: 'T2' } }, 'shopper-1')).toEqual({ status: 403, field: 'paymentMethod.recurringDetailReference' });
    expect(refusedField({ paymentMethod: card, storePaymentMethod: true })).toEqual({ status: 403, field: 'storePaymentMethod' });
    expect(refusedField({ paymentMethod: 'scheme' })).toEqual({ status: 400, field: undefined });
    // The order's own shopper, repeated by the browser, is fine.
    expect(refusedField({ paymentMethod: card, shopperReference: 'shopper-1' }, 'shopper-1')).toBeUndefined();
  });

  it('the recurring fields are the adapter\'s: storing a card, paying one-click with a stored one', () => {
    const stored = browserSubmitOf({ paymentMethod: { type: 'scheme', recurringDetailReference: 'T1', encryptedSecurityCode: 'x' } }, 'shopper-1');
    expect(stored.storedPaymentMethodId).toBe('T1');
    expect(stored.fields.paymentMethod).toEqual({ type: 'scheme', storedPaymentMethodId: 'T1', encryptedSecurityCode: 'x' });
    expect(recurringFieldsOf(stored, 'shopper-1')).toEqual({ shopperReference: 'shopper-1', shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile' });
    const storing = browserSubmitOf({ paymentMethod: { type: 'scheme' }, storePaymentMethod: true }, 'shopper-1');
    expect(recurringFieldsOf(storing, 'shopper-1')).toEqual({ shopperReference: 'shopper-1', shopperInteraction: 'Ecommerce', recurringProcessingModel: 'CardOnFile', storePaymentMethod: true });
    expect(browserDetailsOf({ details: { threeDSResult: 'x' }, paymentData: 'p', shopperReference: 'other' })).toEqual({ details: { threeDSResult: 'x' }, paymentData: 'p' });
  });
});
