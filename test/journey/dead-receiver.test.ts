import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../../subgraphs/configuration/local-schemas.js';
import { REFUSING_ORIGIN } from '../harness/free-port.js';
import {
  JourneyAddGiftCardDocument,
  JourneyCompletePaymentDocument,
  JourneyCreateOrderWithNotificationsDocument,
  JourneyOrderReferenceDocument,
  JourneySetBillingDocument,
  StartNonPspPaymentDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { eventually } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from './journey-setup.js';

let system: TestSystem;
let shop: Shop;
let broken: TestAdapter;
let refusedUrl: string;

beforeAll(async () => {
  // The broken receivers' second attempt comes soon, their later ones only after a minute: were
  // the platform's own deliveries held behind them, they would wait well past the bound below.
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '200,60000,60000', NOTIFICATION_TIMEOUT_MS: '2000' } });
  shop = await openShop(system, 'm-dead-receiver');
  broken = await TestAdapter.start();
  broken.on('/erp', () => ({ status: 500 }));
  refusedUrl = `${REFUSING_ORIGIN}/crm`;
  // Two static receivers on every status change: one refuses connections, one answers 500.
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${shop.tenant.merchant}/channels/web/configurations/static_notifications`, {
    token: shop.adminToken,
    ...shop.tenant,
    body: {
      $schema: STATIC_NOTIFICATIONS_SCHEMA_ID,
      id: 'static_notifications',
      order: {
        notifications: [
          { description: 'CRM feed', reference: 'crm', scope: '/state/currentStatus', schema: { type: 'string' }, invoke: refusedUrl },
          { description: 'ERP feed', reference: 'erp', scope: '/state/currentStatus', schema: { type: 'string' }, invoke: `${broken.url}/erp` },
        ],
      },
    },
  });
  if (put.status !== 201) throw new Error(JSON.stringify(put.body));
});
afterAll(async () => {
  await broken?.close();
  await system?.close();
});

/** The operation's data; throws with the errors when it has any. */
const gql = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  dataOf(await graphql(system.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant }));

describe('a refusing and a failing receiver beside the platform’s own on a real order', () => {
  it('still exports the order and commits the gift card at once, while the broken receivers retry on their own', async () => {
    const { createOrderFromBasket: order } = await gql(JourneyCreateOrderWithNotificationsDocument, {
      input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' },
    });
    expect(order.notifications.slice(0, 2)).toEqual([
      { reference: 'crm', invoke: refusedUrl },
      { reference: 'erp', invoke: `${broken.url}/erp` },
    ]);
    await gql(JourneySetBillingDocument, { id: order.id, a: BILLING });
    const { addGiftCard: card } = await gql(JourneyAddGiftCardDocument, { id: order.id, card: shop.cardId });
    const { startPayment: session } = await gql(StartNonPspPaymentDocument, { id: order.id });
    expect(card.id).toBeDefined();

    const { completePayment } = await gql(JourneyCompletePaymentDocument, { id: order.id, p: session.payment.id });
    expect(completePayment.status).toBe('completed');
    const completedAt = Date.now();

    // Not held behind the broken receivers' next attempts (a minute away); generous for a loaded machine.
    await eventually(async () => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.committed === 100, 30_000);
    const reference = await eventually(async () => (await gql(JourneyOrderReferenceDocument, { id: order.id })).order?.reference, 30_000);
    expect(Date.now() - completedAt).toBeLessThan(30_000);
    expect((await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${reference}`)).status).toBe(200);

    // The broken receivers keep being retried on their own schedule, each in its own order.
    const events = await eventually(async () => {
      const listed = (await rest(system.urls.notifications!, 'GET', `/api/v1/events?orderId=${order.id}`, { token: shop.adminToken, ...shop.tenant })).body as Array<{ type: string; data: any }>;
      const failedAgain = (invoke: string) => listed.some((event) => event.type === 'notification.delivery_failed' && event.data.invoke === invoke && event.data.attempt >= 2);
      return failedAgain(refusedUrl) && failedAgain(`${broken.url}/erp`) ? listed : undefined;
    }, 30_000);
    const refused = events.filter((event) => event.type === 'notification.delivery_failed' && event.data.invoke === refusedUrl);
    expect(refused[0]!.data).toMatchObject({ attempt: 1, error: expect.stringMatching(/^unreachable/), retryInMs: expect.any(Number) });
    expect(broken.callsTo('/erp').length).toBeGreaterThanOrEqual(2);
    // Its status changes reach it in commit order: a later one only after the earlier one's last attempt.
    const versions = broken.callsTo('/erp').map((call) => call.body.version as number);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(broken.callsTo('/erp')[0]!.body.value).toBe('checkout');
  });
});
