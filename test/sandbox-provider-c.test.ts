import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../platform/logging/logger.js';
import { createProviderCSandbox, type ProviderCSandbox } from '../sandboxes/provider-c/provider-c-sandbox.app.js';
import { signProviderC } from '../sandboxes/provider-c/provider-c.signature.js';
import { rest } from './harness/http.js';
import { eventually } from './harness/orders.js';
import { clearOfMidnight } from './harness/sandbox-clock.js';
import { TestAdapter } from './harness/test-adapter.js';

// The provider C sandbox as Qliro One publishes its merchant and admin API (docs/sandboxes.md): its
// shapes, its rules for items, the calls it makes to the merchant, and the merchant payments on a saved card.

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const MERCHANT = { merchantId: 'pc-merchant', secret: 'provider-c-secret' };
let sandbox: ProviderCSandbox;
let url: string;
let merchantSide: TestAdapter;
/** Answers the merchant calls that hang, at the end. */
let releaseHanging: () => void = () => undefined;
const hanging = new Promise<void>((resolve) => (releaseHanging = resolve));
let reference = 0;

/** A call to the merchant or admin API with its Qliro token (as the adapter makes it). */
function api(method: string, path: string, body?: unknown, secret = MERCHANT.secret) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return rest(url, method, path, { headers: { authorization: signProviderC(secret, text) }, ...(body === undefined ? {} : { rawBody: text }) });
}

const ITEMS = [
  { MerchantReference: 'SKU-1', Description: 'Shoes', Type: 'Product', Quantity: 2, PricePerItemIncVat: 99.95, PricePerItemExVat: 79.96, VatRate: 25 },
  { MerchantReference: 'SKU-2', Description: 'Socks', Type: 'Product', Quantity: 1, PricePerItemIncVat: 50, PricePerItemExVat: 40, VatRate: 25 },
];
const METHODS = [
  { MerchantReference: 'standard', DisplayName: 'Standard parcel', PriceIncVat: 49, PriceExVat: 39.2 },
  { MerchantReference: 'pickup', DisplayName: 'Pick-up point', PriceIncVat: 0, PriceExVat: 0 },
];
const PREFILL = { Email: 'ada@example.com', MobileNumber: '+4712345678', JuridicalType: 'Physical', Address: { FirstName: 'Ada', LastName: 'Lovelace', Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo' } };

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
  MerchantOrderManagementStatusPushUrl: `${merchantSide.url}/om`,
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
const read = async (id: number) => (await api('GET', `/checkout/merchantapi/orders/${id}`)).body;

beforeAll(async () => {
  merchantSide = await TestAdapter.start();
  for (const path of ['/push', '/om', '/saved-card']) merchantSide.on(path, () => ({ status: 200, body: { CallbackResponse: 'received' } }));
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
  it('creates an order (answering its OrderId) and reads it in the published shape with its snippet; unsigned, forged or tampered requests are 401 in the published error form', async () => {
    const body = newOrder();
    const answer = await api('POST', '/checkout/merchantapi/orders', body);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ OrderId: expect.any(Number) });
    expect(answer.headers.get('location')).toBe(`/checkout/merchantapi/orders/${answer.body.OrderId}`);
    const order = await read(answer.body.OrderId);
    expect(Object.keys(order).sort()).toEqual(['CustomerCheckoutStatus', 'Country', 'Currency', 'IdentityVerification', 'Language', 'MerchantProvidedMetadata', 'MerchantReference', 'OrderHtmlSnippet', 'OrderId', 'OrderItems', 'SignupForNewsletter', 'TotalPrice'].sort());
    expect(order).toMatchObject({ OrderId: answer.body.OrderId, MerchantReference: body.MerchantReference, TotalPrice: 249.9, Country: 'NO', Currency: 'NOK', Language: 'nb-no', CustomerCheckoutStatus: 'InProcess', OrderItems: ITEMS });
    // The snippet: where the checkout goes, then the script that puts it there.
    expect(order.OrderHtmlSnippet).toBe(`<div class="qliro-one-checkout"></div><script src="${url}/checkout/q1.js" data-frame="/checkout/frame/${answer.body.OrderId}"></script>`);
    expect((await api('GET', `/checkout/merchantapi/orders?merchantReference=${body.MerchantReference}`)).body.OrderId).toBe(answer.body.OrderId);

    expect((await rest(url, 'GET', `/checkout/merchantapi/orders/${answer.body.OrderId}`)).status).toBe(401);
    expect((await api('GET', `/checkout/merchantapi/orders/${answer.body.OrderId}`, undefined, 'wrong-secret')).status).toBe(401);
    const text = JSON.stringify(body);
    const tampered = await rest(url, 'POST', '/checkout/merchantapi/orders', { headers: { authorization: signProviderC(MERCHANT.secret, text) }, rawBody: text.replace('99.95', '0.95') });
    expect(tampered).toMatchObject({ status: 401, body: { ErrorCode: 'UNAUTHORIZED', ErrorMessage: expect.any(String), ErrorReference: expect.any(String) } });
    expect((await api('GET', '/checkout/merchantapi/orders/99999999')).body).toMatchObject({ ErrorCode: 'ORDER_NOT_FOUND' });
  });

  it('holds the published item rules and languages; updates the items while in process (answer 200), not after the purchase', async () => {
    const refused = async (extra: Record<string, unknown>) => (await api('POST', '/checkout/merchantapi/orders', newOrder(extra))).body.ErrorCode;
    expect(await refused({ OrderItems: [{ ...ITEMS[0], PricePerItemExVat: 120 }] })).toBe('INVALID_REQUEST');
    expect(await refused({ OrderItems: [{ ...ITEMS[0], Type: 'Discount' }] })).toBe('INVALID_REQUEST');
    expect(await refused({ OrderItems: [{ ...ITEMS[0], PricePerItemIncVat: -1, PricePerItemExVat: -1 }] })).toBe('INVALID_REQUEST');
    expect(await refused({ Language: 'nb-NO' })).toBe('INVALID_REQUEST');
    expect(await refused({ Currency: 'nok' })).toBe('INVALID_REQUEST');
    expect(await refused({ Recurring: true })).toBe('INVALID_REQUEST');

    const id = await created();
    const discount = { MerchantReference: 'gift', Description: 'Gift card', Type: 'Discount', Quantity: 1, PricePerItemIncVat: -100, PricePerItemExVat: -100, VatRate: 0 };
    expect(await api('PUT', `/checkout/merchantapi/orders/${id}`, { MerchantApiKey: MERCHANT.merchantId, OrderItems: [...ITEMS, discount] })).toMatchObject({ status: 200, body: {} });
    expect((await read(id)).TotalPrice).toBe(149.9);
    await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
    expect((await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`)).status).toBe(200);
    expect((await api('PUT', `/checkout/merchantapi/orders/${id}`, { OrderItems: ITEMS })).body.ErrorCode).toBe('OPERATION_NOT_SUPPORTED');
  });

  it('starts the checkout from what the merchant already knows (CustomerInformation): the shopper buys without entering anything', async () => {
    const id = await created({ CustomerInformation: PREFILL });
    expect(await read(id)).toMatchObject({
      Customer: { Email: 'ada@example.com', MobileNumber: '+4712345678', JuridicalType: 'Physical' },
      BillingAddress: { FirstName: 'Ada', Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo' },
      ShippingAddress: { FirstName: 'Ada', Street: 'Storgata 1' },
    });
    expect((await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`)).body.order.CustomerCheckoutStatus).toBe('Completed');
  });

  it("offers the merchant's shipping methods: the one the shopper picks is the order's shipping item", async () => {
    const id = await created({ AvailableShippingMethods: METHODS, OrderItems: [...ITEMS, { MerchantReference: 'shipping-1', Description: 'Parcel', Type: 'Shipping', Quantity: 1, PricePerItemIncVat: 49, PricePerItemExVat: 39.2, VatRate: 25 }] });
    expect((await read(id)).TotalPrice).toBe(298.9);
    await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: { shippingMethod: 'pickup' } });
    const order = await read(id);
    expect(order.TotalPrice).toBe(249.9);
    expect(order.OrderItems.filter((item: { Type: string }) => item.Type === 'Shipping')).toEqual([{ MerchantReference: 'pickup', Description: 'Pick-up point', Type: 'Shipping', Quantity: 1, PricePerItemIncVat: 0, PricePerItemExVat: 0, VatRate: 0 }]);
    expect((await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: { shippingMethod: 'drone' } })).status).toBe(400);
  });
});

describe('the shopper, validation and notifications', () => {
  it('purchase: the validation, the checkout status push and the saved card notification go unsigned in the published shapes; the order is Completed', async () => {
    const id = await created({ MerchantSavedCreditCardPushUrl: `${merchantSide.url}/saved-card` });
    expect((await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper })).body).toMatchObject({ Customer: { Email: 'ada@example.com' }, BillingAddress: { City: 'Oslo', Street: 'Storgata 1' } });
    const purchase = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: { outcome: 'completed', pushes: 2 } });
    expect(purchase.status).toBe(200);
    expect(purchase.body).toMatchObject({ order: { CustomerCheckoutStatus: 'Completed', PaymentMethod: { PaymentMethodName: 'CREDITCARDS' } }, validation: { approved: true }, redirectUrl: 'https://shop.example/confirmation' });
    expect(purchase.body.pushes).toHaveLength(2);
    const validation = merchantSide.callsTo('/validation').at(-1)!;
    expect(validation.body).toEqual({
      OrderId: id,
      MerchantReference: expect.any(String),
      Currency: 'NOK',
      IdentityVerification: { RequireIdentityVerification: false, IdentityVerified: null },
      Customer: { Email: 'ada@example.com', MobileNumber: '+4712345678', PersonalNumber: null },
      ShippingAddress: expect.objectContaining({ Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo' }),
      OrderItems: ITEMS,
      PaymentMethod: { PaymentMethodName: 'CREDITCARDS', PaymentTypeCode: null },
      SelectedShippingMethod: null,
      SelectedShippingSecondaryOption: null,
    });
    expect(validation.headers.authorization).toBeUndefined();
    const pushes = merchantSide.callsTo('/push').filter((call) => call.body.OrderId === id);
    const push = { OrderId: id, MerchantReference: expect.any(String), Status: 'Completed', Timestamp: expect.any(String), NotificationType: 'CustomerCheckoutStatus', PaymentTransactionId: expect.any(Number) };
    expect(pushes.map((call) => call.body)).toEqual([push, push]);
    expect(pushes[0]!.headers.authorization).toBeUndefined();
    const [card] = merchantSide.callsTo('/saved-card').filter((call) => call.body.OrderId === id);
    expect(card!.body).toEqual({ OrderId: id, Id: expect.any(String), CardBrandName: 'Visa', CardBin: '411111', CardLast4Digits: '1111', ExpiryYear: '2030', ExpiryMonth: '12', TimeStamp: expect.any(String) });
    expect((await rest(url, 'GET', `/api/sandbox/orders/${id}`)).body.SavedCreditCardId).toBe(card!.body.Id);
    // Once purchased, the shopper's side is closed.
    expect((await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper })).status).toBe(400);
  });

  it('no saved card without the merchant asking for one, nor for an invoice purchase', async () => {
    const plain = await created();
    await rest(url, 'PUT', `/api/sandbox/orders/${plain}/shopper`, { body: shopper });
    expect((await rest(url, 'POST', `/api/sandbox/orders/${plain}/purchase`)).body.savedCard).toBeNull();
    const invoice = await created({ MerchantSavedCreditCardPushUrl: `${merchantSide.url}/saved-card` });
    await rest(url, 'PUT', `/api/sandbox/orders/${invoice}/shopper`, { body: { ...shopper, paymentMethod: 'invoice' } });
    const bought = await rest(url, 'POST', `/api/sandbox/orders/${invoice}/purchase`);
    expect(bought.body).toMatchObject({ savedCard: null, order: { PaymentMethod: { PaymentMethodName: 'QLIRO_INVOICE' } } });
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

  it('a 400 from the validation declines with its published reason and message; an unpublished reason is Other, a message over 150 characters is not shown; the order stays InProcess', async () => {
    const declined = async (answer: Record<string, unknown>) => {
      const path = `/refuse-${++reference}`;
      merchantSide.on(path, () => ({ status: 400, body: answer }));
      const id = await created({ MerchantOrderValidationUrl: `${merchantSide.url}${path}` });
      await rest(url, 'PUT', `/api/sandbox/orders/${id}/shopper`, { body: shopper });
      const refused = await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`, { body: {} });
      expect((await read(id)).CustomerCheckoutStatus).toBe('InProcess');
      return refused;
    };
    expect(await declined({ DeclineReason: 'OutOfStock', DeclineReasonMessage: 'Socks are sold out.' })).toMatchObject({ status: 409, body: { code: 'validation_declined', message: 'Socks are sold out.', details: { DeclineReason: 'OutOfStock', DeclineReasonMessage: 'Socks are sold out.' } } });
    expect((await declined({ DeclineReason: 'CartChanged' })).body.details).toMatchObject({ DeclineReason: 'Other', DeclineReasonMessage: null });
    expect((await declined({ DeclineReason: 'Other', DeclineReasonMessage: 'x'.repeat(151) })).body).toMatchObject({ message: expect.not.stringContaining('xxx'), details: { DeclineReasonMessage: null } });
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

  it('a purchase without the customer’s email and address is 400, in words', async () => {
    const id = await created();
    expect((await rest(url, 'POST', `/api/sandbox/orders/${id}/purchase`)).body).toMatchObject({ code: 'customer_incomplete', message: 'Please enter your email and address.' });
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

  it('serves the checkout script (q1), the checkout frame (no order number in it) and a page embedding the snippet', async () => {
    const id = await created();
    const script = await fetch(`${url}/checkout/q1.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const source = await script.text();
    for (const name of ['q1Ready', 'onCheckoutLoaded', 'onCustomerInfoChanged', 'onShippingMethodChanged', 'onPaymentProcess', 'onPaymentDeclined', 'onSessionExpired', 'onOrderUpdated', 'lock()', 'unlock()']) expect(source).toContain(name);
    const frame = await fetch(`${url}/checkout/frame/${id}`);
    expect(frame.headers.get('content-type')).toMatch(/text\/html/);
    const html = await frame.text();
    expect(html.replace(/data-order-id="\d+"/, '')).not.toContain(String(id));
    const page = await (await fetch(`${url}/api/sandbox/orders/${id}/page`)).text();
    expect(page).toContain(`/checkout/frame/${id}`);
    expect(page).toContain('window.q1Ready');
  });
});

describe('merchant payments on a saved card (the admin API)', () => {
  const payment = (card: string, extra: Record<string, unknown> = {}, merchantId = MERCHANT.merchantId) => ({
    RequestId: `req-${++reference}`,
    MerchantApiKey: merchantId,
    MerchantReference: `rec-${reference}`,
    Currency: 'NOK',
    Country: 'NO',
    Language: 'nb-no',
    MerchantOrderManagementStatusPushUrl: `${merchantSide.url}/om`,
    OrderItems: ITEMS,
    BillingAddress: { FirstName: 'Ada', LastName: 'Lovelace', Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo' },
    PaymentMethod: { Name: 'CREDITCARDS', MerchantSavedCreditCardId: card },
    ...extra,
  });

  it('charges the card at once; the admin read and the order-management push say so; three a day per card in production, the next day again', async () => {
    await clearOfMidnight(url);
    const card = (await rest(url, 'POST', '/api/sandbox/saved-cards', { body: {} })).body.Id as string;
    for (let i = 0; i < 3; i++) {
      const answer = await api('POST', '/checkout/adminapi/v2/merchantpayment', payment(card));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ OrderId: expect.any(Number), PaymentTransactions: [{ PaymentTransactionId: expect.any(Number), Type: 'Preauthorization', Amount: 249.9, Currency: 'NOK', Status: 'Success', PaymentMethodName: 'CREDITCARDS' }] });
      const admin = (await api('GET', `/checkout/adminapi/v2/orders/${answer.body.OrderId}`)).body;
      expect(admin).toMatchObject({ OrderId: answer.body.OrderId, TotalPrice: 249.9, BillingAddress: { Street: 'Storgata 1' }, OrderItemActions: [], PaymentTransactions: answer.body.PaymentTransactions });
      const pushed = await eventually(async () => merchantSide.callsTo('/om').find((call) => call.body.OrderId === answer.body.OrderId));
      expect(pushed.body).toEqual({ OrderId: answer.body.OrderId, MerchantReference: expect.any(String), PaymentTransactionId: answer.body.PaymentTransactions[0].PaymentTransactionId, Amount: 249.9, Currency: 'NOK', Status: 'Success', PaymentType: 'Preauthorization', Timestamp: expect.any(String) });
    }
    expect(await api('POST', '/checkout/adminapi/v2/merchantpayment', payment(card))).toMatchObject({ status: 400, body: { ErrorCode: 'RECURRING_LIMIT_REACHED', ErrorMessage: expect.stringContaining('at most 3 per day') } });
    await rest(url, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 86_400 } });
    expect((await api('POST', '/checkout/adminapi/v2/merchantpayment', payment(card))).status).toBe(200);
  });

  it('an order-management push the merchant does not take is sent again', async () => {
    let refusals = 1;
    merchantSide.on('/om-late', () => (refusals-- > 0 ? { status: 404, body: {} } : { status: 200, body: { CallbackResponse: 'received' } }));
    const card = (await rest(url, 'POST', '/api/sandbox/saved-cards', { body: {} })).body.Id as string;
    const answer = await api('POST', '/checkout/adminapi/v2/merchantpayment', payment(card, { MerchantOrderManagementStatusPushUrl: `${merchantSide.url}/om-late` }));
    const calls = await eventually(async () => {
      const sent = merchantSide.callsTo('/om-late').filter((call) => call.body.OrderId === answer.body.OrderId);
      return sent.length === 2 ? sent : undefined;
    }, 10_000);
    expect(calls.map((call) => call.body.Status)).toEqual(['Success', 'Success']);
  });

  it('no limit in test mode; no merchant payment with a shipping-provider integration; an unknown card is INVALID_REQUEST', async () => {
    await rest(url, 'POST', '/api/sandbox/merchants', { body: { merchantId: 'pc-test', secret: 'test-secret-1', mode: 'test' } });
    const card = (await rest(url, 'POST', '/api/sandbox/saved-cards', { body: { merchantId: 'pc-test' } })).body.Id as string;
    for (let i = 0; i < 4; i++) expect((await api('POST', '/checkout/adminapi/v2/merchantpayment', payment(card, {}, 'pc-test'), 'test-secret-1')).status).toBe(200);
    await rest(url, 'POST', '/api/sandbox/merchants', { body: { merchantId: 'pc-shipping', secret: 'shipping-secret', mode: 'test', shippingIntegration: true } });
    const theirs = (await rest(url, 'POST', '/api/sandbox/saved-cards', { body: { merchantId: 'pc-shipping' } })).body.Id as string;
    expect((await api('POST', '/checkout/adminapi/v2/merchantpayment', payment(theirs, {}, 'pc-shipping'), 'shipping-secret')).body.ErrorCode).toBe('OPERATION_NOT_SUPPORTED');
    expect((await api('POST', '/checkout/adminapi/v2/merchantpayment', payment('not-a-card'))).body.ErrorCode).toBe('INVALID_REQUEST');
    // Another merchant's card is no card of this one.
    expect((await api('POST', '/checkout/adminapi/v2/merchantpayment', payment(card))).body.ErrorCode).toBe('INVALID_REQUEST');
  });
});
