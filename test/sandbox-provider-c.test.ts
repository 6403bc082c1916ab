import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../platform/logging/logger.js';
import { createProviderCSandbox, type ProviderCSandbox } from '../sandboxes/provider-c/provider-c-sandbox.app.js';
import { signProviderC, verifyProviderC } from '../sandboxes/provider-c/provider-c.signature.js';
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

/** A signed call to the merchant API (as the adapter makes it). */
function api(method: string, path: string, body?: unknown, secret = MERCHANT.secret) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return rest(url, method, path, { headers: { authorization: signProviderC(MERCHANT.merchantId, secret, text) }, ...(body === undefined ? {} : { rawBody: text }) });
}

const newOrder = (extra: Record<string, unknown> = {}) => ({
  MerchantReference: `ref-${++reference}`,
  Currency: 'NOK',
  CountryCode: 'NO',
  Locale: 'nb-NO',
  Cart: { Items: [{ ArticleNumber: 'SKU-1', Name: 'Shoes', Quantity: 2, UnitPrice: 99.95, VatPercent: 25 }, { ArticleNumber: 'SKU-2', Name: 'Socks', Quantity: 1, UnitPrice: 50, VatPercent: 25 }] },
  MerchantSettings: {
    TermsUri: 'https://shop.example/terms',
    ConfirmationUri: 'https://shop.example/confirmation',
    PushUri: `${merchantSide.url}/push`,
    OrderManagementPushUri: `${merchantSide.url}/event`,
    CheckoutValidationCallBackUri: `${merchantSide.url}/validation`,
  },
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
  it('creates an order with an iframe snippet and reads it; unsigned, forged or tampered requests are 401', async () => {
    const body = newOrder();
    const answer = await api('POST', '/checkout/merchantapi/orders', body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ OrderId: expect.any(Number), CustomerCheckoutStatus: 'InProcess', OrderAmount: 249.9, VatAmount: 49.98, Currency: 'NOK' });
    expect(answer.body.OrderHtmlSnippet).toContain(`<iframe src="${url}/checkout/frame/${answer.body.OrderId}"`);
    expect(answer.headers.get('location')).toBe(`/checkout/merchantapi/orders/${answer.body.OrderId}`);
    expect((await api('GET', `/checkout/merchantapi/orders/${answer.body.OrderId}`)).body.OrderId).toBe(answer.body.OrderId);

    expect((await rest(url, 'GET', `/checkout/merchantapi/orders/${answer.body.OrderId}`)).status).toBe(401);
    expect((await api('GET', `/checkout/merchantapi/orders/${answer.body.OrderId}`, undefined, 'wrong-secret')).status).toBe(401);
    const text = JSON.stringify(body);
    const tampered = await rest(url, 'POST', '/checkout/merchantapi/orders', { headers: { authorization: signProviderC(MERCHANT.merchantId, MERCHANT.secret, text) }, rawBody: text.replace('99.95', '0.95') });
    expect(tampered).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('updates the cart while in process; refuses bad bodies with 400', async () => {
    const id = await created();
    const updated = await api('PUT', `/checkout/merchantapi/orders/${id}`, { Cart: { Items: [{ ArticleNumber: 'A', Name: 'A', Quantity: 1, UnitPrice: 300, VatPercent: 25 }] } });
    expect(updated).toMatchObject({ status: 200, body: { OrderAmount: 300, VatAmount: 60 } });
    expect((await api('POST', '/checkout/merchantapi/orders', { ...newOrder(), Currency: 'nok' })).status).toBe(400);
  });
});

describe('the shopper, validation and push', () => {
  it('purchase calls the validation address, then pushes; the order is Completed', async () => {
    const id = await created();
    expect((await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper })).body).toMatchObject({ Customer: { EmailAddress: 'ada@example.com' }, BillingAddress: { City: 'Oslo', AddressLines: ['Storgata 1', '0155 Oslo'] } });
    const purchase = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: { outcome: 'completed', pushes: 2 } });
    expect(purchase.status).toBe(200);
    expect(purchase.body).toMatchObject({ order: { CustomerCheckoutStatus: 'Completed' }, validation: { approved: true }, redirectUrl: 'https://shop.example/confirmation' });
    expect(purchase.body.pushes).toHaveLength(2);
    const validation = merchantSide.callsTo('/validation').at(-1)!;
    expect(validation.body.OrderId).toBe(id);
    expect(verifyProviderC(validation.headers.authorization, MERCHANT.merchantId, MERCHANT.secret, JSON.stringify(validation.body))).toBe(true);
    const pushes = merchantSide.callsTo('/push').filter((call) => call.body.OrderId === id);
    expect(pushes.map((call) => call.body)).toEqual([
      { OrderId: id, MerchantReference: expect.any(String), Status: 'Completed', Timestamp: expect.any(String), NotificationType: 'CheckoutStatus' },
      { OrderId: id, MerchantReference: expect.any(String), Status: 'Completed', Timestamp: expect.any(String), NotificationType: 'CheckoutStatus' },
    ]);
    // Once purchased, the shopper and the cart are closed.
    expect((await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper })).status).toBe(409);
    expect((await api('PUT', `/checkout/merchantapi/orders/${id}`, { Cart: newOrder().Cart })).status).toBe(409);
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
    const id = await created({ MerchantSettings: { ...newOrder().MerchantSettings, CheckoutValidationCallBackUri: `${merchantSide.url}/refuse` } });
    merchantSide.on('/refuse', () => ({ status: 400, body: { DeclineReason: 'CartChanged', DeclineReasonMessage: 'Your cart changed.' } }));
    await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
    const refused = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: {} });
    expect(refused).toMatchObject({ status: 409, body: { code: 'validation_declined', message: 'Your cart changed.', details: { DeclineReason: 'CartChanged' } } });
    expect((await rest(url, 'GET', `/api/sandbox/orders/${id}`)).body.CustomerCheckoutStatus).toBe('InProcess');
  });

  it('a validation that does not answer in time approves, unless the order says otherwise', async () => {
    merchantSide.on('/slow', async () => {
      await hanging;
      return { status: 200 };
    });
    const settings = { ...newOrder().MerchantSettings, CheckoutValidationCallBackUri: `${merchantSide.url}/slow` };
    const approving = await created({ MerchantSettings: settings });
    const strict = await created({ MerchantSettings: settings, ValidationTimeoutApproves: false });
    for (const id of [approving, strict]) await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
    expect((await rest(url, 'POST', `/api/sandbox/orders/${approving}/purchase`)).body.order.CustomerCheckoutStatus).toBe('Completed');
    expect((await rest(url, 'POST', `/api/sandbox/orders/${strict}/purchase`)).status).toBe(409);
  });

  it('a purchase without customer details is 400', async () => {
    const id = await created();
    expect((await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`)).body).toMatchObject({ code: 'customer_incomplete' });
  });

  it('pending: OnHold, then the event accepts (or declines) it, sent as often as asked', async () => {
    const [accepted, declined] = [await created(), await created()];
    for (const id of [accepted, declined]) {
      await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
      const pending = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: { outcome: 'pending', pendingReason: 'ManualApproval' } });
      expect(pending.body.order).toMatchObject({ CustomerCheckoutStatus: 'OnHold', PendingReason: 'ManualApproval' });
    }
    const yes = await rest(url, 'POST', `/api/sandbox/orders/${accepted}/resolve`, { body: { decision: 'accepted', repeat: 2 } });
    expect(yes.body.order).toMatchObject({ CustomerCheckoutStatus: 'Completed', PendingReason: null, PendingResolution: 'accepted' });
    expect(merchantSide.callsTo('/event').filter((call) => call.body.OrderId === accepted).map((call) => call.body.Event)).toEqual(['PendingAccepted', 'PendingAccepted']);
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
    api('POST', `/checkout/merchantapi/tokens/${token}/orders`, { MerchantReference: `rec-${++reference}`, Currency: 'NOK', CountryCode: 'NO', Cart: newOrder().Cart, ...extra });

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
      const text = JSON.stringify({ MerchantReference: `t-${i}`, Currency: 'NOK', CountryCode: 'NO', Cart: newOrder().Cart });
      const answer = await rest(url, 'POST', `/checkout/merchantapi/tokens/${token}/orders`, { headers: { authorization: signProviderC('pc-test', 'test-secret-1', text) }, rawBody: text });
      expect(answer.status).toBe(201);
    }
    const mine = (await rest(url, 'POST', '/api/sandbox/tokens')).body.Token as string;
    expect(await tokenOrder(mine, { ShippingIntegration: true })).toMatchObject({ status: 400, body: { code: 'recurring_with_shipping_integration' } });
    expect((await api('POST', '/checkout/merchantapi/orders', newOrder({ Recurring: true, ShippingIntegration: true }))).body.code).toBe('recurring_with_shipping_integration');
    expect((await tokenOrder('rt_unknown')).status).toBe(404);
  });

  it('a completed recurring-enabled purchase gives a token', async () => {
    const id = await created({ Recurring: true });
    await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
    const done = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`);
    expect(done.body.order.RecurringToken).toMatch(/^rt_/);
  });
});
