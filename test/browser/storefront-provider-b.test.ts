import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { ensureStorefrontBuilt } from '../../web/storefront/server/storefront-build.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from '../journey/journey-setup.js';
import { launchChromium, offlineContext, screenshot } from './chromium.js';
import { amountBecomes, confirmationCompleted, fillInDetails, goToCheckout, readOrder } from './storefront-shopper.js';

// Provider B's frontend in the storefront (src/payment-frontends/ProviderBScript.tsx): the
// provider's script (`javascriptUrl`, the sandbox's /checkout.js) initialised with the purchase
// token renders the provider's checkout in an iframe. The shopper enters their details there and
// buys; the provider tells the adapter (its server callback), not the page, so the storefront
// follows the order (orderChanged) to the confirmation.

let system: TestSystem;
let browser: Browser;
let shop: Shop;

beforeAll(async () => {
  [system, browser] = await Promise.all([
    startTestSystem({ env: { STOREFRONT_MERCHANT: 'm-storefront-pb', STOREFRONT_CHANNEL: 'web' } }),
    launchChromium(),
    ensureStorefrontBuilt(),
  ]);
  shop = await openShop(system, 'm-storefront-pb');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.close();
});

describe("the storefront's provider B frontend", () => {
  it("renders the provider's script checkout; a purchase there leads to the confirmation", async () => {
    const { context, blocked } = await offlineContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1400, height: 1600 });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    const orderId = await goToCheckout(page, system.urls.storefront!, shop.basketId);
    await fillInDetails(page);
    await page.getByRole('radio', { name: /Standard parcel/ }).click();
    await page.locator('input[name="shipping"][value="standard"]:checked').waitFor();
    await amountBecomes(page, 'order-total', 298.9);

    await page.locator('input[name="payment"][value="provider_b_checkout_adapter:"]').check();
    const root = page.getByTestId('provider-b-checkout');
    const checkout = root.frameLocator('iframe');
    await checkout.getByRole('heading', { name: /Provider B checkout/ }).waitFor();
    await checkout.locator('#step', { hasText: 'Initiated' }).waitFor();
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

    await checkout.getByRole('button', { name: 'Save what I entered' }).click();
    await checkout.locator('#result', { hasText: /^200 .*ShopperDataEntered/s }).waitFor();
    await checkout.getByRole('button', { name: 'Buy' }).click();
    await confirmationCompleted(page);
    await screenshot(page, 'storefront-provider-b-confirmation');

    const order = await readOrder(system, shop, orderId);
    expect(order).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 298.9, payments: [{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'reserved' }] });
    expect(problems).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  }, 120_000);
});
