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

  it('reads the codes as GraphQL answers them, in capitals', () => {
    const error = new ApiError('At most 99.9 of payment 5224a94c-1111-4222-8333-944455556666 can still be refunded (50 of 149.9 already was).', 'REFUND_EXCEEDS_CAPTURED', { refundable: 99.9, refundedAmount: 50 });
    expect(plain(actionProblem(error, 'order-1', payments))).toMatch(/^At most NOK 99\.90 of the Invoice \(nonpsp\) payment can still be refunded/);
  });

  it('says who refused a payment action and why, or that the adapter cannot do it, without codes or ids', () => {
    const id = payments[0]!.id;
    const failed = (reason: string, message: string) =>
      new ApiError(`The cancel of payment ${id} by nonpsp_adapter failed: ${message}`, 'PAYMENT_CALLBACK_FAILED', { paymentId: id, adapterId: 'nonpsp_adapter', reason, message });
    expect(actionProblem(failed('refused', 'Already settled at the provider'), 'order-1', payments)).toBe(
      'The nonpsp adapter refused to cancel the Invoice (nonpsp) payment: Already settled at the provider. Nothing was changed.',
    );
    expect(actionProblem(failed('timeout', 'no answer within 5000 ms'), 'order-1', payments)).toBe(
      'The nonpsp adapter did not answer in time to cancel the Invoice (nonpsp) payment. It may still happen at the provider: use Refresh, or Reload in a while, to see.',
    );
    expect(actionProblem(failed('unreachable', 'could not be reached (ECONNREFUSED)'), 'order-1', payments)).toBe(
      'The nonpsp adapter could not be reached to cancel the Invoice (nonpsp) payment. Nothing was changed; try again in a while.',
    );
    expect(actionProblem(failed('error_status', 'answered HTTP 500'), 'order-1', payments)).toBe(
      'The nonpsp adapter failed to cancel the Invoice (nonpsp) payment (answered HTTP 500). Use Refresh, or Reload in a while, to see what happened at the provider.',
    );
    const unavailable = new ApiError(`Payment ${id} of nonpsp_adapter registered no cancel callback; its adapter cannot cancel it.`, 'PAYMENT_ACTION_UNAVAILABLE', { paymentId: id, adapterId: 'nonpsp_adapter' });
    expect(actionProblem(unavailable, 'order-1', payments)).toBe('The nonpsp adapter cannot cancel the Invoice (nonpsp) payment: it registered no cancel callback for it. Nothing was changed.');
  });

  it('replaces ids in other messages by names', () => {
    const error = new ApiError('Payment 5224a94c-1111-4222-8333-944455556666 of order 0b9f6a7e-1111-4222-8333-944455556666 cannot move from captured to cancelled.', 'illegal_payment_transition');
    const text = actionProblem(error, '0b9f6a7e-1111-4222-8333-944455556666', payments);
    expect(text).toBe('The Invoice (nonpsp) payment of this order cannot move from captured to cancelled.');
    expect(text).not.toMatch(/[0-9a-f]{8}-/);
  });
});
