import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { observeExchanges, type ObservedExchange } from '../../platform/http-client/http-client.js';
import { rest } from '../harness/http.js';
import { eventually, orderClient, payInFull } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/**
 * The commerce adapter through real HTTP: the platform, the commerce sandbox and the adapter all
 * running (startTestSystem), the adapter configured per channel as an admin would.
 */

const SECRET = 'checkout-secret';
const full = { merchant: 'm-commerce', channel: 'full' };
const managed = { merchant: 'm-commerce', channel: 'managed' };
const unconfigured = { merchant: 'm-commerce', channel: 'none' };
type Tenant = typeof full;

let system: TestSystem;
let storefront: string;
let service: string;
const admins = new Map<string, Awaited<ReturnType<typeof orderClient>>>();
const seen: string[] = []; // every adapter/configuration answer, to check the secret never appears

const adapterUrl = () => system.urls.commerce_adapter!;
const sandboxUrl = () => system.urls.commerce_sandbox!;
const admin = (t: Tenant) => admins.get(t.channel)!;

const buyer = {
  givenName: 'Ada',
  familyName: 'Lovelace',
  email: 'ada@example.com',
  billing: { givenName: 'Ada', familyName: 'Lovelace', streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
};
const billing = { givenName: 'Ada', familyName: 'Lovelace', streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE', email: 'ada@example.com' };

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  const channels = [full.channel, managed.channel, unconfigured.channel];
  storefront = await system.token({ merchant: full.merchant, channels, role: 'storefront' });
  service = await system.token({ merchant: full.merchant, channels, role: 'service' });
  for (const t of [full, managed, unconfigured]) admins.set(t.channel, await orderClient(system, t, 'admin'));
  expect((await configure(full, false)).status).toBe(201);
  expect((await configure(managed, true)).status).toBe(201);
});
afterAll(async () => {
  await system?.close();
});

async function configure(t: Tenant, shippingChangedHookEnabled: boolean) {
  const token = await system.token({ merchant: t.merchant, channels: [t.channel], role: 'admin' });
  const answer = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${t.merchant}/channels/${t.channel}/configurations/commerce_adapter`, {
    token,
    ...t,
    body: {
      $schema: `${adapterUrl()}/openapi/v1/schemas/commerce_adapter.json`,
      id: 'commerce_adapter',
      active: true,
      adapter: { publicUrl: adapterUrl() },
      settings: { clientId: 1001, applicationId: 1 },
      api: {
        identityAddress: `${sandboxUrl()}/connect/token`,
        identityClientId: 'checkout',
        identityClientSecret: SECRET,
        identityScope: 'commerce',
        apiAddress: sandboxUrl(),
      },
      application: { productUrlPattern: 'https://shop.example/p/{productId}', imageBaseUrl: 'https://cdn.example/{clientId}/' },
      country: { defaultCountry: 'NO' },
      features: { shippingChangedHookEnabled },
    },
  });
  seen.push(JSON.stringify(answer.body));
  return answer;
}

/** The acceptance basket: 2 × 99.95 + 1 × 50 = 249.9. */
async function seedBasket(extra: Record<string, unknown> = {}): Promise<string> {
  const items = [
    { sku: 'SHOE-1', name: 'Running shoe', quantity: 2, unitPrice: 99.95, vatRate: 0.25, image: 'products/shoe-1.jpg' },
    { sku: 'SOCK-1', name: 'Socks', quantity: 1, unitPrice: 50, vatRate: 0.25 },
  ];
  const seeded = await rest(sandboxUrl(), 'POST', '/api/sandbox/baskets', { body: { items, ...extra } });
  expect(seeded.status).toBe(201);
  return seeded.body.id;
}
const sandboxBasket = async (basketId: string) => (await rest(sandboxUrl(), 'GET', `/api/sandbox/baskets/${basketId}`)).body;
const sandboxOrders = async (basketId: string) => (await rest(sandboxUrl(), 'GET', `/api/sandbox/orders?basketId=${basketId}`)).body.orders as any[];

async function adapter(method: string, path: string, t: Tenant, body?: unknown, token = storefront) {
  const answer = await rest(adapterUrl(), method, path, { token, ...t, ...(body === undefined ? {} : { body }) });
  seen.push(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? ''));
  return answer;
}
/** A call as the platform makes it: a call token for this order, purpose, URL and body. */
async function platform(path: string, t: Tenant, orderId: string, purpose: 'validation' | 'hook' | 'notification', body: unknown) {
  const headers = await system.callHeaders({ tenant: t, receiver: 'commerce_adapter', orderId, purpose, url: `${adapterUrl()}${path}`, body });
  const answer = await rest(adapterUrl(), 'POST', path, { headers, body });
  seen.push(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? ''));
  return answer;
}
const createOrder = (basketId: string, t: Tenant = full) => adapter('POST', '/api/v1/orders', t, { cartReference: basketId, culture: 'sv-SE', currency: 'SEK' });

async function newOrder(t: Tenant = full, extra: Record<string, unknown> = { buyer }): Promise<{ orderId: string; basketId: string }> {
  const basketId = await seedBasket(extra);
  const created = await createOrder(basketId, t);
  expect(created.status).toBe(201);
  return { orderId: created.body.id, basketId };
}
async function getOrder(orderId: string, t: Tenant = full) {
  const answer = await admin(t).call('GET', `/${orderId}`);
  expect(answer.status).toBe(200);
  seen.push(JSON.stringify(answer.body));
  return answer.body;
}
const setStatus = (orderId: string, status: string, t: Tenant = full) => admin(t).call('PUT', `/${orderId}/state`, { status });

describe('commerce adapter: configuration', () => {
  it('serves its schema publicly, with the identity secret write-only', async () => {
    const { status, body } = await rest(adapterUrl(), 'GET', '/openapi/v1/schemas/commerce_adapter.json');
    expect(status).toBe(200);
    expect(body.properties.api.properties.identityClientSecret.writeOnly).toBe(true);
    expect(body.properties.api.properties.apiAddress).toMatchObject({ format: 'uri' });
  });

  it('answers 400 "Configuration is missing for this channel." without a configuration', async () => {
    const { status, body } = await createOrder(await seedBasket(), unconfigured);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'configuration_missing', message: 'Configuration is missing for this channel.' });
  });

  it('refuses an unknown basket and another currency', async () => {
    expect((await createOrder('no-such-basket')).body).toMatchObject({ code: 'basket_not_found' });
    const other = await adapter('POST', '/api/v1/orders', full, { cartReference: await seedBasket(), culture: 'sv-SE', currency: 'EUR' });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('currency_mismatch');
  });
});

describe('commerce adapter: order from a basket (full control)', () => {
  it("creates the order with the basket's items and total, the customer, and the adapter's callbacks", async () => {
    const basketId = await seedBasket({ buyer });
    const created = await createOrder(basketId);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), checkoutToken: { token: expect.any(String), orderId: created.body.id, expiresAt: expect.any(String), expiresIn: 1800 } });
    // `location` names the order's resource at the order service, and a GET there finds it.
    const location = created.headers.get('location')!;
    expect(location).toBe(`${system.urls.order}/api/v0/checkout/orders/${created.body.id}`);
    const located = await rest(location, 'GET', '', { token: storefront, ...full });
    expect(located.status).toBe(200);
    expect(located.body.id).toBe(created.body.id);
    const order = await getOrder(created.body.id);

    expect(order).toMatchObject({ currency: 'SEK', culture: 'sv-SE', country: 'SE', state: { currentStatus: 'checkout' } });
    expect(order.cart.reference).toBe(basketId);
    expect(order.cart.total).toEqual({ includingVat: 249.9, excludingVat: 199.92 });
    expect(order.total).toEqual({ includingVat: 249.9, excludingVat: 199.92 });
    expect(order.cart.attributes).toEqual({ currencyId: 1, commerceClientId: 1001 });
    expect(order.cart.items).toHaveLength(2);
    expect(order.cart.items[0]).toEqual({
      id: expect.any(String),
      sku: 'SHOE-1',
      productId: 'SHOE-1',
      name: 'Running shoe',
      quantity: 2,
      unitPrice: { includingVat: 99.95, excludingVat: 79.96 },
      vatRate: 0.25,
      total: { includingVat: 199.9, excludingVat: 159.92 },
      imageUrl: 'https://cdn.example/1001/products/shoe-1.jpg',
      productUrl: 'https://shop.example/p/SHOE-1',
    });
    expect(order.shippings).toEqual([]);
    expect(order.customer.billing).toMatchObject({ givenName: 'Ada', email: 'ada@example.com', city: 'Stockholm', country: 'SE' });

    const base = `${adapterUrl()}/api/v1/orders/${order.id}`;
    expect(order.hooks.map((h: any) => ({ adapterId: h.adapterId, subscribeTo: h.subscribeTo, target: h.target, invoke: h.invoke }))).toEqual([
      { adapterId: 'commerce_adapter', subscribeTo: '/state', target: undefined, invoke: `${base}/state-changed` },
      { adapterId: 'commerce_adapter', subscribeTo: '/customer', target: '/cart', invoke: `${base}/customer-changed` },
    ]);
    expect(order.notifications).toEqual([
      {
        id: expect.any(String),
        adapterId: 'commerce_adapter',
        reference: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        description: expect.stringMatching(/payment/),
        scope: '/state/currentStatus',
        schema: { enum: ['completed'] },
        invoke: `${base}/export-order`,
      },
    ]);
    expect(order.validations).toEqual([{ id: expect.any(String), adapterId: 'commerce_adapter', url: `${base}/validate` }]);
  });

  it('maps the delivery chosen in the commerce platform to the shipping', async () => {
    const { orderId } = await newOrder(full, { buyer, delivery: { deliveryMethodId: 1 } });
    const order = await getOrder(orderId);
    expect(order.shippings).toEqual([
      expect.objectContaining({ id: 'commerce-delivery-1', merchant: full.merchant, channel: full.channel, orderId, adapterId: 'commerce_adapter', name: 'Standard parcel', total: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25 }),
    ]);
    expect(order.total.includingVat).toBe(298.9);
  });

  it('changes an item quantity in the commerce platform and in the order cart', async () => {
    const { orderId, basketId } = await newOrder();
    const sock = (await getOrder(orderId)).cart.items.find((item: any) => item.sku === 'SOCK-1');
    const patched = await adapter('PATCH', `/api/v1/orders/${orderId}/cart/items/${sock.id}`, full, { quantity: 3 });
    expect(patched.status).toBe(200);
    expect(patched.body).toBeUndefined();
    const order = await getOrder(orderId);
    expect(order.cart.items.find((item: any) => item.sku === 'SOCK-1').quantity).toBe(3);
    expect(order.total.includingVat).toBe(349.9);
    expect((await sandboxBasket(basketId)).itemsTotal.includingVat).toBe(349.9);

    expect((await adapter('PATCH', `/api/v1/orders/${orderId}/cart/items/${sock.id}`, full, { quantity: -1 })).status).toBe(400);
    expect((await adapter('PATCH', `/api/v1/orders/${orderId}/cart/items/nope`, full, { quantity: 1 })).body.code).toBe('item_not_found');
  });

  it('sees changes made behind its back only after PATCH /api/v1/orders/{id}; the validation reports them', async () => {
    const { orderId, basketId } = await newOrder();
    await rest(sandboxUrl(), 'PATCH', `/api/sandbox/baskets/${basketId}/items/SHOE-1`, { body: { quantity: 1 } });
    await rest(sandboxUrl(), 'PUT', `/api/sandbox/baskets/${basketId}/buyer`, { body: { ...buyer, billing: { ...buyer.billing, city: 'Uppsala' } } });
    expect((await getOrder(orderId)).total.includingVat).toBe(249.9);

    const direct = await platform(`/api/v1/orders/${orderId}/validate`, full, orderId, 'validation', await getOrder(orderId));
    expect(direct.status).toBe(400);
    expect(direct.body).toEqual([{ code: 'basket_changed', message: expect.stringContaining('refresh the order') }]);
    const validated = await admin(full).call('POST', `/${orderId}/validate`);
    expect(validated.body.details).toContainEqual(expect.objectContaining({ code: 'basket_changed', adapterId: 'commerce_adapter' }));

    const refreshed = await adapter('PATCH', `/api/v1/orders/${orderId}`, full);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ id: orderId, changes: ['/cart', '/customer'] });
    const order = await getOrder(orderId);
    expect(order.total.includingVat).toBe(149.95);
    expect(order.customer.billing.city).toBe('Uppsala');
    expect((await platform(`/api/v1/orders/${orderId}/validate`, full, orderId, 'validation', order)).status).toBe(200);
    expect((await adapter('PATCH', `/api/v1/orders/${orderId}`, full)).body.changes).toEqual([]);
  });

  it('takes platform callbacks only from the platform (a call token for that route), never from a storefront or service token', async () => {
    const { orderId } = await newOrder();
    for (const path of ['validate', 'state-changed', 'customer-changed', 'shipping-changed', 'export-order']) {
      expect((await adapter('POST', `/api/v1/orders/${orderId}/${path}`, full, {})).status).toBe(403);
      expect((await adapter('POST', `/api/v1/orders/${orderId}/${path}`, full, {}, service)).status).toBe(403);
    }
    // A call token for a hook is no validation and no export.
    expect((await platform(`/api/v1/orders/${orderId}/validate`, full, orderId, 'hook', {})).status).toBe(403);
    expect((await platform(`/api/v1/orders/${orderId}/export-order`, full, orderId, 'hook', {})).status).toBe(403);
  });
});

describe('commerce adapter: purchase and export', () => {
  it('refuses checkout → processing without a billing address, with a validation message; the order stays in checkout', async () => {
    const { orderId } = await newOrder(full, {});
    const moved = await setStatus(orderId, 'processing');
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ code: 'hook_vetoed', details: { adapterId: 'commerce_adapter', subscribeTo: '/state', reason: 'rejected' } });
    expect(moved.body.details.hookMessage).toMatch(/^Customer data is missing: a billing address with givenName, .* email is required\.$/);
    expect((await getOrder(orderId)).state.currentStatus).toBe('checkout');

    await admin(full).call('PUT', `/${orderId}/customer/billing`, { ...billing, postalCode: undefined });
    const partial = await setStatus(orderId, 'processing');
    expect(partial.status).toBe(400);
    expect(partial.body.details.hookMessage).toBe('Customer data is missing: the billing address has no postalCode.');
  });

  it('purchases at processing, completes and exports on completed, and sets the reference', async () => {
    const { orderId, basketId } = await newOrder(full, {});
    const billed = await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, { token: storefront, ...full, body: billing });
    expect(billed.status).toBe(200);
    expect((await sandboxBasket(basketId)).buyer).toMatchObject({ email: 'ada@example.com', billing: { city: 'Stockholm' } }); // pushed by the /customer hook
    await payInFull(admin(full), orderId, 249.9);

    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    const [purchased] = await sandboxOrders(basketId);
    expect(purchased).toMatchObject({ status: 'pending_payment', externalReference: orderId, payment: { paymentMethodId: 239, status: 'validated' }, total: { includingVat: 249.9 } });
    expect(purchased.delivery.deliveryMethodId).toBe(128);

    expect((await setStatus(orderId, 'accepted')).status).toBe(200);
    expect((await setStatus(orderId, 'completed')).status).toBe(200);
    const order = await eventually(async () => {
      const current = await getOrder(orderId);
      return current.reference ? current : undefined;
    }, 30_000);
    expect(order.reference).toBe(purchased.id);
    const exported = (await rest(sandboxUrl(), 'GET', `/api/sandbox/orders/${purchased.id}`)).body;
    expect(exported).toMatchObject({ status: 'paid', externalReference: orderId, payment: { status: 'paid', amount: 249.9 } });

    // At-least-once delivery: the same notification again changes nothing.
    const again = await platform(`/api/v1/orders/${orderId}/export-order`, full, orderId, 'notification', { orderId, version: 1, value: 'completed', order });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ reference: purchased.id });
    expect(await sandboxOrders(basketId)).toHaveLength(1);
    expect((await getOrder(orderId)).reference).toBe(purchased.id);
  });

  it('exports only an order the order service says is completed: a forged "completed" delivery changes nothing', async () => {
    const { orderId, basketId } = await newOrder(full, {});
    await admin(full).call('PUT', `/${orderId}/customer/billing`, billing);
    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    // Even signed by the platform (as a replayed or misdirected delivery would be), the body's
    // value and order are not believed: the order is still processing.
    const forged = { orderId, version: 99, value: 'completed', order: { ...(await getOrder(orderId)), state: { currentStatus: 'completed', transitions: [] }, reference: 'forged' } };
    const answer = await platform(`/api/v1/orders/${orderId}/export-order`, full, orderId, 'notification', forged);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ reference: null });
    expect((await getOrder(orderId)).reference).toBeUndefined();
    expect((await sandboxOrders(basketId)).map((order: { status: string }) => order.status)).toEqual(['pending_payment']);
  });

  it("full control purchases with the basket's own delivery method", async () => {
    const { orderId, basketId } = await newOrder(full, { buyer, delivery: { deliveryMethodId: 1 } });
    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    const [purchased] = await sandboxOrders(basketId);
    expect(purchased.delivery.deliveryMethodId).toBe(1);
    expect(purchased.total.includingVat).toBe(298.9);
  });

  it('refuses processing when the basket changed behind its back (the purchase would not match)', async () => {
    const { orderId, basketId } = await newOrder();
    await rest(sandboxUrl(), 'PATCH', `/api/sandbox/baskets/${basketId}/items/SOCK-1`, { body: { quantity: 2 } });
    const moved = await setStatus(orderId, 'processing');
    expect(moved.status).toBe(400);
    expect(moved.body.details.hookMessage).toMatch(/basket changed/);
    expect(await sandboxOrders(basketId)).toHaveLength(0);
  });

  it('vetoes processing with the message when the commerce platform fails; a failed buyer push never blocks the shopper', async () => {
    const { orderId, basketId } = await newOrder();
    await rest(sandboxUrl(), 'POST', '/api/sandbox/failures', { body: { operation: 'purchase', status: 503, message: 'Commerce is down for maintenance.' } });
    const moved = await setStatus(orderId, 'processing');
    expect(moved.status).toBe(400);
    expect(moved.body.details.hookMessage).toBe('The commerce platform refused the purchase: Commerce is down for maintenance.');
    expect((await getOrder(orderId)).state.currentStatus).toBe('checkout');

    await rest(sandboxUrl(), 'POST', '/api/sandbox/failures', { body: { operation: 'setBuyer', status: 503 } });
    const billed = await admin(full).call('PUT', `/${orderId}/customer/billing`, { ...billing, city: 'Malmö' });
    expect(billed.status).toBe(200);
    expect((await sandboxBasket(basketId)).buyer.billing.city).toBe('Stockholm'); // not pushed…
    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    expect((await sandboxOrders(basketId))[0].buyer.billing.city).toBe('Malmö'); // …but purchased with it
  });

  it('lets one checkout order of a basket pay at a time: another is refused while the first is under way', async () => {
    const { orderId: first, basketId } = await newOrder();
    const second = (await createOrder(basketId)).body.id as string;
    expect((await setStatus(first, 'processing')).status).toBe(200);
    const refused = await setStatus(second, 'processing');
    expect(refused.status).toBe(400);
    expect(refused.body.details.hookMessage).toBe(`Basket ${basketId} is being paid by checkout order ${first}; this order can be paid once that one is back in checkout.`);
    expect((await getOrder(second)).state.currentStatus).toBe('checkout');

    // Back in checkout, the first lets the second pay; then the first is refused in turn.
    expect((await setStatus(first, 'checkout')).status).toBe(200);
    expect((await setStatus(second, 'processing')).status).toBe(200);
    expect((await setStatus(first, 'processing')).status).toBe(400);
    expect((await sandboxOrders(basketId)).filter((o) => o.status === 'pending_payment').map((o) => o.externalReference)).toEqual([second]);
  });

  it('accepts one of two checkout orders of a basket moved to processing at once: the basket is paid once', async () => {
    const { orderId: first, basketId } = await newOrder();
    const second = (await createOrder(basketId)).body.id as string;
    for (const orderId of [first, second]) await payInFull(admin(full), orderId, 249.9);
    await Promise.all([setStatus(first, 'processing'), setStatus(second, 'processing')]);
    const accepted: string[] = [];
    for (const orderId of [first, second]) {
      if ((await getOrder(orderId)).state.currentStatus !== 'processing') continue;
      const moved = await setStatus(orderId, 'accepted');
      if (moved.status === 200) accepted.push(orderId);
      else expect(moved.body.details.hookMessage).toMatch(/was purchased by checkout order .* after this order's purchase/);
    }
    expect(accepted).toHaveLength(1);
    const pending = (await sandboxOrders(basketId)).filter((o) => o.status === 'pending_payment');
    expect(pending.map((o) => o.externalReference)).toEqual(accepted);
  });

  it('cancels the pending commerce order when the order goes back to checkout', async () => {
    const { orderId, basketId } = await newOrder();
    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    expect((await setStatus(orderId, 'checkout')).status).toBe(200);
    const [cancelled] = await sandboxOrders(basketId);
    expect(cancelled.status).toBe('cancelled');
    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    expect((await sandboxOrders(basketId)).map((o) => o.status).sort()).toEqual(['cancelled', 'pending_payment']);
  });
});

describe('commerce adapter: calls per storefront action', () => {
  it('a billing change is one commit and one /customer hook call, which reads nothing back from the order service', async () => {
    const { orderId, basketId } = await newOrder(full, {});
    const versionBefore = Number((await admin(full).call('GET', `/${orderId}`)).headers.get('etag')!.replace(/"/g, ''));
    const exchanges: ObservedExchange[] = [];
    const stop = observeExchanges((exchange) => exchanges.push(exchange));
    let billed;
    try {
      billed = await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, { token: storefront, ...full, body: billing });
    } finally {
      stop();
    }
    expect(billed.status).toBe(200);
    expect(billed.headers.get('etag')).toBe(`"${versionBefore + 1}"`); // one commit
    const calls = exchanges.map((exchange) => `${exchange.method} ${new URL(exchange.url).pathname}`);
    expect(calls.filter((call) => call.endsWith('/customer-changed'))).toEqual([`POST /api/v1/orders/${orderId}/customer-changed`]);
    // The hook's body carries the customer and its target, the cart: no read of the order.
    expect(calls.filter((call) => call.includes(`/api/v0/checkout/orders/${orderId}`))).toEqual([]);
    expect((await sandboxBasket(basketId)).buyer).toMatchObject({ email: 'ada@example.com', billing: { city: 'Stockholm' } });
  });
});

describe('commerce adapter: delivery managed by the checkout', () => {
  it('maps no shipping, uses the external method 128, and pushes the checkout shipping to the basket', async () => {
    const { orderId, basketId } = await newOrder(managed, { buyer, delivery: { deliveryMethodId: 1 } });
    const order = await getOrder(orderId, managed);
    expect(order.shippings).toEqual([]);
    expect(order.total.includingVat).toBe(249.9);
    expect(order.hooks.map((h: any) => h.subscribeTo)).toEqual(['/state', '/customer', '/shippings']);
    expect((await sandboxBasket(basketId)).delivery).toMatchObject({ deliveryMethodId: 128, price: { includingVat: 0 } });

    const shipping = { id: 'home', name: 'Home delivery', total: { includingVat: 59, excludingVat: 47.2 }, vatRate: 0.25 };
    expect((await admin(managed).call('PUT', `/${orderId}/shippings`, [shipping])).status).toBe(200);
    // Written by the checkout, the shipping still carries its tenant and order (the order service sets them).
    expect((await getOrder(orderId, managed)).shippings).toEqual([{ ...shipping, merchant: managed.merchant, channel: managed.channel, orderId }]);
    const basket = await sandboxBasket(basketId);
    expect(basket.delivery).toEqual({ deliveryMethodId: 128, name: 'Home delivery', price: { includingVat: 59, excludingVat: 47.2 }, vatRate: 0.25, reference: 'home' });
    expect(basket.total.includingVat).toBe(308.9);

    // A refresh keeps the checkout's shipping (the commerce platform does not own it here).
    expect((await adapter('PATCH', `/api/v1/orders/${orderId}`, managed)).body.changes).toEqual([]);
    expect((await setStatus(orderId, 'processing', managed)).status).toBe(200);
    const [purchased] = await sandboxOrders(basketId);
    expect(purchased).toMatchObject({ delivery: { deliveryMethodId: 128, name: 'Home delivery' }, total: { includingVat: 308.9 }, payment: { status: 'validated' } });
  });
});

describe('commerce adapter: secrets', () => {
  it('never answers the identity secret', async () => {
    const token = await system.token({ merchant: full.merchant, channels: [full.channel], role: 'admin' });
    const read = await rest(system.urls.configuration!, 'GET', `/api/v1/configuration/merchants/${full.merchant}/channels/${full.channel}/configurations/commerce_adapter`, { token, ...full });
    expect(read.body.document.api.identityClientSecret).toBe('********');
    seen.push(JSON.stringify(read.body));
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) expect(text).not.toContain(SECRET);
  });
});
