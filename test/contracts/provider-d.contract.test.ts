/** Provider D's adapter and sandbox held against Adyen's published Checkout API v71 and webhooks: every exchange of the flows conforms, and the provider's own library signs and checks the webhooks. */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import adyen from '@adyen/api-library';
import type { Exchange } from '../../sandboxes/shared/exchange.journal.js';
import { graphql, rest } from '../harness/http.js';
import { CancelPaymentStateDocument, DeliverOrderDocument, RefundPaymentAmountDocument } from '../generated/graphql.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { contractProblems, operationOf, recordedExchanges } from './published-api.js';
import { PROVIDER_D_PUBLISHED_OPERATIONS as operations } from './provider-d.published.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let storefront: string;
const tenant = { merchant: 'm-provider-d-contract', channel: 'web' };
const ACCOUNT = 'SandboxMerchantECOM';
const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const CARDS = { authorise: '4111111111111111', refuse: '4000000000000002', challenge: '4212345678901237', redirect: '4000000000003063', pending: '4000000000000077' };
const SHOPPER = 'shopper-contract-1';
const OTHER_KEY = 'AA'.repeat(32);

const adapterUrl = () => system.urls.provider_d_dropin_adapter!;
const sandboxUrl = () => system.urls.provider_d_sandbox!;
const asStorefront = (method: string, path: string, body?: unknown) => rest(adapterUrl(), method, path, { token: storefront, ...tenant, ...(body === undefined ? {} : { body }) });
const cardData = (number: string) => ({ paymentMethod: { type: 'scheme', encryptedCardNumber: `test_${number}`, encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' }, browserInfo: { acceptHeader: '*/*', colorDepth: 24, javaEnabled: false, language: 'nb-NO', screenHeight: 900, screenWidth: 1280, timeZoneOffset: -60, userAgent: 'jest' } });
const gql = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  (await graphql(system.urls.gateway!, document, variables, { token: admin.token, ...tenant })).body;
const getOrder = async (orderId: string) => (await admin.call('GET', `/${orderId}`)).body;

/** The shopper's addresses: what 3-D Secure 2 asks for is sent from them. */
const BILLING = { type: 'person', givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'kari@example.com', phone: '+4791234567', attributes: { shopperReference: SHOPPER } };
const SHIPPING = { type: 'person', givenName: 'Ola', familyName: 'Nordmann', streetAddress: 'Kirkeveien 12B', postalCode: '0368', city: 'Oslo', country: 'NO' };

/** An order of the shopper (its reference set, so stored methods are listed). */
async function newOrder(total = 100): Promise<string> {
  const created = await admin.call('POST', '', sampleOrder({ cart: { reference: 'basket', items: [{ id: 'i-1' }], total: { includingVat: total, excludingVat: total * 0.8 } }, customer: { billing: BILLING, shipping: SHIPPING } }));
  expect(created.status).toBe(201);
  return created.body.id as string;
}
/** An order and its drop-in payment. */
async function started(total = 100) {
  const orderId = await newOrder(total);
  const payment = await asStorefront('POST', `/api/checkout/v1/${orderId}/payments`);
  expect(payment.status).toBe(201);
  return { orderId, paymentId: payment.body.paymentId as string };
}
/** The drop-in's submit as the merchant's server relays it: with the shopper's IP as it saw it. */
const submit = (orderId: string, paymentId: string, body: unknown) =>
  rest(adapterUrl(), 'POST', `/api/checkout/v1/orders/${orderId}/payments/${paymentId}/transaction`, { token: storefront, ...tenant, headers: { 'x-shopper-ip': '203.0.113.5' }, body });

beforeAll(async () => {
  system = await startTestSystem();
  admin = await orderClient(system, tenant, 'admin');
  storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
  const configured = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/provider_d_dropin_adapter`, {
    token: admin.token,
    ...tenant,
    body: {
      $schema: `${adapterUrl()}/openapi/v1/schemas/provider_d_dropin_adapter.json`,
      id: 'provider_d_dropin_adapter',
      active: true,
      adapter: { publicUrl: adapterUrl() },
      apiSettings: { apiUrl: sandboxUrl(), apiKey: 'provider-d-sandbox-api-key', clientKey: 'test_CONTRACTCLIENTKEY', merchantAccount: ACCOUNT, environment: 'test', hmacKey: HMAC_KEY },
      redirectUrls: { checkoutUrl: 'https://shop.example/checkout/{orderId}' },
    },
  });
  expect(configured.status).toBe(201);
  expect((await rest(sandboxUrl(), 'PUT', `/api/sandbox/merchant-accounts/${ACCOUNT}`, { body: { webhookUrl: `${adapterUrl()}/api/checkout/v1/callback/provider-d/webhooks` } })).status).toBe(200);
});
afterAll(async () => {
  await system?.close();
});

describe('provider D against the published Adyen Checkout API v71 and its webhooks', () => {
  it('every call the adapter makes, every answer and webhook the sandbox gives, is as published; each operation is exercised', async () => {
    const pspReferences: string[] = [];
    // A stored card for the shopper (listed by /paymentMethods), then a subscription charge with it.
    const token = await rest(sandboxUrl(), 'POST', '/api/sandbox/subscriptions', { body: { shopperReference: SHOPPER } });
    expect(token.status).toBe(201);
    const charged = await asStorefront('POST', `/api/checkout/v1/orders/${await newOrder()}/payments/recurring/subscription/complete`, { token: token.body.storedPaymentMethodId, shopperReference: SHOPPER });
    expect(charged.body.resultCode).toBe('Authorised');
    pspReferences.push(charged.body.pspReference);

    // A plain card, then delivered (capture) and refunded.
    const plain = await started();
    const authorised = await submit(plain.orderId, plain.paymentId, cardData(CARDS.authorise));
    expect(authorised.body.resultCode).toBe('Authorised');
    pspReferences.push(authorised.body.pspReference);
    expect((await gql(DeliverOrderDocument, { id: plain.orderId })).data?.deliverOrder.status).toBe('delivered');
    await eventually(async () => (await getOrder(plain.orderId)).payments[0].state === 'captured', 30_000);
    const refunded = await gql(RefundPaymentAmountDocument, { o: plain.orderId, p: plain.paymentId, a: 40 });
    expect(refunded.errors).toBeUndefined();

    // A 3-D Secure challenge, answered, then details; then cancelled from the back office.
    const challenged = await started();
    const action = await submit(challenged.orderId, challenged.paymentId, cardData(CARDS.challenge));
    expect(action.body.resultCode).toBe('ChallengeShopper');
    pspReferences.push(action.body.pspReference);
    const challengeId = (await rest(sandboxUrl(), 'GET', `/api/sandbox/payments/${action.body.pspReference as string}`)).body.challenge.id;
    const answered = await rest(sandboxUrl(), 'POST', `/api/sandbox/challenges/${challengeId as string}/complete`, { body: { outcome: 'authorise' } });
    expect((await asStorefront('POST', `/api/checkout/v1/orders/${challenged.orderId}/payments/${challenged.paymentId}/details`, { details: answered.body.details })).body.resultCode).toBe('Authorised');
    const cancelled = await gql(CancelPaymentStateDocument, { o: challenged.orderId, p: challenged.paymentId });
    expect(cancelled.errors).toBeUndefined();

    // A redirect card: the issuer's page sends the shopper back with redirectResult, which the details carry.
    const redirected = await started();
    const redirect = await submit(redirected.orderId, redirected.paymentId, cardData(CARDS.redirect));
    expect(redirect.body.resultCode).toBe('RedirectShopper');
    pspReferences.push(redirect.body.pspReference);
    const back = await fetch(`${redirect.body.action.url as string}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=authorise', redirect: 'manual' });
    const redirectResult = new URL(back.headers.get('location')!).searchParams.get('redirectResult');
    expect((await asStorefront('POST', `/api/checkout/v1/orders/${redirected.orderId}/payments/${redirected.paymentId}/details`, { details: { redirectResult } })).body.resultCode).toBe('Authorised');

    // A refused card and a pending one the provider settles later.
    const refusedOrder = await started();
    const refused = await submit(refusedOrder.orderId, refusedOrder.paymentId, cardData(CARDS.refuse));
    expect(refused.body.resultCode).toBe('Refused');
    pspReferences.push(refused.body.pspReference);
    const pendingOrder = await started();
    const pending = await submit(pendingOrder.orderId, pendingOrder.paymentId, cardData(CARDS.pending));
    expect(pending.body.resultCode).toBe('Pending');
    pspReferences.push(pending.body.pspReference);
    expect((await rest(sandboxUrl(), 'POST', `/api/sandbox/payments/${pending.body.pspReference as string}/settle`, { body: { outcome: 'authorise' } })).status).toBe(200);

    // A reversal made at the provider (its dashboard): cancels the authorised payment, reported by CANCEL_OR_REFUND.
    const reversedOrder = await started();
    const reversed = await submit(reversedOrder.orderId, reversedOrder.paymentId, cardData(CARDS.authorise));
    pspReferences.push(reversed.body.pspReference);
    expect((await rest(sandboxUrl(), 'POST', `/v71/payments/${reversed.body.pspReference as string}/reversals`, { headers: { 'x-api-key': 'provider-d-sandbox-api-key', 'idempotency-key': `reversal-${reversedOrder.paymentId}` }, body: { merchantAccount: ACCOUNT, reference: 'dashboard-reversal' } })).status).toBe(201);

    // Every webhook delivered and acknowledged: AUTHORISATION ×7, CAPTURE, REFUND, CANCELLATION, CANCEL_OR_REFUND.
    const delivered = await eventually(async () => {
      const views = await Promise.all(pspReferences.map(async (psp) => (await rest(sandboxUrl(), 'GET', `/api/sandbox/payments/${psp}`)).body as { webhooks: Array<{ status: string; eventCode: string; body: { notificationItems: Array<{ NotificationRequestItem: Record<string, any> }> } }> }));
      const webhooks = views.flatMap((view) => view.webhooks);
      const done = webhooks.length >= 11 && webhooks.every((webhook) => webhook.status === 'accepted') && ['CAPTURE', 'REFUND', 'CANCELLATION', 'CANCEL_OR_REFUND'].every((code) => webhooks.some((w) => w.eventCode === code));
      return done ? webhooks : undefined;
    }, 30_000);
    expect((await getOrder(reversedOrder.orderId)).payments[0].state).toBe('cancelled');
    // The provider's own library checks every item the sandbox signed: valid under the account's key, not under another.
    const validator = new adyen.hmacValidator();
    for (const webhook of delivered) {
      const item = webhook.body.notificationItems[0]!.NotificationRequestItem as Parameters<typeof validator.validateHMAC>[0];
      expect(validator.validateHMAC(item, HMAC_KEY)).toBe(true);
      expect(validator.validateHMAC(item, OTHER_KEY)).toBe(false);
    }

    const exchanges = await recordedExchanges(sandboxUrl());
    expect(contractProblems(exchanges, operations)).toEqual([]);
    const exercised = new Set(exchanges.filter((exchange) => (exchange.status ?? 0) < 300).map((exchange) => operationOf(exchange, operations)?.name));
    expect(operations.map((operation) => operation.name).filter((name) => !exercised.has(name))).toEqual([]);
    // The shapes that matter were there: stored methods listed, a threeDS2 action, webhooks without metadata on modifications.
    const answerOf = (name: string) => exchanges.filter((exchange) => operationOf(exchange, operations)?.name === name);
    expect(answerOf('POST /paymentMethods').some((exchange) => ((exchange.responseBody as { storedPaymentMethods?: unknown[] }).storedPaymentMethods ?? []).length > 0)).toBe(true);
    expect(answerOf('POST /payments').some((exchange) => (exchange.responseBody as { action?: { type: string } }).action?.type === 'threeDS2')).toBe(true);
    expect(answerOf('POST /payments').some((exchange) => (exchange.responseBody as { action?: { type: string } }).action?.type === 'redirect')).toBe(true);
    expect(answerOf('POST /payments/details').some((exchange) => typeof (exchange.requestBody as { details?: { redirectResult?: unknown } }).details?.redirectResult === 'string')).toBe(true);
    // 3-D Secure 2's fields, in their published shapes, on the drop-in's payments.
    expect(answerOf('POST /payments').some((exchange) => ['billingAddress', 'deliveryAddress', 'shopperEmail', 'shopperName', 'telephoneNumber', 'shopperIP', 'browserInfo', 'channel'].every((field) => field in (exchange.requestBody as object)))).toBe(true);

    // A field the published API lacks, in a call and in a webhook, is reported.
    const payment = answerOf('POST /payments')[0]!;
    const mutated: Exchange = { ...payment, requestBody: { ...(payment.requestBody as object), shopperNickname: 'not published' } };
    expect(contractProblems([mutated], operations)).toEqual([expect.stringContaining('(shopperNickname)')]);
    const capture = answerOf('standard webhook (NotificationRequest)').find((exchange) => JSON.stringify(exchange.requestBody).includes('"CAPTURE"'))!;
    const withMetadata = JSON.parse(JSON.stringify(capture)) as Exchange & { requestBody: { notificationItems: Array<{ NotificationRequestItem: { additionalData: Record<string, string> } }> } };
    withMetadata.requestBody.notificationItems[0]!.NotificationRequestItem.additionalData['metadata.orderId'] = plain.orderId;
    expect(contractProblems([withMetadata], operations)).not.toEqual([]);
  });

  it("the adapter takes webhooks signed by the provider's library (hmacValidator) and refuses them under any other key; failed modifications are logged and move nothing", async () => {
    const { orderId, paymentId } = await started();
    const psp = (await submit(orderId, paymentId, cardData(CARDS.authorise))).body.pspReference as string;
    await eventually(async () => (await getOrder(orderId)).state.currentStatus === 'completed', 30_000);
    const validator = new adyen.hmacValidator();
    type Item = Parameters<typeof validator.calculateHmac>[0] & object;
    /** A modification's webhook as the provider sends it (the modification's own reference as merchantReference), signed by the library under `key`. */
    const webhook = (eventCode: string, success: 'true' | 'false', key = HMAC_KEY, value = 10000) => {
      const item = { eventCode, success, pspReference: `MOD${eventCode.replace(/_/g, '')}${success}`.slice(0, 16), originalReference: psp, merchantAccountCode: ACCOUNT, merchantReference: `${paymentId}:captures`, amount: { value, currency: 'NOK' }, eventDate: new Date().toISOString(), reason: success === 'true' ? '' : 'Insufficient balance', paymentMethod: 'visa' };
      const hmacSignature = validator.calculateHmac(item as unknown as Item, key);
      return { live: 'false', notificationItems: [{ NotificationRequestItem: { ...item, additionalData: { hmacSignature } } }] };
    };
    const post = (body: unknown) => rest(adapterUrl(), 'POST', '/api/checkout/v1/callback/provider-d/webhooks', { body });
    const webhookLog = async () => (await system.db.prisma.paymentTransaction.findMany({ where: { paymentId, event: 'webhook' } })).map((t) => [t.pspStatus, t.isSuccess]);

    // Another key: refused, nothing logged.
    expect(await post(webhook('CAPTURE', 'true', OTHER_KEY))).toMatchObject({ status: 401, body: { code: 'webhook_signature_invalid' } });
    // A capture that failed, then the provider's CAPTURE_FAILED: logged as failed captures; the payment stays reserved. Each once.
    for (const body of [webhook('CAPTURE', 'false'), webhook('CAPTURE_FAILED', 'true'), webhook('CAPTURE', 'false')]) expect(await post(body)).toMatchObject({ status: 200, body: '[accepted]' });
    expect((await getOrder(orderId)).payments[0].state).toBe('reserved');
    expect(await webhookLog()).toEqual(expect.arrayContaining([['CAPTURE:failure', false], ['CAPTURE_FAILED:failure', false]]));
    expect((await webhookLog()).filter(([status]) => status === 'CAPTURE:failure')).toHaveLength(1);
    // The library-signed CAPTURE: captured.
    expect(await post(webhook('CAPTURE', 'true', HMAC_KEY, 10000))).toMatchObject({ status: 200, body: '[accepted]' });
    await eventually(async () => (await getOrder(orderId)).payments[0].state === 'captured', 30_000);
    // A refund the provider could not make: logged, nothing refunded.
    expect(await post(webhook('REFUND_FAILED', 'true'))).toMatchObject({ status: 200, body: '[accepted]' });
    expect(await webhookLog()).toEqual(expect.arrayContaining([['REFUND_FAILED:failure', false]]));
    expect((await getOrder(orderId)).payments[0]).toMatchObject({ state: 'captured' });
    expect((await getOrder(orderId)).payments[0].refundedAmount ?? 0).toBe(0);
  });
});
