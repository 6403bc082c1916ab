import { describe, expect, it } from '@jest/globals';
import type { FrameLocator, Page } from 'playwright-core';
import { graphql, dataOf, rest } from '../harness/http.js';
import { OrderShippingsDocument } from '../generated/graphql.js';
import { BILLING, newBasket } from '../journey/journey-setup.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, confirmationCompleted, fillInDetails, goToCheckout, pageShowsOrderAsStored, readOrder } from './storefront-shopper.js';

// Provider B's frontend in the storefront (adapters/provider-b/frontend/provider-b.frontend.ts): the
// provider's script (`javascriptUrl`, the sandbox's /checkout.js) initialised with the purchase
// token renders the provider's checkout in an iframe. The shopper enters their details there and
// buys; the provider tells the adapter (its server callback), not the page, so the storefront
// follows the order (orderChanged) to the confirmation. The script's callbacks reach the adapter
// through the storefront's relay: a shipping option chosen in the provider's form becomes the
// order's shipping (its total follows, live), beforeSubmit validates and processes; a declined
// purchase is said in words and another way to pay completes the order; a submit the shop refuses
// is stopped with the reason in words and can be made again.

const suite = useBrowserTest({ shop: 'm-storefront-pb', storefront: true });

describe("the storefront's provider B frontend", () => {
  it("renders the provider's script checkout; a purchase there leads to the confirmation", async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage({ viewport: { width: 1400, height: 1600 } });

    const orderId = await goToCheckout(page, system.urls.storefront!, shop.basketId);
    await fillInDetails(page);
    await chooseStandardParcel(page);

    await page.locator('input[name="payment"][value="provider_b_checkout_adapter:"]').check();
    const root = page.getByTestId('provider-b-checkout');
    const checkout = root.frameLocator('iframe');
    await checkout.getByRole('heading', { name: /Provider B checkout/ }).waitFor();
    await checkout.locator('#step', { hasText: 'Initiated' }).waitFor();
    // The provider's payment is started (intent, holding the whole total) but nothing is paid:
    // once the page shows the order with it, the whole total is still to pay.
    const started = await readOrder(system, shop, orderId);
    expect(started.payments).toEqual([{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'intent' }]);
    await pageShowsOrderAsStored(page, system, shop, orderId);
    await amountBecomes(page, 'amount-paid', 0);
    await amountBecomes(page, 'amount-due', 298.9);

    await checkout.getByLabel('E-mail').fill(BILLING.email);
    await checkout.getByLabel('Phone').fill(BILLING.phone);
    await checkout.getByLabel('Given name').fill(BILLING.givenName);
    await checkout.getByLabel('Family name').fill(BILLING.familyName);
    await checkout.getByLabel('Street').fill(BILLING.streetAddress);
    await checkout.getByLabel('Postal code').fill(BILLING.postalCode);
    await checkout.getByLabel('City').fill(BILLING.city);
    await checkout.getByLabel('Payment method').selectOption('Invoice');
    await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'storefront-provider-b-checkout');

    // Buy buys with what the form holds: no Save first.
    await checkout.getByRole('button', { name: 'Buy' }).click();
    await confirmationCompleted(page);
    await screenshot(page, 'storefront-provider-b-confirmation');

    const order = await readOrder(system, shop, orderId);
    expect(order).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 298.9, payments: [{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'reserved' }] });
    // The purchase holds what the shopper typed in the provider's checkout.
    const purchases = (await rest(system.urls.provider_b_sandbox!, 'GET', '/api/sandbox/purchases')).body.purchases as Array<{ merchantReference: string; currentStep: string; customer: { email: string }; deliveryAddress: { city: string }; paymentMethod: string }>;
    expect(purchases.filter((purchase) => purchase.merchantReference === orderId.replace(/-/g, '').slice(0, 20))).toEqual([
      expect.objectContaining({ currentStep: 'Completed', customer: expect.objectContaining({ email: BILLING.email }), deliveryAddress: expect.objectContaining({ city: BILLING.city }), paymentMethod: 'Invoice' }),
    ]);
    await finish();
  }, 120_000);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`a shipping option chosen in the provider's form: the order's shipping and total follow, and the order completes with it (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);
      await amountBecomes(page, 'order-total', 249.9);

      const checkout = await openProviderB(page);
      await enterShopper(checkout);
      await checkout.getByLabel('Shipping').selectOption('postal');
      // The order's shipping and total follow, live; the provider's form is refreshed to the purchase's new total.
      await amountBecomes(page, 'order-total', 298.9);
      await checkout.locator('#total', { hasText: /^298\.9$/ }).waitFor();
      await checkout.getByLabel('Payment method').selectOption('Invoice');
      await screenshot(page, `storefront-provider-b-shipping-${viewport.width}`);

      await checkout.getByRole('button', { name: 'Buy' }).click();
      await confirmationCompleted(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      expect(await readOrder(system, shop, orderId)).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 298.9, payments: [{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'reserved' }] });
      expect(await shippingsOf(orderId)).toEqual([{ name: 'Postal', total: { includingVat: 49 } }]);
      await finish();
    }, 120_000);

    it(`a declined purchase is said in words, and Invoice then completes the order with the shop's delivery again (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);
      await chooseStandardParcel(page);

      const checkout = await openProviderB(page);
      await enterShopper(checkout);
      // A pick-up point chosen in the provider's form replaces the shop's parcel while provider B is paying.
      await checkout.getByLabel('Shipping').selectOption('pickup');
      await amountBecomes(page, 'order-total', 249.9);
      await page.getByTestId('shipping-elsewhere').filter({ hasText: 'Pick-up point' }).waitFor();
      await checkout.getByRole('button', { name: 'Decline' }).click();
      const refused = page.getByTestId('payment-refused');
      await refused.waitFor();
      expect(await refused.textContent()).toBe('The payment was declined. Choose another way to pay.');
      // The provider's form says it in words too, never the API's JSON.
      const said = checkout.locator('#result', { hasText: 'declined' });
      await said.waitFor();
      expect(await said.textContent()).not.toMatch(/[{}]|\b\d{3}\b/);
      // The adapter failed the payment and the order is back in checkout, where another way to pay is taken.
      await page.locator('[data-testid="order-state"][data-status="checkout"]').waitFor();
      await screenshot(page, `storefront-provider-b-declined-${viewport.width}`);

      await page.getByRole('radio', { name: /Invoice/ }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await confirmationCompleted(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Paying another way, the delivery is the shop's choice again (the standard parcel), not the provider's pick-up point.
      const order = await readOrder(system, shop, orderId);
      expect(order).toMatchObject({ status: 'completed', total: 298.9 });
      expect(await shippingsOf(orderId)).toEqual([{ name: 'Standard parcel', total: { includingVat: 49 } }]);
      expect(order.payments.map((payment) => [payment.adapterId, payment.amount, payment.state]).sort()).toEqual([
        ['nonpsp_adapter', 298.9, 'reserved'],
        ['provider_b_checkout_adapter', 249.9, 'failed'],
      ]);
      await finish();
    }, 120_000);
  }
});

describe("the storefront's provider B frontend when the shop refuses the submit", () => {
  it('beforeSubmit refused by validate: the reason in words, the purchase stays open, and a corrected form completes', async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
    const checkout = await openProviderB(page);
    // Only an e-mail and a postal code: the order's billing address (copied from the provider) is incomplete.
    await checkout.getByLabel('E-mail').fill(BILLING.email);
    await checkout.getByLabel('Postal code').fill(BILLING.postalCode);
    await checkout.getByRole('button', { name: 'Buy' }).click();
    const refused = page.getByTestId('payment-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Fill in your billing address.');
    await checkout.locator('#result', { hasText: 'The shop did not let the purchase go on' }).waitFor();
    await checkout.locator('#buy:enabled').waitFor();
    const open = (await rest(system.urls.provider_b_sandbox!, 'GET', '/api/sandbox/purchases')).body.purchases.filter((purchase: { merchantReference: string }) => purchase.merchantReference === orderId.replace(/-/g, '').slice(0, 20));
    expect(open).toEqual([expect.objectContaining({ currentStep: 'ShopperDataEntered' })]);
    expect((await readOrder(system, shop, orderId)).status).toBe('checkout');

    await enterShopper(checkout);
    await checkout.getByRole('button', { name: 'Buy' }).click();
    await confirmationCompleted(page);
    expect(await readOrder(system, shop, orderId)).toMatchObject({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, payments: [{ adapterId: 'provider_b_checkout_adapter', state: 'reserved' }] });
    await finish();
  }, 120_000);
});

/** Provider B picked in the storefront: its checkout's frame, once it shows the new purchase. */
async function openProviderB(page: Page): Promise<FrameLocator> {
  await page.locator('input[name="payment"][value="provider_b_checkout_adapter:"]').check();
  const checkout = page.getByTestId('provider-b-checkout').frameLocator('iframe');
  await checkout.locator('#step', { hasText: 'Initiated' }).waitFor();
  return checkout;
}

/** What the shopper types in the provider's form (BILLING). */
async function enterShopper(checkout: FrameLocator): Promise<void> {
  await checkout.getByLabel('E-mail').fill(BILLING.email);
  await checkout.getByLabel('Phone').fill(BILLING.phone);
  await checkout.getByLabel('Given name').fill(BILLING.givenName);
  await checkout.getByLabel('Family name').fill(BILLING.familyName);
  await checkout.getByLabel('Street').fill(BILLING.streetAddress);
  await checkout.getByLabel('Postal code').fill(BILLING.postalCode);
  await checkout.getByLabel('City').fill(BILLING.city);
}

/** The order's shippings as the back office reads them through GraphQL. */
async function shippingsOf(orderId: string): Promise<unknown> {
  const { system, shop } = suite;
  const token = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'admin' });
  const read = await graphql(system.urls.gateway!, OrderShippingsDocument, { id: orderId }, { token, ...shop.tenant });
  return dataOf(read).order!.shippings;
}
