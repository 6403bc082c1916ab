import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphql } from '../harness/http.js';
import {
  AdapterAddGiftCardDocument,
  AdapterCompletePaymentDocument,
  AdapterCreateOrderFromBasketDocument,
  AdapterNonPspDocument,
  AdapterOrderPaymentAdaptersDocument,
  AdapterOrderPaymentsDocument,
  AdapterRemovePaymentDocument,
  AdaptersDescribedDocument,
  AdapterStartPaymentDocument,
} from '../generated/graphql.js';
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

const gql = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables, tenant = shop.tenant, token = shop.storefrontToken) =>
  graphql(system.urls.gateway!, document, variables, { token, ...tenant }).then((response) => response.body);
const basket = () => ({ input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } });

async function newOrder(): Promise<string> {
  const body = await gql(AdapterCreateOrderFromBasketDocument, basket());
  return body.data!.createOrderFromBasket.id;
}

describe('adapter subgraph', () => {
  it('describes each adapter: kind, availability, configuration in the channel and its schema', async () => {
    const body = await gql(AdaptersDescribedDocument, {});
    const byId = Object.fromEntries((body.data?.adapters ?? []).map((a) => [a.id, a]));
    expect(byId.giftcard_adapter).toMatchObject({ kind: 'giftcard', available: true, configured: true });
    // Configured in the channel (the demo documents) yet not running here: known, not available.
    expect(byId.provider_d_dropin_adapter).toMatchObject({ kind: 'payment', available: false, configured: true });
    expect(byId.commerce_adapter?.configurationSchema).toMatchObject({ properties: { api: { properties: { identityClientSecret: { writeOnly: true } } } } });
  });

  it('learns each adapter from the manifest it serves, public, at /.well-known/adapter.json', async () => {
    const response = await fetch(`${system.urls.nonpsp_adapter}/.well-known/adapter.json`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as { id: string; kind: string; routes: Record<string, string> };
    expect(manifest).toMatchObject({ id: 'nonpsp_adapter', kind: 'payment', name: 'Non-PSP payment' });
    expect(manifest.routes.createPayment).toBe('/api/v1/checkout/orders/{orderId}/payments');
    // Declared by the kit's provider runtime, which mounts them: the read of a payment's session (startPayment resumes through it) and its removal.
    expect(manifest.routes.readPayment).toBe('/api/v1/checkout/orders/{orderId}/payments/{paymentId}');
    expect(manifest.routes.removePayment).toBe('/api/v1/checkout/orders/{orderId}/payments/{paymentId}/remove');
    const giftCards = (await (await fetch(`${system.urls.giftcard_adapter}/.well-known/adapter.json`)).json()) as { routes: Record<string, string> };
    expect(giftCards.routes).toMatchObject({ readPayment: '/api/checkout/v1/orders/{orderId}/payments/{paymentId}', removePayment: '/api/checkout/v1/orders/{orderId}/payments/{paymentId}/remove' });
    const body = await gql(AdapterNonPspDocument, {});
    expect(body.data?.adapter).toEqual({ id: 'nonpsp_adapter', kind: 'payment', name: 'Non-PSP payment', available: true });
  });

  it('removes a gift card softly: the payment stays visible as removed', async () => {
    const orderId = await newOrder();
    const added = await gql(AdapterAddGiftCardDocument, { id: orderId, card: shop.cardId });
    const paymentId = added.data!.addGiftCard.id;
    const removed = await gql(AdapterRemovePaymentDocument, { id: orderId, p: paymentId });
    expect(removed.errors).toBeUndefined();
    expect(removed.data?.removePayment.payments).toEqual([{ id: paymentId, state: 'removed' }]);
  });

  it('links each payment to its adapter, across subgraphs', async () => {
    const orderId = await newOrder();
    await gql(AdapterAddGiftCardDocument, { id: orderId, card: shop.cardId });
    const body = await gql(AdapterOrderPaymentAdaptersDocument, { id: orderId });
    expect(body.errors).toBeUndefined();
    expect(body.data?.order?.payments).toEqual([
      { merchant: shop.tenant.merchant, channel: shop.tenant.channel, adapterId: 'giftcard_adapter', adapter: { id: 'giftcard_adapter', kind: 'giftcard', configured: true } },
    ]);
  });

  it("passes an adapter's refusal on with its code", async () => {
    const orderId = await newOrder();
    const unknownCard = await gql(AdapterAddGiftCardDocument, { id: orderId, card: 'NO-SUCH-CARD' });
    expect(unknownCard.errors?.[0]?.extensions?.code).toMatch(/CARD_NOT_FOUND|GIFT_CARD_NOT_FOUND/);

    const noBilling = await gql(AdapterStartPaymentDocument, { id: orderId, adapterId: 'nonpsp_adapter' });
    const completed = await gql(AdapterCompletePaymentDocument, { id: orderId, p: noBilling.data!.startPayment.payment.id });
    expect(completed.errors?.[0]?.extensions?.code).toMatch(/HOOK_VETOED|ORDER_INVALID/);
  });

  it('refuses actions an adapter does not offer here', async () => {
    const orderId = await newOrder();
    const unavailable = await gql(AdapterStartPaymentDocument, { id: orderId, adapterId: 'provider_d_dropin_adapter' });
    // Known by address only and not running: its manifest cannot be read, and the answer says so.
    expect(unavailable.errors?.[0]?.extensions?.code).toBe('ADAPTER_MANIFEST_UNAVAILABLE');
    expect(unavailable.errors?.[0]?.message).toMatch(/provider_d_dropin_adapter could not say what it supports/);
    const commerce = await gql(AdapterStartPaymentDocument, { id: orderId, adapterId: 'commerce_adapter' });
    expect(commerce.errors?.[0]?.extensions?.code).toBe('ACTION_NOT_SUPPORTED');
    const unknown = await gql(AdapterStartPaymentDocument, { id: orderId, adapterId: 'nope' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('ADAPTER_NOT_FOUND');
  });

  it('lets the shopper choose the non-PSP method, and drop that payment again', async () => {
    const orderId = await newOrder();
    const started = await gql(AdapterStartPaymentDocument, { id: orderId, adapterId: 'nonpsp_adapter', method: 'pay-in-store' });
    expect(started.errors).toBeUndefined();
    expect(started.data?.startPayment.selectedPaymentMethod).toBe("pay-in-store");
    const paymentId = started.data!.startPayment.payment.id;
    const removed = await gql(AdapterRemovePaymentDocument, { id: orderId, p: paymentId });
    expect(removed.errors).toBeUndefined();
    expect(removed.data?.removePayment.payments).toEqual([{ id: paymentId, state: 'removed' }]);
    const again = await gql(AdapterStartPaymentDocument, { id: orderId, adapterId: 'nonpsp_adapter' });
    expect(again.data?.startPayment.payment).toMatchObject({ state: 'intent' });
    expect(again.data?.startPayment.payment.id).not.toBe(paymentId);
  });

  it("refuses another adapter's token: it starts, completes or removes no payment and creates no order (403)", async () => {
    const orderId = await newOrder();
    const started = await gql(AdapterStartPaymentDocument, { id: orderId, adapterId: 'nonpsp_adapter' });
    const paymentId = started.data!.startPayment.payment.id;
    const stranger = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'adapter', adapterId: 'giftcard_adapter' });
    const asStranger = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) => gql(document, variables, shop.tenant, stranger);
    const refusals = [
      await asStranger(AdapterCompletePaymentDocument, { id: orderId, p: paymentId }),
      await asStranger(AdapterRemovePaymentDocument, { id: orderId, p: paymentId }),
      await asStranger(AdapterStartPaymentDocument, { id: orderId, adapterId: 'nonpsp_adapter' }),
      await asStranger(AdapterCreateOrderFromBasketDocument, basket()),
    ];
    expect(refusals.map((body) => body.errors?.[0]?.extensions?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    const after = await gql(AdapterOrderPaymentsDocument, { id: orderId });
    expect(after.data?.order).toEqual({ status: 'checkout', payments: [{ id: paymentId, state: 'intent' }] });
  });

  it('answers CONFIGURATION_MISSING in a channel without configurations', async () => {
    const tenant = { merchant: 'm-adapter-subgraph-bare', channel: 'web' };
    const token = await system.token({ merchant: tenant.merchant, channels: ['web'], role: 'storefront' });
    const body = await gql(AdapterCreateOrderFromBasketDocument, { input: { cartReference: 'x', culture: 'nb-NO', currency: 'NOK' } }, tenant, token);
    expect(body.errors?.[0]).toMatchObject({ message: 'Configuration is missing for this channel.', extensions: { code: 'CONFIGURATION_MISSING' } });
  });
});
