import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { rest } from '../harness/http.js';
import { holdPort, listenOnHeld } from '../harness/free-port.js';
import { outboxSettled } from '../harness/outbox.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { TINY_ID, createTinyAdapter, type TinyAdapter } from '../fixtures/tiny-pay.provider.js';

let system: TestSystem;
let tiny: TinyAdapter;
let url: string;
let admin: Awaited<ReturnType<typeof orderClient>>;
let storefront: string;
const tenant = { merchant: 'm-tiny', channel: 'web' };
const CHECKOUT_PAGE = 'https://shop.example/checkout';

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'payment', 'configuration', 'notifications', 'nonpsp_adapter'], env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100' } });
  const verifier = await system.adapterVerifier();
  const held = await holdPort();
  const { port } = held;
  url = `http://127.0.0.1:${port}`;
  const config = { ...system.config, adapterCredentials: { [TINY_ID]: await system.issueCredentials(TINY_ID) } };
  tiny = createTinyAdapter({ config, db: system.db, logger: createLogger({ level: 'silent' }), verifier }, url);
  await listenOnHeld(tiny.app, held);
  admin = await orderClient(system, tenant, 'admin');
  storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/${TINY_ID}`, {
    token: admin.token,
    ...tenant,
    body: { $schema: `${url}/openapi/v1/schemas/${TINY_ID}.json`, id: TINY_ID, checkoutUrl: CHECKOUT_PAGE },
  });
  expect(put.status).toBe(201);
});
afterAll(async () => {
  await tiny?.app.close();
  await system?.close();
});

const newOrder = async (extra: Record<string, unknown> = {}) => (await admin.call('POST', '', sampleOrder(extra))).body.id as string;
const create = (orderId: string, path = `/orders/${orderId}/payments`, body?: unknown) => rest(url, 'POST', path, { token: storefront, ...tenant, ...(body === undefined ? {} : { body }) });
const payments = async (orderId: string) => ((await admin.call('GET', `/${orderId}`)).body.payments as any[]).filter((p) => p.adapterId === TINY_ID);
const transactions = (paymentId: string) => system.db.prisma.paymentTransaction.findMany({ where: { paymentId }, orderBy: { createdAt: 'asc' } });
const platformCall = async (path: string, orderId: string, purpose: 'amount_changed' | 'process' | 'abort', body: unknown) =>
  rest(url, 'POST', path, { headers: await system.callHeaders({ tenant, receiver: TINY_ID, orderId, purpose, url: `${url}${path}`, body }), body });

describe('mountPaymentProvider: create and read', () => {
  it('creates at the standard path in one commit: intent, the rest of the total, reference, the callbacks the provider implements, the first transaction', async () => {
    const orderId = await newOrder({ payments: [{ adapterId: 'giftcard_adapter', amount: 49.9, upperLimitAmount: 49.9 }] });
    const created = await create(orderId);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v0/checkout/orders/${orderId}/payments/${created.body.paymentId}`);
    expect(created.body).toMatchObject({ htmlSnippet: '<div data-tiny></div>', cancelUrl: expect.stringContaining('/callback/cancel?') });
    const [payment] = await payments(orderId);
    const base = `${url}/v0/orders/${orderId}`;
    expect(payment).toMatchObject({ id: created.body.paymentId, name: 'Tiny Pay', state: 'intent', amount: 200, reference: expect.stringMatching(/^tiny-/) });
    expect(payment.callbacks).toEqual({
      amountChanged: `${base}/amount-changed`,
      process: `${base}/payments/${payment.id}/process`,
      abort: `${base}/payments/${payment.id}/abort`,
      capture: `${base}/payments/${payment.id}/capture`,
      cancel: `${base}/payments/${payment.id}/cancel`,
    });
    expect(await transactions(payment.id)).toMatchObject([{ event: 'open', pspEvent: 'create', isSuccess: true, pspStatus: 'session_created' }]);

    const read = await rest(url, 'GET', `/orders/${orderId}/payments/${payment.id}`, { token: storefront, ...tenant });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ paymentId: payment.id, htmlSnippet: '<div data-tiny="200"></div>' });
    // The provider's own paths serve the same handlers.
    expect((await rest(url, 'GET', `/api/v1/checkout/${orderId}/payments/${payment.id}`, { token: storefront, ...tenant })).body.paymentId).toBe(payment.id);
    expect((await create(orderId, `/api/checkout/v1/${orderId}/payments`)).status).toBe(409);
    expect((await rest(url, 'GET', `/orders/${orderId}/payments/not-ours`, { token: storefront, ...tenant })).status).toBe(404);
  });

  it('refusals before anything is written leave nothing: checkCreate, an order not in checkout; a platform call token is no caller', async () => {
    const orderId = await newOrder();
    const refused = await create(orderId, undefined, { refuse: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'not_offered' });
    expect((await admin.call('PUT', `/${orderId}/state`, { status: 'processing' })).status).toBe(200);
    const late = await create(orderId);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('order_not_in_checkout');
    expect(await payments(orderId)).toEqual([]);
    const path = `/orders/${orderId}/payments`;
    const asPlatform = await rest(url, 'POST', path, { headers: await system.callHeaders({ tenant, receiver: TINY_ID, orderId, purpose: 'amount_changed', url: `${url}${path}`, body: {} }), body: {} });
    expect(asPlatform.status).toBe(403);
  });
});

describe('mountPaymentProvider: amountChanged', () => {
  it('only the platform: the provider is told, the payment follows and the change is logged; the same amount changes nothing', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const path = `/v0/orders/${orderId}/amount-changed`;
    expect((await rest(url, 'POST', path, { token: storefront, ...tenant, body: { amount: 10 } })).status).toBe(403);
    const changed = await platformCall(path, orderId, 'amount_changed', { amount: 123.45 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ paymentId: body.paymentId, amount: 123.45, updated: true });
    expect(tiny.ledger.amountChanges).toContainEqual({ paymentId: body.paymentId, amount: 123.45 });
    expect((await payments(orderId))[0].amount).toBe(123.45);
    const again = await platformCall(path, orderId, 'amount_changed', { amount: 123.45 });
    expect(again.body).toEqual({ paymentId: body.paymentId, amount: 123.45, updated: false });
    const perPayment = `/orders/${orderId}/payments/${body.paymentId}/amount-changed`;
    expect((await platformCall(perPayment, orderId, 'amount_changed', { amount: 100 })).body).toEqual({ paymentId: body.paymentId, amount: 100, updated: true });
    expect((await transactions(body.paymentId)).map((t) => [t.event, t.pspEvent])).toEqual([['open', 'create'], ['update', 'amount-changed'], ['update', 'amount-changed']]);
  });

  it('the platform reaches it after a cart change', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    await admin.call('PUT', `/${orderId}/cart`, { items: [{ id: 'i' }], total: { includingVat: 300, excludingVat: 240 } });
    await eventually(async () => (await payments(orderId))[0].amount === 300);
    expect(tiny.ledger.amountChanges).toContainEqual({ paymentId: body.paymentId, amount: 300 });
  });
});

describe('mountPaymentProvider: lifecycle and order moves', () => {
  it('completeOrder: processing (the platform calls process: held, reserved), accepted, completed; delivered → capture', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const done = await rest(url, 'POST', `/orders/${orderId}/complete`, { token: storefront, ...tenant, rawBody: '' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'completed' });
    expect(tiny.ledger.holds.has(body.paymentId)).toBe(true);
    const [reserved] = await payments(orderId);
    expect(reserved).toMatchObject({ state: 'reserved', attributes: { hold: expect.stringMatching(/^hold-/) } });
    expect((await transactions(body.paymentId)).some((t) => t.event === 'reserve' && t.pspStatus === 'held')).toBe(true);

    expect((await admin.call('PUT', `/${orderId}/state`, { status: 'delivered' })).status).toBe(200);
    await eventually(async () => (await payments(orderId))[0].state === 'captured');
    await outboxSettled(system, orderId);
    expect(tiny.ledger.holds.has(body.paymentId)).toBe(false);
    expect((await transactions(body.paymentId)).filter((t) => t.event === 'capture' && t.pspEvent === 'capture')).toHaveLength(1);
  });

  it('a refused process vetoes processing with its message, logs a failed transaction, and the order stays in checkout', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    tiny.ledger.refuseNextProcess = 'Card declined by Tiny.';
    const refused = await rest(url, 'POST', `/orders/${orderId}/complete`, { token: storefront, ...tenant, rawBody: '' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Card declined by Tiny.');
    expect((await admin.call('GET', `/${orderId}`)).body.state.currentStatus).toBe('checkout');
    expect(await transactions(body.paymentId)).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'process', isSuccess: false, pspStatus: 'declined', errorDetail: 'Card declined by Tiny.' })]));
    expect(tiny.ledger.holds.has(body.paymentId)).toBe(false);
  });

  it('lifecycle callbacks take the platform only', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const path = `/v0/orders/${orderId}/payments/${body.paymentId}/process`;
    expect((await rest(url, 'POST', path, { token: storefront, ...tenant, body: {} })).status).toBe(403);
    expect((await rest(url, 'POST', path, { body: {} })).status).toBe(401);
  });
});

describe('mountPaymentProvider: cancel and validation callbacks', () => {
  it('GET /callback/cancel (signed) logs the event and answers 301 to the checkout page; unsigned or changed is 401', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const answer = await fetch(body.cancelUrl, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(CHECKOUT_PAGE);
    expect((await transactions(body.paymentId)).at(-1)).toMatchObject({ event: 'cancel', pspEvent: 'shopper-cancelled', isSuccess: true });
    expect((await fetch(body.cancelUrl.replace(orderId, 'another-order'), { redirect: 'manual' })).status).toBe(401);
    expect((await fetch(`${url}/callback/cancel?orderId=${orderId}&merchant=m-tiny&channel=web`, { redirect: 'manual' })).status).toBe(401);
  });

  it("GET /callback/cancel: the default checkout page is the configuration's template with {merchant}, {channel}, {orderId} and {paymentId} filled", async () => {
    const outlet = { merchant: 'm-tiny', channel: 'outlet' };
    const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${outlet.merchant}/channels/${encodeURIComponent(outlet.channel)}/configurations/${TINY_ID}`, {
      token: (await orderClient(system, outlet, 'admin')).token,
      ...outlet,
      body: { $schema: `${url}/openapi/v1/schemas/${TINY_ID}.json`, id: TINY_ID, checkoutUrl: 'https://shop.example/{merchant}/{channel}/checkout/{orderId}?payment={paymentId}' },
    });
    expect(put.status).toBe(201);
    const outletAdmin = await orderClient(system, outlet, 'admin');
    const orderId = (await outletAdmin.call('POST', '', sampleOrder())).body.id as string;
    const token = await system.token({ merchant: outlet.merchant, channels: [outlet.channel], role: 'storefront' });
    const { body } = await rest(url, 'POST', `/orders/${orderId}/payments`, { token, ...outlet });
    const answer = await fetch(body.cancelUrl, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`https://shop.example/m-tiny/outlet/checkout/${orderId}?payment=${body.paymentId}`);
  });

  it('the validation callback is the provider’s (GET, PUT or POST); an adapter without one answers 404 JSON', async () => {
    for (const method of ['GET', 'PUT', 'POST']) {
      const answer = await rest(url, method, '/callback/validation', method === 'GET' ? {} : { body: { any: 'shape' } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ valid: true, method });
    }
    const none = await rest(system.urls.nonpsp_adapter!, 'POST', '/api/v1/checkout/callback/validation', { body: {} });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });
});

describe('mountPaymentProvider: webhooks', () => {
  const deliver = (events: unknown[], signature = 'tiny-webhook-secret') => rest(url, 'POST', '/webhooks/tiny', { headers: { 'x-tiny-signature': signature }, body: { events } });
  const keyed = async (paymentId: string, eventKey: string) => system.db.prisma.paymentTransaction.findMany({ where: { paymentId, eventKey } });

  it('an authorization is applied once: the payment reserved, the order completed; the same event again answers 2xx and changes nothing', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const event = { eventKey: `auth-${orderId}`, tenant, orderId, reference: (await payments(orderId))[0].reference, outcome: 'authorized', amount: 249.9, pspStatus: 'AUTHORISED' };
    const first = await deliver([event]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: true });
    const after = (await admin.call('GET', `/${orderId}`)).body;
    expect(after.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect((await payments(orderId))[0].state).toBe('reserved');
    expect(await keyed(body.paymentId, event.eventKey)).toMatchObject([{ event: 'webhook', pspEvent: 'authorized', isSuccess: true, pspStatus: 'AUTHORISED' }]);
    await outboxSettled(system, orderId);
    const logged = (await transactions(body.paymentId)).length;
    const version = after.version;

    const again = await deliver([event]);
    expect(again.status).toBe(200);
    await outboxSettled(system, orderId);
    expect((await transactions(body.paymentId)).length).toBe(logged);
    expect((await admin.call('GET', `/${orderId}`)).body.version).toBe(version);
  });

  it('two deliveries of one event at once: one is applied, both answered 2xx', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const event = { eventKey: `pending-${orderId}`, tenant, orderId, paymentId: body.paymentId, outcome: 'pending' };
    const answers = await Promise.all([deliver([event]), deliver([event])]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await keyed(body.paymentId, event.eventKey)).toHaveLength(1);
    // pending → processing; the order's move to processing then called `process`, which held it (reserved); the order waits in accepted.
    expect((await payments(orderId))[0].state).toBe('reserved');
    expect((await admin.call('GET', `/${orderId}`)).body.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted']);
  });

  it('two events under different keys that mean the same move, at once: both answered 2xx and logged, the move made once', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const webhook = { eventKey: `pending-hook-${orderId}`, tenant, orderId, paymentId: body.paymentId, outcome: 'pending' };
    const shopperReturn = { ...webhook, eventKey: `pending-return-${orderId}` };
    const answers = await Promise.all([deliver([webhook]), deliver([shopperReturn])]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await keyed(body.paymentId, webhook.eventKey)).toHaveLength(1);
    expect(await keyed(body.paymentId, shopperReturn.eventKey)).toHaveLength(1);
    expect((await payments(orderId))[0].state).toBe('reserved');
    expect((await admin.call('GET', `/${orderId}`)).body.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted']);
  });

  it('a real failure answers non-2xx so the provider retries; the retry applies it; a bad signature is 401; an unknown payment is 404 (retried)', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const event = { eventKey: `cancel-${orderId}`, tenant, orderId, paymentId: body.paymentId, outcome: 'cancelled' };
    expect((await deliver([event], 'forged')).status).toBe(401);
    tiny.ledger.failNextWebhook = true;
    const failed = await deliver([event]);
    expect(failed.status).toBe(503);
    expect((await payments(orderId))[0].state).toBe('intent');
    expect((await deliver([event])).status).toBe(200);
    expect((await payments(orderId))[0].state).toBe('cancelled');
    expect((await deliver([{ ...event, eventKey: 'x', paymentId: 'not-yet' }])).status).toBe(404);
  });

  it('refunds add to refundedAmount by the refund rule, once per key: a partial one keeps the payment captured, the rest refunds it; too much is logged as failed', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const at = (key: string, extra: Record<string, unknown>) => ({ eventKey: `${key}-${orderId}`, tenant, orderId, paymentId: body.paymentId, ...extra });
    expect((await deliver([at('capture', { outcome: 'captured', amount: 249.9 })])).status).toBe(200);
    expect((await payments(orderId))[0].state).toBe('captured');

    // A partial refund, delivered twice at once: added once, still captured.
    const partial = at('refund-1', { outcome: 'refunded', amount: 100 });
    expect((await Promise.all([deliver([partial]), deliver([partial])])).map((a) => a.status)).toEqual([200, 200]);
    expect((await payments(orderId))[0]).toMatchObject({ state: 'captured', refundedAmount: 100 });
    const logged = await keyed(body.paymentId, partial.eventKey);
    expect(logged).toMatchObject([{ pspEvent: 'refunded', isSuccess: true }]);
    expect(Number(logged[0]!.amount)).toBe(100);

    // More than is left: refused by the rule, logged under its key, acknowledged; nothing added.
    const tooMuch = at('refund-2', { outcome: 'refunded', amount: 200 });
    expect((await deliver([tooMuch])).status).toBe(200);
    expect((await payments(orderId))[0]).toMatchObject({ state: 'captured', refundedAmount: 100 });
    expect(await keyed(body.paymentId, tooMuch.eventKey)).toMatchObject([{ isSuccess: false, errorDetail: expect.stringContaining('149.9') }]);

    // A refund naming no amount refunds what is left: refunded.
    expect((await deliver([at('refund-3', { outcome: 'refunded' })])).status).toBe(200);
    expect((await payments(orderId))[0]).toMatchObject({ state: 'refunded', refundedAmount: 249.9 });
    const remainder = await keyed(body.paymentId, `refund-3-${orderId}`);
    expect(remainder).toMatchObject([{ isSuccess: true }]);
    expect(Number(remainder[0]!.amount)).toBe(149.9);
  });

  it('an outcome the payment state table forbids is logged as failed under its key and acknowledged (retrying cannot help)', async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    expect((await deliver([{ eventKey: `void-${orderId}`, tenant, orderId, paymentId: body.paymentId, outcome: 'cancelled' }])).status).toBe(200);
    const late = { eventKey: `capture-${orderId}`, tenant, orderId, paymentId: body.paymentId, outcome: 'captured' };
    expect((await deliver([late])).status).toBe(200);
    expect((await payments(orderId))[0].state).toBe('cancelled');
    expect(await keyed(body.paymentId, late.eventKey)).toMatchObject([{ isSuccess: false, errorDetail: expect.stringContaining('cancelled') }]);
    expect((await deliver([late])).status).toBe(200);
    expect(await keyed(body.paymentId, late.eventKey)).toHaveLength(1);
  });

  it("an authorisation for a payment another adapter's payment replaced is given back at the provider (cancel), once", async () => {
    const orderId = await newOrder();
    const { body } = await create(orderId);
    const reference = (await payments(orderId))[0].reference as string;
    // The shopper paid another way: that adapter's payment completes the order, and the platform removes this one.
    const other = await orderClient(system, tenant, 'adapter', 'other_psp_adapter');
    expect((await other.call('POST', `/${orderId}/payments`, { adapterId: 'other_psp_adapter', amount: 0 })).status).toBe(201);
    expect((await other.call('PUT', `/${orderId}/state`, { status: 'processing' })).status).toBe(200);
    expect((await payments(orderId))[0].state).toBe('removed');

    // …then finished this one in a second tab: the provider authorises it.
    const late = { eventKey: `late-${orderId}`, tenant, orderId, reference, outcome: 'authorized', amount: 249.9 };
    expect((await deliver([late])).status).toBe(200);
    expect(tiny.ledger.cancels.filter((c) => c.paymentId === body.paymentId)).toEqual([{ paymentId: body.paymentId, state: 'reserved' }]);
    expect((await payments(orderId))[0].state).toBe('removed');
    expect((await transactions(body.paymentId)).filter((t) => t.event === 'cancel').map((t) => [t.pspEvent, t.isSuccess, t.pspStatus])).toEqual([['void', true, 'voided']]);
    expect((await deliver([late])).status).toBe(200);
    expect(tiny.ledger.cancels.filter((c) => c.paymentId === body.paymentId)).toHaveLength(1);
  });
});
