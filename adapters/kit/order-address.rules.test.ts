import { describe, expect, it } from '@jest/globals';
import type { OrderDocument } from '../../contracts/order.types.js';
import { fillTemplate, orderValues, ownPayment } from './order-address.rules.js';

describe('fillTemplate', () => {
  it('fills every placeholder, URL-encoded', () => {
    expect(fillTemplate('https://s.example/{merchant}/{channel}/{orderId}?p={paymentId}', { orderId: 'o 1', paymentId: 'p/1', merchant: 'm', channel: 'web shop' })).toBe('https://s.example/m/web%20shop/o%201?p=p%2F1');
  });

  it('empties a placeholder without a value and leaves other braces', () => {
    expect(fillTemplate('https://s.example/{merchant}/{orderId}/{other}', { merchant: 'm' })).toBe('https://s.example/m//{other}');
  });

  it("fills an order's id and tenant", () => {
    expect(fillTemplate('/{merchant}/{channel}/thanks/{orderId}', orderValues({ id: 'o-1', merchant: 'm', channel: 'web' }))).toBe('/m/web/thanks/o-1');
  });
});

describe('ownPayment', () => {
  const order = { id: 'o-1', payments: [{ id: 'p-1', adapterId: 'acme_adapter' }, { id: 'p-2', adapterId: 'other_adapter' }] } as unknown as OrderDocument;

  it("finds the adapter's own payment", () => {
    expect(ownPayment(order, 'acme_adapter', 'p-1').id).toBe('p-1');
  });

  it("answers 404 for another adapter's payment or none", () => {
    const thrown = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(thrown(() => ownPayment(order, 'acme_adapter', 'p-2'))).toMatchObject({ status: 404, code: 'payment_not_found' });
    expect(() => ownPayment(order, 'acme_adapter', 'p-3')).toThrow('Order o-1 has no acme_adapter payment p-3.');
  });
});
