import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, graphql, rest } from '../harness/http.js';
import { ProviderRefreshPaymentDocument, ProviderStartPaymentDocument } from '../generated/graphql.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { clearOfMidnight } from '../harness/sandbox-clock.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/** The provider C adapter through real HTTP: the platform, the adapter and the provider C sandbox (Qliro One's published API) as the provider. */

const ID = 'provider_c_checkout_adapter';
const tenant = { merchant: 'm-provider-c', channel: 'web' };
const shippingTenant = { merchant: 'm-provider-c', channel: 'with-shipping' };
const unconfigured = { merchant: 'm-provider-c', channel: 'no-config' };
const SHOPPER = { customer: { email: 'ada@example.com', phoneNumber: '+4712345678', firstName: 'Ada', lastName: 'Lovelace', streetAddress: 'Storgata 1', coAddress: 'c/o Babbage', postalCode: '0155', city: 'Oslo' } };
/** The shop's shipping methods offered inside the provider's checkout. */
const METHODS = [{ id: 'standard', name: 'Standard parcel', price: 49 }, { id: 'pickup', name: 'Pick-up point', price: 0 }];
/** What the shop already knows of the shopper (the storefront's checkout form). */
const KNOWN = { billing: { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'kari@example.com', phone: '+4791234567' } };

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let storefront: string;
let stock: TestAdapter;

const adapterUrl = () => system.urls[ID]!;
const sandboxUrl = () => system.urls.provider_c_sandbox!;

async function configure(t: typeof tenant, extra: Record<string, unknown> = {}) {
  const token = await system.token({ merchant: t.merchant, channels: [t.channel], role: 'admin' });
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${t.merchant}/channels/${t.channel}/configurations/${ID}`, {
    token,
    ...t,
    body: {
      $schema: `${adapterUrl()}/openapi/v1/schemas/${ID}.json`,
      id: ID,
      active: true,
      adapter: { publicUrl: adapterUrl() },
      apiSettings: { apiUrl: sandboxUrl(), merchantId: 'pc-merchant', sharedSecret: 'provider-c-secret' },
      redirectUrls: { termsUrl: 'https://shop.example/terms', confirmationUrl: 'https://shop.example/thanks?order={orderId}', checkoutUrl: 'https://shop.example/checkout' },
      recurring: { enabled: true },
      shipping: { methods: METHODS },
      ...extra,
    },
  });
  expect(put.status).toBe(201);
}

beforeAll(async () => {
  system = await startTestSystem({
    services: ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications', ID, 'provider_c_sandbox'],
  });
  admin = await orderClient(system, tenant, 'admin');
  storefront = await system.token({ merchant: tenant.merchant, channels: ['*'], role: 'storefront' });
  stock = await TestAdapter.start();
  await configure(tenant);
  await configure(shippingTenant, { shipping: { providerIntegration: true, methods: METHODS } });
});
afterAll(async () => {
  await stock?.close();
  await system?.close();
});

const call = (method: string, path: string, options: { body?: unknown; t?: typeof tenant } = {}) =>
  rest(adapterUrl(), method, path, { token: storefront, ...(options.t ?? tenant), ...(options.body === undefined ? {} : { body: options.body }) });
const sandbox = (method: string, path: string, body?: unknown) => rest(sandboxUrl(), method, path, body === undefined ? {} : { body });

async function newOrder(extra: Record<string, unknown> = {}): Promise<string> {
  const created = await admin.call('POST', '', sampleOrder(extra));
  expect(created.status).toBe(201);
  return created.body.id as string;
}
const order = async (id: string) => (await admin.call('GET', `/${id}`)).body;
const payment = async (orderId: string, paymentId: string) => (await order(orderId)).payments.find((p: { id: string }) => p.id === paymentId);
const statuses = async (id: string) => (await order(id)).state.transitions.map((t: { status: string }) => t.status);
const transactions = (paymentId: string) => system.db.prisma.paymentTransaction.count({ where: { paymentId } });

/** Create through the spec's path; answers the payment id and the provider's order id. */
async function start(orderId: string): Promise<{ paymentId: string; providerOrderId: number; snippet: string }> {
  const created = await call('POST', `/api/v1/checkout/${orderId}/payments`);
  expect(created.status).toBe(201);
  const stored = await payment(orderId, created.body.paymentId);
  return { paymentId: created.body.paymentId, providerOrderId: Number(stored.reference), snippet: created.body.htmlSnippet };
}

async function shopAndPurchase(providerOrderId: number, body: Record<string, unknown> = {}) {
  expect((await sandbox('PUT', `/api/sandbox/orders/${providerOrderId}/shopper`, SHOPPER)).status).toBe(200);
  return sandbox('POST', `/api/sandbox/orders/${providerOrderId}/purchase`, body);
}

describe('create and read', () => {
  it('answers {paymentId, htmlSnippet} with the provider snippet; GET answers the same; the payment is intent with the provider order as reference; the provider was told what the shop knows and the shipping methods it offers', async () => {
    const orderId = await newOrder({ customer: KNOWN });
    const created = await call('POST', `/api/v1/checkout/${orderId}/payments`);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ paymentId: expect.any(String), htmlSnippet: expect.stringContaining(`<script src="${sandboxUrl()}/checkout/q1.js"`) });
    const stored = await payment(orderId, created.body.paymentId);
    expect(stored).toMatchObject({ adapterId: ID, state: 'intent', type: 'checkout', amount: 249.9, reference: expect.stringMatching(/^\d+$/), attributes: { checkoutStatus: 'InProcess' } });
    const providerOrder = (await sandbox('GET', `/api/sandbox/orders/${stored.reference}`)).body;
    expect(providerOrder).toMatchObject({
      TotalPrice: 249.9,
      MerchantReference: created.body.paymentId,
      Language: 'nb-no',
      // The prefill: the checkout starts with the shopper's details, not asking again.
      CustomerInformation: { Email: 'kari@example.com', MobileNumber: '+4791234567', JuridicalType: 'Physical', Address: { FirstName: 'Kari', LastName: 'Nordmann', Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo' } },
      Customer: { Email: 'kari@example.com' },
      BillingAddress: { Street: 'Storgata 1' },
      AvailableShippingMethods: [
        { MerchantReference: 'standard', DisplayName: 'Standard parcel', PriceIncVat: 49, PriceExVat: 39.2 },
        { MerchantReference: 'pickup', DisplayName: 'Pick-up point', PriceIncVat: 0, PriceExVat: 0 },
      ],
    });
    // Recurring on: the provider tells the card a purchase saves to the adapter; the items carry the subscription tag.
    expect(providerOrder.Urls.MerchantSavedCreditCardPushUrl).toMatch(new RegExp(`^${adapterUrl()}/api/checkout/v1/callback/orders/${orderId}/payments/${created.body.paymentId}/saved-credit-card\\?`));
    expect(providerOrder.OrderItems[0].Metadata).toEqual({ Subscription: { Enabled: true } });
    expect(providerOrder.Urls.MerchantOrderValidationUrl).toMatch(new RegExp(`^${adapterUrl()}/api/checkout/v1/callback/validation\\?`));

    const read = await call('GET', `/api/v1/checkout/${orderId}/payments/${created.body.paymentId}`);
    expect(read).toMatchObject({ status: 200, body: { paymentId: created.body.paymentId, htmlSnippet: created.body.htmlSnippet } });
    expect((await call('POST', `/api/v1/checkout/${orderId}/payments`)).status).toBe(409); // one open payment per adapter
  });

  it('a channel without configuration is 400 "Configuration is missing for this channel."', async () => {
    const client = await orderClient(system, unconfigured, 'admin');
    const orderId = (await client.call('POST', '', sampleOrder())).body.id as string;
    const answer = await call('POST', `/api/v1/checkout/${orderId}/payments`, { t: unconfigured });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Configuration is missing for this channel.' } });
  });

  it('startPayment through the gateway answers the snippet', async () => {
    const orderId = await newOrder();
    const answer = await graphql(system.urls.gateway!, ProviderStartPaymentDocument, { id: orderId, adapterId: ID }, { token: storefront, ...tenant });
    expect(dataOf(answer).startPayment).toMatchObject({ adapterId: ID, htmlSnippet: expect.stringContaining('/checkout/q1.js'), payment: { id: expect.any(String) } });
  });
});

describe('the checkout journey', () => {
  it('customer and shipping events update the order; validation → processing; push → completed; the saved card is the payment\'s token; the shopper is sent to the confirmation page; duplicate pushes change nothing', async () => {
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);

    await sandbox('PUT', `/api/sandbox/orders/${providerOrderId}/shopper`, { ...SHOPPER, shippingMethod: 'standard' });
    const customer = await call('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/customer-update`);
    expect(customer.status).toBe(200);
    expect((await order(orderId)).customer.billing).toMatchObject({ givenName: 'Ada', familyName: 'Lovelace', streetAddress: 'Storgata 1', streetAddress2: 'c/o Babbage', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'ada@example.com' });

    const shipping = await call('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/shipping-option-update`);
    expect(shipping).toMatchObject({ status: 200, body: { amount: 298.9 } });
    const afterShipping = await order(orderId);
    expect(afterShipping.shippings).toEqual([expect.objectContaining({ id: `${ID}-shipping`, name: 'Standard parcel', reference: 'standard', total: { includingVat: 49, excludingVat: 39.2 } })]);
    expect(afterShipping.total.includingVat).toBe(298.9);
    expect((await payment(orderId, paymentId)).amount).toBe(298.9);
    const atProvider = (await sandbox('GET', `/api/sandbox/orders/${providerOrderId}`)).body;
    expect(atProvider.TotalPrice).toBe(298.9);
    // The provider still has the method as chosen: the adapter's items keep its reference.
    expect(atProvider.OrderItems.filter((item: { Type: string }) => item.Type === 'Shipping')).toEqual([expect.objectContaining({ MerchantReference: 'standard', PricePerItemIncVat: 49 })]);

    const purchase = await sandbox('POST', `/api/sandbox/orders/${providerOrderId}/purchase`, { outcome: 'completed', pushes: 2 });
    expect(purchase.status).toBe(200);
    expect(purchase.body.validation).toMatchObject({ approved: true, call: { status: 200 } });
    expect(purchase.body.pushes.map((p: { status: number; answer: unknown }) => [p.status, p.answer])).toEqual([
      [200, { CallbackResponse: 'received' }],
      [200, { CallbackResponse: 'received' }],
    ]);
    expect(purchase.body.savedCard).toMatchObject({ status: 200, answer: { CallbackResponse: 'received' } });
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await payment(orderId, paymentId)).toMatchObject({ state: 'reserved', attributes: { checkoutStatus: 'Completed', paymentMethod: 'CREDITCARDS' }, recurring: { token: purchase.body.order.SavedCreditCardId } });

    // The shopper's browser comes back through the confirmation address → the shop's page.
    const back = await fetch(purchase.body.redirectUrl, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`https://shop.example/thanks?order=${orderId}`);

    // Another duplicate push: nothing moves, nothing is logged.
    const logged = await transactions(paymentId);
    expect((await sandbox('POST', `/api/sandbox/orders/${providerOrderId}/push`)).body).toMatchObject({ status: 200, answer: { CallbackResponse: 'received' } });
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await transactions(paymentId)).toBe(logged);
    // The confirmation page embeds the snippet again: GET still answers it.
    expect((await call('GET', `/api/v1/checkout/${orderId}/payments/${paymentId}`)).status).toBe(200);
  });

  it('a validation refused (a /state hook vetoes processing) answers the provider 400 with a published reason and the message; the order stays in checkout and the payment open', async () => {
    stock.on('/state', () => ({ status: 400, body: { message: 'Socks are out of stock.' } }));
    const orderId = await newOrder({ hooks: [{ id: 'stock', adapterId: 'commerce_adapter', subscribeTo: '/state', invoke: `${stock.url}/state` }] });
    const { paymentId, providerOrderId } = await start(orderId);
    const purchase = await shopAndPurchase(providerOrderId);
    expect(purchase.status).toBe(409);
    expect(purchase.body).toMatchObject({ code: 'validation_declined', message: expect.stringContaining('Socks are out of stock.'), details: { DeclineReason: 'Other' } });
    expect((await order(orderId)).state.currentStatus).toBe('checkout');
    expect((await payment(orderId, paymentId)).state).toBe('intent');
    expect((await sandbox('GET', `/api/sandbox/orders/${providerOrderId}`)).body.CustomerCheckoutStatus).toBe('InProcess');
  });

  it('a purchase whose items no longer cost the payment\'s amount is declined (Other, "Your order changed…") and changes nothing', async () => {
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);
    // The shopper picks a paid delivery in the checkout, but the shop never hears of it (the event is lost).
    await sandbox('PUT', `/api/sandbox/orders/${providerOrderId}/shopper`, { shippingMethod: 'standard' });
    const purchase = await shopAndPurchase(providerOrderId);
    expect(purchase).toMatchObject({ status: 409, body: { details: { DeclineReason: 'Other', DeclineReasonMessage: expect.stringContaining('Your order changed') } } });
    expect(await statuses(orderId)).toEqual(['checkout']);
    expect((await payment(orderId, paymentId)).state).toBe('intent');
  });

  it('a refused purchase: the payment fails and the order returns to checkout', async () => {
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);
    expect((await shopAndPurchase(providerOrderId, { outcome: 'refused' })).status).toBe(200);
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'checkout']);
    expect((await payment(orderId, paymentId)).state).toBe('failed');
  });
});

describe('two deliveries at once', () => {
  it('two pushes of one purchase at once: both 200, applied once; then the OnHold event twice at once, applied once', async () => {
    // Completed: the purchase's own push is lost, the two below are the first, racing each other.
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);
    expect((await shopAndPurchase(providerOrderId, { pushes: 0 })).status).toBe(200);
    const pushes = await Promise.all([sandbox('POST', `/api/sandbox/orders/${providerOrderId}/push`), sandbox('POST', `/api/sandbox/orders/${providerOrderId}/push`)]);
    expect(pushes.map((push) => [push.body.status, push.body.answer])).toEqual([
      [200, { CallbackResponse: 'received' }],
      [200, { CallbackResponse: 'received' }],
    ]);
    await eventually(async () => (await order(orderId)).state.currentStatus === 'completed', 30_000);
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await payment(orderId, paymentId)).toMatchObject({ state: 'reserved', attributes: { checkoutStatus: 'Completed' } });
    const keyed = await system.db.prisma.paymentTransaction.count({ where: { paymentId, eventKey: `checkout:${providerOrderId}:Completed` } });
    expect(keyed).toBe(1);

    // OnHold, then the provider's decision delivered twice at once.
    const pending = await newOrder();
    const held = await start(pending);
    expect((await shopAndPurchase(held.providerOrderId, { outcome: 'pending', pendingReason: 'ManualApproval' })).status).toBe(200);
    expect(await statuses(pending)).toEqual(['checkout', 'processing', 'accepted']);
    // The provider's event is lost on the way; the two copies below are the first, racing each other (signed as the provider signs).
    const resolved = await sandbox('POST', `/api/sandbox/orders/${held.providerOrderId}/resolve`, { decision: 'accepted', repeat: 0 });
    expect(resolved.body.events).toEqual([]);
    // As published, the pending payment's new status is another checkout status push (unsigned).
    const pushUrl = (await sandbox('GET', `/api/sandbox/orders/${held.providerOrderId}`)).body.Urls.MerchantCheckoutStatusPushUrl as string;
    const body = JSON.stringify({ OrderId: held.providerOrderId, MerchantReference: held.paymentId, Status: 'Completed', Timestamp: new Date().toISOString(), NotificationType: 'CustomerCheckoutStatus', PaymentTransactionId: 1 });
    const deliver = () => fetch(pushUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const events = await Promise.all([deliver(), deliver()]);
    expect(events.map((event) => event.status)).toEqual([200, 200]);
    await eventually(async () => (await order(pending)).state.currentStatus === 'completed', 30_000);
    expect(await statuses(pending)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await payment(pending, held.paymentId)).toMatchObject({ state: 'reserved', attributes: { checkoutStatus: 'Completed' } });
    expect(await system.db.prisma.paymentTransaction.count({ where: { paymentId: held.paymentId, eventKey: `checkout:${held.providerOrderId}:Completed` } })).toBe(1);
    expect(await system.db.prisma.paymentTransaction.count({ where: { paymentId: held.paymentId, eventKey: `checkout:${held.providerOrderId}:OnHold` } })).toBe(1);
  });
});

describe('pending payments', () => {
  it('OnHold: the order stays accepted with a pending payment; the event accepts it → completed; a duplicate event changes nothing', async () => {
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);
    expect((await shopAndPurchase(providerOrderId, { outcome: 'pending', pendingReason: 'ManualApproval' })).status).toBe(200);
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted']);
    expect(await payment(orderId, paymentId)).toMatchObject({ state: 'pending', attributes: { checkoutStatus: 'OnHold' } });

    const resolved = await sandbox('POST', `/api/sandbox/orders/${providerOrderId}/resolve`, { decision: 'accepted', repeat: 2 });
    expect(resolved.body.events.map((e: { status: number }) => e.status)).toEqual([200, 200]);
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    const settled = await payment(orderId, paymentId);
    expect(settled).toMatchObject({ state: 'reserved', attributes: { checkoutStatus: 'Completed' } });
  });

  it('in another order the provider declines it: the payment fails, the order stays accepted', async () => {
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);
    await shopAndPurchase(providerOrderId, { outcome: 'pending' });
    await sandbox('POST', `/api/sandbox/orders/${providerOrderId}/resolve`, { decision: 'declined', repeat: 2 });
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted']);
    expect(await payment(orderId, paymentId)).toMatchObject({ state: 'failed', attributes: { checkoutStatus: 'Refused' } });
  });
});

describe('browser data', () => {
  it('the checkout events take nothing from a browser: a shopper, stored method, token or recurring model named is refused before the provider is asked; a shopper\'s checkout token may not charge a stored token', async () => {
    const orderId = await newOrder();
    const { paymentId } = await start(orderId);
    const reads = async () => ((await sandbox('GET', '/api/sandbox/exchanges?direction=in')).body.exchanges as Array<{ operation: string }>).filter((e) => e.operation === 'getOrder').length;
    const before = await reads();
    for (const body of [{ Customer: { Email: 'someone@else.example' } }, { RecurringToken: 'rt_other' }, { Recurring: true }, { PersonalNumber: '111111-1111' }]) {
      for (const name of ['customer-update', 'shipping-option-update']) {
        const refused = await call('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/${name}`, { body });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
    }
    expect(await reads()).toBe(before);
    expect((await call('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/customer-update`, { body: {} })).status).toBe(200);

    const other = await newOrder();
    const checkoutToken = (await admin.call('POST', `/${other}/checkout-token`)).body.token as string;
    const token = (await sandbox('POST', '/api/sandbox/saved-cards')).body.Id as string;
    const asShopper = await rest(adapterUrl(), 'POST', `/api/checkout/v1/orders/${other}/payments/recurring`, { token: checkoutToken, ...tenant, body: { token } });
    expect(asShopper.status).toBe(403);
    expect((await order(other)).payments).toEqual([]);
  });
});

describe('forged provider calls', () => {
  it('a push, event or validation to a changed or forged address is 401 and changes nothing; to the genuine address its body is only a hint', async () => {
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);
    const providerOrder = (await sandbox('GET', `/api/sandbox/orders/${providerOrderId}`)).body;
    await sandbox('PUT', `/api/sandbox/orders/${providerOrderId}/shopper`, SHOPPER);
    const pushUrl = new URL(providerOrder.Urls.MerchantCheckoutStatusPushUrl);
    const body = JSON.stringify({ OrderId: providerOrderId, MerchantReference: paymentId, Status: 'Completed', Timestamp: new Date().toISOString(), NotificationType: 'CustomerCheckoutStatus', PaymentTransactionId: 1 });
    const post = (url: URL | string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

    const otherTenant = new URL(pushUrl);
    otherTenant.searchParams.set('channel', 'with-shipping');
    expect((await post(otherTenant)).status).toBe(401);
    const unsigned = new URL(pushUrl);
    unsigned.searchParams.delete('sig');
    expect((await post(unsigned)).status).toBe(401);
    const event = new URL(providerOrder.Urls.MerchantOrderManagementStatusPushUrl);
    event.searchParams.set('paymentId', 'someone-elses');
    expect((await post(event)).status).toBe(401);
    const validation = new URL(providerOrder.Urls.MerchantOrderValidationUrl);
    validation.searchParams.set('merchant', 'another');
    expect((await post(validation)).status).toBe(401);
    // A saved card told to a changed address is refused; to the genuine one it must name this payment's provider order.
    const savedCard = new URL(providerOrder.Urls.MerchantSavedCreditCardPushUrl);
    const card = (order: number) => JSON.stringify({ OrderId: order, Id: 'card-of-someone-else', CardBrandName: 'Visa', CardLast4Digits: '1111' });
    const forged = new URL(savedCard);
    forged.searchParams.set('channel', 'with-shipping');
    expect((await fetch(forged, { method: 'POST', headers: { 'content-type': 'application/json' }, body: card(providerOrderId) })).status).toBe(401);
    expect((await fetch(savedCard, { method: 'POST', headers: { 'content-type': 'application/json' }, body: card(providerOrderId + 1) })).status).toBe(400);
    expect((await payment(orderId, paymentId)).recurring).toBeUndefined();

    // At the genuine validation address, a request naming another provider order (malformed items besides) is declined in the published form, not a failure.
    const declined = await fetch(providerOrder.Urls.MerchantOrderValidationUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ OrderId: providerOrderId + 1, OrderItems: [{ Quantity: 'many' }] }) });
    expect(declined.status).toBe(400);
    expect(await declined.json()).toEqual({ DeclineReason: 'Other', DeclineReasonMessage: expect.any(String) });

    expect(await statuses(orderId)).toEqual(['checkout']);
    expect((await payment(orderId, paymentId)).state).toBe('intent');
    // At the genuine address the same body is only a hint: the provider still says InProcess, so nothing moves.
    const genuine = await post(pushUrl);
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toEqual({ CallbackResponse: 'received' });
    expect(await statuses(orderId)).toEqual(['checkout']);
  });
});

describe('recurring', () => {
  /** The merchant payments the sandbox took (what the adapter sent), newest last. */
  const merchantPayments = async () => ((await sandbox('GET', '/api/sandbox/exchanges?operation=createMerchantPayment')).body.exchanges as Array<{ requestBody: Record<string, unknown> }>).map((exchange) => exchange.requestBody);

  it('the card a purchase saved pays a later order through the merchant payment (the order\'s items, contact and addresses sent); three a day per card; the fourth is refused with a clear 400', async () => {
    await clearOfMidnight(system.urls.provider_c_sandbox!);
    // A purchase by card: the provider tells the adapter the card it saved.
    const first = await newOrder();
    const bought = await start(first);
    expect((await shopAndPurchase(bought.providerOrderId)).status).toBe(200);
    const token = (await payment(first, bought.paymentId)).recurring.token as string;
    expect(token).toEqual(expect.any(String));

    for (let i = 0; i < 3; i++) {
      const orderId = await newOrder({ customer: KNOWN });
      const answer = await call('POST', `/api/checkout/v1/orders/${orderId}/payments/recurring`, { body: { token } });
      expect(answer).toMatchObject({ status: 201, body: { orderStatus: 'completed', paymentState: 'reserved', checkoutStatus: 'Success' } });
      const done = await order(orderId);
      expect(done.payments[0]).toMatchObject({ adapterId: ID, state: 'reserved', recurring: { token }, attributes: { merchantPayment: true, transactionStatus: 'Success' } });
      expect((await merchantPayments()).at(-1)).toMatchObject({
        MerchantReference: answer.body.paymentId,
        Currency: 'NOK',
        Country: 'NO',
        Language: 'nb-no',
        OrderItems: [expect.objectContaining({ MerchantReference: 'SKU-1', PricePerItemIncVat: 99.95 }), expect.objectContaining({ MerchantReference: 'SKU-2' })],
        Customer: { Email: 'kari@example.com', MobileNumber: '+4791234567', JuridicalType: 'Physical' },
        BillingAddress: { FirstName: 'Kari', LastName: 'Nordmann', Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo' },
        PaymentMethod: { Name: 'CREDITCARDS', MerchantSavedCreditCardId: token },
      });
    }
    // The provider's order-management push about each payment is taken (and changes nothing: applied already).
    const pushes = await eventually(async () => {
      const sent = (await sandbox('GET', '/api/sandbox/exchanges?operation=omPush')).body.exchanges as Array<{ status?: number; responseBody?: unknown; requestBody: { OrderId: number } }>;
      return sent.filter((push) => push.status === 200).length >= 3 ? sent : undefined;
    });
    expect(pushes.filter((push) => push.status === 200).map((push) => push.responseBody)).toEqual([{ CallbackResponse: 'received' }, { CallbackResponse: 'received' }, { CallbackResponse: 'received' }]);
    const fourth = await newOrder({ customer: KNOWN });
    const refused = await call('POST', `/api/checkout/v1/orders/${fourth}/payments/recurring`, { body: { token } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'recurring_limit_reached', message: expect.stringContaining('at most 3 per day') } });
    expect((await order(fourth)).state.currentStatus).toBe('checkout');
  });

  it('is refused with a shipping-provider integration, and for a card the provider does not know', async () => {
    const client = await orderClient(system, shippingTenant, 'admin');
    const orderId = (await client.call('POST', '', sampleOrder())).body.id as string;
    const token = (await sandbox('POST', '/api/sandbox/saved-cards')).body.Id as string;
    const refused = await call('POST', `/api/checkout/v1/orders/${orderId}/payments/recurring`, { body: { token }, t: shippingTenant });
    expect(refused).toMatchObject({ status: 400, body: { code: 'recurring_not_allowed' } });
    expect((await client.call('GET', `/${orderId}`)).body.payments).toEqual([]);

    const unknown = await call('POST', `/api/checkout/v1/orders/${await newOrder()}/payments/recurring`, { body: { token: 'not-a-card' } });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'provider_failed', details: { providerCode: 'INVALID_REQUEST' } } });
  });
});

describe('Refresh (refreshPayment)', () => {
  const refresh = async (variables: { o: string; p: string }, role: 'admin' | 'storefront' = 'admin') =>
    graphql(system.urls.gateway!, ProviderRefreshPaymentDocument, variables, { token: role === 'admin' ? await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' }) : storefront, ...tenant });

  it('a push that never came: Refresh reads the provider order and applies Completed as the push would (payment reserved, order completed), once; a second Refresh changes nothing', async () => {
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);
    // Offered: the refresh callback is registered on the payment and the platform lists the Refresh action (what the admin app's button follows).
    const offered = await payment(orderId, paymentId);
    expect(offered.callbacks.refresh).toMatch(new RegExp(`/v0/orders/${orderId}/payments/${paymentId}/refresh$`));
    expect(offered.actions).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'Refresh', url: expect.stringMatching(new RegExp(`/api/v0/payments/${paymentId}/refresh$`)) })]));

    // The shopper buys; the provider's push is lost.
    expect((await shopAndPurchase(providerOrderId, { pushes: 0 })).status).toBe(200);
    expect(await statuses(orderId)).toEqual(['checkout', 'processing']);
    expect((await payment(orderId, paymentId)).state).toBe('processing');

    // A storefront may not refresh.
    expect((await refresh({ o: orderId, p: paymentId }, 'storefront')).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const refreshed = dataOf(await refresh({ o: orderId, p: paymentId }));
    expect(refreshed.refreshPayment.state).toBe('reserved');
    expect(refreshed.refreshPayment.transactions).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'refresh', pspEvent: 'get-order', isSuccess: true, pspStatus: 'Completed' })]));
    await eventually(async () => (await order(orderId)).state.currentStatus === 'completed', 30_000);
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await payment(orderId, paymentId)).toMatchObject({ state: 'reserved', attributes: { checkoutStatus: 'Completed' }, recurring: { token: expect.any(String) } });
    const keyed = () => system.db.prisma.paymentTransaction.count({ where: { paymentId, eventKey: `checkout:${providerOrderId}:Completed` } });
    expect(await keyed()).toBe(1);

    // Again, and then the late push: nothing moves, the Completed event stays applied once.
    const again = dataOf(await refresh({ o: orderId, p: paymentId }));
    expect(again.refreshPayment.state).toBe('reserved');
    expect((await sandbox('POST', `/api/sandbox/orders/${providerOrderId}/push`)).body).toMatchObject({ status: 200 });
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await keyed()).toBe(1);
  }, 120_000);

  it('a pending payment the provider declined while its event was lost: Refresh (REST) fails the payment as the event would; a purchase not made yet changes nothing', async () => {
    const orderId = await newOrder();
    const { paymentId, providerOrderId } = await start(orderId);
    const adminToken = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
    const viaRest = () => rest(system.urls.payment!, 'POST', `/api/v0/payments/${paymentId}/refresh`, { token: adminToken, ...tenant, body: { orderId } });

    // InProcess at the provider (the shopper has not bought): nothing to apply.
    const early = await viaRest();
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ id: paymentId, state: 'intent' });
    expect(await statuses(orderId)).toEqual(['checkout']);

    expect((await shopAndPurchase(providerOrderId, { outcome: 'pending', pendingReason: 'ManualApproval' })).status).toBe(200);
    expect(await payment(orderId, paymentId)).toMatchObject({ state: 'pending', attributes: { checkoutStatus: 'OnHold' } });
    const resolved = await sandbox('POST', `/api/sandbox/orders/${providerOrderId}/resolve`, { decision: 'declined', repeat: 0 });
    expect(resolved.body.events).toEqual([]);
    expect((await payment(orderId, paymentId)).state).toBe('pending');

    const refreshed = await viaRest();
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ id: paymentId, state: 'failed' });
    expect(await payment(orderId, paymentId)).toMatchObject({ state: 'failed', attributes: { checkoutStatus: 'Refused' } });
    expect(await statuses(orderId)).toEqual(['checkout', 'processing', 'accepted']);
    expect(await system.db.prisma.paymentTransaction.count({ where: { paymentId, eventKey: `checkout:${providerOrderId}:Refused` } })).toBe(1);
  }, 120_000);

  it('a token payment (created by the adapter itself) registers the refresh callback too', async () => {
    await clearOfMidnight(system.urls.provider_c_sandbox!);
    const token = (await sandbox('POST', '/api/sandbox/saved-cards')).body.Id as string;
    const orderId = await newOrder({ customer: KNOWN });
    const answer = await call('POST', `/api/checkout/v1/orders/${orderId}/payments/recurring`, { body: { token } });
    expect(answer.status).toBe(201);
    const stored = await payment(orderId, answer.body.paymentId);
    expect(stored.callbacks).toMatchObject({ refresh: expect.stringMatching(/\/refresh$/), amountChanged: expect.stringMatching(/\/amount-changed$/) });
    const refreshed = dataOf(await refresh({ o: orderId, p: answer.body.paymentId }));
    expect(refreshed.refreshPayment.state).toBe('reserved');
  }, 60_000);
});
