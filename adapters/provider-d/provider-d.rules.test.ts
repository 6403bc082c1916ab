import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { paymentRequestOf, toMajor, toMinor } from './provider-d.mapper.js';
import { outcomeOf } from './result-code.rules.js';
import { hasValidSignature, signingPayload, type NotificationItem } from './webhook.verifier.js';
import { redacted } from './provider-d-payment.flow.js';

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
    const request = paymentRequestOf({ paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111' }, amount: { value: 1, currency: 'NOK' }, browserInfo: { a: 1 } }, order, { id: 'p-1', adapterId: 'x', state: 'intent', amount: 100 }, { apiSettings: {} } as never);
    expect(request).toMatchObject({ amount: { value: 10000, currency: 'NOK' }, reference: 'o-1', browserInfo: { a: 1 }, metadata: { merchant: 'm', channel: 'c', orderId: 'o-1', paymentId: 'p-1' } });
    expect(redacted(request)).toMatchObject({ paymentMethod: { type: 'scheme', encryptedCardNumber: '[redacted]' } });
  });
});
