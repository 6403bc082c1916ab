/**
 * Two replicas of the whole platform on one database (test/harness/replicas.ts): a checkout whose
 * every call goes to the other replica, a subscription on one gateway seeing every version
 * committed through the other, and one provider webhook delivered to both at once (issue 31).
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import {
  JourneyAddGiftCardAmountDocument,
  JourneyCompletePaymentTransitionsDocument,
  JourneyCreateOrderWithCartDocument,
  JourneyOrderReferenceDocument,
  JourneySetBillingDocument,
  JourneyStartNonPspAmountDocument,
  JourneyValidateOrderDocument,
  ReplicaOrderReadDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { eventually, sampleOrder } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { startReplicas, type Replicas } from '../harness/replicas.js';
import { SLOW_MACHINE } from '../harness/slow-machine.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from '../journey/journey-setup.js';

let system: TestSystem;
let replicas: Replicas;
let shop: Shop;
let adminToken: string;
const clients: Client[] = [];

beforeAll(async () => {
  // What is tested is who writes and how often, not how fast: a validation or hook answering late
  // on a loaded machine (the whole suite on 2 cores) must not read as a refusal.
  system = await startTestSystem({ env: SLOW_MACHINE });
  replicas = await startReplicas(system, { env: SLOW_MACHINE });
  shop = await openShop(system, 'm-replica-journey');
  adminToken = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'admin' });
}, 180_000);
afterAll(async () => {
  await Promise.all(clients.map(async (client) => client.dispose()));
  await replicas?.close();
  await system?.close();
});

/** One gateway call on replica `replica` (0: the test system's process, 1: the second); its data (GraphQL errors throw). */
const gqlOn = async <TData, TVariables extends Record<string, unknown>>(replica: number, document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  dataOf(await graphql(replicas.direct[replica]!.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant }));
const orderRest = (replica: number, method: string, path: string, body?: unknown) =>
  rest(replicas.direct[replica]!.order!, method, `/api/v0/checkout/orders${path}`, { token: adminToken, ...shop.tenant, ...(body === undefined ? {} : { body }) });

describe('a whole checkout whose calls alternate replicas', () => {
  it('basket → order → billing → gift card → non-PSP → validate → complete → exported, each call on the other replica', async () => {
    let call = 0;
    const next = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) => gqlOn(call++ % 2, document, variables);
    const { createOrderFromBasket: order } = await next(JourneyCreateOrderWithCartDocument, {
      input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' },
    });
    expect(order).toMatchObject({ status: 'checkout', total: { includingVat: 249.9 } });
    await next(JourneySetBillingDocument, { id: order.id, a: BILLING });
    const { addGiftCard: card } = await next(JourneyAddGiftCardAmountDocument, { id: order.id, card: shop.cardId });
    expect(card.amount).toBe(100);
    const payment = (await next(JourneyStartNonPspAmountDocument, { id: order.id })).startPayment.payment!;
    expect(payment.amount).toBe(149.9);
    const { order: read } = await next(ReplicaOrderReadDocument, { id: order.id });
    expect(read?.payments.map((p) => p.amount).sort()).toEqual([100, 149.9]);
    expect(read?.customer.billing?.familyName).toBe(BILLING.familyName);
    const { validateOrder } = await next(JourneyValidateOrderDocument, { id: order.id });
    expect(validateOrder).toEqual({ valid: true, failures: [] });
    const { completePayment } = await next(JourneyCompletePaymentTransitionsDocument, { id: order.id, p: payment.id });
    expect(completePayment.state?.transitions.map((t) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(call).toBe(7);

    // After commit, whichever replica's worker delivers: the card redeemed once, the order exported once.
    await eventually(async () => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.committed === 100, 30_000);
    const giftCard = (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body;
    expect(giftCard).toMatchObject({ balance: 0, committed: 100 });
    expect(giftCard.reservations).toHaveLength(1);
    const reference = await eventually(async () => (await next(JourneyOrderReferenceDocument, { id: order.id })).order?.reference ?? undefined, 30_000);
    await outboxSettled(system, order.id);
    const exported = await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${reference}`);
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain(order.id);
  });
});

describe('a subscription on one gateway replica', () => {
  function subscribe(gatewayUrl: string, orderId: string, until: number) {
    const client = createClient({
      url: `${gatewayUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${shop.storefrontToken}`, 'x-merchant': shop.tenant.merchant, 'x-channel': shop.tenant.channel },
      retryAttempts: 0,
    });
    clients.push(client);
    const versions: number[] = [];
    const done = new Promise<number[]>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription ($id: ID!) { orderChanged(id: $id) { version customer { billing { familyName } } } }', variables: { id: orderId } },
        {
          next: (result) => {
            versions.push((result.data as { orderChanged: { version: number } }).orderChanged.version);
            if (versions.length === until) resolve(versions);
          },
          error: reject,
          complete: () => resolve(versions),
        },
      );
    });
    return { versions, done };
  }

  it('sees every change committed through the other replica, every version, in order (and so does one opened through the balancer)', async () => {
    const CHANGES = 8;
    const created = await orderRest(1, 'POST', '', sampleOrder());
    expect(created.status).toBe(201);
    const orderId = created.body.id as string;
    const onFirst = subscribe(replicas.direct[0].gateway!, orderId, CHANGES + 1);
    const balanced = subscribe(replicas.urls.gateway!, orderId, CHANGES + 1);
    // Each first emission is the order as it is now: then the changes, all through the second replica's order service.
    await eventually(async () => onFirst.versions.length >= 1 && balanced.versions.length >= 1);
    for (let i = 0; i < CHANGES; i++) expect((await orderRest(1, 'PUT', `/${orderId}/customer/billing`, { givenName: 'Kari', familyName: `Change ${i}` })).status).toBe(200);
    const expected = Array.from({ length: CHANGES + 1 }, (_, i) => i + 1);
    expect(await onFirst.done).toEqual(expected);
    expect(await balanced.done).toEqual(expected);
  });
});

describe('one provider D webhook delivered to both replicas at once', () => {
  const ACCOUNT = 'SandboxMerchantECOM';
  const WEBHOOKS = '/api/checkout/v1/callback/provider-d/webhooks';
  let provider: TestAdapter;
  beforeAll(async () => {
    provider = await TestAdapter.start();
  });
  afterAll(async () => {
    // The account's webhooks go back to the adapter (the sandbox retries what this stand-in refused).
    await rest(system.urls.provider_d_sandbox!, 'PUT', `/api/sandbox/merchant-accounts/${ACCOUNT}`, { body: { webhookUrl: `${system.urls.provider_d_dropin_adapter}${WEBHOOKS}` } });
    await provider?.close();
  });

  it('is applied once (one transaction, one state change) and both deliveries are answered [accepted]', async () => {
    const adapter = system.urls.provider_d_dropin_adapter!;
    const created = await orderRest(0, 'POST', '', sampleOrder());
    const orderId = created.body.id as string;
    const asStorefront = (method: string, path: string, body?: unknown) => rest(adapter, method, path, { token: shop.storefrontToken, ...shop.tenant, ...(body === undefined ? {} : { body }) });
    const payment = await asStorefront('POST', `/api/checkout/v1/${orderId}/payments`);
    expect(payment.status).toBe(201);
    const paymentId = payment.body.paymentId as string;
    const submitted = await asStorefront('POST', `/api/checkout/v1/orders/${orderId}/payments/${paymentId}/transaction`, {
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' },
      browserInfo: { acceptHeader: '*/*', colorDepth: 24, javaEnabled: false, language: 'nb-NO', screenHeight: 900, screenWidth: 1280, timeZoneOffset: -60, userAgent: 'jest' },
    });
    const psp = submitted.body.pspReference as string;
    expect(psp).toBeDefined();
    const atSandbox = async () => (await rest(system.urls.provider_d_sandbox!, 'GET', `/api/sandbox/payments/${psp}`)).body as { webhooks: Array<{ eventCode: string; status: string }> };
    // The AUTHORISATION webhook reached the adapter; from now on the account's webhooks come to this stand-in, which keeps them.
    await eventually(async () => (await atSandbox()).webhooks.some((webhook) => webhook.eventCode === 'AUTHORISATION' && webhook.status === 'accepted'), 30_000);
    provider.on(WEBHOOKS, () => ({ status: 503 }));
    await rest(system.urls.provider_d_sandbox!, 'PUT', `/api/sandbox/merchant-accounts/${ACCOUNT}`, { body: { webhookUrl: `${provider.url}${WEBHOOKS}` } });
    await outboxSettled(system, orderId);

    // Captured at the provider (its dashboard): only the CAPTURE webhook tells the platform.
    const capture = await rest(system.urls.provider_d_sandbox!, 'POST', `/v71/payments/${psp}/captures`, { headers: { 'x-api-key': 'provider-d-sandbox-api-key' }, body: { merchantAccount: ACCOUNT, amount: { value: 24990, currency: 'NOK' }, reference: 'dashboard-capture' } });
    expect(capture.status).toBe(201);
    const webhook = await eventually(async () => provider.callsTo(WEBHOOKS).find((call) => call.body.notificationItems[0].NotificationRequestItem.eventCode === 'CAPTURE'), 30_000);
    const item = webhook.body.notificationItems[0].NotificationRequestItem;
    const read = async (replica: number) => {
      const answer = await orderRest(replica, 'GET', `/${orderId}`);
      return { version: Number(answer.headers.get('etag')!.replace(/"/g, '')), state: answer.body.payments[0].state as string };
    };
    const before = await read(0);
    expect(before.state).not.toBe('captured');

    const deliveries = await Promise.all(replicas.direct.map((urls) => rest(urls.provider_d_dropin_adapter!, 'POST', WEBHOOKS, { body: webhook.body })));
    expect(deliveries.map((delivery) => [delivery.status, delivery.body])).toEqual([
      [200, '[accepted]'],
      [200, '[accepted]'],
    ]);
    await outboxSettled(system, orderId);
    const transactions = await system.db.prisma.paymentTransaction.findMany({ where: { paymentId } });
    expect(transactions.filter((transaction) => transaction.eventKey === `CAPTURE:${item.pspReference as string}:true`)).toHaveLength(1);
    const after = await read(1);
    expect(after.state).toBe('captured');
    const events = (await rest(system.urls.notifications!, 'GET', `/api/v1/events?orderId=${orderId}`, { token: adminToken, ...shop.tenant })).body as Array<{ version: number; type: string; data: { action?: string } }>;
    const moved = events.filter((event) => event.type === 'order.changed' && event.version > before.version);
    expect(moved.map((event) => event.data.action)).toEqual(['payment.updated']);
    expect(after.version).toBe(before.version + 1);
  });
});
