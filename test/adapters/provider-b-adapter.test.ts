import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoConfigurations } from '../../app/demo/demo-data.js';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { dataOf, graphql, rest } from '../harness/http.js';
import { CancelPaymentStateDocument, DeliverOrderDocument, ProviderRefreshPaymentDocument, ProviderStartPaymentDocument, RefundPaymentAmountDocument } from '../generated/graphql.js';
import { recordedExchanges } from '../contracts/published-api.js';
import { outboxSettled } from '../harness/outbox.js';
import { loseNextAnswer } from '../harness/lost-answer.js';
import { eventually } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { openShop, type Shop } from '../journey/journey-setup.js';

/**
 * Provider B end to end on the real system: the commerce adapter's order, provider B's adapter and
 * its sandbox as the provider (the shopper's side through the sandbox's shopper API), the
 * platform's lifecycle callbacks for the order management actions.
 */
let system: TestSystem;
let shop: Shop;
let url: string;
let sandbox: string;

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  shop = await openShop(system, 'm-provider-b'); // every demo configuration, provider B's included
  url = system.urls.provider_b_checkout_adapter!;
  sandbox = system.urls.provider_b_sandbox!;
  // Delivery is chosen in provider B's checkout: the commerce adapter's "managed by the checkout" mode (spec item 10).
  const commerce = demoConfigurations(system.config).commerce_adapter!;
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${shop.tenant.merchant}/channels/web/configurations/commerce_adapter`, {
    token: shop.adminToken,
    ...shop.tenant,
    body: { ...commerce, features: { shippingChangedHookEnabled: true } },
  });
  expect(put.status).toBeLessThan(300);
}, 180_000);
afterAll(() => system?.close());

const storefront = (method: string, base: string, path: string, body?: unknown) => rest(base, method, path, { token: shop.storefrontToken, ...shop.tenant, ...(body === undefined ? {} : { body }) });
const adapter = (method: string, path: string, body?: unknown) => storefront(method, url, path, body);
const callback = (orderId: string, paymentId: string, name: string) => adapter('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/${name}`, {});
const processPath = (orderId: string, paymentId: string) => `/api/checkout/v1/callback/orders/${orderId}/${orderId}/payments/${paymentId}/process`;
const getOrder = async (orderId: string) => (await storefront('GET', system.urls.order!, `/api/v0/checkout/orders/${orderId}`)).body;
const ours = async (orderId: string) => (await getOrder(orderId)).payments.find((p: { adapterId: string }) => p.adapterId === 'provider_b_checkout_adapter');
const purchase = async (purchaseId: string) => (await rest(sandbox, 'GET', `/api/sandbox/purchases/${purchaseId}`)).body;
/** What the shopper types in provider B's form (the sandbox's shopper API, Avarda's field names). */
const shopperEnters = (purchaseId: string, extra: Record<string, unknown> = {}) =>
  rest(sandbox, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, {
    body: {
      userInputs: { email: 'kari@example.com', phone: '+4791234567' },
      invoicingAddress: { firstName: 'Kari', lastName: 'Nordmann', address1: 'Storgata 1', zip: '0155', city: 'Oslo', country: 'NO' },
      shippingOption: 'postal',
      paymentMethod: 'Card',
      emailNewsletterSubscription: true,
      ...extra,
    },
  });
const stepOf = (purchase: { b2C: { step: { current: string } } }) => purchase.b2C.step.current;
const transitions = async (orderId: string) => (await getOrder(orderId)).state.transitions.map((t: { status: string }) => t.status);

/** A fresh basket (an exported one is purchased) and its order. */
async function newOrder(): Promise<string> {
  const basket = await rest(system.urls.commerce_sandbox!, 'POST', '/api/sandbox/baskets', {
    body: {
      currency: 'NOK',
      items: [
        { sku: 'SHOE-42', name: 'Running shoes', quantity: 2, unitPrice: 99.95, vatRate: 0.25 },
        { sku: 'SOCK-3P', name: 'Socks', quantity: 1, unitPrice: 50, vatRate: 0.25 },
      ],
      buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567' },
    },
  });
  expect(basket.status).toBe(201);
  const created = await storefront('POST', system.urls.commerce_adapter!, '/api/v1/orders', { cartReference: basket.body.id, culture: 'nb-NO', currency: 'NOK' });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** An order with a provider B payment whose shopper entered everything, copied to the order and validated. */
async function readyToSubmit(): Promise<{ orderId: string; paymentId: string; purchaseId: string }> {
  const orderId = await newOrder();
  const created = await adapter('POST', `/api/checkout/v1/${orderId}/payments`);
  expect(created.status).toBe(201);
  const { paymentId } = created.body;
  const purchaseId = (await ours(orderId)).reference as string;
  expect((await shopperEnters(purchaseId)).status).toBe(200);
  expect((await callback(orderId, paymentId, 'customer-update')).status).toBe(200);
  expect((await callback(orderId, paymentId, 'shipping-option-update')).status).toBe(200);
  return { orderId, paymentId, purchaseId };
}

describe('provider B checkout', () => {
  it('create → shopper data → customer-update and shipping-option-update → validate → process → sandbox completes → notification → completed, exported; a repeated notification changes nothing', async () => {
    const orderId = await newOrder();
    const created = await adapter('POST', `/api/checkout/v1/${orderId}/payments`);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ paymentId: expect.any(String), purchaseJwt: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), javascriptUrl: `${sandbox}/checkout.js`, styles: { buttonColor: '#1a73e8' } });
    const { paymentId, purchaseJwt } = created.body;
    const payment = await ours(orderId);
    expect(payment).toMatchObject({ id: paymentId, state: 'intent', type: 'checkout', amount: 249.9, name: 'Provider B', attributes: { token: purchaseJwt, clientId: 'provider-b-partner', paymentName: 'Provider B' } });
    const purchaseId = payment.reference as string;
    // The purchase starts from what the shop knows of the shopper (the basket's buyer): Avarda's b2C prefill.
    expect(await purchase(purchaseId)).toMatchObject({
      extraIdentifiers: { orderReference: orderId.replace(/-/g, '').slice(0, 20) },
      totalPrice: 249.9,
      checkoutSite: { currencyCode: 'NOK' },
      mode: 'B2C',
      b2C: { step: { current: 'Initialized' }, userInputs: { email: 'kari@example.com', phone: '+4791234567' }, invoicingAddress: { firstName: 'Kari', lastName: 'Nordmann' } },
    });
    const initialized = (await recordedExchanges(sandbox, 'in')).filter((e) => e.operation === 'createPayment').at(-1)!;
    expect(initialized.requestBody).toMatchObject({ checkoutSetup: { mode: 'B2C', language: 'Norwegian', differentDeliveryAddress: 'Unchecked' }, b2C: { userInputs: { email: 'kari@example.com' } } });

    // The shopper types in the embedded checkout; the script's events reach the adapter, which re-reads the provider.
    expect((await shopperEnters(purchaseId)).status).toBe(200);
    const customer = await callback(orderId, paymentId, 'customer-update');
    expect(customer.status).toBe(200);
    expect((await getOrder(orderId)).customer).toMatchObject({
      billing: { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'kari@example.com' },
      shipping: { streetAddress: 'Storgata 1', city: 'Oslo' },
    });
    const shipping = await callback(orderId, paymentId, 'shipping-option-update');
    expect(shipping.status).toBe(200);
    expect(shipping.body).toMatchObject({ total: { includingVat: 298.9 }, amount: 298.9, shippings: [{ name: 'Postal', total: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25 }] });
    expect((await ours(orderId)).amount).toBe(298.9);
    expect((await purchase(purchaseId)).totalPrice).toBe(298.9);

    // beforeSubmit → validate, then process (the path repeats the order id).
    expect(await callback(orderId, paymentId, 'validate')).toMatchObject({ status: 200, body: { valid: true } });
    const processed = await adapter('POST', processPath(orderId, paymentId), {});
    expect(processed).toMatchObject({ status: 200, body: { orderStatus: 'processing', paymentState: 'processing' } });
    expect((await getOrder(orderId)).consents).toEqual({ newsletter: true });

    // The shopper's purchase completes at the provider, which calls the adapter back (no signature, only {purchaseId}).
    const completed = await rest(sandbox, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: { outcome: 'completed' } });
    expect(completed.body.callback).toMatchObject({ status: 200, error: null });
    expect(await transitions(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await ours(orderId)).toMatchObject({ state: 'reserved', name: 'Card', amount: 298.9, attributes: { paymentMethod: 'Card' } });

    // The provider sends it again: nothing changes.
    const again = await rest(sandbox, 'POST', `/api/sandbox/purchases/${purchaseId}/callback`);
    expect(again.body.callback.status).toBe(200);
    expect(await transitions(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await system.db.prisma.paymentTransaction.count({ where: { paymentId, eventKey: `purchase:${purchaseId}:Completed` } })).toBe(1);

    // Exported by the commerce adapter on `completed`.
    const reference = await eventually(async () => (await getOrder(orderId)).reference as string | undefined, 30_000);
    expect((await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${reference}`)).status).toBe(200);
    await outboxSettled(system, orderId);
  });

  it('a cart changed between validate and process is refused; validate failures are [{code, adapterId}]', async () => {
    const { orderId, paymentId, purchaseId } = await readyToSubmit();
    expect((await callback(orderId, paymentId, 'validate')).status).toBe(200);
    // The shopper changes a quantity in another tab (the commerce adapter updates basket and order).
    const item = (await getOrder(orderId)).cart.items[1];
    expect((await storefront('PATCH', system.urls.commerce_adapter!, `/api/v1/orders/${orderId}/cart/items/${item.id}`, { quantity: 2 })).status).toBe(200);
    const refused = await adapter('POST', processPath(orderId, paymentId), {});
    expect(refused).toMatchObject({ status: 409, body: { code: 'order_changed' } });
    expect((await getOrder(orderId)).state.currentStatus).toBe('checkout');

    // The payment follows the new total (amountChanged), then validate passes again and process goes on.
    await eventually(async () => (await ours(orderId)).amount === 348.9 && (await purchase(purchaseId)).totalPrice === 348.9, 30_000);
    await outboxSettled(system, orderId);
    expect((await callback(orderId, paymentId, 'validate')).body).toEqual({ orderId, paymentId, valid: true });
    expect((await adapter('POST', processPath(orderId, paymentId), {})).status).toBe(200);

    // Validate failures: a purchase that timed out at the provider, in the spec's shape.
    const other = await readyToSubmit();
    await rest(sandbox, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 30 * 60 + 1 } });
    const failed = await callback(other.orderId, other.paymentId, 'validate');
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual([{ code: 'purchase_timed_out', adapterId: 'provider_b_checkout_adapter', message: expect.any(String) }]);
    // The timed-out payment failed, so the storefront starts a new one.
    expect((await ours(other.orderId)).state).toBe('failed');
    expect((await adapter('POST', `/api/checkout/v1/${other.orderId}/payments`)).status).toBe(201);
    // The process path names the order twice: both the same.
    expect((await adapter('POST', `/api/checkout/v1/callback/orders/${other.orderId}/${orderId}/payments/${other.paymentId}/process`, {})).body.code).toBe('order_mismatch');
  });

  it('browser data: only the allow-list (the payment\'s own purchase id) is taken; a shopper, stored method, token or recurring model named by a browser is refused before the provider is asked', async () => {
    const { orderId, paymentId, purchaseId } = await readyToSubmit();
    const reads = async () => (await recordedExchanges(sandbox, 'in')).filter((e) => e.operation === 'getPayment').length;
    const before = await reads();
    for (const body of [{ customerToken: 'other-shoppers-token' }, { email: 'someone@else.example' }, { zip: '0155', invoicingAddress: { firstName: 'Other' } }, { mode: 'B2B' }, { recurringPayments: 'checked' }, { paymentMethod: { storedCardId: 'card-9' } }, { purchaseId, b2C: { userInputs: { email: 'x@y.z' } } }]) {
      for (const name of ['customer-update', 'shipping-option-update', 'validate']) {
        const refused = await adapter('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/${name}`, body);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
      expect((await adapter('POST', processPath(orderId, paymentId), body)).status).toBe(400);
    }
    // Another purchase named by the browser: refused too.
    expect((await adapter('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/customer-update`, { purchaseId: 'someone-elses' })).body.code).toBe('purchase_mismatch');
    expect(await reads()).toBe(before); // none of it reached the provider
    // The payment's own purchase id and the script's non-identifying payload (deliveryAddressChanged) pass.
    expect((await adapter('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/customer-update`, { purchaseId })).status).toBe(200);
    expect((await adapter('POST', `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/shipping-option-update`, { purchaseId, zip: '0155', country: 'NO' })).status).toBe(200);
  });

  it('two deliveries of one notification at once: both 200, the completed purchase applied once', async () => {
    const { orderId, paymentId, purchaseId } = await readyToSubmit();
    expect((await callback(orderId, paymentId, 'validate')).status).toBe(200);
    expect((await adapter('POST', processPath(orderId, paymentId), {})).status).toBe(200);
    // The provider's own callback is lost; the two copies below are the first deliveries, racing each other.
    expect((await rest(sandbox, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: { sendCallback: false } })).body.callback).toBeNull();
    const signed = new URL((await purchase(purchaseId)).callbackUrl);
    const deliver = () => rest(url, 'POST', `${signed.pathname}${signed.search}`, { body: { purchaseId } });
    const answers = await Promise.all([deliver(), deliver()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.body.changed)).toHaveLength(1);
    await eventually(async () => (await getOrder(orderId)).state.currentStatus === 'completed', 30_000);
    expect(await transitions(orderId)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(await ours(orderId)).toMatchObject({ state: 'reserved', name: 'Card', attributes: { paymentMethod: 'Card' } });
    expect(await system.db.prisma.paymentTransaction.count({ where: { paymentId, eventKey: `purchase:${purchaseId}:Completed` } })).toBe(1);
    await outboxSettled(system, orderId);
  });

  it("a declined method leaves the purchase open (Avarda's form offers another); a purchase whose session ended fails the payment and returns the order to checkout; a forged or unsigned notification is refused", async () => {
    const { orderId, paymentId, purchaseId } = await readyToSubmit();
    expect((await callback(orderId, paymentId, 'validate')).status).toBe(200);
    expect((await adapter('POST', processPath(orderId, paymentId), {})).status).toBe(200);
    const declined = await rest(sandbox, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: { outcome: 'declined' } });
    expect(declined.body).toMatchObject({ outcome: 'declined', callback: null });
    expect(stepOf(await purchase(purchaseId))).toBe('PersonalInfo');
    expect((await ours(orderId)).state).toBe('processing');

    // The shopper leaves; the session ends (Avarda sends no callback for that). A callback about it — a retry, a duplicate — is read as it is: dead.
    await rest(sandbox, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 30 * 60 + 1 } });
    const late = await rest(sandbox, 'POST', `/api/sandbox/purchases/${purchaseId}/callback`);
    expect(late.body.callback.status).toBe(200);
    expect((await getOrder(orderId)).state.currentStatus).toBe('checkout');
    expect((await ours(orderId)).state).toBe('failed');

    const notification = `/api/checkout/v1/callback/orders/${orderId}/payments/${paymentId}/notification`;
    expect((await rest(url, 'POST', `${notification}?merchant=${shop.tenant.merchant}&channel=web`, { body: { purchaseId } })).status).toBe(401);
    const signed = new URL((await purchase(purchaseId)).callbackUrl);
    signed.searchParams.set('merchant', 'someone-else');
    expect((await rest(url, 'POST', `${signed.pathname}${signed.search}`, { body: {} })).status).toBe(401);
  });

  it('through the gateway: startPayment answers the JWT and script; deliver captures at the provider; refund and cancel reach it', async () => {
    const { orderId } = await readyToSubmit();
    // A payment started through the gateway on another order:
    const fresh = await newOrder();
    const started = await graphql(system.urls.gateway!, ProviderStartPaymentDocument, { id: fresh, adapterId: 'provider_b_checkout_adapter' }, { token: shop.storefrontToken, ...shop.tenant });
    const { startPayment } = dataOf(started);
    expect(startPayment).toMatchObject({ adapterId: 'provider_b_checkout_adapter', payment: { state: 'intent', amount: 249.9 }, data: { purchaseJwt: expect.any(String), javascriptUrl: `${sandbox}/checkout.js` } });
    const read = await adapter('GET', `/api/checkout/v1/orders/${fresh}/payments/${startPayment.payment.id}`);
    expect(read.body).toMatchObject({ paymentId: startPayment.payment.id, currentStep: 'Initialized' });

    // The first order to completed, then delivered (capture → deliver at the provider) and a partial refund.
    const payment = await ours(orderId);
    expect((await callback(orderId, payment.id, 'validate')).status).toBe(200);
    expect((await adapter('POST', processPath(orderId, payment.id), {})).status).toBe(200);
    await rest(sandbox, 'POST', `/api/sandbox/purchases/${payment.reference}/complete`, { body: {} });
    expect((await getOrder(orderId)).state.currentStatus).toBe('completed');
    const admin = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
      dataOf(await graphql(system.urls.gateway!, document, variables, { token: shop.adminToken, ...shop.tenant }));
    expect((await admin(DeliverOrderDocument, { id: orderId })).deliverOrder.status).toBe('delivered');
    await eventually(async () => (await ours(orderId)).state === 'captured', 30_000);
    expect((await purchase(payment.reference)).management).toMatchObject({ status: 'delivered', deliveredAmount: 298.9 });
    const refund = await admin(RefundPaymentAmountDocument, { o: orderId, p: payment.id, a: 49 });
    expect(refund.refundPayment.refundedAmount).toBe(49);
    expect((await purchase(payment.reference)).management).toMatchObject({ status: 'partially_refunded', refundedAmount: 49 });

    // Another order completed and cancelled before delivery.
    const second = await readyToSubmit();
    expect((await callback(second.orderId, second.paymentId, 'validate')).status).toBe(200);
    expect((await adapter('POST', processPath(second.orderId, second.paymentId), {})).status).toBe(200);
    await rest(sandbox, 'POST', `/api/sandbox/purchases/${second.purchaseId}/complete`, { body: {} });
    const cancelled = await admin(CancelPaymentStateDocument, { o: second.orderId, p: second.paymentId });
    expect(cancelled.cancelPayment.state).toBe('cancelled');
    expect((await purchase(second.purchaseId)).management.status).toBe('cancelled');
    await outboxSettled(system);
  });

  it("money calls safe to retry: a refund whose answer is lost after the provider applied it, asked again, returns once (the same tranId, from the platform's refund operation); the next refund of the same amount is another", async () => {
    const { orderId, paymentId, purchaseId } = await readyToSubmit();
    expect((await callback(orderId, paymentId, 'validate')).status).toBe(200);
    expect((await adapter('POST', processPath(orderId, paymentId), {})).status).toBe(200);
    await rest(sandbox, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: {} });
    expect(dataOf(await graphql(system.urls.gateway!, DeliverOrderDocument, { id: orderId }, { token: shop.adminToken, ...shop.tenant })).deliverOrder.status).toBe('delivered');
    await eventually(async () => (await ours(orderId)).state === 'captured', 30_000);
    const refund = () => rest(system.urls.payment!, 'POST', `/api/v0/payments/${paymentId}/refund`, { token: shop.adminToken, ...shop.tenant, body: { amount: 40, orderId } });

    await loseNextAnswer(sandbox, 'refund');
    expect(await refund()).toMatchObject({ status: 502, body: { code: 'payment_callback_failed' } });
    expect((await purchase(purchaseId)).management).toMatchObject({ status: 'partially_refunded', refundedAmount: 40 }); // applied; the answer lost
    expect((await refund())).toMatchObject({ status: 200, body: { state: 'captured', refundedAmount: 40 } });
    expect((await purchase(purchaseId)).management.refundedAmount).toBe(40);
    const returns = (await recordedExchanges(sandbox, 'in')).filter((e) => e.operation === 'refund' && e.url.includes(purchaseId));
    expect(returns).toHaveLength(2);
    expect((returns[1]!.requestBody as { tranId: string }).tranId).toBe((returns[0]!.requestBody as { tranId: string }).tranId);

    // Another refund of the same amount: another operation, another tranId, refunded again.
    expect(await refund()).toMatchObject({ status: 200, body: { refundedAmount: 80 } });
    expect((await purchase(purchaseId)).management.refundedAmount).toBe(80);
    await outboxSettled(system);
  }, 120_000);

  it("Refresh: the purchase as the provider answers it reaches the payment through refreshPayment (GraphQL) and POST /api/v0/payments/{id}/refresh — its step (Avarda's read shows no order management); an adapter without refresh answers 409", async () => {
    const { orderId, paymentId, purchaseId } = await readyToSubmit();
    expect((await callback(orderId, paymentId, 'validate')).status).toBe(200);
    expect((await adapter('POST', processPath(orderId, paymentId), {})).status).toBe(200);
    await rest(sandbox, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: {} });
    await eventually(async () => (await ours(orderId)).state === 'reserved', 30_000);
    const payment = await ours(orderId);
    expect(payment.callbacks.refresh).toMatch(/\/v0\/orders\/.+\/payments\/.+\/refresh$/);
    expect(payment.actions).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'Refresh', url: expect.stringMatching(new RegExp(`/api/v0/payments/${paymentId}/refresh$`)) })]));

    const refresh = (variables = { o: orderId, p: paymentId }, token = shop.adminToken) => graphql(system.urls.gateway!, ProviderRefreshPaymentDocument, variables, { token, ...shop.tenant });
    // A completed purchase: the state stays, the read is logged with the purchase's step.
    const unchanged = dataOf(await refresh());
    expect(unchanged.refreshPayment.state).toBe('reserved');
    expect(unchanged.refreshPayment.transactions).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'refresh', pspEvent: 'get-purchase', isSuccess: true, pspStatus: 'Completed' })]));
    // A storefront may not.
    expect((await refresh(undefined, shop.storefrontToken)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // An open payment whose purchase's session ended while the shopper was away: the REST action (the payment's Refresh url) finds it dead.
    const away = await newOrder();
    const started = await adapter('POST', `/api/checkout/v1/${away}/payments`);
    expect(started.status).toBe(201);
    await rest(sandbox, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 30 * 60 + 1 } });
    const viaRest = await rest(system.urls.payment!, 'POST', `/api/v0/payments/${started.body.paymentId}/refresh`, { token: shop.adminToken, ...shop.tenant, body: { orderId: away } });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({ id: started.body.paymentId, state: 'failed' });

    // A payment whose adapter registered no refresh callback: a clear 409, in GraphQL and REST.
    const other = await newOrder();
    const bare = await rest(system.urls.payment!, 'POST', '/api/v0/payments', { token: shop.adminToken, ...shop.tenant, body: { orderId: other, adapterId: 'nonpsp_adapter', amount: 10 } });
    expect(bare.status).toBe(201);
    expect(bare.body.actions ?? []).not.toEqual(expect.arrayContaining([expect.objectContaining({ type: 'Refresh' })]));
    const refused = await rest(system.urls.payment!, 'POST', `/api/v0/payments/${bare.body.id}/refresh`, { token: shop.adminToken, ...shop.tenant, body: { orderId: other } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payment_action_unavailable');
    expect((await refresh({ o: other, p: bare.body.id })).body.errors?.[0]?.extensions?.code).toBe('PAYMENT_ACTION_UNAVAILABLE');
    await outboxSettled(system);
  }, 120_000);
});
