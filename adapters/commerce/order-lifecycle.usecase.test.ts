import { describe, expect, it, jest } from '@jest/globals';
import { PlatformCallError } from '../kit/platform-call.js';
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

const refused = (status: number, code: string) => new PlatformCallError(`http://commerce.test/${code}`, status, { code, message: code }, code);

/**
 * An order of the fixture basket, a platform that answers like the commerce sandbox (a purchase
 * of the basket cancels its pending commerce order and replaces it; completing a cancelled order,
 * or one whose basket moved, is a 409; completing a paid order changes nothing), and the lifecycle over them.
 */
function setUp() {
  const order = { id: 'order-1', currency: 'SEK', cart: mapCart(basket(), managed), shippings: [], customer: { billing }, total: { includingVat: 249.9 }, state: { currentStatus: 'checkout' }, reference: null } as unknown as OrderDocument;
  const platform = { basket: basket() as Basket, orders: new Map<string, CommerceOrder>() };
  const commerceOrder = (id: string, externalReference: string) => ({ id, externalReference, status: 'pending_payment', basketVersion: platform.basket.version, replacedBy: null }) as unknown as CommerceOrder;
  /** Another checkout order (or this one, from another process) purchases the basket: its pending commerce order is replaced. */
  const purchaseBasket = (externalReference: string) => {
    const id = `co-${platform.orders.size + 1}`;
    const pending = platform.basket.orderId ? platform.orders.get(platform.basket.orderId) : undefined;
    if (pending?.status === 'pending_payment') platform.orders.set(pending.id, { ...pending, status: 'cancelled', replacedBy: id });
    platform.orders.set(id, commerceOrder(id, externalReference));
    platform.basket = { ...platform.basket, orderId: id };
    return platform.orders.get(id)!;
  };
  const client = {
    getBasket: jest.fn(async (_reference: string) => platform.basket),
    getOrder: jest.fn(async (id: string) => platform.orders.get(id)!),
    purchase: jest.fn(async (_reference: string, request: { externalReference: string }) => {
      const purchased = purchaseBasket(request.externalReference);
      return { orderId: purchased.id, order: purchased };
    }),
    validatePayment: jest.fn(async () => ({})),
    completePayment: jest.fn(async (id: string, _payment: unknown) => {
      const found = platform.orders.get(id);
      if (!found) throw refused(404, 'order_not_found');
      if (found.status === 'paid') return found;
      if (found.status === 'cancelled') throw refused(409, 'order_cancelled');
      if (found.basketVersion !== platform.basket.version) throw refused(409, 'basket_changed');
      const paid = { ...found, status: 'paid' } as CommerceOrder;
      platform.orders.set(id, paid);
      platform.basket = { ...platform.basket, status: 'completed' };
      return paid;
    }),
    cancelOrder: jest.fn(async (_id: string, _reason: string) => ({})),
  };
  const getOrder = jest.fn(async (_tenant: unknown, id: string) => (id === order.id ? order : { ...order, id }));
  const setReference = jest.fn(async (_tenant: unknown, _orderId: string, reference: string) => {
    order.reference = reference;
    return order;
  });
  const kit = { orders: { getOrder, setReference }, configuration: { get: async () => managed }, logger: { info: () => undefined, warn: () => undefined } } as unknown as AdapterKit<CommerceAdapterConfiguration>;
  const lifecycle = new OrderLifecycle(kit, { for: () => client } as unknown as CommercePlatformClients);
  return { lifecycle, getOrder, setReference, client, platform, order, commerceOrder, purchaseBasket };
}

/** Purchases for order-1, accepts it and marks it completed in the order service, the platform's call counts cleared. */
async function completedAfterPurchase() {
  const setup = setUp();
  await setup.lifecycle.stateChanged(tenant, 'order-1', move('checkout', 'processing'));
  await setup.lifecycle.stateChanged(tenant, 'order-1', move('processing', 'accepted'));
  setup.order.state = { currentStatus: 'completed' } as OrderDocument['state'];
  for (const call of Object.values(setup.client)) call.mockClear();
  setup.getOrder.mockClear();
  return setup;
}

describe('the /state hook after the purchase', () => {
  it('checks the move to accepted by reading only the commerce order it purchased, without reading the order back', async () => {
    const { lifecycle, getOrder, client } = setUp();
    await lifecycle.stateChanged(tenant, 'order-1', move('checkout', 'processing'));
    expect(getOrder).toHaveBeenCalledTimes(1);
    client.getBasket.mockClear();
    await lifecycle.stateChanged(tenant, 'order-1', move('processing', 'accepted'));
    expect(getOrder).toHaveBeenCalledTimes(1);
    expect(client.getBasket).not.toHaveBeenCalled();
    expect(client.getOrder.mock.calls).toEqual([['co-1']]);
  });

  it('still refuses accepted when another order purchased the basket since', async () => {
    const { lifecycle, purchaseBasket } = setUp();
    await lifecycle.stateChanged(tenant, 'order-1', move('checkout', 'processing'));
    purchaseBasket('order-2');
    await expect(lifecycle.stateChanged(tenant, 'order-1', move('processing', 'accepted'))).rejects.toMatchObject({ status: 400, code: 'basket_purchased_elsewhere' });
  });

  it('accepts when its purchase was replaced by one of its own (another process purchased again)', async () => {
    const { lifecycle, client, purchaseBasket } = setUp();
    await lifecycle.stateChanged(tenant, 'order-1', move('checkout', 'processing'));
    purchaseBasket('order-1');
    client.getBasket.mockClear();
    await lifecycle.stateChanged(tenant, 'order-1', move('processing', 'accepted'));
    expect(client.getBasket).toHaveBeenCalledTimes(1);
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

  it('remembers at most 1,000 purchases, forgetting the oldest first', async () => {
    const { lifecycle, getOrder } = setUp();
    for (let i = 0; i <= 1000; i++) await lifecycle.stateChanged(tenant, `order-${i}`, move('checkout', 'processing'));
    getOrder.mockClear();
    await lifecycle.stateChanged(tenant, 'order-1000', move('processing', 'accepted'));
    await lifecycle.stateChanged(tenant, 'order-1', move('processing', 'accepted')).catch(() => undefined); // replaced since: refused
    expect(getOrder).not.toHaveBeenCalled();
    await lifecycle.stateChanged(tenant, 'order-0', move('processing', 'accepted')).catch(() => undefined);
    expect(getOrder.mock.calls.map(([, id]) => id)).toEqual(['order-0']);
  });
});

describe('the export of a completed order', () => {
  it('completes the commerce order it purchased directly, without reading the basket', async () => {
    const { lifecycle, client, setReference, platform } = await completedAfterPurchase();
    await expect(lifecycle.exportOrder(tenant, 'order-1', { value: 'completed' })).resolves.toEqual({ reference: 'co-1' });
    expect(client.getBasket).not.toHaveBeenCalled();
    expect(client.getOrder).not.toHaveBeenCalled();
    expect(client.completePayment.mock.calls).toEqual([['co-1', { amount: 249.9, currency: 'SEK', externalReference: 'order-1' }]]);
    expect(setReference).toHaveBeenCalledWith(tenant, 'order-1', 'co-1');
    expect(platform.orders.get('co-1')!.status).toBe('paid');
  });

  it('completes nothing twice and rewrites no equal reference when the export is delivered again', async () => {
    const { lifecycle, client, setReference } = await completedAfterPurchase();
    await lifecycle.exportOrder(tenant, 'order-1', { value: 'completed' });
    await expect(lifecycle.exportOrder(tenant, 'order-1', { value: 'completed' })).resolves.toEqual({ reference: 'co-1' });
    expect(client.completePayment).toHaveBeenCalledTimes(1);
    expect(setReference).toHaveBeenCalledTimes(1);
  });

  it('completes nothing when the order already carries the remembered commerce order as its reference (exported elsewhere)', async () => {
    const { lifecycle, client, setReference, order } = await completedAfterPurchase();
    order.reference = 'co-1';
    await expect(lifecycle.exportOrder(tenant, 'order-1', { value: 'completed' })).resolves.toEqual({ reference: 'co-1' });
    expect(client.completePayment).not.toHaveBeenCalled();
    expect(setReference).not.toHaveBeenCalled();
  });

  it("reads the basket's latest commerce order when nothing is remembered", async () => {
    const { lifecycle, client, setReference, platform, order, purchaseBasket } = setUp();
    purchaseBasket('order-1');
    order.state = { currentStatus: 'completed' } as OrderDocument['state'];
    await expect(lifecycle.exportOrder(tenant, 'order-1', { value: 'completed' })).resolves.toEqual({ reference: 'co-1' });
    expect(client.getBasket).toHaveBeenCalledTimes(1);
    expect(client.getOrder.mock.calls).toEqual([['co-1']]);
    expect(setReference).toHaveBeenCalledWith(tenant, 'order-1', 'co-1');
    expect(platform.orders.get('co-1')!.status).toBe('paid');
  });

  it("falls back to the basket's latest commerce order when the remembered one was replaced", async () => {
    const { lifecycle, client, platform, purchaseBasket } = await completedAfterPurchase();
    purchaseBasket('order-1');
    await expect(lifecycle.exportOrder(tenant, 'order-1', { value: 'completed' })).resolves.toEqual({ reference: 'co-2' });
    expect(client.completePayment.mock.calls.map(([id]) => id)).toEqual(['co-1', 'co-2']);
    expect(client.purchase).not.toHaveBeenCalled();
    expect(platform.orders.get('co-2')!.status).toBe('paid');
  });

  it('purchases again, once, when the basket moved after the purchase', async () => {
    const { lifecycle, client, platform } = await completedAfterPurchase();
    platform.basket = { ...platform.basket, version: platform.basket.version + 1 };
    await expect(lifecycle.exportOrder(tenant, 'order-1', { value: 'completed' })).resolves.toEqual({ reference: 'co-2' });
    expect(client.purchase).toHaveBeenCalledTimes(1);
    expect(client.completePayment.mock.calls.map(([id]) => id)).toEqual(['co-1', 'co-1', 'co-2']);
    expect(platform.orders.get('co-2')!.status).toBe('paid');
  });

  it('forgets a purchase that went back to checkout', async () => {
    const { lifecycle, client, order } = setUp();
    await lifecycle.stateChanged(tenant, 'order-1', move('checkout', 'processing'));
    await lifecycle.stateChanged(tenant, 'order-1', move('processing', 'checkout'));
    order.state = { currentStatus: 'completed' } as OrderDocument['state'];
    client.getBasket.mockClear();
    await lifecycle.exportOrder(tenant, 'order-1', { value: 'completed' });
    expect(client.getBasket).toHaveBeenCalledTimes(1);
  });
});
