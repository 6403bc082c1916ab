import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { ensureStorefrontBuilt } from '../../web/storefront/server/storefront-build.js';
import { rest } from '../harness/http.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from '../journey/journey-setup.js';
import { launchChromium, offlineContext, screenshot } from './chromium.js';
import { amountBecomes, confirmationCompleted, fillInDetails, goToCheckout, readOrder } from './storefront-shopper.js';

// Provider A's frontend in the storefront (src/payment-frontends/ProviderASnippet.tsx): the
// adapter's HTML snippet placed in the page, i.e. the sandbox's hosted page in an iframe. The
// shopper picks Express there (the provider's shipping assistant calls the adapter back, and the
// storefront's total follows live) with the billing address given to the storefront already
// filled in, buys, and the storefront shows the confirmation with the
// order completed. The provider's push comes a moment later (pushDelayMs set short: the
// sandbox's two minutes are the real provider's).

let system: TestSystem;
let browser: Browser;
let shop: Shop;

beforeAll(async () => {
  [system, browser] = await Promise.all([
    startTestSystem({ env: { STOREFRONT_MERCHANT: 'm-storefront-pa', STOREFRONT_CHANNEL: 'web' } }),
    launchChromium(),
    ensureStorefrontBuilt(),
  ]);
  shop = await openShop(system, 'm-storefront-pa');
  const settings = await rest(system.urls.provider_a_sandbox!, 'PUT', '/api/sandbox/settings', { body: { pushDelayMs: 50 } });
  if (settings.status !== 200) throw new Error(`provider A settings: ${JSON.stringify(settings.body)}`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.close();
});

describe("the storefront's provider A frontend", () => {
  it("renders the provider's hosted snippet; a purchase there (Express shipping) leads to the confirmation", async () => {
    const { context, blocked } = await offlineContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1400, height: 1600 });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    const orderId = await goToCheckout(page, system.urls.storefront!, shop.basketId);
    await fillInDetails(page);

    await page.locator('input[name="payment"][value="provider_a_checkout_adapter:"]').check();
    const snippet = page.getByTestId('provider-a-snippet');
    const hosted = snippet.frameLocator('iframe');
    // The adapter sends the provider its shipping options; Post is preselected (49).
    await hosted.locator('input[name="shipping"][value="post"]:checked').waitFor();
    // The hosted page starts from what the shopper gave the storefront, and is sized to its content.
    await expect(hosted.getByLabel('Given name').inputValue()).resolves.toBe(BILLING.givenName);
    await expect(hosted.getByLabel('City').inputValue()).resolves.toBe(BILLING.city);
    await snippet.locator('iframe[style*=" height:"]').waitFor();
    await amountBecomes(page, 'order-total', 298.9);

    await hosted.getByLabel(/Express/).check();
    // The hosted page reloads with the adapter's new amounts; the storefront's total follows live.
    await hosted.locator('#total', { hasText: '348.90 NOK' }).waitFor();
    await hosted.locator('input[name="shipping"][value="express"]:checked').waitFor();
    await amountBecomes(page, 'order-total', 348.9);
    await page.getByTestId('shipping-elsewhere').filter({ hasText: 'Express' }).waitFor();
    await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'storefront-provider-a-snippet');

    await hosted.getByRole('button', { name: 'Buy' }).click();
    await confirmationCompleted(page);
    await screenshot(page, 'storefront-provider-a-confirmation');

    const order = await readOrder(system, shop, orderId);
    expect(order).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 348.9, payments: [{ adapterId: 'provider_a_checkout_adapter', amount: 348.9, state: 'reserved' }] });
    expect(problems).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  }, 120_000);
});
