// Browser test of a shopper who changes their mind: reload, switch, a second tab (issue 40).
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { newBasket } from '../journey/journey-setup.js';
import { scrollsSideways, seriousViolations } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, confirmationCompleted, expectShopperWordsOnly, fillInDetails, goToCheckout } from './storefront-shopper.js';
import { graphql, dataOf } from '../harness/http.js';
import { StorefrontSwitchPaymentsDocument } from '../generated/graphql.js';

// A shopper who changes their mind (issue 40): each provider opened, the page reloaded with it
// open (its frame comes back: the same payment resumed, no error), then Invoice, which completes
// the order paid by the invoice alone (the provider's abandoned payment removed); a second tab on
// the same checkout, and a switch back and forth, never meet a dead end. Place order says why it
// is disabled while a provider's form is where the shopper pays. Every path at 1280 and 390 px,
// axe-clean, with no sideways scrolling.

const suite = useBrowserTest({ shop: 'm-storefront-switch', storefront: true });
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const NONPSP = 'nonpsp_adapter';

/** Each provider's frontend as the page shows it once its payment is started: its container, and what shows it is rendered. */
const PROVIDERS = [
  { name: 'A', adapterId: 'provider_a_checkout_adapter', shown: 'provider-a-snippet', frame: true },
  { name: 'B', adapterId: 'provider_b_checkout_adapter', shown: 'provider-b-checkout', frame: true },
  { name: 'C', adapterId: 'provider_c_checkout_adapter', shown: 'provider-c-iframe', frame: true },
  { name: 'D', adapterId: 'provider_d_dropin_adapter', shown: 'provider-d-dropin', frame: false },
] as const;
type Provider = (typeof PROVIDERS)[number];

/** The provider's frontend, rendered: its frame's document has content (A, B, C), or the drop-in its form (D). */
async function providerShown(page: Page, provider: Provider): Promise<void> {
  const root = page.getByTestId(provider.shown);
  if (provider.frame) await root.frameLocator('iframe').first().locator('body *').first().waitFor();
  else await root.locator('form, input').first().waitFor();
}

/** Picks a way to pay by its radio (a provider's, or Invoice). */
const pick = (page: Page, adapterId: string, method = '') => page.locator(`input[name="payment"][value="${adapterId}:${method}"]`).check();

/** The order's payments as the back office reads them (removed ones included), oldest first. */
async function paymentsOf(orderId: string): Promise<Array<{ id: string; adapterId: string; state: string; amount: number }>> {
  const { system, shop } = suite;
  const token = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'admin' });
  const read = await graphql(system.urls.gateway!, StorefrontSwitchPaymentsDocument, { id: orderId }, { token, ...shop.tenant });
  return dataOf(read).order!.payments.map(({ id, adapterId, state, amount }) => ({ id, adapterId, state, amount }));
}

/** No error in words anywhere on the checkout page (a provider's, the page's, a refusal). */
async function noErrorShown(page: Page): Promise<void> {
  for (const testId of ['provider-error', 'checkout-error', 'payment-refused', 'provider-refusal']) expect(await page.getByTestId(testId).count()).toBe(0);
}

/** What a shopper at this width meets: no serious axe violation, no sideways scrolling. */
async function usable(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
}

/** Invoice chosen and the order placed: the confirmation, with the invoice paying the whole total and nothing said as paid. */
async function payByInvoice(page: Page, orderId: string, total: number): Promise<void> {
  await pick(page, NONPSP, 'invoice');
  expect(await page.getByTestId('place-order-hint').count()).toBe(0);
  await page.getByRole('button', { name: 'Place order' }).click();
  await confirmationCompleted(page);
  // Paid is money taken or held: an invoice is a promise, so it is said as to pay by invoice, the whole total.
  await amountBecomes(page, 'confirmation-paid', 0);
  await amountBecomes(page, 'confirmation-to-pay-later', total);
  expect(await page.getByTestId('confirmation-due').count()).toBe(0);
  await expectShopperWordsOnly(page);
  await usable(page);
}

describe('a shopper who changes their mind', () => {
  for (const viewport of VIEWPORTS) {
    for (const provider of PROVIDERS) {
      it(`provider ${provider.name} open, the page reloaded: its frame comes back on the same payment; then Invoice completes the order paid by the invoice (${viewport.width} px)`, async () => {
        const { page, finish } = await suite.newPage({ viewport });
        const orderId = await goToCheckout(page, suite.system.urls.storefront!, await newBasket(suite.system));
        await fillInDetails(page);
        await chooseStandardParcel(page);
        await pick(page, provider.adapterId);
        await providerShown(page, provider);
        const [opened] = await paymentsOf(orderId);
        expect(opened).toMatchObject({ adapterId: provider.adapterId, state: 'intent', amount: 298.9 });
        // Place order is not how this provider is paid, and says so next to it.
        const hint = page.getByTestId('place-order-hint');
        expect(await hint.textContent()).toMatch(/^Finish the payment in the .+ form above/);
        expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);

        await page.reload();
        await page.locator('[data-testid="order-state"][data-status="checkout"] .live.on').waitFor();
        // The provider is still the choice and its frontend resumes the open payment: no second one, no error.
        await page.locator(`input[name="payment"][value="${provider.adapterId}:"]:checked`).waitFor();
        await providerShown(page, provider);
        await noErrorShown(page);
        expect(await paymentsOf(orderId)).toEqual([opened]);
        await usable(page);
        await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
        await screenshot(page, `storefront-switch-${provider.name}-reloaded-${viewport.width}`);

        await payByInvoice(page, orderId, 298.9);
        await screenshot(page, `storefront-switch-${provider.name}-invoice-${viewport.width}`);
        // The invoice holds the whole total; the provider's abandoned payment is removed (it never held money).
        const payments = await paymentsOf(orderId);
        expect(payments.map(({ adapterId, state, amount }) => [adapterId, state, amount])).toEqual([
          [provider.adapterId, 'removed', expect.any(Number)],
          [NONPSP, 'reserved', 298.9],
        ]);
        await finish();
      }, 150_000);
    }

    it(`a second tab on the same checkout resumes the provider's payment; switching back and forth there never meets a dead end (${viewport.width} px)`, async () => {
      const [c, d] = [PROVIDERS[2], PROVIDERS[3]];
      const { page, context, finish } = await suite.newPage({ viewport });
      const orderId = await goToCheckout(page, suite.system.urls.storefront!, await newBasket(suite.system));
      await fillInDetails(page);
      await chooseStandardParcel(page);
      await pick(page, d.adapterId);
      await providerShown(page, d);
      const [opened] = await paymentsOf(orderId);

      // A second tab opened from the first (it gets the tab's session: the checkout token and the choice).
      const [second] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open(location.href, '_blank'))]);
      await second.setViewportSize(viewport);
      await second.locator('[data-testid="order-state"][data-status="checkout"] .live.on').waitFor();
      await second.locator(`input[name="payment"][value="${d.adapterId}:"]:checked`).waitFor();
      await providerShown(second, d);
      await noErrorShown(second);
      expect(await paymentsOf(orderId)).toEqual([opened]);
      await usable(second);

      // D → C → D in the second tab: each opens, none is stuck "opening", none says an error.
      await pick(second, c.adapterId);
      await providerShown(second, c);
      await pick(second, d.adapterId);
      await providerShown(second, d);
      await noErrorShown(second);
      const states = (await paymentsOf(orderId)).map(({ adapterId, state }) => [adapterId, state]);
      expect(states).toEqual([
        [d.adapterId, 'removed'],
        [c.adapterId, 'removed'],
        [d.adapterId, 'intent'],
      ]);
      await screenshot(second, `storefront-switch-second-tab-${viewport.width}`);

      // Invoice in the second tab completes the order; the first tab follows it to the confirmation by itself.
      await payByInvoice(second, orderId, 298.9);
      await page.waitForURL(/\/confirmation\/[^/]+$/);
      await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor();
      await second.close();
      await finish();
    }, 150_000);
  }
});
