import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { ensureStorefrontBuilt } from '../../web/storefront/server/storefront-build.js';
import { graphql } from '../harness/http.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from '../journey/journey-setup.js';
import { launchChromium, offlineContext, screenshot } from './chromium.js';

// A shopper in Chromium: a demo basket from the commerce sandbox → the storefront's checkout page
// (lines, totals, billing address, shipping, a gift card, a non-PSP method) → the confirmation,
// the order's state following live over orderChanged. The page is on its own origin and calls the
// gateway with the order's checkout token (CORS), reaching nothing outside this machine.

let system: TestSystem;
let browser: Browser;
let shop: Shop;

beforeAll(async () => {
  [system, browser] = await Promise.all([
    startTestSystem({ env: { STOREFRONT_MERCHANT: 'm-storefront-ui', STOREFRONT_CHANNEL: 'web' } }),
    launchChromium(),
    // Built once here (reused while the sources are unchanged), so the page test does not wait on it.
    ensureStorefrontBuilt(),
  ]);
  shop = await openShop(system, 'm-storefront-ui');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.close();
});

const amountOf = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-amount'));
/** Waits until an amount shown on the page is the one expected (it follows the order live). */
const amountBecomes = (page: Page, testId: string, amount: number) =>
  page.waitForFunction(([id, value]) => (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-amount') === String(value), [testId, amount] as const);

describe('the storefront', () => {
  it('a shopper pays with a gift card and an invoice and sees the confirmation', async () => {
    const { context, blocked } = await offlineContext(browser);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${system.urls.storefront}/`);
    await page.getByRole('button', { name: 'New demo basket' }).click();
    const cardId = (await page.getByTestId('demo-gift-card').locator('code').textContent())!;
    expect(cardId).toMatch(/^GIFT-/);
    await screenshot(page, 'storefront-1-basket');

    await page.getByRole('button', { name: 'Go to checkout' }).click();
    await page.waitForURL(/\/checkout\/[^/]+$/);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.locator('[data-testid="order-state"][data-status="checkout"] .live.on').waitFor();
    await expect(page.getByTestId('cart-line').count()).resolves.toBe(2);
    expect(await amountOf(page, 'order-total')).toBe(249.9);

    for (const [field, value] of Object.entries(BILLING)) await page.locator(`input[name="${field}"]`).fill(value);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByTestId('billing-saved').waitFor();
    // Both are the order's (consents, shipping): they show checked once the gateway has answered.
    await page.getByLabel('I accept the terms of purchase').click();
    await page.locator('input[name="terms"]:checked').waitFor();

    await page.getByRole('radio', { name: /Standard parcel/ }).click();
    await amountBecomes(page, 'order-total', 298.9);
    await page.locator('input[name="shipping"][value="standard"]:checked').waitFor();

    await page.locator('input[name="giftCardId"]').fill(cardId);
    await page.getByRole('button', { name: 'Add gift card' }).click();
    await page.getByTestId('gift-card-payment').waitFor();
    await amountBecomes(page, 'amount-due', 198.9);

    await page.getByRole('radio', { name: /Invoice/ }).check();
    // The lines' images come from the commerce sandbox (no internet needed): each one loaded.
    const images = page.locator('td.thumb img');
    await images.first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('td.thumb img')].every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 15_000 });
    expect(await images.count()).toBe(2);
    await page.setViewportSize({ width: 1400, height: 1250 });
    await screenshot(page, 'storefront-2-checkout');
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/confirmation\/[^/]+$/);
    await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor();
    await page.getByTestId('confirmation-title').waitFor();
    await screenshot(page, 'storefront-3-confirmation');

    // What the page showed is what the platform holds.
    const token = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
    const read = await graphql(system.urls.gateway!, `query ($id: ID!) { order(id: $id) { status total { includingVat } shippings { name } consents payments { adapterId amount state } } }`, { id: orderId }, { token, ...shop.tenant });
    const order = read.body.data.order;
    expect(order).toMatchObject({ status: 'completed', total: { includingVat: 298.9 }, shippings: [{ name: 'Standard parcel' }], consents: { terms: true } });
    const paid = order.payments.filter((payment: { state: string }) => payment.state !== 'removed').map((payment: { adapterId: string; amount: number }) => [payment.adapterId, payment.amount]);
    expect(paid.sort()).toEqual([['giftcard_adapter', 100], ['nonpsp_adapter', 198.9]]);
    expect(problems).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  });
});
