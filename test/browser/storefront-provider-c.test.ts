import { describe, expect, it } from '@jest/globals';
import type { FrameLocator, Page } from 'playwright-core';
import { graphql, dataOf, rest } from '../harness/http.js';
import { OrderOutcomeDocument } from '../generated/graphql.js';
import { BILLING, newBasket } from '../journey/journey-setup.js';
import { scrollsSideways, seriousViolations } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, confirmationCompleted, expectShopperWordsOnly, fillInDetails, goToCheckout, readOrder } from './storefront-shopper.js';

// Provider C's frontend in the storefront (adapters/provider-c/frontend/provider-c.frontend.ts): the
// adapter's snippet, a <div> with the provider's iframe. What the shopper types there the iframe
// tells the page (postMessage), which forwards it to the adapter through the storefront's server;
// a shipping option chosen there replaces the one chosen in the storefront; the iframe's purchase
// (Completed) takes the shopper to the confirmation. A refused purchase is said in words, and
// Try again (a new payment, a new iframe) or another way to pay completes the order. A purchase
// the provider holds (OnHold) leaves the order accepted and the confirmation waiting, in words,
// until the provider's later push accepts it (or declines it): the page follows it live, without
// a reload.
// Every path at a desktop and a phone width.

const suite = useBrowserTest({ shop: 'm-storefront-pc', storefront: true });
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const ADAPTER = 'provider_c_checkout_adapter';

/** A new basket's checkout with the details filled in, standard parcel chosen and provider C picked: its iframe, once it shows the order's total. */
async function openProviderC(page: Page): Promise<{ orderId: string; frame: FrameLocator }> {
  const orderId = await goToCheckout(page, suite.system.urls.storefront!, await newBasket(suite.system));
  await fillInDetails(page);
  await chooseStandardParcel(page);
  await page.locator(`input[name="payment"][value="${ADAPTER}:"]`).check();
  const frame = await providerFrame(page);
  return { orderId, frame };
}

/** The current payment's iframe, once it shows the order's total and the page has sized it to its content. */
async function providerFrame(page: Page, total = '298.90 NOK'): Promise<FrameLocator> {
  const snippet = page.getByTestId('provider-c-iframe');
  const frame = snippet.frameLocator('iframe');
  await frame.locator('#total', { hasText: total }).waitFor();
  // The iframe says how tall its checkout is and the page sizes the frame to it (style height
  // next to the snippet's min-height): the Purchase button is on the page, not scrolled inside.
  // A frame below the fold is not rendered (Chromium throttles offscreen cross-origin frames), so
  // it reports no height until the shopper scrolls to it, as a shopper does before buying.
  await snippet.scrollIntoViewIfNeeded();
  await snippet.locator('iframe[style*=" height:"]').waitFor();
  return frame;
}

/** What the shopper types in the provider's iframe (BILLING). */
async function enterShopper(frame: FrameLocator): Promise<void> {
  await frame.getByLabel('Email').fill(BILLING.email);
  await frame.getByLabel('Phone').fill(BILLING.phone);
  await frame.getByLabel('First name').fill(BILLING.givenName);
  await frame.getByLabel('Last name').fill(BILLING.familyName);
  await frame.getByLabel('Street address').fill(BILLING.streetAddress);
  await frame.getByLabel('Postal code').fill(BILLING.postalCode);
  await frame.getByLabel('City').fill(BILLING.city);
}

/** The checkout page as a shopper at this width meets it: no serious axe violation, no sideways scrolling. */
async function checkoutPageIsUsable(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
}

/** The confirmation page: shopper words only, no serious axe violation, no sideways scrolling. */
async function confirmationIsUsable(page: Page): Promise<void> {
  await expectShopperWordsOnly(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
}

/** The order's provider C payments as the back office reads them: state and reference (the provider's order id), oldest first. */
async function providerCPayments(orderId: string): Promise<Array<{ state: string; reference: string | null }>> {
  const { system, shop } = suite;
  const token = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'admin' });
  const read = await graphql(system.urls.gateway!, OrderOutcomeDocument, { id: orderId }, { token, ...shop.tenant });
  return dataOf(read).order!.payments.filter((payment) => payment.adapterId === ADAPTER).map(({ state, reference }) => ({ state, reference }));
}

describe("the storefront's provider C frontend", () => {
  for (const viewport of VIEWPORTS) {
    it(`a purchase in the provider's iframe (a shipping option chosen there) leads to the confirmation (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const relayed: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/adapters/')) relayed.push(`${response.status()} ${new URL(response.url()).pathname.split('/').pop()}`);
      });

      const { orderId, frame } = await openProviderC(page);
      await enterShopper(frame);
      // The shopper changes their mind in the iframe: a pick-up point replaces the storefront's parcel.
      await frame.getByLabel('Shipping option').selectOption({ label: 'Pick-up point (0.00)' });
      await amountBecomes(page, 'order-total', 249.9);
      // The storefront's shipping card and the provider's cart follow: one delivery, no fee.
      await page.getByTestId('shipping-elsewhere').filter({ hasText: 'Pick-up point' }).waitFor();
      await expect(page.locator('input[name="shipping"]:checked').count()).resolves.toBe(0);
      await frame.locator('#total', { hasText: '249.90 NOK' }).waitFor();
      await checkoutPageIsUsable(page);
      await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await screenshot(page, `storefront-provider-c-iframe-${viewport.width}`);

      await frame.getByRole('button', { name: 'Purchase', exact: true }).click();
      await confirmationCompleted(page);
      await amountBecomes(page, 'confirmation-paid', 249.9);
      expect(await page.getByTestId('confirmation-waiting').count()).toBe(0);
      await confirmationIsUsable(page);
      await screenshot(page, `storefront-provider-c-confirmation-${viewport.width}`);

      const order = await readOrder(system, shop, orderId);
      expect(order).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 249.9, payments: [{ adapterId: ADAPTER, amount: 249.9, state: 'reserved' }] });
      // The iframe's events reached the adapter (customer-update, shipping-option-update), none refused.
      expect(relayed).toContain('200 customer-update');
      expect(relayed).toContain('200 shipping-option-update');
      expect(relayed.filter((line) => !line.startsWith('200 '))).toEqual([]);
      await finish();
    }, 120_000);

    it(`a refused purchase is said in words; Try again opens a new payment's iframe, whose purchase completes the order (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, frame } = await openProviderC(page);
      await enterShopper(frame);
      await frame.getByRole('button', { name: 'Purchase (refused)' }).click();

      const refused = page.getByTestId('payment-refused');
      await refused.getByRole('alert').waitFor();
      expect(await refused.getByRole('alert').textContent()).toBe('The payment provider refused the payment. Try again, or choose another way to pay.');
      // The adapter failed the payment and the order is back in checkout.
      await page.locator('[data-testid="order-state"][data-status="checkout"]').waitFor();
      await expect(providerCPayments(orderId)).resolves.toEqual([{ state: 'failed', reference: expect.any(String) }]);
      await checkoutPageIsUsable(page);
      await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await screenshot(page, `storefront-provider-c-refused-${viewport.width}`);

      await refused.getByRole('button', { name: 'Try again' }).click();
      expect(await refused.count()).toBe(0);
      const again = await providerFrame(page);
      await enterShopper(again);
      await again.getByRole('button', { name: 'Purchase', exact: true }).click();
      await confirmationCompleted(page);
      await amountBecomes(page, 'confirmation-paid', 298.9);
      await confirmationIsUsable(page);

      expect(await readOrder(system, shop, orderId)).toMatchObject({ status: 'completed', total: 298.9 });
      const payments = await providerCPayments(orderId);
      expect(payments.map((payment) => payment.state)).toEqual(['failed', 'reserved']);
      // Two payments, two orders at the provider.
      expect(payments[0]!.reference).not.toBe(payments[1]!.reference);
      await finish();
    }, 120_000);

    it(`a refused purchase, then Invoice completes the order (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, frame } = await openProviderC(page);
      await enterShopper(frame);
      await frame.getByRole('button', { name: 'Purchase (refused)' }).click();
      await page.getByTestId('payment-refused').getByRole('alert').waitFor();
      await page.locator('[data-testid="order-state"][data-status="checkout"]').waitFor();

      await page.getByRole('radio', { name: /Invoice/ }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await confirmationCompleted(page);
      await confirmationIsUsable(page);

      const order = await readOrder(system, shop, orderId);
      expect(order).toMatchObject({ status: 'completed', total: 298.9 });
      expect(order.payments.map((payment) => [payment.adapterId, payment.amount, payment.state]).sort()).toEqual([
        ['nonpsp_adapter', 298.9, 'reserved'],
        [ADAPTER, 298.9, 'failed'],
      ]);
      await finish();
    }, 120_000);

    it(`a purchase held pending by the provider: the confirmation says it waits, then follows the provider's acceptance live, without a reload (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, frame } = await openProviderC(page);
      await enterShopper(frame);
      await frame.getByRole('button', { name: 'Purchase (pending at the bank)' }).click();

      // The order is accepted; the payment waits for the provider.
      await page.waitForURL(/\/confirmation\/[^/]+$/);
      await page.locator('[data-testid="order-state"][data-status="accepted"] .live.on').waitFor();
      await amountBecomes(page, 'confirmation-due', 298.9);
      await amountBecomes(page, 'confirmation-paid', 0);
      const waiting = page.getByTestId('confirmation-waiting');
      expect(await waiting.textContent()).toMatch(/waiting for the payment provider/);
      expect(await page.getByTestId('confirmation-payments').textContent()).toMatch(/waiting for the payment provider/);
      await confirmationIsUsable(page);
      await screenshot(page, `storefront-provider-c-pending-${viewport.width}`);
      const [pending] = await providerCPayments(orderId);
      expect(pending).toEqual({ state: 'processing', reference: expect.any(String) });

      // The provider accepts it later and tells the shop in a checkout status push (the sandbox's
      // operator API); the page, still the same document, follows the order over orderChanged.
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      const resolved = await rest(system.urls.provider_c_sandbox!, 'POST', `/api/sandbox/orders/${pending!.reference}/resolve`, { body: { decision: 'accepted' } });
      expect(resolved.status).toBe(200);
      await page.locator('[data-testid="order-state"][data-status="completed"] .live.on').waitFor();
      await amountBecomes(page, 'confirmation-paid', 298.9);
      await waiting.waitFor({ state: 'detached' });
      expect(await page.getByTestId('confirmation-due').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      await page.getByTestId('confirmation-title').waitFor();
      await confirmationIsUsable(page);
      await screenshot(page, `storefront-provider-c-accepted-${viewport.width}`);

      expect(await readOrder(system, shop, orderId)).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 298.9, payments: [{ adapterId: ADAPTER, amount: 298.9, state: 'reserved' }] });
      await finish();
    }, 120_000);

    it(`a purchase held pending, then declined by the provider: the same page stops waiting and says so in words (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, frame } = await openProviderC(page);
      await enterShopper(frame);
      await frame.getByRole('button', { name: 'Purchase (pending at the bank)' }).click();
      await page.waitForURL(/\/confirmation\/[^/]+$/);
      await page.locator('[data-testid="order-state"][data-status="accepted"] .live.on').waitFor();
      const waiting = page.getByTestId('confirmation-waiting');
      await waiting.waitFor();
      const [pending] = await providerCPayments(orderId);

      await page.evaluate(() => Object.assign(window, { samePage: true }));
      const resolved = await rest(system.urls.provider_c_sandbox!, 'POST', `/api/sandbox/orders/${pending!.reference}/resolve`, { body: { decision: 'declined' } });
      expect(resolved.status).toBe(200);
      const declined = page.getByTestId('confirmation-declined');
      await declined.waitFor();
      expect(await declined.textContent()).toBe('The payment provider did not approve your payment. The shop will contact you about paying for this order.');
      expect(await waiting.count()).toBe(0);
      // Nothing is awaited any more: what is due is said as still to pay.
      await amountBecomes(page, 'confirmation-due', 298.9);
      expect(await page.locator('body').innerText()).not.toMatch(/Awaiting the payment provider/);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      await confirmationIsUsable(page);
      await screenshot(page, `storefront-provider-c-declined-${viewport.width}`);

      // The adapter's documented outcome: the payment failed, the order stays accepted for the shop to handle.
      const order = await readOrder(system, shop, orderId);
      expect(order.status).toBe('accepted');
      expect(await providerCPayments(orderId)).toEqual([{ state: 'failed', reference: pending!.reference }]);
      await finish();
    }, 120_000);
  }
});
