import { beforeAll, describe, expect, it } from '@jest/globals';
import { graphql, dataOf } from '../harness/http.js';
import { OrderOutcomeDocument } from '../generated/graphql.js';
import { ensureExampleBuilt } from '../../web/storefront/server/storefront-build.js';
import { reactBuild, useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes } from './storefront-shopper.js';

// The checkout client's example app (web/checkout-example, docs/storefront-sdk.md), served by the
// storefront at /example/: built on the library alone, it opens a checkout for a demo basket,
// follows the order live, pays part with the demo gift card and the rest with an invoice, and the
// order completes — read back from the gateway as the back office sees it.

const suite = useBrowserTest({ shop: 'm-checkout-example', storefront: true });
beforeAll(() => ensureExampleBuilt(), 180_000);

describe("the checkout client's example app", () => {
  it('opens a checkout for a demo basket and pays it with the gift card and an invoice', async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage();

    await page.goto(`${system.urls.storefront}/example`);
    // Built for production, also under jest (NODE_ENV=test): React's production build.
    await page.getByRole('button', { name: 'Open a demo checkout' }).waitFor();
    expect(await reactBuild(page)).toBe('production');
    await page.getByRole('button', { name: 'Open a demo checkout' }).click();
    await page.locator('[data-testid="order-state"][data-status="checkout"] .live.on').waitFor();
    await expect(page.getByTestId('cart-line').count()).resolves.toBe(2);
    const orderId = await page.evaluate(() => Object.keys(sessionStorage).find((key) => key.startsWith('checkout:'))!.slice('checkout:'.length));

    await page.getByRole('button', { name: /with the demo gift card/ }).click();
    await page.getByTestId('gift-card-payment').waitFor();
    await amountBecomes(page, 'amount-paid', 100);

    await page.getByRole('radio', { name: /Invoice/ }).check();
    await screenshot(page, 'checkout-example');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByTestId('example-placed').waitFor();
    // The order completes a moment later; the page follows it over orderChanged.
    await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor({ timeout: 30_000 });
    await page.getByText('Thank you for your order!').waitFor();

    const token = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
    const read = await graphql(system.urls.gateway!, OrderOutcomeDocument, { id: orderId }, { token, ...shop.tenant });
    const order = dataOf(read).order!;
    expect(order.status).toBe('completed');
    expect(order.amounts.due.amount).toBe(0);
    const standing = order.payments.filter((payment) => payment.state !== 'removed');
    expect(standing).toHaveLength(2);
    expect(standing.reduce((sum, payment) => sum + payment.amount, 0)).toBeCloseTo(order.amounts.total.amount, 2);
    expect(standing.map((payment) => payment.amount)).toContain(100);
    await finish();
  });
});
