import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rest } from '../harness/http.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { loseNextAnswer } from '../harness/lost-answer.js';
import type { TestSystem } from '../harness/test-system.js';
import { PROVIDER_A, PROVIDER_A_SHIPPING_OPTIONS, startProviderA, type ProviderASetup } from './provider-a.setup.js';

/** Provider A's adapter against its sandbox, in the whole system on port 0 (docs/adapters/provider-a.md). */

const tenant = { merchant: 'm-provider-a', channel: 'web' };
const ADAPTER = PROVIDER_A;
const OPTIONS = PROVIDER_A_SHIPPING_OPTIONS;

let setup: ProviderASetup;
let system: TestSystem;
let adapterUrl: string;
let sandboxUrl: string;
let admin: ProviderASetup['admin'];
let tokens: ProviderASetup['tokens'];

beforeAll(async () => {
  setup = await startProviderA(tenant);
  ({ system, adapterUrl, sandboxUrl, admin, tokens } = setup);
});
afterAll(async () => {
  await system?.close();
});

const sandbox: ProviderASetup['sandbox'] = (...args) => setup.sandbox(...args);
const adapter: ProviderASetup['adapter'] = (...args) => setup.adapter(...args);
const setPushDelay: ProviderASetup['setPushDelay'] = (pushDelayMs) => setup.setPushDelay(pushDelayMs);
const order = async (id: string) => (await admin.call('GET', `/${id}`)).body;
const ours = (o: { payments: Array<{ adapterId: string }> }) => o.payments.filter((p) => p.adapterId === ADAPTER) as any[];
const transactions = (paymentId: string) => system.db.prisma.paymentTransaction.findMany({ where: { paymentId }, orderBy: { createdAt: 'asc' } });
const providerOrder = async (reference: string) => (await sandbox('GET', `/api/sandbox/orders/${reference}`)).body;

async function newOrder(): Promise<string> {
  const created = await admin.call('POST', '', sampleOrder({ currency: 'NOK', culture: 'nb-NO', country: 'NO' }));
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** An order with a provider A payment: its ids and the provider's order id. */
async function started(): Promise<{ id: string; paymentId: string; reference: string; snippet: string }> {
  const id = await newOrder();
  const created = await adapter('POST', `/api/checkout/v1/orders/${id}/payments`);
  expect(created.status).toBe(200);
  const payment = ours(await order(id))[0];
  return { id, paymentId: created.body.id, reference: payment.reference, snippet: created.body.htmlSnippet };
}

describe('create', () => {
  it('answers {id, status, htmlSnippet}; the order gets the preselected shipping, a payment of the whole total, hooks and the reference notification', async () => {
    const id = await newOrder();
    const created = await adapter('POST', `/api/checkout/v1/orders/${id}/payments`);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(String), status: 'checkout_incomplete', htmlSnippet: expect.stringContaining(`${sandboxUrl}/hosted/orders/`) });
    const o = await order(id);
    expect(o.shippings).toEqual([expect.objectContaining({ id: `${ADAPTER}-shipping`, reference: 'post', name: 'Post', total: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25 })]);
    expect(o.total.includingVat).toBe(298.9);
    const [payment] = ours(o);
    expect(payment).toMatchObject({ id: created.body.id, state: 'intent', type: 'checkout', amount: 298.9, reference: expect.any(String), callbacks: { amountChanged: `${adapterUrl}/v0/orders/${id}/amount-changed`, capture: expect.any(String), refund: expect.any(String) } });
    const base = `${adapterUrl}/api/checkout/v1/callback/orders/${id}/payments/${payment.id}`;
    expect(o.hooks.filter((h: { adapterId: string }) => h.adapterId === ADAPTER)).toEqual([
      expect.objectContaining({ subscribeTo: '/state', target: '/payments', invoke: `${base}/state-changed` }),
      expect.objectContaining({ subscribeTo: '/cart', target: '/payments', invoke: `${base}/cart-changed` }),
    ]);
    expect(o.notifications.filter((n: { adapterId: string }) => n.adapterId === ADAPTER)).toEqual([expect.objectContaining({ scope: '/reference', invoke: `${base}/reference-changed` })]);
    const atProvider = await providerOrder(payment.reference);
    expect(atProvider.order).toMatchObject({ status: 'checkout_incomplete', order_amount: 29890, purchase_currency: 'NOK', locale: 'nb-NO', recurring: true, selected_shipping_option: { id: 'post' }, merchant_reference2: id });
    const log = await transactions(payment.id);
    expect(log).toMatchObject([{ event: 'open', pspEvent: 'create', isSuccess: true, pspStatus: 'checkout_incomplete' }]);
    // The signed callback addresses are capabilities: the log keeps them without their signature.
    expect(JSON.stringify(log[0]!.requestJson)).toContain('/push?');
    expect(JSON.stringify(log[0]!.requestJson)).not.toContain('sig=');
  });

  it('a provider failure records the payment failed with errorDetail and answers 400; a second intent is refused', async () => {
    const id = await newOrder();
    await sandbox('POST', '/api/sandbox/failures', { operation: 'createOrder', status: 503 });
    const failed = await adapter('POST', `/api/checkout/v1/orders/${id}/payments`);
    expect(failed).toMatchObject({ status: 400, body: { code: 'provider_failed', details: { errorDetail: expect.stringContaining('SERVICE_UNAVAILABLE') } } });
    const afterFailure = await order(id);
    const [payment] = ours(afterFailure);
    expect(payment.state).toBe('failed');
    expect(await transactions(payment.id)).toMatchObject([{ isSuccess: false, errorDetail: expect.stringContaining('SERVICE_UNAVAILABLE') }]);
    // Nothing of provider A stays on the order: its preselected shipping is taken off again.
    expect(afterFailure.shippings).toEqual([]);
    expect(afterFailure.total.includingVat).toBe(249.9);
    expect((await adapter('POST', `/api/checkout/v1/orders/${id}/payments`)).status).toBe(200);
    expect((await adapter('POST', `/api/checkout/v1/orders/${id}/payments`)).body.code).toBe('active_payment_exists');
  });
});

describe('before the purchase', () => {
  it("the shopper's confirmation link goes back to the checkout page, and an early push is a 409, while nothing is bought", async () => {
    const { id, paymentId, reference } = await started();
    const urls = (await providerOrder(reference)).order.merchant_urls;
    const confirmed = await fetch(urls.confirmation, { redirect: 'manual' });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe(`https://shop.example/${tenant.merchant}/${tenant.channel}/checkout/${id}`);
    // The push names the provider's order in its query (the provider fills {checkout.order.id}); another order's id is refused.
    const pushed = await fetch(urls.push.replace('{checkout.order.id}', reference), { method: 'POST' });
    expect(pushed.status).toBe(409);
    expect(await pushed.json()).toMatchObject({ code: 'purchase_not_complete', details: { paymentId } });
    const foreign = await fetch(urls.push.replace('{checkout.order.id}', 'another-order'), { method: 'POST' });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ code: 'provider_order_mismatch' });
    const o = await order(id);
    expect(o.state.currentStatus).toBe('checkout');
    expect(ours(o)[0].state).toBe('intent');
  });
});

describe('the journey', () => {
  it('shipping option → purchase → confirmation → completed → merchant reference → capture; cancel refused once captured; refund; the push records OrderAccepted once', async () => {
    // The push comes well after the shopper's confirmation (asserted in between), however slow the machine.
    await setPushDelay(10_000);
    const { id, paymentId, reference } = await started();
    const chosen = await sandbox('POST', `/api/sandbox/orders/${reference}/shipping-option`, { id: 'express' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.order.order_amount).toBe(34890);
    let o = await order(id);
    expect(o.shippings).toEqual([expect.objectContaining({ reference: 'express', total: { includingVat: 99, excludingVat: 79.2 } })]);
    expect(o.total.includingVat).toBe(348.9);
    expect(ours(o)[0].amount).toBe(348.9);

    const bought = await sandbox('POST', `/api/sandbox/orders/${reference}/purchase`, { customer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', country: 'NO', postalCode: '0150', city: 'Oslo', streetAddress: 'Karl Johans gate 1' } });
    expect(bought.body).toEqual({ status: 'checkout_complete', redirectUrl: expect.stringContaining(`${adapterUrl}/api/checkout/v1/callback/orders/${id}/payments/${paymentId}/confirm`) });
    o = await order(id);
    expect(o.state.currentStatus).toBe('processing');
    expect(ours(o)[0].state).toBe('processing');
    expect(o.customer.billing).toMatchObject({ givenName: 'Kari', email: 'kari@example.com', city: 'Oslo' });

    // The /state hook: no way back to checkout while the provider processes.
    const back = await admin.call('PUT', `/${id}/state`, { status: 'checkout' });
    expect(back.status).toBe(400);
    expect(back.body.message).toContain('being processed by provider A');

    const browser = await fetch(bought.body.redirectUrl, { redirect: 'manual' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe(`https://shop.example/${tenant.merchant}/${tenant.channel}/thanks/${id}`);
    o = await order(id);
    expect(o.state.currentStatus).toBe('completed');
    const [payment] = ours(o);
    expect(payment).toMatchObject({ state: 'reserved', attributes: { fraudStatus: 'ACCEPTED', providerStatus: 'AUTHORIZED' }, recurring: { token: expect.any(String) } });
    expect(payment.actions.map((a: { type: string }) => a.type)).toEqual(expect.arrayContaining(['Capture', 'Cancel', 'Refresh']));
    expect((await adapter('GET', `/api/checkout/v1/orders/${id}/payments/${paymentId}`)).body).toEqual({ id: paymentId, status: 'CHECKOUT_COMPLETE', htmlSnippet: expect.stringContaining('/hosted/orders/') });

    // The commerce export sets the reference: the notification sets the merchant reference at the provider.
    expect((await admin.call('PUT', `/${id}/reference`, { reference: 'CO-1001' })).status).toBe(200);
    await eventually(async () => (await providerOrder(reference)).order.merchant_reference1 === 'CO-1001');

    const capture = await rest(payment.actions.find((a: { type: string }) => a.type === 'Capture').url, 'POST', '', { token: tokens.admin, ...tenant });
    expect(capture).toMatchObject({ status: 200, body: { state: 'captured' } });
    expect((await providerOrder(reference)).order.management).toMatchObject({ status: 'CAPTURED', captured_amount: 34890 });
    const cancel = await rest(payment.actions.find((a: { type: string }) => a.type === 'Cancel').url, 'POST', '', { token: tokens.admin, ...tenant });
    expect(cancel).toMatchObject({ status: 400, body: { code: 'provider_failed', details: { errorDetail: expect.stringContaining('CANCEL_NOT_ALLOWED') } } });
    expect((await rest(payment.actions[0].url, 'POST', '', { token: tokens.storefront, ...tenant })).status).toBe(403);

    const refund = await rest(system.urls.payment!, 'POST', `/api/v0/payments/${paymentId}/refund`, { token: tokens.admin, ...tenant, body: { amount: 50, orderId: id } });
    expect(refund.status).toBe(200);
    expect((await providerOrder(reference)).order.management.refunded_amount).toBe(5000);

    // The push, later: OrderAccepted once, nothing completed twice.
    await eventually(async () => (await providerOrder(reference)).pushes.some((push: { status: number }) => push.status === 200), 30_000);
    await outboxSettled(system, id);
    const log = await transactions(paymentId);
    expect(log.filter((t) => t.event === 'OrderAccepted')).toHaveLength(1);
    const transitions = (await order(id)).state.transitions.map((t: { status: string }) => t.status);
    expect(transitions.filter((s: string) => s === 'completed')).toHaveLength(1);
    expect(transitions.filter((s: string) => s === 'accepted')).toHaveLength(1);
  }, 90_000);

  it('the push alone confirms when no confirmation came', async () => {
    await setPushDelay(20);
    const { id, paymentId, reference } = await started();
    expect((await sandbox('POST', `/api/sandbox/orders/${reference}/purchase`, {})).body.status).toBe('checkout_complete');
    await eventually(async () => (await order(id)).state.currentStatus === 'completed' && ours(await order(id))[0].attributes.orderAcceptedAt, 30_000);
    await eventually(async () => (await providerOrder(reference)).pushes.some((push: { status: number }) => push.status === 200));
    expect((await providerOrder(reference)).order.management.acknowledged).toBe(true);
    expect((await transactions(paymentId)).filter((t) => t.event === 'OrderAccepted')).toHaveLength(1);
  });
});

describe('validation and the risk check', () => {
  it('a session out of step with the order is refused with a message in the order language; the order stays in checkout', async () => {
    await setPushDelay(60_000);
    const { id, reference } = await started();
    // The provider misses the cart change: the session still charges the old total.
    await sandbox('POST', '/api/sandbox/failures', { operation: 'updateOrder', status: 500 });
    const cart = (await order(id)).cart;
    expect((await admin.call('PUT', `/${id}/cart`, { ...cart, items: [cart.items[0]], total: { includingVat: 199.9, excludingVat: 159.92 } })).status).toBe(200);
    expect(ours(await order(id))[0].amount).toBe(248.9);
    const refused = await sandbox('POST', `/api/sandbox/orders/${reference}/purchase`, {});
    // Denied as published: 303 to the error page (the shopper is sent there); the body says why in the order's language.
    expect(refused.body).toEqual({ status: 'refused', message: 'The shop declined the purchase.', redirectUrl: `https://shop.example/checkout/${id}?error=validation` });
    const validation = (await sandbox('GET', '/api/sandbox/exchanges?direction=out&operation=validation')).body.exchanges.at(-1);
    expect(validation).toMatchObject({ status: 303, responseBody: { code: 'order_changed', message: 'Bestillingen din ble endret mens du betalte. Se over den og prøv igjen.' } });
    expect((await order(id)).state.currentStatus).toBe('checkout');
    // PUT /orders/{id}/payments brings the session back in step; then the purchase goes through.
    const synced = await adapter('PUT', `/orders/${id}/payments`);
    expect(synced).toMatchObject({ status: 200, body: { amount: 248.9 } });
    expect((await providerOrder(reference)).order.order_amount).toBe(24890);
    expect((await sandbox('POST', `/api/sandbox/orders/${reference}/purchase`, {})).body.status).toBe('checkout_complete');
    expect((await order(id)).state.currentStatus).toBe('processing');
  });

  it('PENDING: the order is accepted with a pending payment; the decision (its fraud-risk notification) completes it', async () => {
    await setPushDelay(60_000);
    const { id, paymentId, reference } = await started();
    const bought = await sandbox('POST', `/api/sandbox/orders/${reference}/purchase`, { fraudStatus: 'PENDING' });
    expect((await fetch(bought.body.redirectUrl, { redirect: 'manual' })).status).toBe(302);
    let o = await order(id);
    expect(o.state.currentStatus).toBe('accepted');
    expect(ours(o)[0]).toMatchObject({ state: 'pending', attributes: { fraudStatus: 'PENDING', paymentStatus: 'pending' } });
    expect(ours(o)[0].actions.map((a: { type: string }) => a.type)).not.toContain('Capture');
    await setPushDelay(20);
    await sandbox('POST', `/api/sandbox/orders/${reference}/fraud-status`, { fraudStatus: 'ACCEPTED' });
    await eventually(async () => (await order(id)).state.currentStatus === 'completed', 30_000);
    o = await order(id);
    expect(ours(o)[0]).toMatchObject({ id: paymentId, state: 'reserved', attributes: { fraudStatus: 'ACCEPTED' } });
  });

  it('REJECTED: the provider order is cancelled, the payment fails, the order returns to checkout and the shopper to the error page', async () => {
    await setPushDelay(60_000);
    const { id, reference } = await started();
    const bought = await sandbox('POST', `/api/sandbox/orders/${reference}/purchase`, { fraudStatus: 'REJECTED' });
    const browser = await fetch(bought.body.redirectUrl, { redirect: 'manual' });
    expect(browser.headers.get('location')).toBe(`https://shop.example/checkout/${id}?error=validation`);
    const o = await order(id);
    expect(o.state.currentStatus).toBe('checkout');
    expect(ours(o)[0]).toMatchObject({ state: 'failed', attributes: { fraudStatus: 'REJECTED' } });
    expect((await providerOrder(reference)).order.management.status).toBe('CANCELLED');
  });
});

describe('money calls safe to retry', () => {
  it("a refund whose answer is lost after the provider applied it, asked again, refunds once (the same Klarna-Idempotency-Key, from the platform's refund operation); the next refund of the same amount is another", async () => {
    // A captured payment: a recurring order captured at creation.
    const id = await newOrder();
    const stored = (await sandbox('POST', '/api/sandbox/customer-tokens', { fraudStatus: 'ACCEPTED', customer: { givenName: 'Rita', email: 'rita@example.com', country: 'NO' } })).body.token as string;
    expect((await adapter('POST', `/api/checkout/v1/orders/${id}/payments/recurring`, 'storefront', { token: stored, autoCapture: true })).body).toMatchObject({ state: 'captured' });
    const [payment] = ours(await order(id));
    const refund = () => rest(system.urls.payment!, 'POST', `/api/v0/payments/${payment.id}/refund`, { token: tokens.admin, ...tenant, body: { amount: 50, orderId: id } });
    const refundedAtProvider = async () => (await providerOrder(payment.reference)).order.management.refunded_amount;

    await loseNextAnswer(sandboxUrl, 'refund');
    const lost = await refund();
    expect(lost).toMatchObject({ status: 502, body: { code: 'payment_callback_failed' } });
    expect(await refundedAtProvider()).toBe(5000); // applied; only the answer was lost
    expect(ours(await order(id))[0].refundedAmount ?? 0).toBe(0);

    const retried = await refund();
    expect(retried).toMatchObject({ status: 200, body: { refundedAmount: 50 } });
    expect(await refundedAtProvider()).toBe(5000);
    const keys = (await sandbox('GET', '/api/sandbox/exchanges?direction=in&operation=refund')).body.exchanges
      .filter((e: { url: string }) => e.url.includes(payment.reference))
      .map((e: { headers: Record<string, string> }) => e.headers['klarna-idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // Another refund of the same amount is another operation: refunded again, under another key.
    expect(await refund()).toMatchObject({ status: 200, body: { refundedAmount: 100 } });
    expect(await refundedAtProvider()).toBe(10000);
  });
});

describe('recurring', () => {
  const token = async (fraudStatus = 'ACCEPTED') => (await sandbox('POST', '/api/sandbox/customer-tokens', { fraudStatus, customer: { givenName: 'Rita', email: 'rita@example.com', country: 'NO' } })).body.token as string;

  it('autoCapture true: captured at creation, the order completed, the token on the payment', async () => {
    const id = await newOrder();
    const stored = await token();
    const answer = await adapter('POST', `/api/checkout/v1/orders/${id}/payments/recurring`, 'storefront', { token: stored, autoCapture: true });
    expect(answer).toMatchObject({ status: 200, body: { state: 'captured', orderStatus: 'completed', fraudStatus: 'ACCEPTED' } });
    const [payment] = ours(await order(id));
    expect(payment).toMatchObject({ state: 'captured', amount: 249.9, recurring: { token: stored } });
    expect((await order(id)).customer.billing).toMatchObject({ givenName: 'Rita' });
    expect((await providerOrder(payment.reference)).order.management).toMatchObject({ status: 'CAPTURED', captured_amount: 24990 });
  });

  it('autoCapture false only authorizes; a pending risk check leaves the order accepted with a pending payment', async () => {
    const id = await newOrder();
    expect((await adapter('POST', `/api/checkout/v1/orders/${id}/payments/recurring`, 'storefront', { token: await token(), autoCapture: false })).body).toMatchObject({ state: 'reserved', orderStatus: 'completed' });
    const pending = await newOrder();
    expect((await adapter('POST', `/api/checkout/v1/orders/${pending}/payments/recurring`, 'storefront', { token: await token('PENDING'), autoCapture: true })).body).toMatchObject({ state: 'pending', orderStatus: 'accepted', fraudStatus: 'PENDING' });
  });
});
