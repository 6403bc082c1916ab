import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../platform/logging/logger.js';
import { createProviderASandbox, type ProviderASandbox } from '../sandboxes/provider-a/provider-a-sandbox.app.js';
import { rest } from './harness/http.js';
import { eventually } from './harness/orders.js';
import { TestAdapter } from './harness/test-adapter.js';

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let sandbox: ProviderASandbox;
let url: string;
let merchant: TestAdapter;

const basic = (username = 'merchant-a', password = 'provider-a-secret') => ({ authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` });
const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => rest(url, method, path, { headers: { ...basic(), ...headers }, ...(body === undefined ? {} : { body }) });
const shopper = (method: string, path: string, body?: unknown) => rest(url, method, `/api/sandbox${path}`, body === undefined ? {} : { body });

/** 2 × 99.95 + 50 at 25 % VAT, in minor units. */
const lines = [
  { type: 'physical', reference: 'SKU-1', name: 'Shoes', quantity: 2, unit_price: 9995, tax_rate: 2500, total_amount: 19990, total_tax_amount: 3998 },
  { type: 'physical', reference: 'SKU-2', name: 'Socks', quantity: 1, unit_price: 5000, tax_rate: 2500, total_amount: 5000, total_tax_amount: 1000 },
];
const options = [
  { id: 'post', name: 'Post', price: 4900, tax_amount: 980, tax_rate: 2500, preselected: true, shipping_method: 'PostalService' },
  { id: 'express', name: 'Express', price: 9900, tax_amount: 1980, tax_rate: 2500, shipping_method: 'Express' },
];
const newOrder = (extra: Record<string, unknown> = {}) => ({
  purchase_country: 'SE',
  purchase_currency: 'SEK',
  locale: 'sv-SE',
  order_amount: 24990,
  order_tax_amount: 4998,
  order_lines: lines,
  merchant_urls: {
    terms: 'https://shop.example/terms',
    checkout: 'https://shop.example/checkout',
    confirmation: `${merchant.url}/confirm?order={checkout.order.id}`,
    push: `${merchant.url}/push`,
    validation: `${merchant.url}/validate`,
    shipping_option_update: `${merchant.url}/shipping`,
  },
  shipping_options: options,
  ...extra,
});
async function create(extra: Record<string, unknown> = {}): Promise<string> {
  const created = await api('POST', '/checkout/v3/orders', newOrder(extra));
  expect(created.status).toBe(201);
  return created.body.order_id as string;
}

beforeAll(async () => {
  merchant = await TestAdapter.start();
  sandbox = createProviderASandbox({ logger, merchantCalls: { pushDelayMs: 20, pushRetryDelayMs: 20, pushMaxAttempts: 3 } });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sandbox?.app.close();
  await merchant?.close();
});

describe('checkout API', () => {
  it('needs HTTP Basic; errors carry the provider fields and the platform fields', async () => {
    const missing = await rest(url, 'POST', '/checkout/v3/orders', { body: newOrder() });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Basic realm="provider-a"/);
    expect(missing.body).toMatchObject({ error_code: 'UNAUTHORIZED', error_messages: [expect.any(String)], correlation_id: expect.any(String), code: 'unauthorized' });
    expect((await rest(url, 'GET', '/checkout/v3/orders/x', { headers: basic('merchant-a', 'wrong') })).status).toBe(401);
    const bad = await api('POST', '/checkout/v3/orders', { ...newOrder(), order_amount: 100 });
    expect(bad).toMatchObject({ status: 400, body: { error_code: 'BAD_VALUE', error_messages: [expect.stringContaining('order_amount')] } });
    const invalid = await api('POST', '/checkout/v3/orders', { ...newOrder(), order_amount: 249.9 });
    expect(invalid).toMatchObject({ status: 400, body: { error_code: 'INVALID_REQUEST' } });
  });

  it('creates an order with a snippet, reads it, updates it while incomplete', async () => {
    const created = await api('POST', '/checkout/v3/orders', newOrder({ recurring: true }));
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/checkout/v3/orders/${created.body.order_id}`);
    // The preselected option is added as a shipping_fee line: the order comes to the cart plus its price.
    expect(created.body).toMatchObject({ status: 'checkout_incomplete', order_amount: 29890, order_tax_amount: 5978, recurring: true, selected_shipping_option: { id: 'post' } });
    expect(created.body.order_lines.at(-1)).toMatchObject({ type: 'shipping_fee', reference: 'post', total_amount: 4900 });
    expect(created.body).not.toHaveProperty('recurring_token');
    expect(created.body.html_snippet).toContain(`${url}/hosted/orders/${created.body.order_id}`);
    const id = created.body.order_id as string;
    const updated = await api('POST', `/checkout/v3/orders/${id}`, { order_amount: 19990, order_tax_amount: 3998, order_lines: [lines[0]] });
    expect(updated.body).toMatchObject({ order_amount: 24890, order_lines: [{ reference: 'SKU-1' }, { type: 'shipping_fee', reference: 'post' }] });
    expect((await api('GET', `/checkout/v3/orders/${id}`)).body.order_amount).toBe(24890);
    expect((await api('GET', '/checkout/v3/orders/nope')).body.error_code).toBe('NOT_FOUND');
  });
});

describe('shopper API and merchant callbacks', () => {
  it('a shipping option asks the merchant for the new amounts; a bad answer is 502 and changes nothing', async () => {
    const id = await create();
    merchant.on('/shipping', (call) => ({
      status: 200,
      body: { order_amount: 24990 + 9900, order_tax_amount: 4998 + 1980, order_lines: [...lines, { type: 'shipping_fee', reference: call.body.selected_shipping_option.id, name: 'Express', quantity: 1, unit_price: 9900, tax_rate: 2500, total_amount: 9900, total_tax_amount: 1980 }] },
    }));
    const chosen = await shopper('POST', `/orders/${id}/shipping-option`, { id: 'express' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.order).toMatchObject({ order_amount: 34890, selected_shipping_option: { id: 'express' } });
    // The published request: the cart (with the current shipping line), the chosen option, the currency; no order id.
    const asked = merchant.callsTo('/shipping').at(-1)!.body;
    expect(asked).toMatchObject({ order_amount: 29890, purchase_currency: 'SEK', selected_shipping_option: { id: 'express' } });
    expect(asked).not.toHaveProperty('order_id');

    merchant.on('/shipping', () => ({ status: 200, body: { order_amount: 1, order_tax_amount: 0, order_lines: lines } }));
    const wrong = await shopper('POST', `/orders/${id}/shipping-option`, { id: 'post' });
    expect(wrong).toMatchObject({ status: 502, body: { code: 'merchant_shipping_update_failed' } });
    expect((await shopper('POST', `/orders/${id}/shipping-option`, { id: 'nope' })).body.code).toBe('unknown_shipping_option');
  });

  it('a validation answered with a redirect denies and sends the shopper there; a 400 shows its text; the order stays open', async () => {
    const id = await create();
    merchant.on('/validate', () => ({ status: 303, headers: { location: 'https://shop.example/error' } }));
    const denied = await shopper('POST', `/orders/${id}/purchase`, {});
    expect(denied.body).toEqual({ status: 'refused', message: 'The shop declined the purchase.', redirectUrl: 'https://shop.example/error' });
    merchant.on('/validate', () => ({ status: 400, body: { error_type: 'address_error', error_text: 'Vi levererar inte dit.' } }));
    const refused = await shopper('POST', `/orders/${id}/purchase`, {});
    expect(refused.body).toEqual({ status: 'refused', message: 'Vi levererar inte dit.', redirectUrl: 'https://shop.example/checkout' });
    expect((await api('GET', `/checkout/v3/orders/${id}`)).body.status).toBe('checkout_incomplete');
    expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).status).toBe(404);
  });

  it('an approved purchase completes, redirects to the confirmation and pushes (no body, the order id in the URL) until acknowledged', async () => {
    const id = await create({ recurring: true, merchant_urls: { ...newOrder().merchant_urls, push: `${merchant.url}/push?klarna_order_id={checkout.order.id}` } });
    merchant.on('/validate', () => ({ status: 200 }));
    merchant.on('/push', () => ({ status: 200 }));
    const bought = await shopper('POST', `/orders/${id}/purchase`, { customer: { givenName: 'Ada', email: 'ada@example.com' }, fraudStatus: 'PENDING' });
    expect(bought.body).toEqual({ status: 'checkout_complete', redirectUrl: `${merchant.url}/confirm?order=${id}` });
    expect(merchant.callsTo('/validate').at(-1)!.body).toMatchObject({ order_id: id, billing_address: { given_name: 'Ada', email: 'ada@example.com' } });
    // Answered 200 but not acknowledged: pushed again, up to pushMaxAttempts (3).
    const view = await eventually(async () => {
      const seen = (await shopper('GET', `/orders/${id}`)).body;
      return seen.pushes.length === 3 && seen.pushes[2].status !== null && seen;
    });
    expect(view.pushes.map((push: { url: string; status: number }) => [push.url, push.status])).toEqual(Array(3).fill([`${merchant.url}/push?klarna_order_id=${id}`, 200]));
    const pushed = (await shopper('GET', '/exchanges?direction=out&operation=push')).body.exchanges.filter((e: { url: string }) => e.url.endsWith(id));
    expect(pushed[0]).toMatchObject({ method: 'POST', status: 200 });
    expect(pushed[0].requestBody).toBeUndefined();
    // The recurring token is on the checkout order; order management does not carry it.
    expect(view.order).toMatchObject({ status: 'checkout_complete', recurring_token: expect.any(String), management: { status: 'AUTHORIZED', fraud_status: 'PENDING' } });
    expect((await api('GET', `/checkout/v3/orders/${id}`)).body.recurring_token).toBe(view.order.recurring_token);
    expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).body).not.toHaveProperty('recurring_token');
    expect((await api('POST', `/checkout/v3/orders/${id}`, { locale: 'en-US' })).body.error_code).toBe('READ_ONLY_ORDER');
    expect((await shopper('POST', `/orders/${id}/purchase`, {})).body.code).toBe('read_only_order');
  });

  it('the hosted page shows options, details and a buy button; a complete order shows thanks', async () => {
    const id = await create();
    const page = await fetch(`${url}/hosted/orders/${id}`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('value="express"');
    expect(html).toContain('id="buy"');
    merchant.on('/validate', () => ({ status: 200 }));
    await shopper('POST', `/orders/${id}/purchase`, {});
    expect(await (await fetch(`${url}/hosted/orders/${id}`)).text()).toContain('Thank you');
  });
});

describe('order management', () => {
  async function bought(fraudStatus = 'ACCEPTED'): Promise<string> {
    const id = await create({ merchant_urls: { terms: 'https://s.example/t', checkout: 'https://s.example/c', confirmation: 'https://s.example/ok', push: `${merchant.url}/push` } });
    expect((await shopper('POST', `/orders/${id}/purchase`, { fraudStatus })).body.status).toBe('checkout_complete');
    return id;
  }

  it('acknowledges, captures, refunds; cancel is refused once captured; merchant references are set', async () => {
    const id = await bought();
    expect((await api('POST', `/ordermanagement/v1/orders/${id}/acknowledge`)).status).toBe(204);
    expect((await api('PATCH', `/ordermanagement/v1/orders/${id}/merchant-references`, { merchant_reference1: 'CO-1' })).status).toBe(204);
    const capture = await api('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 29890 });
    expect(capture.status).toBe(201);
    expect(capture.headers.get('capture-id')).toEqual(expect.any(String));
    expect((await api('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 1 })).body.error_code).toBe('CAPTURE_NOT_ALLOWED');
    expect((await api('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 990 })).status).toBe(201);
    const cancel = await api('POST', `/ordermanagement/v1/orders/${id}/cancel`);
    expect(cancel).toMatchObject({ status: 403, body: { error_code: 'CANCEL_NOT_ALLOWED' } });
    const managed = (await api('GET', `/ordermanagement/v1/orders/${id}`)).body;
    expect(managed).toMatchObject({ status: 'CAPTURED', fraud_status: 'ACCEPTED', merchant_reference1: 'CO-1', captured_amount: 29890, refunded_amount: 990, selected_shipping_option: { id: 'post', method: 'PostalService' } });
    expect(managed).not.toHaveProperty('acknowledged');
    expect((await shopper('GET', `/orders/${id}`)).body.order.management.acknowledged).toBe(true);
  });

  it('cancels an authorization; a pending order cannot be captured until accepted', async () => {
    const id = await bought();
    expect((await api('POST', `/ordermanagement/v1/orders/${id}/cancel`)).status).toBe(204);
    expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).body).toMatchObject({ status: 'CANCELLED', remaining_authorized_amount: 0 });
    const pending = await bought('PENDING');
    expect((await api('POST', `/ordermanagement/v1/orders/${pending}/captures`, { captured_amount: 100 })).body.error_code).toBe('CAPTURE_NOT_ALLOWED');
    expect((await shopper('POST', `/orders/${pending}/fraud-status`, { fraudStatus: 'ACCEPTED' })).status).toBe(200);
    expect((await api('POST', `/ordermanagement/v1/orders/${pending}/captures`, { captured_amount: 100 })).status).toBe(201);
  });

  it('a Klarna-Idempotency-Key replays the first answer to the same request; on another request it is 409', async () => {
    const id = await bought();
    const key = { 'Klarna-Idempotency-Key': `k-${id}` };
    const first = await api('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 1000 }, key);
    const again = await api('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 1000 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('capture-id')).toBe(first.headers.get('capture-id'));
    expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).body.captured_amount).toBe(1000);
    expect((await api('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 2000 }, key)).body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The old header name is not the provider's: it protects nothing.
    await api('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 1000 }, { 'idempotency-key': `old-${id}` });
    await api('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 1000 }, { 'idempotency-key': `old-${id}` });
    expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).body.captured_amount).toBe(3000);
    expect((await api('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 1 }, key)).body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a repeat of a key sent while the first is still being answered waits for that answer and replays it; a refund whose answer was dropped after it was made is replayed', async () => {
    const id = await bought();
    await api('POST', `/ordermanagement/v1/orders/${id}/captures`, { captured_amount: 24990 });
    const key = { 'Klarna-Idempotency-Key': `slow-${id}` };
    // The first refund is made, its answer held back 400 ms (afterApplying); the repeat comes meanwhile.
    expect((await shopper('POST', '/failures', { operation: 'refund', afterApplying: true, delayMs: 400 })).status).toBe(201);
    const first = api('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 1000 }, key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const repeat = await api('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 1000 }, key);
    expect((await first).status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('refund-id')).toBe((await first).headers.get('refund-id'));
    expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).body.refunded_amount).toBe(1000);

    // The answer lost (the connection dropped after the refund was made): the retry with the key is a replay.
    const lostKey = { 'Klarna-Idempotency-Key': `lost-${id}` };
    expect((await shopper('POST', '/failures', { operation: 'refund', afterApplying: true, dropConnection: true })).status).toBe(201);
    await expect(api('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 500 }, lostKey)).rejects.toThrow();
    expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).body.refunded_amount).toBe(1500);
    expect((await api('POST', `/ordermanagement/v1/orders/${id}/refunds`, { refunded_amount: 500 }, lostKey)).status).toBe(201);
    expect((await api('GET', `/ordermanagement/v1/orders/${id}`)).body.refunded_amount).toBe(1500);
  });
});

describe('customer tokens and failure injection', () => {
  it('orders with a token are authorized at once, captured with auto_capture; the token decides the fraud status', async () => {
    const token = (await shopper('POST', '/customer-tokens', {})).body.token as string;
    const placed = await api('POST', `/customer-token/v1/tokens/${token}/order`, { purchase_currency: 'SEK', order_amount: 24990, order_tax_amount: 4998, order_lines: lines, auto_capture: true });
    expect(placed).toMatchObject({ status: 200, body: { order_id: expect.any(String), fraud_status: 'ACCEPTED' } });
    expect(Object.keys(placed.body).sort()).toEqual(['fraud_status', 'order_id']);
    expect((await api('GET', `/ordermanagement/v1/orders/${placed.body.order_id}`)).body.status).toBe('CAPTURED');
    const pendingToken = (await shopper('POST', '/customer-tokens', { fraudStatus: 'PENDING' })).body.token as string;
    const pending = await api('POST', `/customer-token/v1/tokens/${pendingToken}/order`, { purchase_currency: 'SEK', order_amount: 24990, order_tax_amount: 4998, order_lines: lines, auto_capture: true });
    expect(pending.body).toMatchObject({ fraud_status: 'PENDING' });
    expect((await api('GET', `/ordermanagement/v1/orders/${pending.body.order_id}`)).body.status).toBe('AUTHORIZED');
    expect((await api('POST', '/customer-token/v1/tokens/nope/order', { purchase_currency: 'SEK', order_amount: 24990, order_tax_amount: 4998, order_lines: lines })).body.error_code).toBe('TOKEN_NOT_FOUND');
  });

  it('injects declines, 5xx and time-outs per operation, in the provider error shape', async () => {
    expect((await shopper('POST', '/failures', { operation: 'createOrder', status: 503 })).status).toBe(201);
    expect((await api('POST', '/checkout/v3/orders', newOrder())).body).toMatchObject({ error_code: 'SERVICE_UNAVAILABLE', code: 'service_unavailable' });
    await shopper('POST', '/failures', { operation: 'tokenOrder', status: 402, code: 'payment_declined', message: 'Declined.' });
    const token = (await shopper('POST', '/customer-tokens', {})).body.token as string;
    const declined = await api('POST', `/customer-token/v1/tokens/${token}/order`, { purchase_currency: 'SEK', order_amount: 24990, order_tax_amount: 4998, order_lines: lines });
    expect(declined).toMatchObject({ status: 402, body: { error_code: 'PAYMENT_DECLINED', error_messages: ['Declined.'] } });
    expect((await shopper('GET', '/failures')).body.operations).toContain('capture');
  });

  it('settings change the push schedule', async () => {
    expect((await rest(url, 'PUT', '/api/sandbox/settings', { body: { pushDelayMs: 5 } })).body).toMatchObject({ pushDelayMs: 5, pushMaxAttempts: 3 });
    expect((await rest(url, 'PUT', '/api/sandbox/settings', { body: { pushDelayMs: -1 } })).status).toBe(400);
  });
});
