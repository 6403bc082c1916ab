import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../platform/logging/logger.js';
import { createProviderCSandbox, type ProviderCSandbox } from '../sandboxes/provider-c/provider-c-sandbox.app.js';
import { signProviderC } from '../sandboxes/provider-c/provider-c.signature.js';
import { rest } from './harness/http.js';
import { clearOfMidnight } from './harness/sandbox-clock.js';
import { TestAdapter } from './harness/test-adapter.js';

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const MERCHANT = { merchantId: 'pc-merchant', secret: 'provider-c-secret' };
let sandbox: ProviderCSandbox;
let url: string;
let merchantSide: TestAdapter;
/** Answers the merchant calls that hang, at the end. */
let releaseHanging: () => void = () => undefined;
const hanging = new Promise<void>((resolve) => (releaseHanging = resolve));
let reference = 0;

/** A call to the merchant API with its Qliro token (as the adapter makes it). */
function api(method: string, path: string, body?: unknown, secret = MERCHANT.secret) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return rest(url, method, path, { headers: { authorization: signProviderC(secret, text) }, ...(body === undefined ? {} : { rawBody: text }) });
}

const ITEMS = [
  { MerchantReference: 'SKU-1', Description: 'Shoes', Type: 'Product', Quantity: 2, PricePerItemIncVat: 99.95, PricePerItemExVat: 79.96, VatRate: 25 },
  { MerchantReference: 'SKU-2', Description: 'Socks', Type: 'Product', Quantity: 1, PricePerItemIncVat: 50, PricePerItemExVat: 40, VatRate: 25 },
];
/** Create order as Qliro One publishes it. */
const newOrder = (extra: Record<string, unknown> = {}) => ({
  MerchantApiKey: MERCHANT.merchantId,
  MerchantReference: `ref-${++reference}`,
  Currency: 'NOK',
  Country: 'NO',
  Language: 'nb-no',
  MerchantTermsUrl: 'https://shop.example/terms',
  MerchantConfirmationUrl: 'https://shop.example/confirmation',
  MerchantCheckoutStatusPushUrl: `${merchantSide.url}/push`,
  MerchantOrderManagementStatusPushUrl: `${merchantSide.url}/event`,
  MerchantOrderValidationUrl: `${merchantSide.url}/validation`,
  OrderItems: ITEMS,
  ...extra,
});
const shopper = { customer: { email: 'ada@example.com', phoneNumber: '+4712345678', firstName: 'Ada', lastName: 'Lovelace', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo' } };

async function created(extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await api('POST', '/checkout/merchantapi/orders', newOrder(extra));
  expect(answer.status).toBe(201);
  return answer.body.OrderId as number;
}

beforeAll(async () => {
  merchantSide = await TestAdapter.start();
  merchantSide.on('/push', () => ({ status: 200, body: { CallbackResponse: 'received' } }));
  // Far above a quick answer on a loaded machine: only a callback that never answers times out.
  sandbox = createProviderCSandbox({ logger, callbackTimeoutMs: 3_000 });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  releaseHanging();
  await sandbox?.app.close();
  await merchantSide?.close();
});

describe('signed merchant API', () => {
  it('creates an order (answering its OrderId, as published) and reads it with its iframe snippet; unsigned, forged or tampered requests are 401', async () => {
    const body = newOrder();
    const answer = await api('POST', '/checkout/merchantapi/orders', body);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ OrderId: expect.any(Number) });
    expect(answer.headers.get('location')).toBe(`/checkout/merchantapi/orders/${answer.body.OrderId}`);
    const read = (await api('GET', `/checkout/merchantapi/orders/${answer.body.OrderId}`)).body;
    expect(read).toMatchObject({ OrderId: answer.body.OrderId, CustomerCheckoutStatus: 'InProcess', OrderAmount: 249.9, VatAmount: 49.98, Currency: 'NOK', Locale: 'nb-NO' });
    expect(read.OrderHtmlSnippet).toContain(`<iframe src="${url}/checkout/frame/${answer.body.OrderId}"`);

    expect((await rest(url, 'GET', `/checkout/merchantapi/orders/${answer.body.OrderId}`)).status).toBe(401);
    expect((await api('GET', `/checkout/merchantapi/orders/${answer.body.OrderId}`, undefined, 'wrong-secret')).status).toBe(401);
    const text = JSON.stringify(body);
    const tampered = await rest(url, 'POST', '/checkout/merchantapi/orders', { headers: { authorization: signProviderC(MERCHANT.secret, text) }, rawBody: text.replace('99.95', '0.95') });
    expect(tampered).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('updates the cart while in process; refuses bad bodies with 400', async () => {
    const id = await created();
    const updated = await api('PUT', `/checkout/merchantapi/orders/${id}`, { MerchantApiKey: MERCHANT.merchantId, OrderItems: [{ MerchantReference: 'A', Description: 'A', Type: 'Product', Quantity: 1, PricePerItemIncVat: 300, PricePerItemExVat: 240 }] });
    expect(updated).toMatchObject({ status: 200, body: { OrderAmount: 300, VatAmount: 60 } });
    expect((await api('POST', '/checkout/merchantapi/orders', { ...newOrder(), Currency: 'nok' })).status).toBe(400);
  });
});

describe('the shopper, validation and push', () => {
  it('purchase calls the validation address, then pushes, unsigned and in the published shapes; the order is Completed', async () => {
    const id = await created();
    expect((await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper })).body).toMatchObject({ Customer: { EmailAddress: 'ada@example.com' }, BillingAddress: { City: 'Oslo', AddressLines: ['Storgata 1', '0155 Oslo'] } });
    const purchase = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: { outcome: 'completed', pushes: 2 } });
    expect(purchase.status).toBe(200);
    expect(purchase.body).toMatchObject({ order: { CustomerCheckoutStatus: 'Completed' }, validation: { approved: true }, redirectUrl: 'https://shop.example/confirmation' });
    expect(purchase.body.pushes).toHaveLength(2);
    const validation = merchantSide.callsTo('/validation').at(-1)!;
    expect(validation.body).toMatchObject({ OrderId: id, Currency: 'NOK', TotalPrice: 249.9, Customer: { Email: 'ada@example.com' }, OrderItems: ITEMS });
    expect(validation.headers.authorization).toBeUndefined();
    const pushes = merchantSide.callsTo('/push').filter((call) => call.body.OrderId === id);
    expect(pushes.map((call) => call.body)).toEqual([
      { OrderId: id, MerchantReference: expect.any(String), Status: 'Completed', Timestamp: expect.any(String), NotificationType: 'CustomerCheckoutStatus', PaymentTransactionId: expect.any(Number) },
      { OrderId: id, MerchantReference: expect.any(String), Status: 'Completed', Timestamp: expect.any(String), NotificationType: 'CustomerCheckoutStatus', PaymentTransactionId: expect.any(Number) },
    ]);
    expect(pushes[0]!.headers.authorization).toBeUndefined();
    // Once purchased, the shopper and the cart are closed.
    expect((await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper })).status).toBe(409);
    expect((await api('PUT', `/checkout/merchantapi/orders/${id}`, { OrderItems: ITEMS })).status).toBe(409);
  });

  it('pushes: 0 completes without a push (lost on the way); …/push sends it', async () => {
    const id = await created();
    await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
    const purchase = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: { pushes: 0 } });
    expect(purchase.body).toMatchObject({ order: { CustomerCheckoutStatus: 'Completed' }, pushes: [] });
    expect(merchantSide.callsTo('/push').filter((call) => call.body.OrderId === id)).toHaveLength(0);
    expect((await rest(url, 'POST', `/api/sandbox/orders/${id}/push`)).body).toMatchObject({ status: 200 });
    expect(merchantSide.callsTo('/push').filter((call) => call.body.OrderId === id)).toHaveLength(1);
  });

  it('a 400 from the validation refuses the purchase with its message; the order stays InProcess', async () => {
    const id = await created({ MerchantOrderValidationUrl: `${merchantSide.url}/refuse` });
    merchantSide.on('/refuse', () => ({ status: 400, body: { DeclineReason: 'CartChanged', DeclineReasonMessage: 'Your cart changed.' } }));
    await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
    const refused = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: {} });
    expect(refused).toMatchObject({ status: 409, body: { code: 'validation_declined', message: 'Your cart changed.', details: { DeclineReason: 'CartChanged' } } });
    expect((await rest(url, 'GET', `/api/sandbox/orders/${id}`)).body.CustomerCheckoutStatus).toBe('InProcess');
  });

  it('a validation that does not answer in time approves, unless the merchant agreed otherwise with the provider', async () => {
    merchantSide.on('/slow', async () => {
      await hanging;
      return { status: 200 };
    });
    await rest(url, 'POST', '/api/sandbox/merchants', { body: { merchantId: 'pc-strict', secret: 'strict-secret', mode: 'test', validationTimeoutApproves: false } });
    const approving = await created({ MerchantOrderValidationUrl: `${merchantSide.url}/slow` });
    const text = JSON.stringify(newOrder({ MerchantApiKey: 'pc-strict', MerchantOrderValidationUrl: `${merchantSide.url}/slow` }));
    const strict = (await rest(url, 'POST', '/checkout/merchantapi/orders', { headers: { authorization: signProviderC('strict-secret', text) }, rawBody: text })).body.OrderId as number;
    for (const id of [approving, strict]) await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
    expect((await rest(url, 'POST', `/api/sandbox/orders/${approving}/purchase`)).body.order.CustomerCheckoutStatus).toBe('Completed');
    expect((await rest(url, 'POST', `/api/sandbox/orders/${strict}/purchase`)).status).toBe(409);
  });

  it('a purchase without customer details is 400', async () => {
    const id = await created();
    expect((await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`)).body).toMatchObject({ code: 'customer_incomplete' });
  });

  it('pending: OnHold, then accepted (or declined): the new status is another checkout status push (as published), sent as often as asked', async () => {
    const [accepted, declined] = [await created(), await created()];
    for (const id of [accepted, declined]) {
      await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
      const pending = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: { outcome: 'pending', pendingReason: 'ManualApproval' } });
      expect(pending.body.order).toMatchObject({ CustomerCheckoutStatus: 'OnHold', PendingReason: 'ManualApproval' });
    }
    const yes = await rest(url, 'POST', `/api/sandbox/orders/${accepted}/resolve`, { body: { decision: 'accepted', repeat: 2 } });
    expect(yes.body.order).toMatchObject({ CustomerCheckoutStatus: 'Completed', PendingReason: null, PendingResolution: 'accepted' });
    expect(merchantSide.callsTo('/push').filter((call) => call.body.OrderId === accepted).map((call) => call.body.Status)).toEqual(['OnHold', 'Completed', 'Completed']);
    const no = await rest(url, 'POST', `/api/sandbox/orders/${declined}/resolve`, { body: { decision: 'declined' } });
    expect(no.body.order).toMatchObject({ CustomerCheckoutStatus: 'Refused', PendingResolution: 'declined' });
    expect((await rest(url, 'POST', `/api/sandbox/orders/${declined}/resolve`, { body: { decision: 'accepted' } })).body.code).toBe('order_not_on_hold');
  });

  it('serves the iframe and a page embedding it', async () => {
    const id = await created();
    const frame = await fetch(`${url}/checkout/frame/${id}`);
    expect(frame.headers.get('content-type')).toMatch(/text\/html/);
    expect(await frame.text()).toContain('identity.email');
    const page = await (await fetch(`${url}/api/sandbox/orders/${id}/page`)).text();
    expect(page).toContain(`/checkout/frame/${id}`);
  });
});

describe('recurring tokens', () => {
  const tokenOrder = (token: string, extra: Record<string, unknown> = {}) =>
    api('POST', `/checkout/merchantapi/tokens/${token}/orders`, { MerchantApiKey: MERCHANT.merchantId, MerchantReference: `rec-${++reference}`, Currency: 'NOK', Country: 'NO', OrderItems: ITEMS, ...extra });

  it('three orders per token per day in production; the fourth is refused; the next day it works again', async () => {
    await clearOfMidnight(url);
    const token = (await rest(url, 'POST', '/api/sandbox/tokens', { body: { customer: { ...shopper.customer } } })).body.Token as string;
    for (let i = 0; i < 3; i++) {
      const answer = await tokenOrder(token);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ CustomerCheckoutStatus: 'Completed', RecurringToken: token, BillingAddress: { City: 'Oslo' }, ShippingAddress: { StreetAddress: 'Storgata 1' } });
    }
    expect(await tokenOrder(token)).toMatchObject({ status: 429, body: { code: 'recurring_limit_reached', details: { limit: 3, usedToday: 3 } } });
    await rest(url, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 86_400 } });
    expect((await tokenOrder(token)).status).toBe(201);
  });

  it('no limit in test mode; no recurring with a shipping-provider integration; unknown tokens are 404', async () => {
    await rest(url, 'POST', '/api/sandbox/merchants', { body: { merchantId: 'pc-test', secret: 'test-secret-1', mode: 'test' } });
    const token = (await rest(url, 'POST', '/api/sandbox/tokens', { body: { merchantId: 'pc-test' } })).body.Token as string;
    for (let i = 0; i < 4; i++) {
      const text = JSON.stringify({ MerchantApiKey: 'pc-test', MerchantReference: `t-${i}`, Currency: 'NOK', Country: 'NO', OrderItems: ITEMS });
      const answer = await rest(url, 'POST', `/checkout/merchantapi/tokens/${token}/orders`, { headers: { authorization: signProviderC('test-secret-1', text) }, rawBody: text });
      expect(answer.status).toBe(201);
    }
    await rest(url, 'POST', '/api/sandbox/merchants', { body: { merchantId: 'pc-shipping', secret: 'shipping-secret', mode: 'test', shippingIntegration: true } });
    const theirs = (await rest(url, 'POST', '/api/sandbox/tokens', { body: { merchantId: 'pc-shipping' } })).body.Token as string;
    const signed = (path: string, body: unknown) => {
      const text = JSON.stringify(body);
      return rest(url, 'POST', path, { headers: { authorization: signProviderC('shipping-secret', text) }, rawBody: text });
    };
    expect(await signed(`/checkout/merchantapi/tokens/${theirs}/orders`, { MerchantApiKey: 'pc-shipping', MerchantReference: 's-1', Currency: 'NOK', Country: 'NO', OrderItems: ITEMS })).toMatchObject({ status: 400, body: { code: 'recurring_with_shipping_integration' } });
    expect((await signed('/checkout/merchantapi/orders', newOrder({ MerchantApiKey: 'pc-shipping', Recurring: true }))).body.code).toBe('recurring_with_shipping_integration');
    expect((await tokenOrder('rt_unknown')).status).toBe(404);
  });

  it('a completed recurring-enabled purchase gives a token', async () => {
    const id = await created({ Recurring: true });
    await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
    const done = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`);
    expect(done.body.order.RecurringToken).toMatch(/^rt_/);
  });
});
