import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { ensureStorefrontBuilt } from '../../web/storefront/server/storefront-build.js';
import { graphql, rest } from '../harness/http.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from '../journey/journey-setup.js';
import { launchChromium, offlineContext, screenshot } from './chromium.js';

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
  expect(settings.status).toBe(200);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.close();
});

describe("the storefront's provider A frontend", () => {
  it('renders the hosted snippet and a purchase there leads to the confirmation', async () => {
    const { context, blocked } = await offlineContext(browser);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (m) => console.log('console', m.type(), m.text()));
    page.on('framenavigated', (f) => console.log('nav', f.url()));

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
    await page.setViewportSize({ width: 1400, height: 1400 });
    await screenshot(page, 'storefront-provider-a-0');

    await page.locator('input[name="payment"][value="provider_a_checkout_adapter:"]').check();
    const frame = page.getByTestId('provider-a-snippet').frameLocator('iframe');
    await frame.getByRole('button', { name: 'Buy' }).waitFor();
    await screenshot(page, 'storefront-provider-a-snippet');
    await frame.getByRole('button', { name: 'Buy' }).click();

    await page.waitForURL(/\/confirmation\/[^/]+$/, { timeout: 30_000 }).catch(async (e) => { await screenshot(page, 'storefront-provider-a-fail'); console.log(blocked, problems); throw e; });
    await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor();
    await screenshot(page, 'storefront-provider-a-confirmation');

    const token = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
    const read = await graphql(system.urls.gateway!, `query ($id: ID!) { order(id: $id) { status payments { adapterId amount state } } }`, { id: orderId }, { token, ...shop.tenant });
    console.log(JSON.stringify(read.body));
    expect(problems).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  }, 120_000);
});
