import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { graphql, dataOf } from '../harness/http.js';
import { OrderOutcomeDocument } from '../generated/graphql.js';
import { reactBuild, useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, fillInDetails } from './storefront-shopper.js';

// A shopper in Chromium: a demo basket from the commerce sandbox → the storefront's checkout page
// (lines, totals, billing address, shipping, a gift card, a non-PSP method) → the confirmation,
// the order's state following live over orderChanged. The page is on its own origin and calls the
// gateway with the order's checkout token (CORS), reaching nothing outside this machine.

const suite = useBrowserTest({ shop: 'm-storefront-ui', storefront: true });

const amountOf = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-amount'));

describe('the storefront', () => {
  it('a shopper pays with a gift card and an invoice and sees the confirmation', async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage();

    await page.goto(`${system.urls.storefront}/`);
    await page.getByRole('button', { name: 'New demo basket' }).click();
    const cardId = (await page.getByTestId('demo-gift-card').locator('code').textContent())!;
    expect(cardId).toMatch(/^GIFT-/);
    await screenshot(page, 'storefront-1-basket');
    // Built for production, also under jest (NODE_ENV=test): React's production build, no StrictMode replays.
    expect(await reactBuild(page)).toBe('production');

    await page.getByRole('button', { name: 'Go to checkout' }).click();
    await page.waitForURL(/\/checkout\/[^/]+$/);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.locator('[data-testid="order-state"][data-status="checkout"] .live.on').waitFor();
    await expect(page.getByTestId('cart-line').count()).resolves.toBe(2);
    expect(await amountOf(page, 'order-total')).toBe(249.9);

    // The billing address and the terms, then shipping: each the order's, shown once the gateway has answered.
    await fillInDetails(page);
    await chooseStandardParcel(page);

    await page.locator('input[name="giftCardId"]').fill(cardId);
    await page.getByRole('button', { name: 'Add gift card' }).click();
    await page.getByTestId('gift-card-payment').waitFor();
    await amountBecomes(page, 'amount-due', 198.9);
    await amountBecomes(page, 'amount-paid', 100);

    await page.getByRole('radio', { name: /Invoice/ }).check();
    // The lines' images come from the commerce sandbox (no internet needed): each one loaded.
    const images = page.getByTestId('line-image');
    await images.first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="line-image"]')].every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 15_000 });
    expect(await images.count()).toBe(2);
    await page.setViewportSize({ width: 1400, height: 1250 });
    await screenshot(page, 'storefront-2-checkout');
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/confirmation\/[^/]+$/);
    await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor();
    await page.getByTestId('confirmation-title').waitFor();
    // Settled once the order is completed: the gift card paid, the rest to pay by invoice (a promise, not money taken), nothing awaited.
    await amountBecomes(page, 'confirmation-paid', 100);
    await amountBecomes(page, 'confirmation-to-pay-later', 198.9);
    expect(await page.getByText('To pay by invoice', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('confirmation-due').count()).toBe(0);
    await screenshot(page, 'storefront-3-confirmation');

    // What the page showed is what the platform holds.
    const token = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
    const read = await graphql(system.urls.gateway!, OrderOutcomeDocument, { id: orderId }, { token, ...shop.tenant });
    const order = dataOf(read).order!;
    expect(order).toMatchObject({ status: 'completed', total: { includingVat: 298.9 }, shippings: [{ name: 'Standard parcel' }], consents: { terms: true } });
    const paid = order.payments.filter((payment) => payment.state !== 'removed').map((payment) => [payment.adapterId, payment.amount]);
    expect(paid.sort()).toEqual([['giftcard_adapter', 100], ['nonpsp_adapter', 198.9]]);
    await finish();
  });
});
