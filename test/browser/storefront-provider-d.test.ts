import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { ensureStorefrontBuilt } from '../../web/storefront/server/storefront-build.js';
import { graphql } from '../harness/http.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from '../journey/journey-setup.js';
import { launchChromium, offlineContext, screenshot } from './chromium.js';

// Provider D's frontend in the storefront (src/payment-frontends/ProviderDDropin.tsx): the
// sandbox's drop-in script mounted with the adapter's create answer, its submit sent to the
// adapter's `transaction` through the storefront's server with the checkout token, a test card
// that authorises → the confirmation page with the order completed.

let system: TestSystem;
let browser: Browser;
let shop: Shop;

beforeAll(async () => {
  [system, browser] = await Promise.all([
    startTestSystem({ env: { STOREFRONT_MERCHANT: 'm-storefront-pd', STOREFRONT_CHANNEL: 'web' } }),
    launchChromium(),
    ensureStorefrontBuilt(),
  ]);
  shop = await openShop(system, 'm-storefront-pd');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.close();
});

describe("the storefront's provider D frontend", () => {
  it("renders the provider's drop-in and a test card authorises to the confirmation", async () => {
    const { context, blocked } = await offlineContext(browser);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${system.urls.storefront}/`);
    await page.locator('input').first().fill(shop.basketId);
    await page.getByRole('button', { name: 'Go to checkout' }).click();
    await page.waitForURL(/\/checkout\/[^/]+$/);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.locator('[data-testid="order-state"][data-status="checkout"] .live.on').waitFor();

    for (const [field, value] of Object.entries(BILLING)) await page.locator(`input[name="${field}"]`).fill(value);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByTestId('billing-saved').waitFor();
    await page.getByLabel('I accept the terms of purchase').click();
    await page.locator('input[name="terms"]:checked').waitFor();

    await page.locator('input[name="payment"][value="provider_d_dropin_adapter:"]').check();
    const dropin = page.getByTestId('provider-d-dropin').locator('form.dropin');
    await dropin.waitFor();
    await expect(dropin.locator('input[name="method"]').count()).resolves.toBeGreaterThan(0);
    await dropin.locator('input[name="card"]').fill('4111 1111 1111 1111');
    await screenshot(page, 'storefront-provider-d-dropin');
    await dropin.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/confirmation\/[^/]+$/);
    await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor();

    const token = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
    const read = await graphql(system.urls.gateway!, `query ($id: ID!) { order(id: $id) { status payments { adapterId amount state } } }`, { id: orderId }, { token, ...shop.tenant });
    const payments = read.body.data.order.payments.filter((payment: { state: string }) => payment.state !== 'removed');
    expect(read.body.data.order.status).toBe('completed');
    expect(payments).toEqual([{ adapterId: 'provider_d_dropin_adapter', amount: 249.9, state: 'reserved' }]);
    expect(problems).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  });
});
