import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  JourneyCreateOrderWithTotalDocument,
  JourneyOrderPaymentActionsDocument,
  JourneyOrderPaymentAmountsDocument,
  JourneyOrderStatusReferenceDocument,
  JourneyOrderTransitionsDocument,
  JourneyStartSnippetDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { eventually } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { demoConfigurations } from '../../app/demo/demo-data.js';
import { openShop, type Shop } from './journey-setup.js';

/**
 * Issue 10's acceptance journey through the gateway: basket → order → provider A payment → a
 * shipping option at the sandbox → purchase → the browser's confirmation → completed → the
 * commerce export's reference at the provider → Capture → the late push (OrderAccepted once).
 * The commerce adapter runs in managed delivery mode (the checkout's shipping goes to the basket).
 */

const ADAPTER = 'provider_a_checkout_adapter';
let system: TestSystem;
let shop: Shop;

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  shop = await openShop(system, 'm-journey-provider-a');
  const put = (id: string, body: Record<string, unknown>) =>
    rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${shop.tenant.merchant}/channels/${shop.tenant.channel}/configurations/${id}`, { token: shop.adminToken, ...shop.tenant, body });
  const commerce = demoConfigurations(system.config).commerce_adapter!;
  expect((await put('commerce_adapter', { ...commerce, features: { shippingChangedHookEnabled: true } })).status).toBeLessThan(300);
  const adapterUrl = system.urls[ADAPTER]!;
  const configured = await put(ADAPTER, {
    $schema: `${adapterUrl}/openapi/v1/schemas/${ADAPTER}.json`,
    id: ADAPTER,
    active: true,
    adapter: { publicUrl: adapterUrl },
    apiSettings: { apiUrl: system.urls.provider_a_sandbox!, username: 'merchant-a', password: 'provider-a-secret' },
    redirectUrls: { termsUrl: 'https://shop.example/terms', checkoutUrl: 'https://shop.example/checkout/{orderId}', confirmationUrl: 'https://shop.example/{merchant}/{channel}/thanks/{orderId}' },
    shippingOptions: [
      { id: 'post', name: 'Post', price: 4900, taxAmount: 980, taxRate: 2500, preselected: true, shippingMethod: 'PostalService' },
      { id: 'express', name: 'Express', price: 9900, taxAmount: 1980, taxRate: 2500 },
    ],
    providesShipping: true,
  });
  expect(configured.status).toBeLessThan(300);
});
afterAll(() => system?.close());

/** The operation's data; throws with the errors when it has any. */
const gql = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables, token = shop.storefrontToken) =>
  dataOf(await graphql(system.urls.gateway!, document, variables, { token, ...shop.tenant }));
const sandbox = (method: string, path: string, body?: unknown) => rest(system.urls.provider_a_sandbox!, method, path, body === undefined ? {} : { body });

describe('a provider A checkout through the gateway', () => {
  it('basket → order → snippet → shipping option → purchase → confirmation → completed → reference at the provider → Capture; the push later records OrderAccepted once', async () => {
    // The push comes well after the shopper's confirmation, however slow the machine.
    await sandbox('PUT', '/api/sandbox/settings', { pushDelayMs: 10_000, pushRetryDelayMs: 50 });
    const { createOrderFromBasket: created } = await gql(JourneyCreateOrderWithTotalDocument, {
      input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' },
    });
    expect(created.total.includingVat).toBe(249.9);
    const { startPayment: session } = await gql(JourneyStartSnippetDocument, { id: created.id, adapter: ADAPTER });
    // Klarna's snippet: a container and its own script, which loads the checkout (its iframe) from the provider.
    expect(session.htmlSnippet).toContain(`/hosted/orders/${encodeURIComponent(session.payment.reference!)}`);
    expect(session.payment).toMatchObject({ amount: 298.9, state: 'intent' });
    const reference = session.payment.reference!;

    expect((await sandbox('POST', `/api/sandbox/orders/${reference}/shipping-option`, { id: 'express' })).body.order.order_amount).toBe(34890);
    const { order: shipped } = await gql(JourneyOrderPaymentAmountsDocument, { id: created.id });
    expect(shipped).toEqual({ total: { includingVat: 348.9 }, payments: [{ amount: 348.9 }] });

    const bought = await sandbox('POST', `/api/sandbox/orders/${reference}/purchase`, { customer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' } });
    expect(bought.body.status).toBe('checkout_complete');
    const browser = await fetch(bought.body.redirectUrl, { redirect: 'manual' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe(`https://shop.example/${shop.tenant.merchant}/${shop.tenant.channel}/thanks/${created.id}`);

    const exported = await eventually(async () => (await gql(JourneyOrderStatusReferenceDocument, { id: created.id })).order?.reference, 30_000);
    const commerceOrder = (await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${exported}`)).body;
    expect(commerceOrder).toMatchObject({ status: 'paid', delivery: { deliveryMethodId: 128, name: 'Express' }, total: { includingVat: 348.9 } });
    await eventually(async () => (await sandbox('GET', `/api/sandbox/orders/${reference}`)).body.order.merchant_reference1 === exported, 30_000);

    const { order } = await gql(JourneyOrderPaymentActionsDocument, { id: created.id }, shop.adminToken);
    expect(order?.status).toBe('completed');
    const capture = order?.payments[0]?.actions.find((action) => action.type === 'Capture');
    expect((await rest(capture!.url, 'POST', '', { token: shop.adminToken, ...shop.tenant })).body.state).toBe('captured');
    expect((await sandbox('GET', `/api/sandbox/orders/${reference}`)).body.order.management).toMatchObject({ status: 'CAPTURED', captured_amount: 34890 });

    await eventually(async () => (await sandbox('GET', `/api/sandbox/orders/${reference}`)).body.pushes.some((push: { status: number }) => push.status === 200), 30_000);
    await outboxSettled(system, created.id);
    const log = await system.db.prisma.paymentTransaction.findMany({ where: { paymentId: session.payment.id } });
    expect(log.filter((t) => t.event === 'OrderAccepted')).toHaveLength(1);
    const { order: final } = await gql(JourneyOrderTransitionsDocument, { id: created.id });
    expect(final?.state.transitions.map((t) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
  }, 90_000);
});
