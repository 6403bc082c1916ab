import { describe, expect, it } from '@jest/globals';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { attentionOf } from './order-attention.rules.js';

const order = (status: OrderDocument['state']['currentStatus'], states: string[]): Pick<OrderDocument, 'state' | 'payments'> => ({
  state: { currentStatus: status, transitions: [] },
  payments: states.map((state, index) => ({ id: `p${index}`, adapterId: 'a', state, amount: 10 }) as PaymentDocument),
});

describe('attentionOf', () => {
  it('is null for an order in checkout, whatever its payments (a shopper trying again)', () => {
    expect(attentionOf(order('checkout', ['cancelled']))).toBeNull();
  });

  it('is null while any payment still counts (reserved, captured, or only started)', () => {
    expect(attentionOf(order('completed', ['cancelled', 'reserved']))).toBeNull();
    expect(attentionOf(order('delivered', ['refunded', 'captured']))).toBeNull();
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
});
