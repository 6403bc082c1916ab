import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { graphql, dataOf, rest } from '../harness/http.js';
import { OrderOutcomeDocument } from '../generated/graphql.js';
import { BILLING } from '../journey/journey-setup.js';
import { scrollsSideways, seriousViolations } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, confirmationCompleted, fillInDetails, goToCheckout, readOrder } from './storefront-shopper.js';
import { newBasket } from '../journey/journey-setup.js';

// Provider A's frontend in the storefront (adapters/provider-a/frontend/provider-a.frontend.ts): the
// adapter's HTML snippet placed in the page with its own scripts run, as Klarna's is — they define
// `_klarnaCheckout` and render the sandbox's hosted page in an iframe sized to it. The shopper
// picks Express there (the provider's shipping assistant calls the adapter back, and the
// storefront's total follows live) with the billing address given to the storefront already
// filled in, buys, and the storefront shows the confirmation with the order completed, at a
// desktop and a phone width. The provider's push comes a moment later (pushDelayMs set short: the
// sandbox's two minutes are the real provider's). When the storefront itself updates the order (a
// gift card), the checkout is suspended and resumed through Klarna's JavaScript API, and shows the
// new amount when it resumes.

const suite = useBrowserTest({ shop: 'm-storefront-pa', storefront: true });

describe("the storefront's provider A frontend", () => {
  for (const viewport of [
    { width: 1280, height: 1400 },
    { width: 390, height: 1400 },
  ]) {
    it(`renders the provider's hosted snippet; a purchase there (Express shipping, the provider's shipping assistant) leads to the confirmation (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const settings = await rest(system.urls.provider_a_sandbox!, 'PUT', '/api/sandbox/settings', { body: { pushDelayMs: 50 } });
      expect(settings.status).toBe(200);
      const { page, finish } = await suite.newPage({ viewport });

      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);

      await page.locator('input[name="payment"][value="provider_a_checkout_adapter:"]').check();
      const snippet = page.getByTestId('provider-a-snippet');
      const hosted = snippet.frameLocator('iframe');
      // The adapter sends the provider its shipping options; Post is preselected (49).
      await hosted.locator('input[name="shipping"][value="post"]:checked').waitFor();
      // The hosted page starts from what the shopper gave the storefront, and is sized to its content.
      await expect(hosted.getByLabel('Given name').inputValue()).resolves.toBe(BILLING.givenName);
      await expect(hosted.getByLabel('City').inputValue()).resolves.toBe(BILLING.city);
      // A frame below the fold is not rendered (Chromium throttles offscreen cross-origin frames), so its
      // page reports no height until the shopper scrolls to it, as a shopper does before buying.
      await snippet.scrollIntoViewIfNeeded();
      await frameFitsPage(page);
      await amountBecomes(page, 'order-total', 298.9);

      await hosted.getByLabel(/Express/).check();
      // The hosted page reloads with the adapter's new amounts; the storefront's total follows live.
      await hosted.locator('#total', { hasText: '348.90 NOK' }).waitFor();
      await hosted.locator('input[name="shipping"][value="express"]:checked').waitFor();
      await amountBecomes(page, 'order-total', 348.9);
      await page.getByTestId('shipping-elsewhere').filter({ hasText: 'Express' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await screenshot(page, `storefront-provider-a-snippet-${viewport.width}`);

      await hosted.getByRole('button', { name: 'Buy' }).click();
      await confirmationCompleted(page);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `storefront-provider-a-confirmation-${viewport.width}`);

      const order = await readOrder(system, shop, orderId);
      expect(order).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 348.9, payments: [{ adapterId: 'provider_a_checkout_adapter', amount: 348.9, state: 'reserved' }] });
      await finish();
    }, 120_000);
  }

  for (const viewport of [{ width: 1280, height: 1400 }, { width: 390, height: 1400 }]) {
    it(`a gift card added in the storefront while the checkout is open: the checkout is suspended around the update and resumes with the new amount (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const settings = await rest(system.urls.provider_a_sandbox!, 'PUT', '/api/sandbox/settings', { body: { pushDelayMs: 50 } });
      expect(settings.status).toBe(200);
      const { page, finish } = await suite.newPage({ viewport });
      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);
      await page.locator('input[name="payment"][value="provider_a_checkout_adapter:"]').check();
      const snippet = page.getByTestId('provider-a-snippet');
      const hosted = snippet.frameLocator('iframe');
      await hosted.locator('#total', { hasText: '298.90 NOK' }).waitFor();
      // What the checkout page's script was told (Klarna's API is the page's: _klarnaCheckout).
      await page.evaluate(() => {
        type Api = { suspend(options?: unknown): void; resume(): void };
        const page = window as unknown as { klarnaCalls: string[]; _klarnaCheckout: (callback: (api: Api) => void) => void };
        const calls: string[] = [];
        page.klarnaCalls = calls;
        const original = page._klarnaCheckout;
        page._klarnaCheckout = (callback) =>
          original((api) => callback({ ...api, suspend: (options) => (calls.push('suspend'), api.suspend(options)), resume: () => (calls.push('resume'), api.resume()) }));
      });

      const cardId = `GIFT-PA-${viewport.width}`;
      expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 100, currency: 'NOK' } })).status).toBe(201);
      await page.getByLabel('Gift card number').fill(cardId);
      await page.getByRole('button', { name: 'Add gift card' }).click();
      await page.getByTestId('gift-card-payment').waitFor();
      // The checkout reads the order again when it resumes: the amount left for the provider.
      await hosted.locator('#total', { hasText: '198.90 NOK' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { klarnaCalls: string[] }).klarnaCalls)).toEqual(['suspend', 'resume']);
      await hosted.locator('#buy:enabled').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `storefront-provider-a-gift-card-${viewport.width}`);

      await hosted.getByRole('button', { name: 'Buy' }).click();
      await confirmationCompleted(page);
      const order = await readOrder(system, shop, orderId);
      expect(order.status).toBe('completed');
      expect(order.payments.map((payment) => [payment.adapterId, payment.amount, payment.state]).sort()).toEqual([
        ['giftcard_adapter', 100, 'captured'],
        ['provider_a_checkout_adapter', 198.9, 'reserved'],
      ]);
      await finish();
    }, 120_000);
  }

  // The provider's push comes two minutes after a purchase (its default, kept here): the order must
  // complete through the confirmation address long before that, at a desktop and a phone width.
  for (const viewport of [{ width: 1280, height: 1400 }, { width: 390, height: 1400 }]) {
    it(`completes through the confirmation address, before any push could arrive (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const settings = await rest(system.urls.provider_a_sandbox!, 'PUT', '/api/sandbox/settings', { body: { pushDelayMs: 120_000 } });
      expect(settings.status).toBe(200);
      const { page, finish } = await suite.newPage({ viewport });
      const started = Date.now();
      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);
      await page.locator('input[name="payment"][value="provider_a_checkout_adapter:"]').check();
      const hosted = page.getByTestId('provider-a-snippet').frameLocator('iframe');
      await hosted.locator('input[name="shipping"][value="post"]:checked').waitFor();
      await hosted.getByRole('button', { name: 'Buy' }).click();
      await confirmationCompleted(page);
      expect(Date.now() - started).toBeLessThan(120_000);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `storefront-provider-a-confirmed-${viewport.width}`);
      // The adapter's confirm did it: the provider has delivered no push for this order yet.
      const token = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'admin' });
      const read = await graphql(system.urls.gateway!, OrderOutcomeDocument, { id: orderId }, { token, ...shop.tenant });
      const order = dataOf(read).order!;
      expect(order.status).toBe('completed');
      const reference = order.payments.find((payment) => payment.adapterId === 'provider_a_checkout_adapter')!.reference!;
      const atProvider = await rest(system.urls.provider_a_sandbox!, 'GET', `/api/sandbox/orders/${encodeURIComponent(reference)}`);
      expect(atProvider.status).toBe(200);
      expect((atProvider.body.pushes as Array<{ status: number | null }>).filter((push) => push.status !== null && push.status !== undefined)).toEqual([]);
      await finish();
    }, 120_000);
  }

  // The provider rejects the purchase (its risk decision REJECTED) and sends the whole window back to the shop's
  // error address (`…/checkout/{orderId}?error=validation`): the page says why in words, keeps provider A
  // chosen (a new hosted checkout), and another way to pay completes the order.
  for (const viewport of [{ width: 1280, height: 1400 }, { width: 390, height: 1400 }]) {
    it(`a rejected purchase is said in words, provider A stays chosen, and Invoice then completes the order (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);
      await page.locator('input[name="payment"][value="provider_a_checkout_adapter:"]').check();
      const hosted = page.getByTestId('provider-a-snippet').frameLocator('iframe');
      await hosted.locator('input[name="shipping"][value="post"]:checked').waitFor();
      await hosted.locator('select[name="fraudStatus"]').selectOption('REJECTED');
      await hosted.getByRole('button', { name: 'Buy' }).click();

      const refusal = page.getByTestId('provider-refusal');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe('The payment provider did not approve this purchase. You can try again, or choose another way to pay.');
      // Said once: the error parameter has left the address, so a reload would not say it again.
      expect(new URL(page.url()).search).toBe('');
      // The choice is kept: provider A is chosen, with a new hosted checkout to try again in.
      await page.locator('input[name="payment"][value="provider_a_checkout_adapter:"]:checked').waitFor();
      await page.getByTestId('provider-a-snippet').frameLocator('iframe').locator('input[name="shipping"]:checked').waitFor();
      expect(await refusal.isVisible()).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await refusal.scrollIntoViewIfNeeded();
      await screenshot(page, `storefront-provider-a-rejected-${viewport.width}`);
      const afterReturn = await readOrder(system, shop, orderId);
      expect(afterReturn.status).toBe('checkout');
      expect(afterReturn.payments.map((payment) => [payment.adapterId, payment.state])).toEqual([
        ['provider_a_checkout_adapter', 'failed'],
        ['provider_a_checkout_adapter', 'intent'],
      ]);

      await page.getByRole('radio', { name: /Invoice/ }).check();
      expect(await page.getByTestId('provider-refusal').count()).toBe(0);
      // The delivery was provider A's pick (its shipping assistant): paying another way, the shopper chooses the shop's.
      await page.getByTestId('shipping-elsewhere').filter({ hasText: 'Post' }).waitFor();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByTestId('shipping-missing').waitFor();
      await chooseStandardParcel(page);
      await page.getByRole('button', { name: 'Place order' }).click();
      await confirmationCompleted(page);
      await amountBecomes(page, 'confirmation-to-pay-later', 298.9);
      expect(await scrollsSideways(page)).toBe(false);
      const order = await readOrder(system, shop, orderId);
      expect(order.status).toBe('completed');
      // The second hosted checkout never held money: removed; the rejected one failed; the invoice pays it all.
      expect(order.payments.map((payment) => [payment.adapterId, payment.state, payment.amount])).toEqual([
        ['provider_a_checkout_adapter', 'failed', 298.9],
        ['nonpsp_adapter', 'reserved', 298.9],
      ]);
      await finish();
    }, 120_000);
  }
});

/** The checkout's frame is as high as its page (the snippet's bootstrap sizes it), waited for. */
async function frameFitsPage(page: Page): Promise<void> {
  const frame = page.getByTestId('provider-a-snippet').locator('iframe');
  const body = page.getByTestId('provider-a-snippet').frameLocator('iframe').locator('body');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const outer = await frame.evaluate((node) => node.getBoundingClientRect().height);
    const inner = await body.evaluate((node: HTMLElement) => {
      const style = getComputedStyle(node);
      return Math.ceil(node.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
    });
    if (inner > 200 && Math.abs(outer - inner) <= 1) return;
    if (Date.now() > deadline) throw new Error(`The checkout's frame is ${outer} px high for a page of ${inner} px.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
