import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { graphql, rest } from '../harness/http.js';
import { scrollsSideways } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { newBasket } from '../journey/journey-setup.js';
import { amountBecomes, confirmationCompleted, fillInDetails, goToCheckout, pageShowsOrderAsStored } from './storefront-shopper.js';

// Provider D's frontend in the storefront (web/checkout-client/core/frontends/provider-d.frontend.ts): the
// sandbox's drop-in script mounted with the adapter's create answer, its submit sent to the
// adapter's `transaction` through the storefront's server with the checkout token, a test card
// that authorises → the confirmation page with the order completed; a pending card → the
// confirmation page awaiting the provider until the sandbox is told to authorise it.

// Pending payments wait until the test settles them (the sandbox's own 10 s would race the page).
const suite = useBrowserTest({ shop: 'm-storefront-pd', storefront: true, system: { env: { PROVIDER_D_SANDBOX_PENDING_SETTLE_MS: '0' } } });

/** A new basket's checkout with the details filled in and provider D chosen: its drop-in, ready for a card. */
async function openDropin(page: Page) {
  await goToCheckout(page, suite.system.urls.storefront!, await newBasket(suite.system));
  await fillInDetails(page);
  await page.locator('input[name="payment"][value="provider_d_dropin_adapter:"]').check();
  const dropin = page.getByTestId('provider-d-dropin').locator('form.dropin');
  await dropin.waitFor();
  return dropin;
}

/** Types a test card into the drop-in and presses Pay. */
async function payWith(dropin: Locator, card: string) {
  await dropin.locator('input[name="card"]').fill(card);
  await dropin.getByRole('button', { name: 'Pay' }).click();
}

describe("the storefront's provider D frontend", () => {
  it("renders the provider's drop-in and a test card authorises to the confirmation", async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage();

    const orderId = await goToCheckout(page, system.urls.storefront!, shop.basketId);
    await fillInDetails(page);

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
    await finish();
  });

  it('a pending card: the confirmation shows the amount awaited from the provider until it authorises, then paid in full', async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage();

    const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
    await fillInDetails(page);
    await page.locator('input[name="payment"][value="provider_d_dropin_adapter:"]').check();
    const dropin = page.getByTestId('provider-d-dropin').locator('form.dropin');
    await dropin.waitFor();
    await dropin.locator('input[name="card"]').fill('4000 0000 0000 0077');
    await dropin.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/confirmation\/[^/]+$/);
    await page.locator('[data-testid="order-state"][data-status="processing"]').waitFor();
    await amountBecomes(page, 'confirmation-due', 249.9);
    await amountBecomes(page, 'confirmation-paid', 0);
    expect(await page.getByTestId('confirmation-title').count()).toBe(0);
    await screenshot(page, 'storefront-provider-d-pending');

    // The provider decides: the AUTHORISATION webhook completes the order, and the page follows it live.
    const token = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
    const read = await graphql(system.urls.gateway!, `query ($id: ID!) { order(id: $id) { payments { adapterId state reference } } }`, { id: orderId }, { token, ...shop.tenant });
    const pending = read.body.data.order.payments.find((payment: { adapterId: string; state: string }) => payment.adapterId === 'provider_d_dropin_adapter' && payment.state === 'processing');
    expect(pending.reference).toEqual(expect.any(String));
    expect((await rest(system.urls.provider_d_sandbox!, 'POST', `/api/sandbox/payments/${pending.reference}/settle`, { body: { outcome: 'authorise' } })).status).toBe(200);
    await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('confirmation-title').waitFor();
    await amountBecomes(page, 'confirmation-paid', 249.9);
    expect(await page.getByTestId('confirmation-due').count()).toBe(0);
    await finish();
  });

  // The paths most card payments take, at a desktop and a phone width: a 3-D Secure challenge that
  // stays until the shopper answers it, and a refused card followed by a good one in the same page.
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    it(`a 3-D Secure card: the challenge stays until answered, then the order completes (${viewport.width} px)`, async () => {
      const { system } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      await payWith(await openDropin(page), '4212 3456 7890 1237');
      const challenge = page.getByTestId('provider-d-dropin').locator('.challenge');
      await challenge.waitFor();
      // The page re-renders as the order changes (the payment's reference lands on it): the challenge must survive that.
      await pageShowsOrderAsStored(page, system, suite.shop, decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!));
      expect(await challenge.count()).toBe(1);
      await screenshot(page, `storefront-provider-d-challenge-${viewport.width}`);
      await challenge.getByRole('button', { name: 'authorise' }).click();
      await confirmationCompleted(page);
      expect(await scrollsSideways(page)).toBe(false);
      await finish();
    });

    it(`a refused card: the shopper reads why and pays with another card in the same page (${viewport.width} px)`, async () => {
      const { page, finish } = await suite.newPage({ viewport });
      const dropin = await openDropin(page);
      await payWith(dropin, '4000 0000 0000 0002');
      const refused = page.getByTestId('payment-refused');
      await refused.waitFor();
      expect(await refused.textContent()).toContain('declined');
      await screenshot(page, `storefront-provider-d-refused-${viewport.width}`);
      // A new payment's drop-in replaces the refused one's; a good card completes the order.
      await dropin.locator('input[name="card"]').waitFor();
      await payWith(dropin, '4111 1111 1111 1111');
      await confirmationCompleted(page);
      expect(await scrollsSideways(page)).toBe(false);
      await finish();
    });
  }
});
