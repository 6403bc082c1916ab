import { describe, expect, it } from '@jest/globals';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { attentionOf } from './order-attention.rules.js';

type Attended = Parameters<typeof attentionOf>[0];
/** An order whose total is what its payments cover (10 each, cancelled, failed and removed ones aside). */
const order = (status: OrderDocument['state']['currentStatus'], states: string[], total?: number): Attended => ({
  id: 'o',
  currency: 'NOK',
  state: { currentStatus: status, transitions: [] },
  payments: states.map((state, index) => ({ id: `p${index}`, adapterId: 'a', state, amount: 10 }) as PaymentDocument),
  total: { includingVat: total ?? 10 * states.filter((state) => !['cancelled', 'failed', 'removed'].includes(state)).length, excludingVat: 0 },
});

describe('attentionOf', () => {
  it('is null for an order in checkout, whatever its payments (a shopper trying again)', () => {
    expect(attentionOf(order('checkout', ['cancelled']))).toBeNull();
  });

  it('is null while any payment still counts (reserved, captured, or only started)', () => {
    expect(attentionOf(order('completed', ['cancelled', 'reserved']))).toBeNull();
    expect(attentionOf(order('delivered', ['refunded', 'captured'], 10))).toBeNull();
    expect(attentionOf(order('processing', ['cancelled', 'processing']))).toBeNull();
  });

  it('is null for an order without payments, or with only failed and removed ones', () => {
    expect(attentionOf(order('completed', []))).toBeNull();
    expect(attentionOf(order('completed', ['failed', 'removed']))).toBeNull();
  });

  it('is payments_voided past checkout once every counted payment is cancelled or refunded, naming them', () => {
    expect(attentionOf(order('completed', ['cancelled']))).toEqual({
      code: 'payments_voided',
      message: 'Every payment of this order is cancelled or refunded (1 cancelled): nothing is paid for it. Contact the customer; the order cannot be delivered.',
      paymentIds: ['p0'],
    });
    const mixed = attentionOf(order('delivered', ['refunded', 'failed', 'cancelled']));
    expect(mixed?.paymentIds).toEqual(['p0', 'p2']);
    expect(mixed?.message).toBe('Every payment of this order is cancelled or refunded (1 cancelled, 1 refunded): nothing is paid for it. Contact the customer.');
  });

  it('is payment_due once accepted when held and pending payments fall short of the total (a refund, a declined pending payment)', () => {
    expect(attentionOf(order('accepted', ['pending']))).toBeNull();
    expect(attentionOf(order('accepted', ['failed'], 10))).toEqual({
      code: 'payment_due',
      message: 'NOK 10.00 of this order is no longer paid for (a payment was refunded, cancelled or declined after the order was accepted). Contact the customer; the order cannot be delivered until it is paid.',
      paymentIds: ['p0'],
    });
    const partlyRefunded: Attended = { ...order('completed', ['captured', 'removed'], 10) };
    partlyRefunded.payments[0] = { ...partlyRefunded.payments[0]!, refundedAmount: 2.5 };
    expect(attentionOf(partlyRefunded)).toMatchObject({ code: 'payment_due', paymentIds: ['p0'], message: expect.stringMatching(/^NOK 2\.50 /) });
    expect(attentionOf(order('delivered', ['captured', 'cancelled'], 20))?.message).toMatch(/^NOK 10\.00 .*Contact the customer\.$/);
  });

  it('is never payment_due before accepted (processing waits on its payments)', () => {
    expect(attentionOf(order('processing', ['intent'], 10))).toBeNull();
  });
});
