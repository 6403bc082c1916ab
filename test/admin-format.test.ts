import { describe, expect, it } from '@jest/globals';
import { actionProblem } from '../web/admin/src/action-problem.js';
import { ApiError } from '../web/admin/src/api.js';
import { formatMoney, formatTime } from '../web/admin/src/format.js';
import { describeEvent } from '../web/admin/src/order-events.js';

// How the admin app writes money, time, events and action errors for an operator
// (web/admin/src/format.ts, order-events.ts, action-problem.ts; docs/admin.md).

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('the admin’s money and time', () => {
  it('writes amounts in major units with their currency’s decimals, in the locale', () => {
    expect(plain(formatMoney(1249.9, 'NOK', 'en-US'))).toBe('NOK 1,249.90');
    expect(plain(formatMoney(1249.9, 'NOK', 'nb-NO'))).toBe('1 249,90 NOK');
    expect(plain(formatMoney(1250, 'JPY', 'en-US'))).toBe('JPY 1,250');
    expect(plain(formatMoney(12.345, 'KWD', 'en-US'))).toBe('KWD 12.345');
    expect(plain(formatMoney(12.3, 'KWD', 'en-US'))).toBe('KWD 12.300');
  });

  it('never rounds an amount recorded finer than its currency allows', () => {
    expect(plain(formatMoney(62.345, 'NOK', 'en-US'))).toBe('NOK 62.345');
    expect(plain(formatMoney(1.5, 'JPY', 'en-US'))).toBe('JPY 1.5');
  });

  it('writes a dash for no amount, and the number alone without a currency', () => {
    expect(formatMoney(null, 'NOK')).toBe('—');
    expect(formatMoney(12.5, null, 'en-US')).toBe('12.5');
  });

  it('writes a moment in the given zone with the zone named', () => {
    expect(plain(formatTime('2026-11-27T20:04:05.000Z', { locale: 'en-GB', timeZone: 'Europe/Oslo' }))).toBe('27 Nov 2026, 21:04:05 CET');
    expect(plain(formatTime('2026-11-27T20:04:05.000Z', { locale: 'en-US', timeZone: 'UTC' }))).toBe('Nov 27, 2026, 08:04:05 PM UTC');
    expect(formatTime(null)).toBe('—');
  });
});

describe('the admin’s timeline', () => {
  const event = (type: string, data: unknown) => ({ id: 'e1', type, version: 2, actor: 'x', data, createdAt: '2026-11-27T20:04:05.000Z' });
  const names = (id: string) => (id === 'pay-1' ? 'the Card (provider a) payment' : undefined);

  it('tells each event in words, payments by name', () => {
    expect(describeEvent(event('order.created', { action: 'order.created' }), names)).toBe('Order created');
    expect(describeEvent(event('order.changed', { action: 'status.changed', status: { from: 'processing', to: 'completed' }, changes: ['/state/currentStatus'] }), names)).toBe('Status changed from processing to completed');
    expect(describeEvent(event('order.changed', { action: 'customer.billing.set', changes: ['/customer/billing/email'], hooks: [{ adapterId: 'commerce_adapter', patched: true }] }), names)).toBe(
      'Billing address set; changed: billing address; adjusted by commerce',
    );
    expect(describeEvent(event('order.changed', { action: 'shippings.replaced', changes: ['/shippings', '/total'] }), names)).toBe('Shippings replaced; changed: shipping, total');
    expect(describeEvent(event('payment.callback', { callback: 'capture', paymentId: 'pay-1', adapterId: 'provider_a_adapter', succeeded: true }), names)).toBe(
      'Capture of the Card (provider a) payment at provider a succeeded',
    );
    expect(describeEvent(event('payment.callback', { callback: 'refund', paymentId: 'other', adapterId: 'provider_b_adapter', succeeded: false, message: 'Declined' }), names)).toBe(
      'Refund of a payment at provider b failed: Declined',
    );
    expect(describeEvent(event('order.change_vetoed', { action: 'customer.billing.set', adapterId: 'commerce_adapter', hookMessage: 'Postal code unknown' }), names)).toBe(
      'Billing address set refused by commerce: Postal code unknown',
    );
    expect(describeEvent(event('notification.dead_lettered', { attempt: 2, error: 'unreachable: refused' }), names)).toBe('Notification gave up after 2 attempts: unreachable: refused');
    expect(describeEvent(event('something.new', null), names)).toBe('Something new');
  });
});

describe('the admin’s action errors', () => {
  const payments = [{ id: '5224a94c-1111-4222-8333-944455556666', label: 'the Invoice (nonpsp) payment', amount: 149.9, currency: 'NOK' }];

  it('says how much is left to refund in the currency, naming the payment, not its id', () => {
    const error = new ApiError('At most 99.9 of payment 5224a94c-1111-4222-8333-944455556666 can still be refunded (50 of 149.9 already was).', 'refund_exceeds_captured', { refundable: 99.9, refundedAmount: 50 });
    const text = plain(actionProblem(error, 'order-1', payments));
    expect(text).toMatch(/^At most NOK 99\.90 of the Invoice \(nonpsp\) payment can still be refunded \(NOK 50\.00 of NOK 149\.90 already was\)\.$/);
  });

  it('replaces ids in other messages by names', () => {
    const error = new ApiError('Payment 5224a94c-1111-4222-8333-944455556666 of order 0b9f6a7e-1111-4222-8333-944455556666 cannot move from captured to cancelled.', 'illegal_payment_transition');
    const text = actionProblem(error, '0b9f6a7e-1111-4222-8333-944455556666', payments);
    expect(text).toBe('The Invoice (nonpsp) payment of this order cannot move from captured to cancelled.');
    expect(text).not.toMatch(/[0-9a-f]{8}-/);
  });
});
