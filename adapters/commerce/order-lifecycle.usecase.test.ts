import { describe, expect, it, jest } from '@jest/globals';
import type { OrderDocument } from '../kit/order-contract.js';
import type { AdapterKit } from '../kit/adapter-kit.js';
import { mapCart } from './basket-order.mapper.js';
import { basket, configuration } from './basket-order.fixtures.js';
import type { CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import type { CommercePlatformClients } from './commerce-platform.client.js';
import type { Basket, CommerceOrder } from './commerce-platform.types.js';
import { OrderLifecycle } from './order-lifecycle.usecase.js';

const tenant = { merchant: 'm-1', channel: 'c-1' };
const managed = configuration({ features: { shippingChangedHookEnabled: true } });
const billing = { givenName: 'Ada', familyName: 'Lovelace', streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE', email: 'ada@example.com' };
const move = (from: string, to: string) => ({ currentStatus: to, transitions: [{ status: from }, { status: to }] }) as unknown as Partial<OrderDocument['state']>;

/** An order of the fixture basket, a platform whose basket purchases go to `purchases`, and the lifecycle over them. */
function setUp() {
  const order = { id: 'order-1', currency: 'SEK', cart: mapCart(basket(), managed), shippings: [], customer: { billing }, total: { includingVat: 249.9 }, state: { currentStatus: 'checkout' } } as unknown as OrderDocument;
  const platform = { basket: basket() as Basket, orders: new Map<string, CommerceOrder>() };
  const commerceOrder = (id: string, externalReference: string) => ({ id, externalReference, status: 'pending_payment' }) as unknown as CommerceOrder;
  const client = {
    getBasket: jest.fn(async (_reference: string) => platform.basket),
    getOrder: jest.fn(async (id: string) => platform.orders.get(id)!),
    purchase: jest.fn(async (_reference: string, request: { externalReference: string }) => {
      const id = `co-${platform.orders.size + 1}`;
      platform.orders.set(id, commerceOrder(id, request.externalReference));
      platform.basket = { ...platform.basket, orderId: id };
      return { orderId: id, order: platform.orders.get(id)! };
    }),
    validatePayment: jest.fn(async () => ({})),
    cancelOrder: jest.fn(async (_id: string, _reason: string) => ({})),
  };
  const getOrder = jest.fn(async () => order);
  const kit = { orders: { getOrder }, configuration: { get: async () => managed }, logger: { info: () => undefined, warn: () => undefined } } as unknown as AdapterKit<CommerceAdapterConfiguration>;
  const lifecycle = new OrderLifecycle(kit, { for: () => client } as unknown as CommercePlatformClients);
  return { lifecycle, getOrder, client, platform, commerceOrder };
}

describe('the /state hook after the purchase', () => {
  it('checks the move to accepted against the basket it purchased, without reading the order back', async () => {
    const { lifecycle, getOrder, client } = setUp();
    await lifecycle.stateChanged(tenant, 'order-1', move('checkout', 'processing'));
    expect(getOrder).toHaveBeenCalledTimes(1);
    await lifecycle.stateChanged(tenant, 'order-1', move('processing', 'accepted'));
    expect(getOrder).toHaveBeenCalledTimes(1);
    expect(client.getBasket).toHaveBeenLastCalledWith('basket-1');
  });

  it('still refuses accepted when another order purchased the basket since', async () => {
    const { lifecycle, platform, commerceOrder } = setUp();
    await lifecycle.stateChanged(tenant, 'order-1', move('checkout', 'processing'));
    platform.orders.set('co-9', commerceOrder('co-9', 'order-2'));
    platform.basket = { ...platform.basket, orderId: 'co-9' };
    await expect(lifecycle.stateChanged(tenant, 'order-1', move('processing', 'accepted'))).rejects.toMatchObject({ status: 400, code: 'basket_purchased_elsewhere' });
  });

  it('reads the order for a move whose purchase another process made', async () => {
    const { lifecycle, getOrder, client } = setUp();
    client.purchase.mockClear();
    await lifecycle.stateChanged(tenant, 'order-1', move('processing', 'checkout'));
    expect(getOrder).toHaveBeenCalledTimes(1);
    await lifecycle.stateChanged(tenant, 'order-1', move('processing', 'accepted'));
    expect(getOrder).toHaveBeenCalledTimes(2);
  });

  it('cancels its pending purchase when the order goes back to checkout', async () => {
    const { lifecycle, getOrder, client } = setUp();
    await lifecycle.stateChanged(tenant, 'order-1', move('checkout', 'processing'));
    await lifecycle.stateChanged(tenant, 'order-1', move('processing', 'checkout'));
    expect(getOrder).toHaveBeenCalledTimes(1);
    expect(client.cancelOrder).toHaveBeenCalledWith('co-1', 'Checkout order order-1 went back to checkout.');
  });
});
