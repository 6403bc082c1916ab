import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoConfigurations } from '../app/demo/demo-data.js';
import {
  JourneyAddGiftCardDocument,
  JourneyCompletePaymentDocument,
  JourneySetBillingDocument,
  SfApiActivePaymentsDocument,
  SfApiCoveredDocument,
  SfApiCoveredPaidDueDocument,
  SfApiCreateCheckoutDocument,
  SfApiManagedShippingOptionsDocument,
  SfApiOrderLinesAndMoneyDocument,
  SfApiPaymentOptionIdsDocument,
  SfApiPaymentOptionsDocument,
  SfApiPaymentsAndShippingDocument,
  SfApiRemovePaymentDocument,
  SfApiSelectManagedShippingDocument,
  SfApiSelectShippingDocument,
  SfApiSetConsentsDocument,
  SfApiShippingOptionsDocument,
  SfApiStartInvoiceDocument,
  SfApiStartPaymentDocument,
  SfApiValidateCodesDocument,
  SfApiValidateDocument,
} from './generated/graphql.js';
import { dataOf, graphql, rest } from './harness/http.js';
import { eventually } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';
import { BILLING, newBasket, openShop, type Shop } from './journey/journey-setup.js';

// The storefront API (docs/storefront-api.md) as a browser uses it: with a checkout token, on
// its own order only — payment options before any payment, shipping choice, typed lines and
// money, a validateOrder that names everything that stops completion, consents.
let system: TestSystem;
let shop: Shop;
let mine: { orderId: string; token: string };
let otherOrderId: string;

type Document<TData, TVariables> = TypedDocumentNode<TData, TVariables>;
const gql = <TData, TVariables extends Record<string, unknown>>(token: string, document: Document<TData, TVariables>, variables: TVariables, tenant = shop.tenant) =>
  graphql(system.urls.gateway!, document, variables, { token, ...tenant });
/** A call on the shopper's own order: `id` is that order's. */
const shopper = <TData, TVariables extends { id: string | number }>(document: Document<TData, TVariables>, variables: NoInfer<Omit<TVariables, 'id'>>) =>
  gql(mine.token, document, { ...variables, id: mine.orderId } as TVariables);
const codeOf = (body: { errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }> }) => body.errors?.[0]?.extensions?.code;

async function createCheckout(target: Shop, basketId = target.basketId): Promise<{ orderId: string; token: string }> {
  const created = await gql(target.storefrontToken, SfApiCreateCheckoutDocument, { input: { cartReference: basketId, culture: 'nb-NO', currency: 'NOK' } }, target.tenant);
  expect(created.body.errors).toBeUndefined();
  const { order, checkoutToken } = dataOf(created).createCheckout;
  return { orderId: order.id, token: checkoutToken.token };
}

beforeAll(async () => {
  system = await startTestSystem();
  // Full control: the basket's delivery is the order's shipping (the demo channel runs managed mode).
  shop = await openShop(system, 'm-storefront', { commerce_adapter: { features: { shippingChangedHookEnabled: false } } });
  mine = await createCheckout(shop);
  otherOrderId = (await createCheckout(shop)).orderId;
});
afterAll(async () => {
  await system?.close();
});

describe('the order, typed for a storefront', () => {
  it('answers typed cart lines and money with its currency, VAT and the amount due', async () => {
    const read = await shopper(SfApiOrderLinesAndMoneyDocument, {});
    expect(read.body.errors).toBeUndefined();
    const { cart, amounts } = dataOf(read).order!;
    expect(cart.lines).toEqual([
      expect.objectContaining({ name: 'Running shoes', sku: 'SHOE-42', quantity: 2, vatRate: 0.25, unitPrice: { amount: 99.95, currency: 'NOK' }, total: { amount: 199.9, currency: 'NOK' }, totalExcludingVat: { amount: 159.92 }, vat: { amount: 39.98 } }),
      expect.objectContaining({ name: 'Socks', quantity: 1, total: { amount: 50, currency: 'NOK' } }),
    ]);
    expect(cart.lines[0]?.productUrl).toBe('https://shop.example/products/SHOE-42');
    expect(amounts).toEqual({
      currency: 'NOK',
      items: { amount: 249.9 },
      shipping: { amount: 0 },
      total: { amount: 249.9, currency: 'NOK' },
      totalExcludingVat: { amount: 199.92 },
      vat: { amount: 49.98 },
      covered: { amount: 0 },
      due: { amount: 249.9, currency: 'NOK' },
    });
  });
});

describe('payment options before any payment', () => {
  it('lists each configured payment and gift card adapter with the methods its configuration offers', async () => {
    const options = await shopper(SfApiPaymentOptionsDocument, {});
    expect(options.body.errors).toBeUndefined();
    const byId = Object.fromEntries(dataOf(options).paymentOptions.map((option) => [option.adapterId, option]));
    expect(Object.keys(byId).sort()).toEqual(['giftcard_adapter', 'nonpsp_adapter', 'provider_a_checkout_adapter', 'provider_b_checkout_adapter', 'provider_c_checkout_adapter', 'provider_d_dropin_adapter']);
    // Provider D (configured in the demo channel): its drop-in is the storefront's provider frontend.
    expect(byId.provider_d_dropin_adapter).toMatchObject({ kind: 'payment', frontend: 'PROVIDER', methods: [], activePaymentId: null });
    expect(byId.nonpsp_adapter).toMatchObject({
      kind: 'payment',
      frontend: 'NON_PSP',
      activePaymentId: null,
      methods: [
        { identifier: 'invoice', name: 'Invoice' },
        { identifier: 'pay-in-store', name: 'Pay in store' },
      ],
    });
    expect(byId.giftcard_adapter).toMatchObject({ kind: 'giftcard', frontend: 'GIFT_CARD', methods: [] });
  });

  it('another order of the channel is not found with this token', async () => {
    const other = await gql(mine.token, SfApiPaymentOptionIdsDocument, { id: otherOrderId });
    expect(codeOf(other.body)).toBe('ORDER_NOT_FOUND');
  });
});

describe('shipping (full-control mode: the commerce platform delivery methods)', () => {
  it('offers the platform methods except the external one, none chosen yet', async () => {
    const listed = await shopper(SfApiShippingOptionsDocument, {});
    expect(listed.body.errors).toBeUndefined();
    expect(dataOf(listed).shippingOptions).toEqual({
      mode: 'FULL_CONTROL',
      source: 'COMMERCE_PLATFORM',
      options: [
        { id: '1', name: 'Standard parcel', price: { amount: 49, currency: 'NOK' }, priceExcludingVat: { amount: 39.2 }, vatRate: 0.25, selected: false },
        { id: '2', name: 'Pick-up in store', price: { amount: 0, currency: 'NOK' }, priceExcludingVat: { amount: 0 }, vatRate: 0.25, selected: false },
      ],
    });
  });

  it('choosing one puts it on the basket and the order: shipping, total and due follow', async () => {
    const chosen = await shopper(SfApiSelectShippingDocument, { option: '1' });
    expect(chosen.body.errors).toBeUndefined();
    expect(dataOf(chosen).selectShippingOption.shippings).toEqual([{ name: 'Standard parcel', total: { includingVat: 49 } }]);
    expect(dataOf(chosen).selectShippingOption.amounts).toEqual({ shipping: { amount: 49 }, total: { amount: 298.9 }, due: { amount: 298.9 } });
    const listed = await shopper(SfApiShippingOptionsDocument, {});
    expect(dataOf(listed).shippingOptions.options.map((option) => option.selected)).toEqual([true, false]);
    const basket = await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/baskets/${shop.basketId}`);
    expect(basket.body.delivery.deliveryMethodId).toBe(1);
  });

  it('an unknown option is a stable code naming the ones there are', async () => {
    const refused = await shopper(SfApiSelectShippingDocument, { option: '128' });
    expect(codeOf(refused.body)).toBe('SHIPPING_OPTION_UNKNOWN');
    expect(refused.body.errors?.[0]?.extensions?.details).toEqual({ optionIds: ['1', '2'] });
  });
});

describe('validateOrder tells everything that stops completion', () => {
  it('a missing billing address and the missing payment, together, before anything is vetoed', async () => {
    const checked = await shopper(SfApiValidateDocument, {});
    expect(checked.body.errors).toBeUndefined();
    const { valid, failures } = dataOf(checked).validateOrder;
    expect(valid).toBe(false);
    expect(failures.map((failure) => failure.code).sort()).toEqual(['customer_incomplete', 'payment_missing', 'payment_sum_mismatch']);
    expect(failures.find((failure) => failure.code === 'customer_incomplete')).toMatchObject({ adapterId: 'commerce_adapter' });
  });

  it('consents are the shopper’s to set; with billing and payments in place the order is valid and completes', async () => {
    const consents = await shopper(SfApiSetConsentsDocument, { consents: { terms: true, newsletter: false } });
    expect(dataOf(consents).setConsents.consents).toEqual({ terms: true, newsletter: false });
    expect((await shopper(JourneySetBillingDocument, { a: BILLING })).body.errors).toBeUndefined();
    const card = await shopper(JourneyAddGiftCardDocument, { card: shop.cardId });
    expect(card.body.errors).toBeUndefined();
    const started = await shopper(SfApiStartInvoiceDocument, {});
    const paymentId = dataOf(started).startPayment.payment!.id;
    await eventually(async () => {
      const read = await shopper(SfApiCoveredDocument, {});
      return dataOf(read).order?.amounts.covered.amount === 298.9;
    });
    // The invoice covers the rest but is not paid yet: only the gift card lowers what is due.
    const amounts = await shopper(SfApiCoveredPaidDueDocument, {});
    expect(dataOf(amounts).order?.amounts).toEqual({ covered: { amount: 298.9 }, paid: { amount: 100 }, due: { amount: 198.9 } });
    const options = await shopper(SfApiActivePaymentsDocument, {});
    expect(dataOf(options).paymentOptions).toContainEqual({ adapterId: 'nonpsp_adapter', activePaymentId: paymentId });
    const checked = await shopper(SfApiValidateCodesDocument, {});
    expect(dataOf(checked).validateOrder).toEqual({ valid: true, failures: [] });
    const completed = await shopper(JourneyCompletePaymentDocument, { p: paymentId });
    expect(completed.body.errors).toBeUndefined();
    expect(dataOf(completed).completePayment.status).toBe('completed');
  });
});

describe('shipping in managed mode: the configuration', () => {
  it('offers the configured options; the chosen one becomes the order shipping and the basket external delivery', async () => {
    const managed = await openShop(system, 'm-managed');
    const commerce = demoConfigurations(system.config).commerce_adapter as Record<string, unknown>;
    const document = {
      ...commerce,
      features: { shippingChangedHookEnabled: true },
      shippingOptions: [
        { id: 'home', name: 'Home delivery', price: 9900, taxRate: 2500 },
        { id: 'locker', name: 'Parcel locker', description: 'Nearest locker', price: 4900 },
      ],
    };
    const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/m-managed/channels/web/configurations/commerce_adapter`, { token: managed.adminToken, ...managed.tenant, body: document });
    expect(put.status).toBeLessThan(300);
    const order = await createCheckout(managed);
    const listed = await gql(order.token, SfApiManagedShippingOptionsDocument, { id: order.orderId }, managed.tenant);
    expect(dataOf(listed).shippingOptions).toEqual({
      mode: 'MANAGED',
      source: 'CONFIGURATION',
      options: [
        { id: 'home', description: null, price: { amount: 99 }, priceExcludingVat: { amount: 79.2 }, vatRate: 0.25, selected: false },
        { id: 'locker', description: 'Nearest locker', price: { amount: 49 }, priceExcludingVat: { amount: 39.2 }, vatRate: 0.25, selected: false },
      ],
    });
    const chosen = await gql(order.token, SfApiSelectManagedShippingDocument, { id: order.orderId, option: 'locker' }, managed.tenant);
    expect(chosen.body.errors).toBeUndefined();
    expect(dataOf(chosen).selectShippingOption).toEqual({ shippings: [{ id: 'locker', name: 'Parcel locker' }], amounts: { total: { amount: 298.9 } } });
    const basket = await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/baskets/${managed.basketId}`);
    expect(basket.body.delivery).toMatchObject({ deliveryMethodId: 128, name: 'Parcel locker', price: { includingVat: 49 } });
  });
});

describe('starting a payment again, or another way to pay (resume and supersede)', () => {
  const D = 'provider_d_dropin_adapter';
  const A = 'provider_a_checkout_adapter';
  const NONPSP = 'nonpsp_adapter';
  /** A new basket's checkout and what its shopper does with it. */
  async function checkout() {
    const own = await createCheckout(shop, await newBasket(system));
    const as = <TData, TVariables extends { id: string | number }>(document: Document<TData, TVariables>, variables: NoInfer<Omit<TVariables, 'id'>>) => gql(own.token, document, { ...variables, id: own.orderId } as TVariables);
    const start = async (adapterId: string, method?: string) => {
      const started = await as(SfApiStartPaymentDocument, { adapterId, method: method ?? null });
      expect(started.body.errors).toBeUndefined();
      return dataOf(started).startPayment;
    };
    const order = async () => dataOf(await as(SfApiPaymentsAndShippingDocument, {})).order!;
    /** The payments still standing, once their amounts have followed (amountChanged comes after the commit). */
    const standing = async (expected: Array<[string, number]>) => {
      let last: unknown;
      await eventually(async () => {
        last = (await order()).payments.filter((payment) => payment.state !== 'removed' && payment.state !== 'failed').map((payment) => [payment.adapterId, payment.amount]).sort();
        return JSON.stringify(last) === JSON.stringify([...expected].sort());
      }).catch(() => expect(last).toEqual([...expected].sort()));
    };
    return { ...own, as, start, order, standing };
  }

  it("resumes the adapter's open payment: starting it again answers its session, not ACTIVE_PAYMENT_EXISTS", async () => {
    const mineNow = await checkout();
    const first = await mineNow.start(D);
    const again = await mineNow.start(D);
    expect(again.payment.id).toBe(first.payment.id);
    // The same PaymentSession shape as the create's: what the drop-in needs, read again at the provider.
    expect(again.data).toMatchObject({ paymentId: first.payment.id, clientKey: expect.any(String), paymentMethodsResponse: { paymentMethods: expect.any(Array) } });
    expect((await mineNow.order()).payments).toEqual([{ id: first.payment.id, adapterId: D, state: 'intent', amount: 249.9 }]);
    const options = await mineNow.as(SfApiActivePaymentsDocument, {});
    expect(dataOf(options).paymentOptions).toContainEqual({ adapterId: D, activePaymentId: first.payment.id });
  });

  it("another adapter supersedes the open payment: it is removed and the new one covers the total; back again, a new payment", async () => {
    const mineNow = await checkout();
    const card = await mineNow.start(D);
    const invoice = await mineNow.start(NONPSP, 'invoice');
    expect(invoice.payment).toMatchObject({ amount: 249.9, state: 'intent' });
    const afterInvoice = (await mineNow.order()).payments;
    expect(afterInvoice.find((payment) => payment.id === card.payment.id)?.state).toBe('removed');
    await mineNow.standing([[NONPSP, 249.9]]);
    const back = await mineNow.start(D);
    expect(back.payment.id).not.toBe(card.payment.id);
    expect(back.payment).toMatchObject({ amount: 249.9, state: 'intent' });
    expect((await mineNow.order()).payments.find((payment) => payment.id === invoice.payment.id)?.state).toBe('removed');
    await mineNow.standing([[D, 249.9]]);
    // The spec's REST create still refuses a second intent of the adapter: only the storefront's door resumes.
    const second = await rest(system.urls[D]!, 'POST', `/api/checkout/v1/${mineNow.orderId}/payments`, { token: mineNow.token, ...shop.tenant, body: {} });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'active_payment_exists', details: { paymentId: back.payment.id } });
  });

  it('another method of the same adapter replaces its open payment cleanly', async () => {
    const mineNow = await checkout();
    const invoice = await mineNow.start(NONPSP, 'invoice');
    expect((await mineNow.start(NONPSP, 'invoice')).payment.id).toBe(invoice.payment.id);
    const store = await mineNow.start(NONPSP, 'pay-in-store');
    expect(store.selectedPaymentMethod).toBe('pay-in-store');
    expect(store.payment.id).not.toBe(invoice.payment.id);
    const payments = (await mineNow.order()).payments;
    expect(payments.map((payment) => [payment.id, payment.state])).toEqual([
      [invoice.payment.id, 'removed'],
      [store.payment.id, 'intent'],
    ]);
  });

  it('a gift card is never superseded: the new payment covers the rest', async () => {
    const mineNow = await checkout();
    const cardId = `CARD-SUPERSEDE-${mineNow.orderId}`;
    expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 100, currency: 'NOK' } })).status).toBe(201);
    expect((await mineNow.as(JourneyAddGiftCardDocument, { card: cardId })).body.errors).toBeUndefined();
    await mineNow.start(D);
    const invoice = await mineNow.start(NONPSP, 'invoice');
    expect(invoice.payment.amount).toBe(149.9);
    await mineNow.standing([
      ['giftcard_adapter', 100],
      [NONPSP, 149.9],
    ]);
  });

  it("a delivery the provider's checkout chose gives way to the shop's choice when the shopper pays another way", async () => {
    const mineNow = await checkout();
    expect((await mineNow.as(SfApiSelectShippingDocument, { option: '1' })).body.errors).toBeUndefined();
    // Provider A's shipping assistant: its payment starts with its preselected delivery as the order's.
    await mineNow.start(A);
    expect((await mineNow.order()).shippings).toEqual([expect.objectContaining({ name: 'Post', adapterId: A })]);
    await mineNow.start(NONPSP, 'invoice');
    const after = await mineNow.order();
    expect(after.shippings).toEqual([expect.objectContaining({ name: 'Standard parcel', adapterId: 'commerce_adapter' })]);
    expect(after.payments.find((payment) => payment.adapterId === A)?.state).toBe('removed');
    await mineNow.standing([[NONPSP, 298.9]]);
  });

  it("removePayment of a provider's payment: removed, and a delivery chosen at the provider gives way to the shop's", async () => {
    const mineNow = await checkout();
    expect((await mineNow.as(SfApiSelectShippingDocument, { option: '1' })).body.errors).toBeUndefined();
    const started = await mineNow.start(A);
    const removed = await mineNow.as(SfApiRemovePaymentDocument, { paymentId: started.payment.id });
    expect(removed.body.errors).toBeUndefined();
    expect(dataOf(removed).removePayment.payments).toEqual([{ id: started.payment.id, state: 'removed' }]);
    expect((await mineNow.order()).shippings).toEqual([expect.objectContaining({ name: 'Standard parcel', adapterId: 'commerce_adapter' })]);
  });
});
