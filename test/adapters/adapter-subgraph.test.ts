import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphqlUntyped } from '../harness/http.js';
import { SERVICE_NAMES } from '../../app/service.catalogue.js';
import type { ServiceName } from '../../platform/env/env.config.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { openShop, type Shop } from '../journey/journey-setup.js';

let system: TestSystem;
let shop: Shop;

beforeAll(async () => {
  // Provider D is left out (adapter and sandbox): an adapter known by address only, not running.
  const services = SERVICE_NAMES.filter((name) => !name.startsWith('provider_d_')) as ServiceName[];
  system = await startTestSystem({ services });
  shop = await openShop(system, 'm-adapter-subgraph');
});
afterAll(() => system?.close());

const gql = (query: string, variables: Record<string, unknown> = {}, tenant = shop.tenant, token = shop.storefrontToken) =>
  graphqlUntyped(system.urls.gateway!, query, variables, { token, ...tenant }).then((response) => response.body);

async function newOrder(): Promise<string> {
  const body = await gql(`mutation ($input: CreateOrderFromBasketInput!) { createOrderFromBasket(input: $input) { id } }`, {
    input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' },
  });
  return body.data.createOrderFromBasket.id;
}

describe('adapter subgraph', () => {
  it('describes each adapter: kind, availability, configuration in the channel and its schema', async () => {
    const body = await gql(`{ adapters { id kind available configured configurationSchema } }`);
    const byId = Object.fromEntries(body.data.adapters.map((a: { id: string }) => [a.id, a]));
    expect(byId.giftcard_adapter).toMatchObject({ kind: 'giftcard', available: true, configured: true });
    // Configured in the channel (the demo documents) yet not running here: known, not available.
    expect(byId.provider_d_dropin_adapter).toMatchObject({ kind: 'payment', available: false, configured: true });
    expect(byId.commerce_adapter.configurationSchema.properties.api.properties.identityClientSecret.writeOnly).toBe(true);
  });

  it('learns each adapter from the manifest it serves, public, at /.well-known/adapter.json', async () => {
    const response = await fetch(`${system.urls.nonpsp_adapter}/.well-known/adapter.json`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as { id: string; kind: string; routes: Record<string, string> };
    expect(manifest).toMatchObject({ id: 'nonpsp_adapter', kind: 'payment', name: 'Non-PSP payment' });
    expect(manifest.routes.createPayment).toBe('/api/v1/checkout/orders/{orderId}/payments');
    const body = await gql(`{ adapter(id: "nonpsp_adapter") { id kind name available } }`);
    expect(body.data.adapter).toEqual({ id: 'nonpsp_adapter', kind: 'payment', name: 'Non-PSP payment', available: true });
  });

  it('removes a gift card softly: the payment stays visible as removed', async () => {
    const orderId = await newOrder();
    const added = await gql(`mutation ($id: ID!, $card: String!) { addGiftCard(orderId: $id, cardId: $card) { id } }`, { id: orderId, card: shop.cardId });
    const paymentId = added.data.addGiftCard.id;
    const removed = await gql(`mutation ($id: ID!, $p: ID!) { removePayment(orderId: $id, paymentId: $p) { payments { id state } } }`, { id: orderId, p: paymentId });
    expect(removed.errors).toBeUndefined();
    expect(removed.data.removePayment.payments).toEqual([{ id: paymentId, state: 'removed' }]);
  });

  it('links each payment to its adapter, across subgraphs', async () => {
    const orderId = await newOrder();
    await gql(`mutation ($id: ID!, $card: String!) { addGiftCard(orderId: $id, cardId: $card) { id } }`, { id: orderId, card: shop.cardId });
    const body = await gql(`query ($id: ID!) { order(id: $id) { payments { merchant channel adapterId adapter { id kind configured } } } }`, { id: orderId });
    expect(body.errors).toBeUndefined();
    expect(body.data.order.payments).toEqual([
      { merchant: shop.tenant.merchant, channel: shop.tenant.channel, adapterId: 'giftcard_adapter', adapter: { id: 'giftcard_adapter', kind: 'giftcard', configured: true } },
    ]);
  });

  it("passes an adapter's refusal on with its code", async () => {
    const orderId = await newOrder();
    const unknownCard = await gql(`mutation ($id: ID!) { addGiftCard(orderId: $id, cardId: "NO-SUCH-CARD") { id } }`, { id: orderId });
    expect(unknownCard.errors[0].extensions.code).toMatch(/CARD_NOT_FOUND|GIFT_CARD_NOT_FOUND/);

    const noBilling = await gql(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { payment { id } } }`, { id: orderId });
    const completed = await gql(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status } }`, { id: orderId, p: noBilling.data.startPayment.payment.id });
    expect(completed.errors[0].extensions.code).toMatch(/HOOK_VETOED|ORDER_INVALID/);
  });

  it('refuses actions an adapter does not offer here', async () => {
    const orderId = await newOrder();
    const unavailable = await gql(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "provider_d_dropin_adapter") { payment { id } } }`, { id: orderId });
    // Known by address only and not running: its manifest cannot be read, and the answer says so.
    expect(unavailable.errors[0].extensions.code).toBe('ADAPTER_MANIFEST_UNAVAILABLE');
    expect(unavailable.errors[0].message).toMatch(/provider_d_dropin_adapter could not say what it supports/);
    const commerce = await gql(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "commerce_adapter") { payment { id } } }`, { id: orderId });
    expect(commerce.errors[0].extensions.code).toBe('ACTION_NOT_SUPPORTED');
    const unknown = await gql(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nope") { payment { id } } }`, { id: orderId });
    expect(unknown.errors[0].extensions.code).toBe('ADAPTER_NOT_FOUND');
  });

  it('lets the shopper choose the non-PSP method, and drop that payment again', async () => {
    const orderId = await newOrder();
    const started = await gql(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter", paymentMethod: "pay-in-store") { selectedPaymentMethod payment { id state } } }`, { id: orderId });
    expect(started.errors).toBeUndefined();
    expect(started.data.startPayment.selectedPaymentMethod).toBe("pay-in-store");
    const paymentId = started.data.startPayment.payment.id;
    const removed = await gql(`mutation ($id: ID!, $p: ID!) { removePayment(orderId: $id, paymentId: $p) { payments { id state } } }`, { id: orderId, p: paymentId });
    expect(removed.errors).toBeUndefined();
    expect(removed.data.removePayment.payments).toEqual([{ id: paymentId, state: 'removed' }]);
    const again = await gql(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { selectedPaymentMethod payment { id state } } }`, { id: orderId });
    expect(again.data.startPayment.payment).toMatchObject({ state: 'intent' });
    expect(again.data.startPayment.payment.id).not.toBe(paymentId);
  });

  it("refuses another adapter's token: it starts, completes or removes no payment and creates no order (403)", async () => {
    const orderId = await newOrder();
    const started = await gql(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { payment { id } } }`, { id: orderId });
    const paymentId = started.data.startPayment.payment.id;
    const stranger = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'adapter', adapterId: 'giftcard_adapter' });
    const asStranger = (query: string, variables: Record<string, unknown> = {}) => gql(query, variables, shop.tenant, stranger);
    const refusals = [
      await asStranger(`mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status } }`, { id: orderId, p: paymentId }),
      await asStranger(`mutation ($id: ID!, $p: ID!) { removePayment(orderId: $id, paymentId: $p) { id } }`, { id: orderId, p: paymentId }),
      await asStranger(`mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { payment { id } } }`, { id: orderId }),
      await asStranger(`mutation ($input: CreateOrderFromBasketInput!) { createOrderFromBasket(input: $input) { id } }`, {
        input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' },
      }),
    ];
    expect(refusals.map((body) => body.errors?.[0]?.extensions?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    const after = await gql(`query ($id: ID!) { order(id: $id) { status payments { id state } } }`, { id: orderId });
    expect(after.data.order).toEqual({ status: 'checkout', payments: [{ id: paymentId, state: 'intent' }] });
  });

  it('answers CONFIGURATION_MISSING in a channel without configurations', async () => {
    const tenant = { merchant: 'm-adapter-subgraph-bare', channel: 'web' };
    const token = await system.token({ merchant: tenant.merchant, channels: ['web'], role: 'storefront' });
    const body = await gql(`mutation { createOrderFromBasket(input: { cartReference: "x", culture: "nb-NO", currency: "NOK" }) { id } }`, {}, tenant, token);
    expect(body.errors[0]).toMatchObject({ message: 'Configuration is missing for this channel.', extensions: { code: 'CONFIGURATION_MISSING' } });
  });
});
