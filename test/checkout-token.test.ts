import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { signCheckoutToken } from '../platform/auth/platform-tokens.js';
import { platformSigningKey } from '../platform/auth/signing-key.js';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { dataOf, graphql, graphqlRaw, rest } from './harness/http.js';
import {
  AdapterRemovePaymentDocument,
  CancelPaymentStateDocument,
  ConfigurationsIdsDocument,
  DeliverOrderDocument,
  GatewayOrderIdsDocument,
  JourneyAddGiftCardDocument,
  JourneyAddGiftCardLimitsDocument,
  JourneyCompletePaymentDocument,
  JourneyCreateOrderDocument,
  JourneyPaymentStateDocument,
  JourneySetBillingDocument,
  OrderIdDocument,
  OrderStatusDocument,
  PaymentIdsDocument,
  RefundPaymentAmountDocument,
  StartNonPspPaymentDocument,
  TokenCreateCheckoutDocument,
  TokenOrderBillingCityPaymentsDocument,
  TokenOrderPaymentsDocument,
  TokenRefreshOrderDocument,
  TokenRenewDocument,
  TokenUpdateCartItemDocument,
  ValidateOrderDocument,
} from './generated/graphql.js';
import { eventually, heldPayment, sampleOrder } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';
import { BILLING, openShop, type Shop } from './journey/journey-setup.js';

// A checkout token (role shopper) reads, changes and follows one order; another order of the
// same channel is not found, and anything that is not about its order is refused.
let system: TestSystem;
let shop: Shop;
let mine: { orderId: string; token: string };
let otherOrderId: string;
const clients: Client[] = [];

const basket = () => ({ input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } });
const gql = <TData, TVariables extends Record<string, unknown>>(token: string, document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  graphql(system.urls.gateway!, document, variables, { token, ...shop.tenant });
const orders = (token: string, method: string, path: string, body?: unknown, tenant: { merchant?: string; channel?: string } = shop.tenant) =>
  rest(system.urls.order!, method, `/api/v0/checkout/orders${path}`, { token, ...tenant, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  system = await startTestSystem();
  shop = await openShop(system, 'm-shopper');
  const { createCheckout } = dataOf(await gql(shop.storefrontToken, TokenCreateCheckoutDocument, basket()));
  mine = { orderId: createCheckout.order.id, token: createCheckout.checkoutToken.token };
  otherOrderId = dataOf(await gql(shop.storefrontToken, JourneyCreateOrderDocument, basket())).createOrderFromBasket.id;
});
afterAll(async () => {
  await Promise.all(clients.map(async (client) => client.dispose()));
  await system?.close();
});

describe('checkout tokens: issued with the order', () => {
  it('createCheckout answers the order and a token bound to it, for the configured lifetime', async () => {
    const created = await gql(shop.storefrontToken, TokenCreateCheckoutDocument, basket());
    const { order, checkoutToken } = dataOf(created).createCheckout;
    expect(order.status).toBe('checkout');
    expect(checkoutToken.orderId).toBe(order.id);
    expect(checkoutToken.expiresIn).toBe(1800);
    expect(Date.parse(checkoutToken.expiresAt) - Date.now()).toBeGreaterThan(1790_000);
    const [, payload] = checkoutToken.token.split('.');
    const claims: unknown = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'shopper', orderId: order.id, merchant: shop.tenant.merchant, channels: ['web'], sub: `shopper:${order.id}` });
  });

  it("the commerce adapter's REST create answers the checkout token too", async () => {
    const created = await rest(system.urls.commerce_adapter!, 'POST', '/api/v1/orders', { token: shop.storefrontToken, ...shop.tenant, body: basket().input });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body.checkoutToken.orderId).toBe(created.body.id);
    const read = await orders(created.body.checkoutToken.token, 'GET', `/${created.body.id}`);
    expect(read.status).toBe(200);
  });

  it('a checkout token creates no order (403), over GraphQL and REST', async () => {
    const graph = await gql(mine.token, TokenCreateCheckoutDocument, basket());
    expect(graph.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const plain = await gql(mine.token, JourneyCreateOrderDocument, basket());
    expect(plain.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const direct = await rest(system.urls.commerce_adapter!, 'POST', '/api/v1/orders', { token: mine.token, ...shop.tenant, body: basket().input });
    expect(direct.status).toBe(403);
  });
});

describe('checkout tokens: one order over REST', () => {
  it('reads its order at both paths; another order of the channel is not found', async () => {
    expect((await orders(mine.token, 'GET', `/${mine.orderId}`)).status).toBe(200);
    const spec = await rest(system.urls.order!, 'GET', `/checkout/orders/${mine.orderId}`, { token: mine.token, ...shop.tenant });
    expect(spec.status).toBe(200);
    const other = await orders(mine.token, 'GET', `/${otherOrderId}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('order_not_found');
    expect((await rest(system.urls.order!, 'GET', `/checkout/orders/${otherOrderId}`, { token: mine.token, ...shop.tenant })).status).toBe(404);
    expect((await orders(mine.token, 'GET', `/${otherOrderId}/payments/p1`)).status).toBe(404);
    // An adapter's storefront routes too: the same check runs in every service's app.
    const atAdapter = await rest(system.urls.giftcard_adapter!, 'POST', `/api/checkout/v1/orders/${otherOrderId}/payments`, { token: mine.token, ...shop.tenant, body: { cardId: shop.cardId } });
    expect([atAdapter.status, atAdapter.body.code]).toEqual([404, 'order_not_found']);
  });

  it("changes its order's customer data and validates it; not another order's", async () => {
    const set = await orders(mine.token, 'PUT', `/${mine.orderId}/customer/billing`, BILLING);
    expect(set.status).toBe(200);
    expect(set.body.customer.billing.city).toBe('Oslo');
    expect((await orders(mine.token, 'PUT', `/${otherOrderId}/customer/billing`, BILLING)).status).toBe(404);
    expect((await orders(mine.token, 'PUT', `/${otherOrderId}/consents`, { newsletter: true })).status).toBe(404);
    expect((await orders(mine.token, 'PUT', `/${mine.orderId}/consents`, { newsletter: true })).status).toBe(200);
    expect((await orders(mine.token, 'POST', `/${otherOrderId}/validate`)).status).toBe(404);
    expect([200, 400]).toContain((await orders(mine.token, 'POST', `/${mine.orderId}/validate`)).status);
  });

  it('is refused for listings, admin and adapter operations, configuration, payments and events', async () => {
    expect((await orders(mine.token, 'GET', '')).status).toBe(403);
    expect((await orders(mine.token, 'POST', '', sampleOrder())).status).toBe(403);
    expect((await orders(mine.token, 'PUT', `/${mine.orderId}/state`, { status: 'processing' })).status).toBe(403);
    expect((await orders(mine.token, 'PUT', `/${mine.orderId}/cart`, { items: [], total: { includingVat: 0, excludingVat: 0 } })).status).toBe(403);
    expect((await orders(mine.token, 'POST', `/${mine.orderId}/hooks`, { url: 'http://127.0.0.1:1/x', events: ['state'] })).status).toBe(403);
    const configuration = await rest(system.urls.configuration!, 'GET', `/api/v1/configuration/merchants/${shop.tenant.merchant}/channels/web/configurations`, { token: mine.token, ...shop.tenant });
    expect(configuration.status).toBe(403);
    const payments = await rest(system.urls.payment!, 'GET', `/api/v0/payments/attempts?orderId=${mine.orderId}`, { token: mine.token, ...shop.tenant });
    expect(payments.status).toBe(403);
    const events = await rest(system.urls.notifications!, 'GET', `/api/v1/events?orderId=${mine.orderId}`, { token: mine.token, ...shop.tenant });
    expect(events.status).toBe(403);
  });

  it("is refused on another tenant's headers", async () => {
    expect((await orders(mine.token, 'GET', `/${mine.orderId}`, undefined, { merchant: 'm-other', channel: 'web' })).status).toBe(403);
    const channel = await orders(mine.token, 'GET', `/${mine.orderId}`, undefined, { merchant: shop.tenant.merchant, channel: 'app' });
    expect(channel.status).toBe(403);
    expect(channel.body.code).toBe('tenant_mismatch');
  });

  it('an expired token is refused; a shopper token not signed with the platform key is refused', async () => {
    const key = await platformSigningKey({ signingKey: system.config.auth.signingKey, dataDir: system.config.dataDir });
    const expired = await signCheckoutToken(key, { ...shop.tenant, orderId: mine.orderId }, { issuer: system.config.auth.issuer, audience: system.config.auth.audience, lifetimeS: -5 });
    const refused = await orders(expired.token, 'GET', `/${mine.orderId}`);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/expired/);
    const hs256 = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'shopper', orderId: mine.orderId }, { hs256: true });
    expect((await orders(hs256, 'GET', `/${mine.orderId}`)).status).toBe(401);
    // Signed with the platform key but bound to no order, or to every channel: refused too.
    const { issuer, audience } = system.config.auth;
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ merchant: shop.tenant.merchant, role: 'shopper', ...claims })
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key.privateKey);
    expect((await orders(await sign({ channels: ['web'] }), 'GET', `/${mine.orderId}`)).status).toBe(401);
    expect((await orders(await sign({ channels: ['*'], orderId: mine.orderId }), 'GET', `/${mine.orderId}`)).status).toBe(401);
    expect((await orders(await sign({ channels: ['web'], orderId: mine.orderId }), 'GET', `/${mine.orderId}`)).status).toBe(200);
  });
});

describe('checkout tokens: one order over GraphQL', () => {
  it('reads its order and its payments; another order and its payments are null', async () => {
    const own = await gql(mine.token, OrderStatusDocument, { id: mine.orderId });
    expect(dataOf(own).order).toEqual({ id: mine.orderId, status: 'checkout' });
    const other = await gql(mine.token, OrderIdDocument, { id: otherOrderId });
    expect(other.body.errors).toBeUndefined();
    expect(dataOf(other).order).toBeNull();
    const payment = await gql(mine.token, JourneyPaymentStateDocument, { o: otherOrderId, p: 'p1' });
    expect(dataOf(payment).payment).toBeNull();
  });

  it("changes its order through the storefront mutations; another order's are not found", async () => {
    dataOf(await gql(mine.token, JourneySetBillingDocument, { id: mine.orderId, a: BILLING }));
    const added = dataOf(await gql(mine.token, JourneyAddGiftCardLimitsDocument, { id: mine.orderId, card: shop.cardId }));
    const seen = await gql(mine.token, TokenOrderPaymentsDocument, { id: mine.orderId });
    expect(dataOf(seen).order?.payments).toEqual([expect.objectContaining({ id: added.addGiftCard.id, adapterId: 'giftcard_adapter' })]);

    const id = otherOrderId;
    const refusals = {
      setBillingAddress: () => gql(mine.token, JourneySetBillingDocument, { id, a: BILLING }),
      validateOrder: () => gql(mine.token, ValidateOrderDocument, { id }),
      addGiftCard: () => gql(mine.token, JourneyAddGiftCardDocument, { id, card: 'X' }),
      startPayment: () => gql(mine.token, StartNonPspPaymentDocument, { id }),
      updateCartItem: () => gql(mine.token, TokenUpdateCartItemDocument, { id }),
      refreshOrder: () => gql(mine.token, TokenRefreshOrderDocument, { id }),
      removePayment: () => gql(mine.token, AdapterRemovePaymentDocument, { id, p: 'p' }),
      completePayment: () => gql(mine.token, JourneyCompletePaymentDocument, { id, p: 'p' }),
    };
    for (const [name, send] of Object.entries(refusals)) {
      const refused = await send();
      expect([name, refused.body.errors?.[0]?.extensions?.code]).toEqual([name, 'ORDER_NOT_FOUND']);
    }
    const untouched = dataOf(await gql(shop.storefrontToken, TokenOrderBillingCityPaymentsDocument, { id: otherOrderId })).order;
    expect(untouched?.payments).toEqual([]);
    expect(untouched?.customer?.billing?.city ?? null).toBeNull();
  });

  it('is refused for listings, configuration and back-office mutations', async () => {
    const refusals = {
      orders: () => gql(mine.token, GatewayOrderIdsDocument, {}),
      payments: () => gql(mine.token, PaymentIdsDocument, {}),
      configurations: () => gql(mine.token, ConfigurationsIdsDocument, {}),
      // The back office's payment lifecycle and delivery, even on its own order.
      cancelPayment: () => gql(mine.token, CancelPaymentStateDocument, { o: mine.orderId, p: 'p' }),
      refundPayment: () => gql(mine.token, RefundPaymentAmountDocument, { o: mine.orderId, p: 'p', a: 1 }),
      deliverOrder: () => gql(mine.token, DeliverOrderDocument, { id: mine.orderId }),
    };
    for (const [name, send] of Object.entries(refusals)) {
      const refused = await send();
      expect([name, refused.body.errors?.[0]?.extensions?.code]).toEqual([name, 'FORBIDDEN']);
    }
  });

  it('resolves no other order through entity references at a subgraph', async () => {
    const entities = `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Order { id } } }`;
    const own = await graphqlRaw(system.urls.order!, entities, { r: [{ __typename: 'Order', id: mine.orderId }] }, { token: mine.token, ...shop.tenant });
    expect(own.body).toEqual({ data: { _entities: [{ id: mine.orderId }] } });
    const other = await graphqlRaw(system.urls.order!, entities, { r: [{ __typename: 'Order', id: otherOrderId }] }, { token: mine.token, ...shop.tenant });
    expect(other.body).toEqual({ data: { _entities: [null] } });
    const attempts = `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Order { paymentAttempts { id } } } }`;
    const viaPayment = await graphqlRaw(system.urls.payment!, attempts, { r: [{ __typename: 'Order', id: otherOrderId }] }, { token: mine.token, ...shop.tenant });
    expect(viaPayment.body).toEqual({ data: { _entities: [null] } });
  });
});

describe('checkout tokens: renewal', () => {
  it('a valid token renews for its order, over GraphQL and REST; never for another order', async () => {
    const renewed = await gql(mine.token, TokenRenewDocument, { id: mine.orderId });
    const fresh = dataOf(renewed).renewCheckoutToken;
    expect(fresh.orderId).toBe(mine.orderId);
    expect(fresh.token).not.toBe(mine.token);
    expect((await orders(fresh.token, 'GET', `/${mine.orderId}`)).status).toBe(200);
    expect((await orders(fresh.token, 'GET', `/${otherOrderId}`)).status).toBe(404);

    const viaRest = await orders(fresh.token, 'POST', `/${mine.orderId}/checkout-token`);
    expect(viaRest.status).toBe(201);
    expect(viaRest.headers.get('cache-control')).toBe('no-store');
    expect(viaRest.body.orderId).toBe(mine.orderId);

    const other = await gql(mine.token, TokenRenewDocument, { id: otherOrderId });
    expect(other.body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    expect((await orders(mine.token, 'POST', `/${otherOrderId}/checkout-token`)).status).toBe(404);
  });

  it('renews until the order is delivered, then refuses (409 checkout_closed)', async () => {
    const created = await orders(shop.adminToken, 'POST', '', sampleOrder({ payments: [heldPayment()] }));
    const orderId = created.body.id;
    const issued = await orders(shop.adminToken, 'POST', `/${orderId}/checkout-token`);
    expect(issued.status).toBe(201);
    for (const status of ['processing', 'accepted', 'completed']) expect((await orders(shop.adminToken, 'PUT', `/${orderId}/state`, { status })).status).toBe(200);
    const completed = await orders(issued.body.token, 'POST', `/${orderId}/checkout-token`);
    expect(completed.status).toBe(201);
    expect((await orders(shop.adminToken, 'PUT', `/${orderId}/state`, { status: 'delivered' })).status).toBe(200);
    const delivered = await orders(completed.body.token, 'POST', `/${orderId}/checkout-token`);
    expect(delivered.status).toBe(409);
    expect(delivered.body.code).toBe('checkout_closed');
    // The token already held still reads the order until it expires.
    expect((await orders(completed.body.token, 'GET', `/${orderId}`)).status).toBe(200);
  });
});

describe('checkout tokens: orderChanged over graphql-ws', () => {
  function wsClient(token: string): Client {
    const client = createClient({
      url: `${system.urls.gateway!.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}`, 'x-merchant': shop.tenant.merchant, 'x-channel': shop.tenant.channel },
      retryAttempts: 0,
      lazy: true,
    });
    clients.push(client);
    return client;
  }

  function collect(client: Client, id: string) {
    const results: any[] = [];
    let ended = false;
    const unsubscribe = client.subscribe(
      { query: 'subscription ($id: ID!) { orderChanged(id: $id) { id version customer { shipping { city } } } }', variables: { id } },
      { next: (result) => void results.push(result), error: (error) => void results.push({ socketError: error }), complete: () => void (ended = true) },
    );
    return { results, unsubscribe, ended: () => ended };
  }

  it('follows its own order on the same connection that is refused another order', async () => {
    const client = wsClient(mine.token);
    const own = collect(client, mine.orderId);
    await eventually(async () => own.results.length >= 1);
    const first = own.results[0].data.orderChanged;
    expect(first.id).toBe(mine.orderId);

    const other = collect(client, otherOrderId);
    await eventually(async () => other.ended() || other.results.length > 0);
    expect(other.results[0].errors[0].extensions.code).toBe('ORDER_NOT_FOUND');

    const changed = await orders(mine.token, 'PUT', `/${mine.orderId}/customer/shipping`, { ...BILLING, city: 'Bergen' });
    expect(changed.status).toBe(200);
    await eventually(async () => own.results.some((r) => r.data?.orderChanged.customer.shipping?.city === 'Bergen'));
    expect(own.results.at(-1).data.orderChanged.version).toBe(changed.body.version ?? Number(changed.headers.get('etag')!.replace(/"/g, '')));
    own.unsubscribe();
  });

  it('refuses an expired checkout token at connection_init', async () => {
    const key = await platformSigningKey({ signingKey: system.config.auth.signingKey, dataDir: system.config.dataDir });
    const expired = await signCheckoutToken(key, { ...shop.tenant, orderId: mine.orderId }, { issuer: system.config.auth.issuer, audience: system.config.auth.audience, lifetimeS: -5 });
    const sub = collect(wsClient(expired.token), mine.orderId);
    await eventually(async () => sub.results.length > 0);
    expect(sub.results[0].socketError).toMatchObject({ code: 4401 });
  });
});
