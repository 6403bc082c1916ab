import { describe, expect, it } from '@jest/globals';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// Swagger UI at /docs (docs/api-documents.md) in a browser that reaches nothing but this machine:
// it renders every operation from the installed package, asks nothing of another origin, and a
// person can authorize (token, X-Merchant, X-Channel) and call an authenticated route.

const suite = useBrowserTest({ system: { services: ['order', 'giftcard_sandbox'] } });

describe('Swagger UI at /docs, offline', () => {
  it('renders the order service document and calls an authenticated route with the three headers', async () => {
    const { system } = suite;
    const base = system.urls.order!;
    const { page, blocked, close } = await suite.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${base}/docs`);
    await page.waitForSelector('.opblock');
    expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(20);
    expect(await page.locator('.title').first().textContent()).toContain('Order service');

    await page.click('button.authorize');
    const inputs = page.locator('.modal-ux input');
    expect(await inputs.count()).toBe(3);
    await inputs.nth(0).fill(await system.token({ merchant: 'm-docs', channels: ['web'], role: 'admin' }));
    await inputs.nth(1).fill('m-docs');
    await inputs.nth(2).fill('web');
    // Each scheme has its own Authorize button, which turns into Logout once used.
    for (let left = await page.locator('.modal-ux button.authorize').count(); left > 0; left -= 1) {
      await page.locator('.modal-ux button.authorize').first().click();
    }
    await page.click('.modal-ux button.close-modal');

    const operation = page.locator('#operations-orders-get_api_v0_checkout_orders');
    await operation.click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    await screenshot(page, 'api-docs-order');

    expect(blocked).toEqual([]);
    expect(requested.filter((url) => !url.startsWith(base) && !url.startsWith('data:'))).toEqual([]);
    await close();
  }, 120_000);

  it('renders a sandbox document with nothing from another origin either', async () => {
    const base = suite.system.urls.giftcard_sandbox!;
    const { page, blocked, close } = await suite.newPage();
    await page.goto(`${base}/docs`);
    await page.waitForSelector('.opblock');
    expect(await page.locator('.title').first().textContent()).toContain('Gift card system sandbox');
    expect(blocked).toEqual([]);
    await close();
  }, 120_000);
});
