import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../platform/logging/logger.js';
import { createCommerceSandbox, type CommerceSandbox } from '../sandboxes/commerce/commerce-sandbox.app.js';
import { startSandboxes } from '../sandboxes/sandbox.runner.js';
import { discoverSandboxManifests } from '../sandboxes/sandbox-manifests.discovery.js';
import { rest } from './harness/http.js';

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let sandbox: CommerceSandbox;
let url: string;
let token: string;

const buyer = {
  givenName: 'Ada',
  familyName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+46700000000',
  billing: { givenName: 'Ada', familyName: 'Lovelace', streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
};
const twoItems = [
  { sku: 'SHOE-1', name: 'Running shoe', quantity: 2, unitPrice: 99.95, vatRate: 0.25, image: 'products/shoe-1.jpg' },
  { sku: 'SOCK-1', name: 'Socks', quantity: 1, unitPrice: 50, vatRate: 0.25 },
];

async function fetchToken(body: Record<string, string>, form = true): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A call to the bearer-protected commerce API. */
const api = (method: string, path: string, body?: unknown, bearer = token) =>
  rest(url, method, path, { headers: { authorization: `Bearer ${bearer}` }, ...(body === undefined ? {} : { body }) });

async function seedBasket(extra: Record<string, unknown> = {}): Promise<any> {
  const { status, body } = await rest(url, 'POST', '/api/sandbox/baskets', { body: { items: twoItems, ...extra } });
  expect(status).toBe(201);
  return body;
}

beforeAll(async () => {
  sandbox = createCommerceSandbox({ logger });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  token = (await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret', scope: 'commerce' })).body.access_token;
});
afterAll(() => sandbox?.app.close());

describe('identity', () => {
  it('issues a bearer token for client credentials, form-urlencoded or JSON or HTTP Basic', async () => {
    const form = await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret', scope: 'commerce' });
    expect(form).toEqual({ status: 200, body: { access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'commerce' } });
    const json = await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret' }, false);
    expect(json.status).toBe(200);
    const basic = await fetch(`${url}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('checkout:checkout-secret').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    expect(basic.status).toBe(200);
  });

  it('refuses wrong credentials, grants and scopes the OAuth way', async () => {
    const wrong = await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'nope' });
    expect(wrong).toEqual({ status: 401, body: expect.objectContaining({ error: 'invalid_client', code: 'invalid_client', message: expect.any(String) }) });
    expect((await fetchToken({ grant_type: 'password', client_id: 'checkout', client_secret: 'checkout-secret' })).body.error).toBe('unsupported_grant_type');
    const scope = await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret', scope: 'admin' });
    expect(scope).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    expect(await fetchToken({ client_id: 'checkout' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('uses the configured clients', async () => {
    const custom = createCommerceSandbox({ logger, clients: [{ clientId: 'other', clientSecret: 's3cret', scope: 'commerce orders' }] });
    const base = await custom.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const post = (body: string) => fetch(`${base}/connect/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      expect((await post('grant_type=client_credentials&client_id=other&client_secret=s3cret&scope=orders')).status).toBe(200);
      expect((await post('grant_type=client_credentials&client_id=checkout&client_secret=checkout-secret')).status).toBe(401);
    } finally {
      await custom.app.close();
    }
  });

  it('answers the API 401 without a token, with an unknown one, and once it expired or was revoked', async () => {
    const missing = await rest(url, 'GET', '/api/v1/payment-methods');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ code: 'unauthorized', message: expect.any(String) });
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect((await api('GET', '/api/v1/payment-methods', undefined, 'made-up')).status).toBe(401);

    const clocked = createCommerceSandbox({ logger, tokenTtlSeconds: 60 });
    const base = await clocked.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const issued: any = await (
        await fetch(`${base}/connect/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret' }) })
      ).json();
      expect(issued.expires_in).toBe(60);
      const call = () => rest(base, 'GET', '/api/v1/delivery-methods', { headers: { authorization: `Bearer ${issued.access_token}` } });
      expect((await call()).status).toBe(200);
      await rest(base, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 61 } });
      expect(await call()).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    } finally {
      await clocked.app.close();
    }

    const fresh = (await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret' })).body.access_token;
    expect((await api('GET', '/api/v1/payment-methods', undefined, fresh)).status).toBe(200);
    expect((await rest(url, 'POST', '/api/sandbox/identity/revoke')).body.revoked).toBeGreaterThan(0);
    expect((await api('GET', '/api/v1/payment-methods', undefined, fresh)).status).toBe(401);
    token = (await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret' })).body.access_token;
  });
});

describe('methods', () => {
  it('has the checkout payment method 239 and the external delivery method 128', async () => {
    const payments = await api('GET', '/api/v1/payment-methods');
    expect(payments.body.paymentMethods).toContainEqual({ id: 239, name: 'Checkout', type: 'external', active: true });
    const deliveries = await api('GET', '/api/v1/delivery-methods');
    expect(deliveries.body.deliveryMethods).toContainEqual(expect.objectContaining({ id: 128, type: 'external' }));
  });
});

describe('baskets', () => {
  it('seeds a basket and reads it with exact totals (2 × 99.95 + 1 × 50.00 = 249.9)', async () => {
    const seeded = await seedBasket({ buyer });
    const { status, body } = await api('GET', `/api/v1/baskets/${seeded.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: seeded.id,
      clientId: 1001,
      currency: 'SEK',
      currencyId: 1,
      status: 'open',
      total: { includingVat: 249.9, excludingVat: 199.92, vat: 49.98 },
      delivery: null,
      hasBuyer: true,
    });
    expect(body.items).toEqual([
      {
        id: expect.any(String),
        sku: 'SHOE-1',
        productId: 'SHOE-1',
        name: 'Running shoe',
        quantity: 2,
        unitPrice: { includingVat: 99.95, excludingVat: 79.96 },
        vatRate: 0.25,
        total: { includingVat: 199.9, excludingVat: 159.92, vat: 39.98 },
        image: 'products/shoe-1.jpg',
      },
      expect.objectContaining({ sku: 'SOCK-1', quantity: 1, unitPrice: { includingVat: 50, excludingVat: 40 }, image: null }),
    ]);
    expect((await api('GET', '/api/v1/baskets/no-such-basket')).body).toEqual({ code: 'basket_not_found', message: expect.any(String) });
  });

  it('reads and replaces the buyer', async () => {
    const seeded = await seedBasket();
    expect((await api('GET', `/api/v1/baskets/${seeded.id}/buyer`)).body).toEqual({ basketId: seeded.id, buyer: null });
    const put = await api('PUT', `/api/v1/baskets/${seeded.id}/buyer`, buyer);
    expect(put.status).toBe(200);
    const read = await api('GET', `/api/v1/baskets/${seeded.id}/buyer`);
    expect(read.body.buyer).toEqual({ type: 'person', ...buyer, shipping: null });
  });

  it('updates an item quantity through the API, and 0 removes the line', async () => {
    const seeded = await seedBasket();
    const shoe = seeded.items[0];
    const three = await api('PATCH', `/api/v1/baskets/${seeded.id}/items/${shoe.id}`, { quantity: 3 });
    expect(three.status).toBe(200);
    expect(three.body.total.includingVat).toBe(349.85);
    const removed = await api('PATCH', `/api/v1/baskets/${seeded.id}/items/${shoe.id}`, { quantity: 0 });
    expect(removed.body.items).toHaveLength(1);
    expect(removed.body.total.includingVat).toBe(50);
    expect((await api('PATCH', `/api/v1/baskets/${seeded.id}/items/${shoe.id}`, { quantity: 1 })).status).toBe(404);
    expect((await api('PATCH', `/api/v1/baskets/${seeded.id}/items/1`, { quantity: -1 })).body.code).toBe('invalid_request');
  });

  it('lets the sandbox change a basket behind the checkout’s back (by SKU)', async () => {
    const seeded = await seedBasket();
    const changed = await rest(url, 'PATCH', `/api/sandbox/baskets/${seeded.id}/items/SOCK-1`, { body: { quantity: 4 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ version: seeded.version + 1, total: { includingVat: 399.9 } });
    const added = await rest(url, 'PATCH', `/api/sandbox/baskets/${seeded.id}/items/CAP-1`, { body: { quantity: 1, name: 'Cap', unitPrice: 0.1, vatRate: 0.12 } });
    expect(added.body.items.map((i: any) => i.sku)).toEqual(['SHOE-1', 'SOCK-1', 'CAP-1']);
    expect(added.body.total.includingVat).toBe(400);
    expect((await rest(url, 'PATCH', `/api/sandbox/baskets/${seeded.id}/items/SOCK-1`, { body: { quantity: 0 } })).body.items).toHaveLength(2);
    expect((await rest(url, 'PATCH', `/api/sandbox/baskets/${seeded.id}/items/NOPE`, { body: { quantity: 1 } })).body.code).toBe('item_not_found');
    expect((await api('GET', `/api/v1/baskets/${seeded.id}`)).body.total.includingVat).toBe(200);
  });

  it('sets the delivery: a platform method at its price, or 128 with the checkout’s shipping', async () => {
    const full = await seedBasket({ delivery: { deliveryMethodId: 1 } });
    expect(full).toMatchObject({ delivery: { deliveryMethodId: 1, price: { includingVat: 49, excludingVat: 39.2 } }, total: { includingVat: 298.9 } });
    const managed = await api('PUT', `/api/v1/baskets/${full.id}/delivery`, { deliveryMethodId: 128, name: 'Home delivery', priceIncVat: 59, vatRate: 0.25, reference: 'ship-1' });
    expect(managed.body).toMatchObject({ delivery: { deliveryMethodId: 128, name: 'Home delivery', reference: 'ship-1' }, total: { includingVat: 308.9 } });
    expect((await api('PUT', `/api/v1/baskets/${full.id}/delivery`, { deliveryMethodId: 7 })).body.code).toBe('unknown_delivery_method');
  });
});

describe('purchase and payment', () => {
  const purchase = (basketId: string, body: Record<string, unknown>) => api('POST', `/api/v1/baskets/${basketId}/purchase`, body);

  it('purchases with 239/128, validates and completes the payment; the sandbox shows the export', async () => {
    const seeded = await seedBasket({ buyer });
    expect((await purchase(seeded.id, { paymentMethodId: 999, deliveryMethodId: 128 })).body).toEqual({ code: 'unknown_payment_method', message: expect.any(String) });
    expect((await purchase(seeded.id, { paymentMethodId: 239, deliveryMethodId: 999 })).body.code).toBe('unknown_delivery_method');

    const bought = await purchase(seeded.id, { paymentMethodId: 239, deliveryMethodId: 128, externalReference: 'checkout-order-1' });
    expect(bought.status).toBe(201);
    const orderId = bought.body.orderId;
    expect(bought.headers.get('location')).toBe(`/api/v1/orders/${orderId}`);
    const again = await purchase(seeded.id, { paymentMethodId: 239, deliveryMethodId: 128, externalReference: 'checkout-order-1' });
    expect(again).toMatchObject({ status: 200, body: { orderId } });

    const wrongAmount = await api('POST', `/api/v1/orders/${orderId}/payment/validate`, { amount: 250 });
    expect(wrongAmount.status).toBe(422);
    expect(wrongAmount.body).toMatchObject({ code: 'payment_invalid', details: [{ code: 'amount_mismatch' }] });
    const valid = await api('POST', `/api/v1/orders/${orderId}/payment/validate`, { amount: 249.9, currency: 'SEK' });
    expect(valid).toMatchObject({ status: 200, body: { valid: true, payment: { status: 'validated', amount: 249.9 } } });

    const completed = await api('POST', `/api/v1/orders/${orderId}/payment/complete`, { amount: 249.9, paymentReference: 'pay-1' });
    expect(completed).toMatchObject({ status: 200, body: { id: orderId, status: 'paid', payment: { status: 'paid', paymentMethodId: 239, reference: 'pay-1' } } });
    expect((await api('POST', `/api/v1/orders/${orderId}/payment/complete`)).body.status).toBe('paid');

    const exported = await rest(url, 'GET', `/api/sandbox/orders/${orderId}`);
    expect(exported.body).toMatchObject({
      id: orderId,
      basketId: seeded.id,
      status: 'paid',
      externalReference: 'checkout-order-1',
      total: { includingVat: 249.9, excludingVat: 199.92 },
      delivery: { deliveryMethodId: 128, price: { includingVat: 0 } },
      buyer: { email: 'ada@example.com' },
      payment: { paymentMethodId: 239, status: 'paid', paidAt: expect.any(String) },
    });
    expect(exported.body.items).toHaveLength(2);
    expect((await rest(url, 'GET', '/api/sandbox/orders?externalReference=checkout-order-1')).body.orders).toHaveLength(1);
    expect((await rest(url, 'PATCH', `/api/sandbox/baskets/${seeded.id}/items/SOCK-1`, { body: { quantity: 2 } })).body.code).toBe('basket_completed');
    expect((await api('POST', `/api/v1/orders/${orderId}/cancel`)).status).toBe(409);
  });

  it('refuses a purchase without a complete buyer, and takes the buyer and shipping in the purchase', async () => {
    const seeded = await seedBasket();
    const refused = await purchase(seeded.id, { paymentMethodId: 239, deliveryMethodId: 128 });
    expect(refused).toMatchObject({ status: 400, body: { code: 'buyer_incomplete', details: [{ field: 'buyer' }] } });
    const bought = await purchase(seeded.id, { paymentMethodId: 239, deliveryMethodId: 128, buyer, delivery: { name: 'Parcel', priceIncVat: 49, vatRate: 0.25 } });
    expect(bought.status).toBe(201);
    expect(bought.body.order).toMatchObject({ total: { includingVat: 298.9 }, delivery: { name: 'Parcel' }, buyer: { familyName: 'Lovelace' } });
  });

  it('notices a basket changed after the purchase, and a new purchase replaces the order', async () => {
    const seeded = await seedBasket({ buyer });
    const first = (await purchase(seeded.id, { paymentMethodId: 239, deliveryMethodId: 128 })).body.orderId;
    await rest(url, 'PATCH', `/api/sandbox/baskets/${seeded.id}/items/SHOE-1`, { body: { quantity: 1 } });
    const stale = await api('POST', `/api/v1/orders/${first}/payment/validate`);
    expect(stale).toMatchObject({ status: 422, body: { details: [{ code: 'basket_changed' }] } });
    expect((await api('POST', `/api/v1/orders/${first}/payment/complete`)).body.code).toBe('basket_changed');

    const second = await purchase(seeded.id, { paymentMethodId: 239, deliveryMethodId: 128 });
    expect(second.status).toBe(201);
    expect(second.body.order.total.includingVat).toBe(149.95);
    expect((await rest(url, 'GET', `/api/sandbox/orders/${first}`)).body).toMatchObject({ status: 'cancelled', replacedBy: second.body.orderId });
    expect((await api('POST', `/api/v1/orders/${first}/payment/complete`)).body.code).toBe('order_cancelled');
    expect((await api('GET', `/api/v1/orders/nope`)).body.code).toBe('order_not_found');
  });
});

describe('failure injection', () => {
  it('fails, delays and drops the next calls of an operation as told', async () => {
    const seeded = await seedBasket();
    const rule = await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'getBasket', status: 503, times: 1 } });
    expect(rule).toMatchObject({ status: 201, body: { operation: 'getBasket', status: 503, code: 'service_unavailable', remaining: 1 } });
    expect(await api('GET', `/api/v1/baskets/${seeded.id}`)).toMatchObject({ status: 503, body: { code: 'service_unavailable', details: { injected: true } } });
    expect((await api('GET', `/api/v1/baskets/${seeded.id}`)).status).toBe(200);

    await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'purchase', dropConnection: true } });
    await expect(api('POST', `/api/v1/baskets/${seeded.id}/purchase`, { paymentMethodId: 239, deliveryMethodId: 128 })).rejects.toThrow();

    await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'token', status: 500, code: 'identity_down', times: 0 } });
    expect((await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret' })).body.code).toBe('identity_down');
    expect((await fetchToken({ grant_type: 'client_credentials', client_id: 'checkout', client_secret: 'checkout-secret' })).status).toBe(500);
    expect((await rest(url, 'DELETE', '/api/sandbox/failures')).body).toEqual({ cleared: 1 });

    await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'listPaymentMethods', delayMs: 300 } });
    const started = Date.now();
    expect((await api('GET', '/api/v1/payment-methods')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'nope', status: 500 } })).body.code).toBe('invalid_request');
  });
});

describe('bad input', () => {
  it('answers 4xx JSON {code, message, details?}', async () => {
    const missing = await rest(url, 'POST', '/api/sandbox/baskets', { body: { items: [{ sku: 'A', quantity: 1 }] } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'invalid_request', message: expect.any(String), details: expect.arrayContaining([expect.objectContaining({ pointer: '/items/0' })]) });
    const decimals = await rest(url, 'POST', '/api/sandbox/baskets', { body: { items: [{ sku: 'A', name: 'A', quantity: 1, unitPrice: 1.005, vatRate: 0.25 }] } });
    expect(decimals.body.code).toBe('invalid_amount');
    expect((await rest(url, 'POST', '/api/sandbox/baskets', { body: { items: [], currency: 'XYZ' } })).body.code).toBe('unknown_currency');
    expect((await rest(url, 'POST', '/api/sandbox/baskets', { body: { items: [twoItems[0], twoItems[0]] } })).body.code).toBe('duplicate_sku');
    const json = await rest(url, 'POST', '/api/sandbox/baskets', { rawBody: '{"items": [' });
    expect(json).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect((await rest(url, 'GET', '/api/sandbox/orders/nope')).status).toBe(404);
    const emptyJson = await rest(url, 'POST', '/api/v1/orders/nope/cancel', { rawBody: '', headers: { authorization: `Bearer ${token}` } });
    expect(emptyJson.body.code).toBe('order_not_found');
    expect((await rest(url, 'GET', '/no/route')).body.code).toBe('route_not_found');
  });
});

describe('runner', () => {
  it('starts both sandboxes on free ports and closes them', async () => {
    const running = await startSandboxes({ host: '127.0.0.1', ports: { commerce_sandbox: 0, giftcard_sandbox: 0, provider_a_sandbox: 0, provider_b_sandbox: 0, provider_c_sandbox: 0, provider_d_sandbox: 0 }, manifests: await discoverSandboxManifests(), logger });
    try {
      expect((await rest(running.urls.commerce_sandbox!, 'GET', '/healthz')).body).toEqual({ status: 'ok', service: 'commerce-sandbox' });
      expect((await rest(running.urls.giftcard_sandbox!, 'GET', '/healthz')).body).toEqual({ status: 'ok', service: 'giftcard-sandbox' });
      // The sandboxes with a manifest are found in their folders and started by their service name.
      expect(running.urls.provider_d_sandbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await rest(running.urls.provider_d_sandbox!, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await running.close();
    }
    await expect(fetch(`${running.urls.commerce_sandbox}/healthz`)).rejects.toThrow();
  });
});
