import { describe, expect, it } from '@jest/globals';
import { basket, buyer, configuration, standardParcel } from './basket-order.fixtures.js';
import { EXPORT_NOTIFICATION_DESCRIPTION, newOrderFromBasket } from './new-order.factory.js';

const tenant = { merchant: 'm-1', channel: 'web' };
const request = { cartReference: 'basket-1', culture: 'sv-SE', currency: 'SEK' };
const base = 'http://adapter.test/api/v1/orders/o-1';

describe('new order from a basket', () => {
  it('carries the cart, customer, country and the callbacks of the commerce adapter (full control)', () => {
    const order = newOrderFromBasket({ orderId: 'o-1', tenant, request, basket: basket({ delivery: standardParcel }), buyer: buyer(), configuration: configuration(), publicUrl: 'http://adapter.test/' });
    expect(order).toMatchObject({ id: 'o-1', currency: 'SEK', culture: 'sv-SE', country: 'NO', cart: { reference: 'basket-1', total: { includingVat: 249.9 } } });
    expect(order.shippings).toEqual([expect.objectContaining({ id: 'commerce-delivery-1', merchant: 'm-1', channel: 'web', orderId: 'o-1', total: { includingVat: 49, excludingVat: 39.2 } })]);
    expect(order.customer).toMatchObject({ billing: { email: 'ada@example.com' } });
    expect(order.hooks).toEqual([
      { subscribeTo: '/state', invoke: `${base}/state-changed` },
      { subscribeTo: '/customer', target: '/cart', invoke: `${base}/customer-changed` },
    ]);
    expect(order.notifications).toEqual([
      { description: EXPORT_NOTIFICATION_DESCRIPTION, reference: expect.stringMatching(/^[0-9a-f-]{36}$/), scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: `${base}/export-order` },
    ]);
    expect(order.validations).toEqual([{ url: `${base}/validate` }]);
  });

  it('managed mode: no shipping mapped, and the /shippings hook is added', () => {
    const order = newOrderFromBasket({ orderId: 'o-1', tenant, request, basket: basket({ delivery: standardParcel }), buyer: null, configuration: configuration({ features: { shippingChangedHookEnabled: true } }), publicUrl: 'http://adapter.test' });
    expect(order.shippings).toEqual([]);
    expect(order.customer).toEqual({});
    expect(order.country).toBe('SE');
    expect(order.hooks).toContainEqual({ subscribeTo: '/shippings', invoke: `${base}/shipping-changed` });
  });
});
