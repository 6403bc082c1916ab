import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { paymentRequestOf, RETURN_PATH, shopperDetailsOf, toMajor, toMinor } from './provider-d.mapper.js';
import { outcomeOf } from './result-code.rules.js';
import { apiBaseOf, PROVIDER_D_API_VERSION } from './provider-d-api.client.js';
import { hasValidSignature, signingPayload, type NotificationItem } from './webhook.verifier.js';
import { redacted } from './provider-d-payment.flow.js';
import { browserDetailsOf, browserSubmitOf, recurringFieldsOf } from './drop-in-submit.rules.js';
import type { PaymentCaptureRequest, PaymentRequest } from './provider-d.types.js';

const KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const item: NotificationItem = { pspReference: 'PSP1', merchantAccountCode: 'Acct', merchantReference: 'order-1', amount: { value: 1000, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true' };
/** The drop-in's browserInfo, every published field. */
const BROWSER = { acceptHeader: '*/*', colorDepth: 24, javaEnabled: false, language: 'nb-NO', screenHeight: 844, screenWidth: 390, timeZoneOffset: -60, userAgent: 'jest' };
const RETURN = `https://adapter.example${RETURN_PATH}`;
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
    const submit = browserSubmitOf({ paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111' }, amount: { value: 1, currency: 'NOK' }, merchantAccount: 'Other', browserInfo: BROWSER, clientStateDataIndicator: true, splits: [{}] }, undefined);
    const request = paymentRequestOf(submit, order, { id: 'p-1', adapterId: 'x', state: 'intent', amount: 100 }, { apiSettings: {} } as never, {}, RETURN);
    expect(request).toMatchObject({ amount: { value: 10000, currency: 'NOK' }, reference: 'o-1', browserInfo: BROWSER, channel: 'Web', shopperInteraction: 'Ecommerce', metadata: { merchant: 'm', channel: 'c', orderId: 'o-1', paymentId: 'p-1' } });
    for (const field of ['merchantAccount', 'splits', 'shopperReference', 'clientStateDataIndicator', 'shopperIP', 'shopperEmail', 'billingAddress']) expect(request).not.toHaveProperty(field);
    expect(redacted(request)).toMatchObject({ paymentMethod: { type: 'scheme', encryptedCardNumber: '[redacted]' } });
  });

  it("the drop-in's fields are checked against the published shapes: browserInfo whole, origin an origin, the details the published keys", () => {
    const card = { type: 'scheme', encryptedCardNumber: 'x' };
    const invalidField = (submit: Record<string, unknown>) => {
      try {
        browserSubmitOf({ paymentMethod: card, ...submit }, undefined);
      } catch (error) {
        return { status: (error as { status?: number }).status, field: (error as { details?: { field?: string } }).details?.field };
      }
      return undefined;
    };
    expect(invalidField({ browserInfo: { userAgent: 'x' } })).toEqual({ status: 400, field: 'browserInfo' });
    expect(invalidField({ browserInfo: { ...BROWSER, colorDepth: '24' } })).toEqual({ status: 400, field: 'browserInfo' });
    expect(invalidField({ origin: 'https://shop.example/checkout' })).toEqual({ status: 400, field: 'origin' });
    expect(invalidField({ installments: { value: 0 } })).toEqual({ status: 400, field: 'installments' });
    expect(invalidField({ paymentMethod: { encryptedCardNumber: 'x' } })).toEqual({ status: 400, field: 'paymentMethod.type' });
    expect(invalidField({ browserInfo: BROWSER, origin: 'https://shop.example', riskData: { clientData: 'r' }, installments: { value: 3, plan: 'regular' }, checkoutAttemptId: 'a' })).toBeUndefined();
    expect(browserSubmitOf({ paymentMethod: card, riskData: { clientData: 'r', extra: 1 }, conversionId: 'old' }, undefined).fields).toEqual({ paymentMethod: card, riskData: { clientData: 'r' } });
    expect(() => browserDetailsOf({ details: { somethingElse: 'x' } })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => browserDetailsOf({ details: { threeDSResult: 1 } })).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("3-D Secure 2's shopper details come from the order's customer in the published shapes; the shopper's IP, channel and origin from the server's side", () => {
    const customer = {
      billing: { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'kari@example.com', phone: '+47 912 34 567' },
      shipping: { givenName: 'Ola', familyName: 'Nordmann', streetAddress: '12B Main St', streetAddress2: 'Flat 3', postalCode: 'E1 6AN', city: 'London', region: 'Greater London', country: 'GB' },
    };
    const order = { id: 'o-1', merchant: 'm', channel: 'c', currency: 'NOK', country: 'NO', customer } as never;
    // The browser names other details: they are dropped, the order's are sent.
    const submit = browserSubmitOf({ paymentMethod: { type: 'scheme' }, origin: 'https://evil.example', shopperEmail: 'x@evil.example', billingAddress: { street: 'Elsewhere' }, shopperIP: '6.6.6.6', shopperName: { firstName: 'X', lastName: 'Y' }, telephoneNumber: '+1000000' }, undefined);
    const request = paymentRequestOf(submit, order, { id: 'p-1', adapterId: 'x', state: 'intent', amount: 1 }, { apiSettings: {}, redirectUrls: { checkoutUrl: 'https://shop.example:8443/checkout/{orderId}' } } as never, { shopperIP: '203.0.113.7' }, RETURN);
    expect(request).toMatchObject({
      shopperEmail: 'kari@example.com',
      shopperName: { firstName: 'Kari', lastName: 'Nordmann' },
      telephoneNumber: '+4791234567',
      billingAddress: { street: 'Storgata', houseNumberOrName: '1', postalCode: '0155', city: 'Oslo', country: 'NO' },
      deliveryAddress: { street: 'Main St', houseNumberOrName: '12B, Flat 3', postalCode: 'E1 6AN', city: 'London', stateOrProvince: 'Greater London', country: 'GB', firstName: 'Ola', lastName: 'Nordmann' },
      shopperIP: '203.0.113.7',
      channel: 'Web',
      origin: 'https://shop.example:8443',
    });
    // Without a configured checkout page the drop-in's origin is used; what the order lacks is left out, never made up.
    const bare = { ...order as object, customer: { billing: { givenName: 'Kari', email: 'kari@example.com', phone: '91234567', streetAddress: 'Storgata', city: 'Oslo', country: 'NO' } } } as never;
    const unsure = paymentRequestOf(browserSubmitOf({ paymentMethod: { type: 'scheme' }, origin: 'https://shop.example' }, undefined), bare, { id: 'p-1', adapterId: 'x', state: 'intent', amount: 1 }, { apiSettings: {} } as never, {}, RETURN);
    expect(unsure).toMatchObject({ shopperEmail: 'kari@example.com', origin: 'https://shop.example' });
    for (const field of ['shopperName', 'telephoneNumber', 'billingAddress', 'deliveryAddress', 'shopperIP']) expect(unsure).not.toHaveProperty(field);
    expect(shopperDetailsOf({ ...order as object, customer: { billing: { streetAddress: 'Hovedgaten', postalCode: '1', city: 'X', country: 'NO', phone: '0047 912-34-567' } } } as never)).toEqual({ telephoneNumber: '+4791234567', billingAddress: { street: 'Hovedgaten', houseNumberOrName: '', postalCode: '1', city: 'X', country: 'NO' } });
  });

  it('returnUrl (required by /payments) is always sent: the configured returnUrl, else checkoutUrl, else the adapter\'s own return page', () => {
    const order = { id: 'o 1', merchant: 'm', channel: 'c', currency: 'NOK' } as never;
    const submit = browserSubmitOf({ paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111' } }, undefined);
    const returnOf = (redirectUrls: object | undefined) => paymentRequestOf(submit, order, { id: 'p-1', adapterId: 'x', state: 'intent', amount: 1 }, { apiSettings: {}, ...(redirectUrls ? { redirectUrls } : {}) } as never, {}, `https://adapter.example${RETURN_PATH}`).returnUrl;
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

  it("the request bodies are the provider's own library models (@adyen/api-library): what it does not publish, or types otherwise, fails the type check", () => {
    const payment: Omit<PaymentRequest, 'merchantAccount'> = {
      amount: { value: 100, currency: 'NOK' },
      reference: 'o-1',
      returnUrl: 'https://shop.example/back',
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'x' },
      channel: 'Web',
      // @ts-expect-error — not a field of the published PaymentRequest (the IP is `shopperIP`)
      shopperIp: '203.0.113.5',
    };
    // @ts-expect-error — the published channels are iOS, Android and Web
    const channel: PaymentRequest['channel'] = 'Desktop';
    // @ts-expect-error — a capture names its amount
    const capture: Omit<PaymentCaptureRequest, 'merchantAccount'> = { reference: 'p-1:captures' };
    expect([payment.reference, channel, capture.reference]).toEqual(['o-1', 'Desktop', 'p-1:captures']);
  });
});

