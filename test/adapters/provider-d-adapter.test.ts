import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { dataOf, graphql, rest } from '../harness/http.js';
import { CancelPaymentStateDocument, DeliverOrderDocument, JourneyStartDropInDocument, ProviderRefreshPaymentDocument, RefundPaymentAmountDocument } from '../generated/graphql.js';
import { outboxSettled } from '../harness/outbox.js';
import { loseNextAnswer } from '../harness/lost-answer.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { recordedExchanges } from '../contracts/published-api.js';

/**
 * Provider D through real HTTP: the platform, the provider D sandbox as the provider and the
 * adapter, all on port 0 (docs/adapters/provider-d.md, docs/sandboxes.md "Provider D").
 */
let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let storefront: string;
let adminToken: string;
const tenant = { merchant: 'm-provider-d', channel: 'web' };
const unconfigured = { merchant: 'm-provider-d', channel: 'no-config' };
const ACCOUNT = 'SandboxMerchantECOM';
const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const CARDS = { authorise: '4111111111111111', refuse: '4000000000000002', challenge: '4212345678901237', redirect: '4000000000003063', pending: '4000000000000077' };

const adapterUrl = () => system.urls.provider_d_dropin_adapter!;
const sandboxUrl = () => system.urls.provider_d_sandbox!;

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  admin = await orderClient(system, tenant, 'admin');
  adminToken = admin.token;
  storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel, unconfigured.channel], role: 'storefront' });
  const configured = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/provider_d_dropin_adapter`, {
    token: adminToken,
    ...tenant,
    body: {
      $schema: `${adapterUrl()}/openapi/v1/schemas/provider_d_dropin_adapter.json`,
      id: 'provider_d_dropin_adapter',
      active: true,
      adapter: { publicUrl: adapterUrl() },
      apiSettings: { apiUrl: sandboxUrl(), apiKey: 'provider-d-sandbox-api-key', clientKey: 'test_SANDBOXCLIENTKEY', merchantAccount: ACCOUNT, environment: 'test', hmacKey: HMAC_KEY },
      paymentMethodsConfiguration: { card: { hasHolderName: true } },
      redirectUrls: { checkoutUrl: 'https://shop.example/checkout/{orderId}' },
    },
  });
  expect(configured.status).toBe(201);
  // The provider side: webhooks of the merchant account go to the adapter.
  const account = await rest(sandboxUrl(), 'PUT', `/api/sandbox/merchant-accounts/${ACCOUNT}`, { body: { webhookUrl: `${adapterUrl()}/api/checkout/v1/callback/provider-d/webhooks` } });
  expect(account.status).toBe(200);
});
afterAll(async () => {
  await system?.close();
});

async function newOrder(total = 249.9, t = tenant): Promise<string> {
  const client = t === tenant ? admin : await orderClient(system, t, 'admin');
  const created = await client.call('POST', '', sampleOrder({ cart: { reference: 'basket', items: [{ id: 'i-1' }], total: { includingVat: total, excludingVat: Math.round(total * 80) / 100 } } }));
  expect(created.status).toBe(201);
  return created.body.id;
}
const getOrder = async (orderId: string) => (await admin.call('GET', `/${orderId}`)).body;
const paymentOf = async (orderId: string, paymentId: string) => (await getOrder(orderId)).payments.find((p: { id: string }) => p.id === paymentId);
const transactions = (paymentId: string) => system.db.prisma.paymentTransaction.findMany({ where: { paymentId }, orderBy: { createdAt: 'asc' } });
const asStorefront = (method: string, path: string, body?: unknown, t = tenant) => rest(adapterUrl(), method, path, { token: storefront, ...t, ...(body === undefined ? {} : { body }) });
const create = (orderId: string, t = tenant) => asStorefront('POST', `/api/checkout/v1/${orderId}/payments`, undefined, t);
const cardData = (number: string) => ({ paymentMethod: { type: 'scheme', encryptedCardNumber: `test_${number}`, encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' }, browserInfo: { acceptHeader: '*/*', colorDepth: 24, javaEnabled: false, language: 'nb-NO', screenHeight: 900, screenWidth: 1280, timeZoneOffset: -60, userAgent: 'jest' } });
const submit = (orderId: string, paymentId: string, body: unknown) => asStorefront('POST', `/api/checkout/v1/orders/${orderId}/payments/${paymentId}/transaction`, body);
const details = (orderId: string, paymentId: string, body: unknown) => asStorefront('POST', `/api/checkout/v1/orders/${orderId}/payments/${paymentId}/details`, body);
const atSandbox = async (pspReference: string) => (await rest(sandboxUrl(), 'GET', `/api/sandbox/payments/${pspReference}`)).body;
const gql = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  graphql(system.urls.gateway!, document, variables, { token: adminToken, ...tenant });

/** Waits until every webhook of the payment at the sandbox was answered `[accepted]`. */
async function webhooksAccepted(pspReference: string, count: number) {
  return eventually(async () => {
    const webhooks = (await atSandbox(pspReference)).webhooks as Array<{ status: string; eventCode: string; body: unknown }>;
    return webhooks.length >= count && webhooks.every((w) => w.status === 'accepted') ? webhooks : undefined;
  }, 30_000);
}

async function started(total = 249.9) {
  const orderId = await newOrder(total);
  const created = await create(orderId);
  expect(created.status).toBe(201);
  return { orderId, paymentId: created.body.paymentId as string, session: created.body };
}

describe('provider D: create and read', () => {
  it("serves the return page a shopper lands on when the channel names no return address (public)", async () => {
    const back = await rest(adapterUrl(), 'GET', '/api/checkout/v1/callback/provider-d/return?orderId=o-1');
    expect(back).toMatchObject({ status: 200, body: { code: 'payment_returned', message: expect.any(String) } });
  });

  it('serves its configuration schema publicly, secrets write-only', async () => {
    const { status, body } = await rest(adapterUrl(), 'GET', '/openapi/v1/schemas/provider_d_dropin_adapter.json');
    expect(status).toBe(200);
    expect(body.properties.apiSettings.properties.apiKey.writeOnly).toBe(true);
    expect(body.properties.apiSettings.properties.hmacKey.writeOnly).toBe(true);
  });

  it('answers 400 "Configuration is missing for this channel." without a configuration', async () => {
    const orderId = await newOrder(100, unconfigured);
    const { status, body } = await create(orderId, unconfigured);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'configuration_missing', message: 'Configuration is missing for this channel.' });
  });

  it('creates an intent payment with no provider session and answers the drop-in data; GET lists methods for the current amount', async () => {
    const { orderId, paymentId, session } = await started();
    expect(session).toEqual({
      paymentId,
      clientKey: 'test_SANDBOXCLIENTKEY',
      locale: 'nb-NO',
      environment: 'test',
      amount: { currency: 'NOK', value: 24990 },
      paymentMethodsResponse: { paymentMethods: expect.arrayContaining([{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc'], inputDetails: [], issuers: [] }]), storedPaymentMethods: [] },
      paymentMethodsConfiguration: { card: { hasHolderName: true } },
    });
    const payment = await paymentOf(orderId, paymentId);
    expect(payment).toMatchObject({ state: 'intent', amount: 249.9, adapterId: 'provider_d_dropin_adapter' });
    expect(payment.reference).toBeUndefined();

    // The cart changes: the payment follows (amountChanged), GET lists methods for the new amount.
    const order = await getOrder(orderId);
    expect((await admin.call('PUT', `/${orderId}/cart`, { ...order.cart, total: { includingVat: 300, excludingVat: 240 } })).status).toBe(200);
    await eventually(async () => (await paymentOf(orderId, paymentId)).amount === 300);
    const read = await asStorefront('GET', `/api/v1/checkout/${orderId}/payments/${paymentId}`);
    expect(read.status).toBe(200);
    expect(read.body.amount).toEqual({ currency: 'NOK', value: 30000 });
    expect(read.body.paymentMethodsResponse.paymentMethods.length).toBeGreaterThan(0);
    // A second create while the intent payment is open is refused.
    expect((await create(orderId)).status).toBe(409);
  });

  it('startPayment through the gateway answers the drop-in data', async () => {
    const orderId = await newOrder();
    const storefrontGql = await graphql(system.urls.gateway!, JourneyStartDropInDocument, { id: orderId }, { token: storefront, ...tenant });
    expect(dataOf(storefrontGql).startPayment.data).toMatchObject({ clientKey: 'test_SANDBOXCLIENTKEY', amount: { value: 24990, currency: 'NOK' } });
  });
});

describe('provider D: the drop-in journey', () => {
  it('a card that authorises: the answer mirrors the provider, the payment is reserved and the order completed', async () => {
    const { orderId, paymentId } = await started();
    const answer = await submit(orderId, paymentId, cardData(CARDS.authorise));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ resultCode: 'Authorised', pspReference: expect.any(String), merchantReference: orderId, amount: { value: 24990, currency: 'NOK' } });
    expect(answer.body.action).toBeUndefined();
    const order = await getOrder(orderId);
    expect(order.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(order.payments[0]).toMatchObject({ state: 'reserved', reference: answer.body.pspReference });
    const logged = await transactions(paymentId);
    expect(logged.map((t) => [t.event, t.isSuccess])).toEqual(expect.arrayContaining([['authorize', true]]));
    // Nothing of the card reaches the log.
    expect(JSON.stringify(logged)).not.toContain(CARDS.authorise);
    // The AUTHORISATION webhook arrives after, signed; it changes nothing more.
    await webhooksAccepted(answer.body.pspReference, 1);
    expect((await paymentOf(orderId, paymentId)).state).toBe('reserved');
  });

  it('a 3-D Secure card: an action, the challenge answered at the sandbox, then details → completed', async () => {
    const { orderId, paymentId } = await started();
    const answer = await submit(orderId, paymentId, cardData(CARDS.challenge));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ resultCode: 'ChallengeShopper', action: { type: 'threeDS2', subtype: 'challenge' } });
    expect((await getOrder(orderId)).state.currentStatus).toBe('checkout');
    expect((await paymentOf(orderId, paymentId)).state).toBe('intent');
    // Details before the shopper answered: the provider refuses, the adapter answers 400.
    const challengeId = (await atSandbox(answer.body.pspReference)).challenge.id;
    const completed = await rest(sandboxUrl(), 'POST', `/api/sandbox/challenges/${challengeId}/complete`, { body: { outcome: 'authorise' } });
    expect(completed.status).toBe(200);
    const result = await details(orderId, paymentId, { details: completed.body.details });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ resultCode: 'Authorised', pspReference: answer.body.pspReference });
    expect((await getOrder(orderId)).state.currentStatus).toBe('completed');
    expect((await paymentOf(orderId, paymentId)).state).toBe('reserved');
  });

  it("a redirect card: the shopper leaves for the issuer's page, comes back to the return address with redirectResult, and its details complete the order", async () => {
    const { orderId, paymentId } = await started();
    const answer = await submit(orderId, paymentId, cardData(CARDS.redirect));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'GET', paymentMethodType: 'scheme', url: expect.stringContaining(sandboxUrl()) } });
    expect((await paymentOf(orderId, paymentId)).state).toBe('intent');
    // The adapter sent the channel's return address (redirectUrls.checkoutUrl, filled in); the issuer's page sends the browser there.
    expect((await atSandbox(answer.body.pspReference)).returnUrl).toBe(`https://shop.example/checkout/${orderId}`);
    const issuer = await fetch(answer.body.action.url);
    expect(issuer.status).toBe(200);
    expect(await issuer.text()).toContain('<form method="post"');
    const back = await fetch(`${answer.body.action.url}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=authorise', redirect: 'manual' });
    expect(back.status).toBe(303);
    const returned = new URL(back.headers.get('location')!);
    expect(`${returned.origin}${returned.pathname}`).toBe(`https://shop.example/checkout/${orderId}`);
    const redirectResult = returned.searchParams.get('redirectResult')!;
    expect(redirectResult).toEqual(expect.any(String));

    // The return page sends the redirectResult as the details; one of another payment is refused and moves nothing.
    const other = await started();
    const otherAnswer = await submit(other.orderId, other.paymentId, cardData(CARDS.redirect));
    expect(otherAnswer.body.resultCode).toBe('RedirectShopper');
    const misplaced = await details(other.orderId, other.paymentId, { details: { redirectResult } });
    expect(misplaced).toMatchObject({ status: 409, body: { code: 'details_of_another_payment' } });
    expect((await paymentOf(other.orderId, other.paymentId)).state).toBe('intent');
    expect((await paymentOf(orderId, paymentId)).state).toBe('intent');

    const result = await details(orderId, paymentId, { details: { redirectResult } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ resultCode: 'Authorised', pspReference: answer.body.pspReference });
    expect((await getOrder(orderId)).state.currentStatus).toBe('completed');
    expect((await paymentOf(orderId, paymentId)).state).toBe('reserved');
  });

  it('a redirect cancelled at the issuer: the details answer Cancelled, the payment fails, the order stays in checkout for a new attempt', async () => {
    const { orderId, paymentId } = await started();
    const answer = await submit(orderId, paymentId, cardData(CARDS.redirect));
    const back = await fetch(`${answer.body.action.url}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=cancel', redirect: 'manual' });
    expect(back.status).toBe(303);
    const redirectResult = new URL(back.headers.get('location')!).searchParams.get('redirectResult');
    const result = await details(orderId, paymentId, { details: { redirectResult } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ resultCode: 'Cancelled', refusalReason: 'Cancelled by shopper' });
    expect((await paymentOf(orderId, paymentId)).state).toBe('failed');
    expect((await getOrder(orderId)).state.currentStatus).toBe('checkout');
    // The same details again (a reload of the return page): the payment is no longer open.
    expect((await details(orderId, paymentId, { details: { redirectResult } })).status).toBe(409);
  });

  it('a refused card: a failed transaction with errorDetail, the order stays in checkout, and a new attempt works', async () => {
    const { orderId, paymentId } = await started();
    const refused = await submit(orderId, paymentId, cardData(CARDS.refuse));
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ resultCode: 'Refused', refusalReason: 'Refused' });
    expect((await paymentOf(orderId, paymentId)).state).toBe('failed');
    expect((await getOrder(orderId)).state.currentStatus).toBe('checkout');
    const failed = (await transactions(paymentId)).filter((t) => !t.isSuccess);
    expect(failed.map((t) => t.errorDetail)).toContain('Refused');

    const again = await create(orderId);
    expect(again.status).toBe(201);
    const ok = await submit(orderId, again.body.paymentId, cardData(CARDS.authorise));
    expect(ok.body.resultCode).toBe('Authorised');
    expect((await getOrder(orderId)).state.currentStatus).toBe('completed');
  });

  it("a refused payment's AUTHORISATION webhook, delivered while a new payment holds the order in processing, leaves the order to the new payment", async () => {
    const { orderId, paymentId } = await started();
    const refused = await submit(orderId, paymentId, cardData(CARDS.refuse));
    expect(refused.body.resultCode).toBe('Refused');
    const [report] = await webhooksAccepted(refused.body.pspReference, 1);
    expect(report).toMatchObject({ eventCode: 'AUTHORISATION' });
    // The shopper tries again with a card the provider decides later: the order is processing for the new payment.
    const again = await create(orderId);
    expect(again.status).toBe(201);
    const pending = await submit(orderId, again.body.paymentId, cardData(CARDS.pending));
    expect(pending.body.resultCode).toBe('Pending');
    expect((await getOrder(orderId)).state.currentStatus).toBe('processing');
    // The old refusal reported again now (as a late or retried delivery is): acknowledged, and it moves nothing.
    const late = await rest(adapterUrl(), 'POST', '/api/checkout/v1/callback/provider-d/webhooks', { body: report!.body });
    expect(late).toMatchObject({ status: 200, body: '[accepted]' });
    expect((await getOrder(orderId)).state.currentStatus).toBe('processing');
    expect((await paymentOf(orderId, again.body.paymentId)).state).toBe('processing');
    // The new payment decides the order.
    expect((await rest(sandboxUrl(), 'POST', `/api/sandbox/payments/${pending.body.pspReference}/settle`, { body: { outcome: 'authorise' } })).status).toBe(200);
    await eventually(async () => (await getOrder(orderId)).state.currentStatus === 'completed', 30_000);
    expect((await paymentOf(orderId, again.body.paymentId)).state).toBe('reserved');
    expect((await paymentOf(orderId, paymentId)).state).toBe('failed');
  });

  it('a pending card: the order is locked in processing, then the AUTHORISATION webhook completes it', async () => {
    const { orderId, paymentId } = await started();
    const pending = await submit(orderId, paymentId, cardData(CARDS.pending));
    expect(pending.body.resultCode).toBe('Pending');
    expect((await paymentOf(orderId, paymentId)).state).toBe('processing');
    expect((await getOrder(orderId)).state.currentStatus).toBe('processing');
    expect((await rest(sandboxUrl(), 'POST', `/api/sandbox/payments/${pending.body.pspReference}/settle`, { body: { outcome: 'authorise' } })).status).toBe(200);
    await eventually(async () => (await getOrder(orderId)).state.currentStatus === 'completed', 30_000);
    expect((await paymentOf(orderId, paymentId)).state).toBe('reserved');
  });

  it('refuses bad submit data (400) and a payment of another order (404)', async () => {
    const { orderId, paymentId } = await started();
    expect((await submit(orderId, paymentId, { nothing: true })).status).toBe(400);
    expect((await submit(orderId, 'no-such-payment', cardData(CARDS.authorise))).status).toBe(404);
    expect((await details(orderId, paymentId, { details: {} })).status).toBe(400);
    expect((await details(orderId, paymentId, { details: { threeDSResult: 'not-asked-for' } })).body.code).toBe('no_action_pending');
  });
});

describe('provider D: webhooks', () => {
  it('a forged signature is refused; a replayed webhook changes nothing', async () => {
    const { orderId, paymentId } = await started();
    const answer = await submit(orderId, paymentId, cardData(CARDS.authorise));
    const [delivered] = await webhooksAccepted(answer.body.pspReference, 1);
    const url = '/api/checkout/v1/callback/provider-d/webhooks';
    const body = JSON.parse(JSON.stringify(delivered!.body));
    // Count once the event is on the payment's log and nothing the order's moves queued is still on its way.
    const eventKey = `AUTHORISATION:${answer.body.pspReference as string}:true`;
    await eventually(async () => (await transactions(paymentId)).some((transaction) => transaction.eventKey === eventKey));
    await outboxSettled(system, orderId);
    const before = (await transactions(paymentId)).length;

    const replay = await rest(adapterUrl(), 'POST', url, { body });
    expect(replay.status).toBe(200);
    expect(replay.body).toBe('[accepted]');
    expect((await transactions(paymentId)).length).toBe(before);

    const forged = JSON.parse(JSON.stringify(body));
    forged.notificationItems[0].NotificationRequestItem.success = 'false';
    const refused = await rest(adapterUrl(), 'POST', url, { body: forged });
    expect(refused.status).toBe(401);
    expect((await paymentOf(orderId, paymentId)).state).toBe('reserved');
    expect((await transactions(paymentId)).length).toBe(before);
  });

  it("a signed webhook whose unsigned metadata is pointed at another order or payment moves nothing there", async () => {
    const first = await started();
    const second = await started();
    const pendingFirst = await submit(first.orderId, first.paymentId, cardData(CARDS.pending));
    const pendingSecond = await submit(second.orderId, second.paymentId, cardData(CARDS.pending));
    expect([pendingFirst.body.resultCode, pendingSecond.body.resultCode]).toEqual(['Pending', 'Pending']);
    expect((await rest(sandboxUrl(), 'POST', `/api/sandbox/payments/${pendingFirst.body.pspReference}/settle`, { body: { outcome: 'authorise' } })).status).toBe(200);
    const authorisation = await eventually(async () => (await webhooksAccepted(pendingFirst.body.pspReference, 1)).find((w) => w.eventCode === 'AUTHORISATION'), 30_000);
    await eventually(async () => (await getOrder(first.orderId)).state.currentStatus === 'completed', 30_000);

    const url = '/api/checkout/v1/callback/provider-d/webhooks';
    const aimedAt = (metadata: Record<string, string>) => {
      const body = JSON.parse(JSON.stringify(authorisation.body));
      Object.assign(body.notificationItems[0].NotificationRequestItem.additionalData, metadata);
      return rest(adapterUrl(), 'POST', url, { body });
    };
    // The other order's ids in the metadata: the signed merchant reference names the first order.
    const otherOrder = await aimedAt({ 'metadata.orderId': second.orderId, 'metadata.paymentId': second.paymentId });
    expect(otherOrder.status).toBe(401);
    expect(otherOrder.body.code).toBe('webhook_signature_invalid');
    // Only the payment id changed: no payment of that order has both that id and the signed reference.
    const otherPayment = await aimedAt({ 'metadata.paymentId': second.paymentId });
    expect(otherPayment.status).toBe(404);
    expect(otherPayment.body.code).toBe('payment_not_found');
    expect((await getOrder(second.orderId)).state.currentStatus).toBe('processing');
    expect((await paymentOf(second.orderId, second.paymentId)).state).toBe('processing');
    expect((await transactions(second.paymentId)).filter((t) => t.event === 'webhook')).toEqual([]);

    // The second payment's own authorisation still completes its order.
    expect((await rest(sandboxUrl(), 'POST', `/api/sandbox/payments/${pendingSecond.body.pspReference}/settle`, { body: { outcome: 'authorise' } })).status).toBe(200);
    await eventually(async () => (await getOrder(second.orderId)).state.currentStatus === 'completed', 30_000);
  });

  it("delivered → capture at the provider, whose CAPTURE webhook names the capture's reference as merchantReference and marks the payment captured; refund; cancel of another payment", async () => {
    const { orderId, paymentId } = await started();
    const answer = await submit(orderId, paymentId, cardData(CARDS.authorise));
    const delivered = dataOf(await gql(DeliverOrderDocument, { id: orderId }));
    expect(delivered.deliverOrder.status).toBe('delivered');
    await eventually(async () => (await paymentOf(orderId, paymentId)).state === 'captured', 30_000);
    expect((await atSandbox(answer.body.pspReference)).captured).toBe(24990);
    // As the provider sends it: the modification request's reference, not the order id; the payment is its originalReference.
    const capture = ((await atSandbox(answer.body.pspReference)).webhooks as Array<{ eventCode: string; body: { notificationItems: Array<{ NotificationRequestItem: Record<string, unknown> }> } }>).find((w) => w.eventCode === 'CAPTURE')!;
    expect(capture.body.notificationItems[0]!.NotificationRequestItem).toMatchObject({ merchantReference: `${paymentId}:captures`, originalReference: answer.body.pspReference });
    expect((await transactions(paymentId)).filter((t) => t.event === 'webhook' && t.pspEvent === 'captured')).toMatchObject([{ isSuccess: true, eventKey: expect.stringMatching(/^CAPTURE:/) }]);
    await outboxSettled(system, orderId);

    const refund = dataOf(await gql(RefundPaymentAmountDocument, { o: orderId, p: paymentId, a: 249.9 }));
    expect(refund.refundPayment).toMatchObject({ state: 'refunded', refundedAmount: 249.9 });
    await eventually(async () => (await atSandbox(answer.body.pspReference)).refunded === 24990);
    await webhooksAccepted(answer.body.pspReference, 3);
    // The REFUND webhook reports the refund the platform already recorded (under the webhook's key): not added twice.
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'refunded', refundedAmount: 249.9 });

    const other = await started(100);
    await submit(other.orderId, other.paymentId, cardData(CARDS.authorise));
    const cancelled = dataOf(await gql(CancelPaymentStateDocument, { o: other.orderId, p: other.paymentId }));
    expect(cancelled.cancelPayment.state).toBe('cancelled');
    const psp = (await paymentOf(other.orderId, other.paymentId)).reference;
    expect((await atSandbox(psp)).cancelled).toBe(true);
    const [cancellation] = ((await webhooksAccepted(psp, 2)) as Array<{ eventCode: string; body: { notificationItems: Array<{ NotificationRequestItem: Record<string, unknown> }> } }>).filter((w) => w.eventCode === 'CANCELLATION');
    expect(cancellation!.body.notificationItems[0]!.NotificationRequestItem).toMatchObject({ merchantReference: `${other.paymentId}:cancels`, originalReference: psp });
    expect((await transactions(other.paymentId)).filter((t) => t.event === 'webhook' && t.pspEvent === 'cancelled')).toMatchObject([{ isSuccess: true }]);
  });
});

describe('provider D: webhooks without metadata (CAPTURE, REFUND, CANCELLATION, as the provider sends them)', () => {
  const url = '/api/checkout/v1/callback/provider-d/webhooks';
  const atProvider = (pspReference: string, kind: string, body: Record<string, unknown>) =>
    rest(sandboxUrl(), 'POST', `/v71/payments/${pspReference}/${kind}`, { headers: { 'x-api-key': 'provider-d-sandbox-api-key' }, body: { merchantAccount: ACCOUNT, ...body } });
  /** The webhook of that event the sandbox delivered (and the adapter accepted). */
  const delivered = async (pspReference: string, eventCode: string) =>
    eventually(async () => (await webhooksAccepted(pspReference, 1)).find((w) => w.eventCode === eventCode) as { body: { notificationItems: Array<{ NotificationRequestItem: Record<string, any> }> } } | undefined, 30_000);
  const keyed = async (paymentId: string, eventKey: string) => (await transactions(paymentId)).filter((t) => t.eventKey === eventKey);
  /** Posts the same webhook twice more (provider retries): each acknowledged `[accepted]`. */
  async function sentTwiceMore(body: unknown) {
    for (const _ of [1, 2]) {
      const again = await rest(adapterUrl(), 'POST', url, { body });
      expect(again.status).toBe(200);
      expect(again.body).toBe('[accepted]');
    }
  }

  it("are routed by originalReference alone (their merchantReference is the modification's own reference), verified with its channel's key, applied once and acknowledged", async () => {
    const { orderId, paymentId } = await started(100);
    const psp = (await submit(orderId, paymentId, cardData(CARDS.authorise))).body.pspReference as string;
    await eventually(async () => (await getOrder(orderId)).state.currentStatus === 'completed', 30_000);

    // Captured and partly refunded at the provider itself (its dashboard): only the webhooks tell the platform.
    expect((await atProvider(psp, 'captures', { amount: { value: 10000, currency: 'NOK' }, reference: 'dashboard-capture' })).status).toBe(201);
    const capture = await delivered(psp, 'CAPTURE');
    const captureItem = capture.body.notificationItems[0]!.NotificationRequestItem;
    expect(Object.keys(captureItem.additionalData)).toEqual(['hmacSignature']);
    expect(captureItem).toMatchObject({ merchantReference: 'dashboard-capture', originalReference: psp });
    await eventually(async () => (await paymentOf(orderId, paymentId)).state === 'captured', 30_000);
    await sentTwiceMore(capture.body);
    expect(await keyed(paymentId, `CAPTURE:${captureItem.pspReference as string}:true`)).toHaveLength(1);

    expect((await atProvider(psp, 'refunds', { amount: { value: 2500, currency: 'NOK' }, reference: 'dashboard-refund' })).status).toBe(201);
    const refund = await delivered(psp, 'REFUND');
    await eventually(async () => (await paymentOf(orderId, paymentId)).refundedAmount === 25, 30_000);
    await sentTwiceMore(refund.body);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'captured', refundedAmount: 25 });
    expect(await keyed(paymentId, `REFUND:${refund.body.notificationItems[0]!.NotificationRequestItem.pspReference as string}:true`)).toHaveLength(1);

    // Routed to the payment, but not signed by its channel's key: refused, nothing moves.
    const forged = JSON.parse(JSON.stringify(refund.body));
    forged.notificationItems[0].NotificationRequestItem.amount.value = 7500;
    const refused = await rest(adapterUrl(), 'POST', url, { body: forged });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('webhook_signature_invalid');
    expect((await paymentOf(orderId, paymentId)).refundedAmount).toBe(25);
  });

  it('a CANCELLATION is applied once; an event about a payment the platform does not hold is acknowledged and ignored', async () => {
    const { orderId, paymentId } = await started(100);
    const psp = (await submit(orderId, paymentId, cardData(CARDS.authorise))).body.pspReference as string;
    await eventually(async () => (await getOrder(orderId)).state.currentStatus === 'completed', 30_000);
    expect((await atProvider(psp, 'cancels', { reference: 'dashboard-cancel' })).status).toBe(201);
    const cancellation = await delivered(psp, 'CANCELLATION');
    await eventually(async () => (await paymentOf(orderId, paymentId)).state === 'cancelled', 30_000);
    await sentTwiceMore(cancellation.body);
    expect(await keyed(paymentId, `CANCELLATION:${cancellation.body.notificationItems[0]!.NotificationRequestItem.pspReference as string}:true`)).toHaveLength(1);
    await outboxSettled(system, orderId);
    const before = (await transactions(paymentId)).length;

    // Another payment's reference (say another system's payment on the same merchant account): taken, nothing applied.
    const elsewhere = JSON.parse(JSON.stringify(cancellation.body));
    elsewhere.notificationItems[0].NotificationRequestItem.originalReference = 'UNKNOWNPSP0000001';
    expect(await rest(adapterUrl(), 'POST', url, { body: elsewhere })).toMatchObject({ status: 200, body: '[accepted]' });
    // Its merchantReference changed: routed to the payment all the same, where the signature (which covers it) fails.
    const renamed = JSON.parse(JSON.stringify(cancellation.body));
    renamed.notificationItems[0].NotificationRequestItem.merchantReference = 'no-such-order';
    expect(await rest(adapterUrl(), 'POST', url, { body: renamed })).toMatchObject({ status: 401, body: { code: 'webhook_signature_invalid' } });
    expect((await transactions(paymentId)).length).toBe(before);
    expect((await paymentOf(orderId, paymentId)).state).toBe('cancelled');
  });
});

describe("provider D: a reversal's CANCEL_OR_REFUND (routed by originalReference too)", () => {
  const reverse = (pspReference: string) => rest(sandboxUrl(), 'POST', `/v71/payments/${pspReference}/reversals`, { headers: { 'x-api-key': 'provider-d-sandbox-api-key' }, body: { merchantAccount: ACCOUNT, reference: 'dashboard-reversal' } });
  const itemOf = async (pspReference: string) =>
    eventually(async () => ((await webhooksAccepted(pspReference, 1)) as Array<{ eventCode: string; body: { notificationItems: Array<{ NotificationRequestItem: Record<string, any> }> } }>).find((w) => w.eventCode === 'CANCEL_OR_REFUND')?.body.notificationItems[0]!.NotificationRequestItem, 30_000);

  it('cancels a payment not captured, refunds what a captured one has left', async () => {
    const authorised = await started(100);
    const psp = (await submit(authorised.orderId, authorised.paymentId, cardData(CARDS.authorise))).body.pspReference as string;
    await eventually(async () => (await getOrder(authorised.orderId)).state.currentStatus === 'completed', 30_000);
    expect((await reverse(psp)).status).toBe(201);
    expect(await itemOf(psp)).toMatchObject({ merchantReference: 'dashboard-reversal', originalReference: psp, additionalData: { 'modification.action': 'cancel' } });
    await eventually(async () => (await paymentOf(authorised.orderId, authorised.paymentId)).state === 'cancelled', 30_000);

    const captured = await started(100);
    const capturedPsp = (await submit(captured.orderId, captured.paymentId, cardData(CARDS.authorise))).body.pspReference as string;
    dataOf(await gql(DeliverOrderDocument, { id: captured.orderId }));
    await eventually(async () => (await paymentOf(captured.orderId, captured.paymentId)).state === 'captured', 30_000);
    expect((await reverse(capturedPsp)).status).toBe(201);
    expect(await itemOf(capturedPsp)).toMatchObject({ merchantReference: 'dashboard-reversal', amount: { value: 10000 }, additionalData: { 'modification.action': 'refund' } });
    await eventually(async () => (await paymentOf(captured.orderId, captured.paymentId)).state === 'refunded', 30_000);
    expect(await paymentOf(captured.orderId, captured.paymentId)).toMatchObject({ refundedAmount: 100 });
    await outboxSettled(system, captured.orderId);
  });
});

describe("provider D: 3-D Secure 2's shopper details are the order's, the shopper's IP the caller's to vouch for", () => {
  const BILLING = { type: 'person', givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'kari@example.com', phone: '+47 912 34 567' };
  const SHIPPING = { type: 'person', givenName: 'Ola', familyName: 'Nordmann', streetAddress: 'Kirkeveien 12B', postalCode: '0368', city: 'Oslo', country: 'NO' };
  /** An order with billing and shipping addresses, its drop-in payment, and its checkout token (the shopper's browser). */
  async function startedWithCustomer() {
    const created = await admin.call('POST', '', sampleOrder({ customer: { billing: BILLING, shipping: SHIPPING } }));
    expect(created.status).toBe(201);
    const orderId = created.body.id as string;
    const payment = await create(orderId);
    expect(payment.status).toBe(201);
    const checkout = await admin.call('POST', `/${orderId}/checkout-token`);
    return { orderId, paymentId: payment.body.paymentId as string, checkoutToken: checkout.body.token as string };
  }
  const lastPaymentRequest = async () => (await recordedExchanges(sandboxUrl(), 'in')).filter((exchange) => exchange.operation === 'payments').at(-1)!.requestBody as Record<string, unknown>;
  const asShopper = (token: string, orderId: string, paymentId: string, body: unknown, headers: Record<string, string> = {}) =>
    rest(adapterUrl(), 'POST', `/api/checkout/v1/orders/${orderId}/payments/${paymentId}/transaction`, { token, ...tenant, headers, body });
  // What a browser might say about itself: none of it reaches the provider.
  const claims = { shopperEmail: 'someone@else.example', billingAddress: { street: 'Elsewhere', houseNumberOrName: '9', postalCode: '1', city: 'X', country: 'SE' }, shopperName: { firstName: 'Some', lastName: 'One' }, telephoneNumber: '+46700000000', shopperIP: '198.51.100.66' };

  it("the browser calling with its checkout token: the order's details, the address the call came from, whatever it claims", async () => {
    const { orderId, paymentId, checkoutToken } = await startedWithCustomer();
    const answer = await asShopper(checkoutToken, orderId, paymentId, { ...cardData(CARDS.authorise), ...claims }, { 'x-shopper-ip': '198.51.100.67', 'x-forwarded-for': '198.51.100.68' });
    expect(answer.status).toBe(200);
    expect(await lastPaymentRequest()).toMatchObject({
      shopperEmail: 'kari@example.com',
      shopperName: { firstName: 'Kari', lastName: 'Nordmann' },
      telephoneNumber: '+4791234567',
      billingAddress: { street: 'Storgata', houseNumberOrName: '1', postalCode: '0155', city: 'Oslo', country: 'NO' },
      deliveryAddress: { street: 'Kirkeveien', houseNumberOrName: '12B', postalCode: '0368', city: 'Oslo', country: 'NO', firstName: 'Ola', lastName: 'Nordmann' },
      shopperIP: '127.0.0.1',
      channel: 'Web',
      origin: 'https://shop.example',
      browserInfo: cardData(CARDS.authorise).browserInfo,
    });
  });

  it("relayed by the storefront's server: its X-Shopper-IP counts with its own storefront token beside the checkout token; any other proof is 401 and nothing is paid", async () => {
    const { orderId, paymentId, checkoutToken } = await startedWithCustomer();
    const before = (await recordedExchanges(sandboxUrl(), 'in')).length;
    const otherChannel = await system.token({ merchant: tenant.merchant, channels: ['elsewhere'], role: 'storefront' });
    for (const proof of [`Bearer ${otherChannel}`, `Bearer ${adminToken}`, 'Bearer not-a-token', checkoutToken]) {
      const refused = await asShopper(checkoutToken, orderId, paymentId, cardData(CARDS.authorise), { 'x-shopper-ip': '203.0.113.9', 'x-storefront-authorization': proof });
      expect(refused).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    }
    expect((await recordedExchanges(sandboxUrl(), 'in')).length).toBe(before);
    const relayed = await asShopper(checkoutToken, orderId, paymentId, cardData(CARDS.authorise), { 'x-shopper-ip': '203.0.113.9', 'x-storefront-authorization': `Bearer ${storefront}` });
    expect(relayed.status).toBe(200);
    expect(await lastPaymentRequest()).toMatchObject({ shopperIP: '203.0.113.9', shopperEmail: 'kari@example.com' });
  });

  it("the merchant's server with its storefront token: its X-Shopper-IP, or none (its own address is not the shopper's)", async () => {
    const first = await startedWithCustomer();
    expect((await rest(adapterUrl(), 'POST', `/api/checkout/v1/orders/${first.orderId}/payments/${first.paymentId}/transaction`, { token: storefront, ...tenant, headers: { 'x-shopper-ip': '2001:db8::7' }, body: cardData(CARDS.authorise) })).status).toBe(200);
    expect(await lastPaymentRequest()).toMatchObject({ shopperIP: '2001:db8::7' });
    const second = await startedWithCustomer();
    expect((await submit(second.orderId, second.paymentId, cardData(CARDS.authorise))).status).toBe(200);
    expect(await lastPaymentRequest()).not.toHaveProperty('shopperIP');
  });
});

describe('provider D: REFUND webhooks', () => {
  /** A refund made at the provider itself (the merchant's own dashboard): only its webhook tells the platform. */
  const refundAtProvider = (pspReference: string, value: number) =>
    rest(sandboxUrl(), 'POST', `/v71/payments/${pspReference}/refunds`, { headers: { 'x-api-key': 'provider-d-sandbox-api-key' }, body: { merchantAccount: ACCOUNT, amount: { value, currency: 'NOK' } } });

  async function captured() {
    const { orderId, paymentId } = await started();
    const answer = await submit(orderId, paymentId, cardData(CARDS.authorise));
    const psp = answer.body.pspReference as string;
    dataOf(await gql(DeliverOrderDocument, { id: orderId }));
    await eventually(async () => (await paymentOf(orderId, paymentId)).state === 'captured', 10_000);
    await outboxSettled(system, orderId);
    return { orderId, paymentId, psp };
  }

  it("money calls safe to retry: a refund whose answer is lost after the provider applied it — its REFUND webhook recorded meanwhile — asked again, refunds once (the same Idempotency-Key, from the platform's refund operation); the next refund of the same amount is another", async () => {
    const { orderId, paymentId, psp } = await captured();
    const refund = () => rest(system.urls.payment!, 'POST', `/api/v0/payments/${paymentId}/refund`, { token: adminToken, ...tenant, body: { amount: 100, orderId } });

    await loseNextAnswer(sandboxUrl(), 'refunds');
    expect(await refund()).toMatchObject({ status: 502, body: { code: 'payment_callback_failed' } });
    expect((await atSandbox(psp)).refunded).toBe(10000); // applied; the answer lost
    // The provider's REFUND webhook tells the platform first (a key read from the refunded amount would change now).
    await eventually(async () => (await paymentOf(orderId, paymentId)).refundedAmount === 100, 30_000);
    await webhooksAccepted(psp, 3);

    expect(await refund()).toMatchObject({ status: 200, body: { state: 'captured', refundedAmount: 100 } });
    expect((await atSandbox(psp)).refunded).toBe(10000);
    const refunds = (await recordedExchanges(sandboxUrl(), 'in')).filter((e) => e.operation === 'refunds' && e.url.includes(psp));
    expect(refunds).toHaveLength(2);
    expect(refunds[1]!.headers['idempotency-key']).toBe(refunds[0]!.headers['idempotency-key']);
    expect((await transactions(paymentId)).filter((t) => t.eventKey?.startsWith('REFUND:'))).toHaveLength(1);

    // Another refund of the same amount: another operation, another key, refunded again — once.
    expect(await refund()).toMatchObject({ status: 200, body: { refundedAmount: 200 } });
    expect((await atSandbox(psp)).refunded).toBe(20000);
    await webhooksAccepted(psp, 4);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'captured', refundedAmount: 200 });
    await outboxSettled(system, orderId);
  });

  it('partial refunds add to refundedAmount and keep the payment captured; the one reaching the amount moves it to refunded; each once', async () => {
    const { orderId, paymentId, psp } = await captured();
    // A partial refund from the back office, then its webhook: counted once.
    const refund = dataOf(await gql(RefundPaymentAmountDocument, { o: orderId, p: paymentId, a: 100 }));
    expect(refund.refundPayment).toMatchObject({ state: 'captured', refundedAmount: 100 });
    await webhooksAccepted(psp, 3);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'captured', refundedAmount: 100 });
    // Recorded under the key of the REFUND webhook, which was then a duplicate.
    expect((await transactions(paymentId)).filter((t) => t.eventKey?.startsWith('REFUND:'))).toMatchObject([{ event: 'refund', pspEvent: 'recorded', isSuccess: true }]);

    // A partial refund at the provider: its webhook adds it, the payment stays captured.
    expect((await refundAtProvider(psp, 4990)).status).toBe(201);
    const [, , , partial] = await webhooksAccepted(psp, 4);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'captured', refundedAmount: 149.9 });

    // The same webhook again (a provider retry): nothing added.
    const url = '/api/checkout/v1/callback/provider-d/webhooks';
    const before = (await transactions(paymentId)).length;
    const replay = await rest(adapterUrl(), 'POST', url, { body: partial!.body });
    expect(replay.status).toBe(200);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'captured', refundedAmount: 149.9 });
    expect((await transactions(paymentId)).length).toBe(before);

    // The rest at the provider: refunded.
    expect((await refundAtProvider(psp, 10000)).status).toBe(201);
    await webhooksAccepted(psp, 5);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'refunded', refundedAmount: 249.9 });
    const logged = (await transactions(paymentId)).filter((t) => t.event === 'webhook' && t.pspEvent === 'refunded');
    expect(logged.map((t) => Number(t.amount)).sort((a, b) => a - b)).toEqual([49.9, 100]);
    expect(logged.every((t) => t.isSuccess)).toBe(true);
  });

  it('two back-office refunds of the same amount are two refunds at the provider and on the payment', async () => {
    const { orderId, paymentId, psp } = await captured();
    const refund = async () => dataOf(await gql(RefundPaymentAmountDocument, { o: orderId, p: paymentId, a: 50 }));
    expect((await refund()).refundPayment).toMatchObject({ state: 'captured', refundedAmount: 50 });
    expect((await refund()).refundPayment).toMatchObject({ state: 'captured', refundedAmount: 100 });
    await eventually(async () => (await atSandbox(psp)).refunded === 10000);
    // Both REFUND webhooks echo refunds the platform recorded: nothing is added again.
    await webhooksAccepted(psp, 4);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'captured', refundedAmount: 100 });
  });

  it('two deliveries of one REFUND webhook at once: both 2xx, the refund added once', async () => {
    const { orderId, paymentId, psp } = await captured();
    await webhooksAccepted(psp, 2);
    // The refund's webhook goes nowhere the adapter hears, so its two copies below are the first deliveries, racing each other.
    const url = '/api/checkout/v1/callback/provider-d/webhooks';
    const account = (webhookUrl: string) => rest(sandboxUrl(), 'PUT', `/api/sandbox/merchant-accounts/${ACCOUNT}`, { body: { webhookUrl } });
    expect((await account(`${adapterUrl()}/not-the-webhook`)).status).toBe(200);
    let item: { body: unknown } | undefined;
    try {
      expect((await refundAtProvider(psp, 5000)).status).toBe(201);
      item = await eventually(async () => ((await atSandbox(psp)).webhooks as Array<{ eventCode: string; body: unknown }>).find((w) => w.eventCode === 'REFUND'));
    } finally {
      expect((await account(`${adapterUrl()}${url}`)).status).toBe(200);
    }
    const [first, second] = await Promise.all([rest(adapterUrl(), 'POST', url, { body: item.body }), rest(adapterUrl(), 'POST', url, { body: item.body })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'captured', refundedAmount: 50 });
    expect((await transactions(paymentId)).filter((t) => t.pspEvent === 'refunded')).toHaveLength(1);
  });
});

describe('provider D: no Refresh', () => {
  it('its API reads no payment back (webhooks only): its payments register no refresh callback, list no Refresh action, and refreshPayment is a clear 409', async () => {
    const { orderId, paymentId } = await started();
    expect((await submit(orderId, paymentId, cardData(CARDS.authorise))).status).toBe(200);
    await eventually(async () => (await paymentOf(orderId, paymentId)).state === 'reserved', 30_000);
    const payment = await paymentOf(orderId, paymentId);
    expect(payment.callbacks).toMatchObject({ capture: expect.any(String), cancel: expect.any(String), refund: expect.any(String) });
    expect(payment.callbacks.refresh).toBeUndefined();
    expect(payment.actions ?? []).not.toEqual(expect.arrayContaining([expect.objectContaining({ type: 'Refresh' })]));
    const refused = await gql(ProviderRefreshPaymentDocument, { o: orderId, p: paymentId });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('PAYMENT_ACTION_UNAVAILABLE');
    const viaRest = await rest(system.urls.payment!, 'POST', `/api/v0/payments/${paymentId}/refresh`, { token: adminToken, ...tenant, body: { orderId } });
    expect(viaRest).toMatchObject({ status: 409, body: { code: 'payment_action_unavailable' } });
    expect((await paymentOf(orderId, paymentId)).state).toBe('reserved');
    await outboxSettled(system, orderId);
  });
});

describe('provider D: subscriptions', () => {
  const complete = (orderId: string, body: unknown, t = tenant) => asStorefront('POST', `/api/checkout/v1/orders/${orderId}/payments/recurring/subscription/complete`, body, t);

  it('a stored token for a shopper: 200 with every named field, the order completed', async () => {
    const token = await rest(sandboxUrl(), 'POST', '/api/sandbox/subscriptions', { body: { shopperReference: 'shopper-42' } });
    expect(token.status).toBe(201);
    const orderId = await newOrder(99.5);
    const answer = await complete(orderId, { token: token.body.storedPaymentMethodId, shopperReference: 'shopper-42' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      resultCode: 'Authorised',
      additionalData: { recurringProcessingModel: 'Subscription' },
      amount: { currency: 'NOK', value: 9950 },
      merchantReference: orderId,
      paymentMethod: { brand: 'visa', type: 'scheme' },
      pspReference: expect.any(String),
    });
    const order = await getOrder(orderId);
    expect(order.state.currentStatus).toBe('completed');
    expect(order.payments[0]).toMatchObject({ state: 'reserved', recurring: { token: token.body.storedPaymentMethodId } });
  });

  it('400 for invalid input, a one-off model, an unknown token or a missing configuration; 404 for an unknown order', async () => {
    const orderId = await newOrder(10);
    expect((await complete(orderId, { token: 'x' })).status).toBe(400);
    expect((await complete(orderId, { token: 'x', shopperReference: 'shopper-42', recurringProcessingModel: 'CardOnFile' })).status).toBe(400);
    const unknown = await complete(orderId, { token: 'NOSUCHTOKEN', shopperReference: 'shopper-42' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('invalid_subscription');
    const elsewhere = await newOrder(10, unconfigured);
    const missing = await complete(elsewhere, { token: 'x', shopperReference: 'shopper-42' }, unconfigured);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Configuration is missing for this channel.');
    expect((await complete('00000000-0000-4000-8000-000000000000', { token: 'x', shopperReference: 'shopper-42' })).status).toBe(404);
    // A shopper's checkout token may not charge a stored token (403).
    const checkout = await admin.call('POST', `/${orderId}/checkout-token`);
    const asShopper = await rest(adapterUrl(), 'POST', `/api/checkout/v1/orders/${orderId}/payments/recurring/subscription/complete`, { token: checkout.body.token, ...tenant, body: { token: 'x', shopperReference: 'shopper-42' } });
    expect(asShopper.status).toBe(403);
  });
});

describe('provider D: stored cards belong to the order\'s shopper', () => {
  /** An order whose shopper (set by the merchant's server) is `shopperReference`, with an open drop-in payment. */
  async function startedFor(shopperReference: string) {
    const created = await admin.call('POST', '', sampleOrder({ cart: { reference: 'basket', items: [{ id: 'i-1' }], total: { includingVat: 249.9, excludingVat: 199.92 } }, customer: { billing: { type: 'person', givenName: 'Kari', attributes: { shopperReference } } } }));
    expect(created.status).toBe(201);
    const orderId = created.body.id as string;
    const payment = await create(orderId);
    expect(payment.status).toBe(201);
    return { orderId, paymentId: payment.body.paymentId as string, session: payment.body };
  }
  const paymentsAtSandbox = async () => (await recordedExchanges(sandboxUrl(), 'in')).filter((exchange) => exchange.operation === 'payments').length;

  it('a submit naming another shopper, another shopper\'s card or a recurring model is refused and never reaches the provider', async () => {
    const stored = await rest(sandboxUrl(), 'POST', '/api/sandbox/subscriptions', { body: { shopperReference: 'shopper-alice', recurringProcessingModel: 'CardOnFile' } });
    expect(stored.status).toBe(201);
    const alicesCard = stored.body.storedPaymentMethodId as string;
    const { orderId, paymentId, session } = await startedFor('shopper-bob');
    expect(session.paymentMethodsResponse.storedPaymentMethods).toEqual([]);
    const before = await paymentsAtSandbox();

    const attempts = [
      { paymentMethod: { type: 'scheme', storedPaymentMethodId: alicesCard, encryptedSecurityCode: 'test_737' } },
      { paymentMethod: { type: 'scheme', recurringDetailReference: alicesCard } },
      { ...cardData('4111111111111111'), shopperReference: 'shopper-alice' },
      { paymentMethod: { type: 'scheme', storedPaymentMethodId: alicesCard }, shopperReference: 'shopper-alice' },
      { ...cardData('4111111111111111'), recurringProcessingModel: 'CardOnFile' },
      { ...cardData('4111111111111111'), shopperInteraction: 'ContAuth' },
    ];
    for (const body of attempts) {
      const answer = await submit(orderId, paymentId, body);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'submit_field_not_allowed', details: { field: expect.any(String) } });
    }
    expect(await paymentsAtSandbox()).toBe(before);
    expect(await paymentOf(orderId, paymentId)).toMatchObject({ state: 'intent' });
    expect(await getOrder(orderId)).toMatchObject({ state: { currentStatus: 'checkout' } });
  });

  it('the shopper\'s own stored card pays one-click (ContAuth, CardOnFile), with the order\'s shopper reference', async () => {
    const stored = await rest(sandboxUrl(), 'POST', '/api/sandbox/subscriptions', { body: { shopperReference: 'shopper-carol', recurringProcessingModel: 'CardOnFile' } });
    const { orderId, paymentId, session } = await startedFor('shopper-carol');
    expect(session.paymentMethodsResponse.storedPaymentMethods).toEqual([expect.objectContaining({ id: stored.body.storedPaymentMethodId })]);
    const answer = await submit(orderId, paymentId, { paymentMethod: { type: 'scheme', storedPaymentMethodId: stored.body.storedPaymentMethodId, encryptedSecurityCode: 'test_737' }, browserInfo: { acceptHeader: '*/*', colorDepth: 24, javaEnabled: false, language: 'nb-NO', screenHeight: 900, screenWidth: 1280, timeZoneOffset: -60, userAgent: 'jest' } });
    expect(answer.status).toBe(200);
    expect(answer.body.resultCode).toBe('Authorised');
    const sent = (await recordedExchanges(sandboxUrl(), 'in')).filter((exchange) => exchange.operation === 'payments').at(-1)!;
    expect(sent.requestBody).toMatchObject({ shopperReference: 'shopper-carol', shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile', reference: orderId });
    await eventually(async () => (await getOrder(orderId)).state.currentStatus === 'completed');
  });

  it('storing a card needs the order\'s shopper; a checkout token cannot change who the shopper is', async () => {
    const { orderId, paymentId } = await startedFor('shopper-dave');
    const checkout = await admin.call('POST', `/${orderId}/checkout-token`);
    expect(checkout.status).toBe(201);
    const asShopper = (body: unknown) => rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, { token: checkout.body.token, ...tenant, body });
    const renamed = await asShopper({ givenName: 'Kari', attributes: { shopperReference: 'shopper-alice' } });
    expect(renamed.status).toBe(403);
    expect(renamed.body.code).toBe('shopper_reference_not_allowed');
    // The shopper's own edit keeps the reference the merchant's server set.
    const edited = await asShopper({ givenName: 'Kari', familyName: 'Nordmann' });
    expect(edited.status).toBe(200);
    expect(edited.body.customer.billing.attributes.shopperReference).toBe('shopper-dave');

    const stored = await submit(orderId, paymentId, { ...cardData('4111111111111111'), storePaymentMethod: true });
    expect(stored.status).toBe(200);
    const sent = (await recordedExchanges(sandboxUrl(), 'in')).filter((exchange) => exchange.operation === 'payments').at(-1)!;
    expect(sent.requestBody).toMatchObject({ shopperReference: 'shopper-dave', storePaymentMethod: true, shopperInteraction: 'Ecommerce', recurringProcessingModel: 'CardOnFile' });

    const anonymous = await started();
    const refused = await submit(anonymous.orderId, anonymous.paymentId, { ...cardData('4111111111111111'), storePaymentMethod: true });
    expect(refused.status).toBe(403);
    expect(refused.body.details).toEqual({ field: 'storePaymentMethod' });
  });
});
