import { describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { graphql, dataOf, rest } from '../harness/http.js';
import { orderClient } from '../harness/orders.js';
import { OrderOutcomeDocument } from '../generated/graphql.js';
import { BILLING, newBasket } from '../journey/journey-setup.js';
import { scrollsSideways, seriousViolations } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, confirmationCompleted, expectShopperWordsOnly, fillInDetails, goToCheckout, readOrder, UUID } from './storefront-shopper.js';

// Provider C's frontend in the storefront (adapters/provider-c/frontend/provider-c.frontend.ts): the
// adapter's snippet placed as Qliro One publishes it — its script puts the provider's checkout in
// the page and hands `q1` to the page's `q1Ready`. The checkout starts from what the shop already
// knows (the create request's prefill): the shopper is not asked again, not after Try again either.
// What the shopper changes there reaches the adapter through `q1`'s listeners and the storefront's
// server; a delivery picked there replaces the one chosen in the storefront, the checkout locked
// while the order follows. A completed purchase sends the window to the confirmation (the
// provider's checkout does). A refused one is said in words, and Try again (a new payment, a new
// checkout) or another way to pay completes the order. A purchase the provider holds (OnHold)
// leaves the order accepted and the confirmation waiting, in words, until the provider's later push
// accepts it (or declines it): the page follows it live, without a reload. The checkout shows no
// order number or reference and fits a phone. Every path at a desktop and a phone width.

const suite = useBrowserTest({ shop: 'm-storefront-pc', storefront: true });
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const ADAPTER = 'provider_c_checkout_adapter';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A new basket's checkout with the details filled in, standard parcel chosen and provider C picked: its checkout, once it shows the order's total. */
async function openProviderC(page: Page): Promise<{ orderId: string; frame: FrameLocator }> {
  const orderId = await goToCheckout(page, suite.system.urls.storefront!, await newBasket(suite.system));
  await fillInDetails(page);
  await chooseStandardParcel(page);
  await page.locator(`input[name="payment"][value="${ADAPTER}:"]`).check();
  const frame = await providerFrame(page);
  return { orderId, frame };
}

/** The current payment's checkout, once it shows the order's total and its script has sized the frame to it. */
async function providerFrame(page: Page, total = '298.90 NOK'): Promise<FrameLocator> {
  const snippet = page.getByTestId('provider-c-iframe');
  const frame = snippet.frameLocator('iframe');
  await frame.locator('#total', { hasText: total }).waitFor();
  // The checkout says how tall it is and the snippet's script sizes the frame to it: the Purchase
  // button is on the page, not scrolled inside. A frame below the fold is not rendered (Chromium
  // throttles offscreen cross-origin frames), so it reports no height until the shopper scrolls to
  // it, as a shopper does before buying.
  await snippet.scrollIntoViewIfNeeded();
  await snippet.locator('iframe[style*=" height:"]').waitFor();
  return frame;
}

/** The checkout starts from what the shop knows: the shopper's name, address and email shown, not asked for. */
async function expectPrefilled(frame: FrameLocator): Promise<void> {
  const known = frame.locator('#known-text');
  await known.waitFor();
  const shown = (await known.textContent()) ?? '';
  for (const part of [BILLING.givenName, BILLING.familyName, BILLING.streetAddress, BILLING.postalCode, BILLING.city, BILLING.email]) expect(shown).toContain(part);
  expect(await frame.getByLabel('Email').isVisible()).toBe(false);
}

/** The provider's checkout frame of the page (Playwright's handle, to run checks inside it). */
async function checkoutFrame(page: Page): Promise<Frame> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/checkout/frame/'));
  if (!frame) throw new Error('no checkout frame in the page');
  return frame;
}

/** The checkout as the shopper meets it at this width: no sideways scrolling inside, no serious axe violation, no id or order number shown. */
async function checkoutIsUsable(page: Page, providerOrderId?: string): Promise<void> {
  const frame = await checkoutFrame(page);
  expect(await frame.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.addScriptTag({ content: AXE_SOURCE });
  const violations = await frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
  });
  expect(violations).toEqual([]);
  const shown = await frame.locator('body').innerText();
  expect(shown).not.toMatch(UUID);
  if (providerOrderId) expect(shown).not.toContain(providerOrderId);
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
    it(`a purchase in the provider's checkout, started from what the shop knows (a detail changed and a delivery picked there), leads to the confirmation (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const relayed: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/adapters/')) relayed.push(`${response.status()} ${new URL(response.url()).pathname.split('/').pop()}`);
      });

      const { orderId, frame } = await openProviderC(page);
      await expectPrefilled(frame);
      const [started] = await providerCPayments(orderId);
      await checkoutIsUsable(page, started!.reference!);
      await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await screenshot(page, `storefront-provider-c-prefilled-${viewport.width}`);

      // The shopper changes a detail there: the shop hears of it (onCustomerInfoChanged → customer-update).
      await frame.getByRole('button', { name: 'Change details' }).click();
      const customerUpdated = page.waitForResponse((response) => response.url().endsWith('/customer-update') && response.status() === 200);
      await frame.getByLabel('Phone').fill('+4799887766');
      await frame.getByLabel('Phone').press('Tab');
      await customerUpdated;
      // … and changes their mind about the delivery: a pick-up point replaces the storefront's parcel (onShippingMethodChanged → shipping-option-update, the checkout locked until it shows the new total).
      await frame.getByLabel('Pick-up point (0.00)').check();
      await amountBecomes(page, 'order-total', 249.9);
      // The storefront's shipping card and the provider's checkout follow: one delivery, no fee.
      await page.getByTestId('shipping-elsewhere').filter({ hasText: 'Pick-up point' }).waitFor();
      await expect(page.locator('input[name="shipping"]:checked').count()).resolves.toBe(0);
      await frame.locator('#total', { hasText: '249.90 NOK' }).waitFor();
      await frame.getByRole('button', { name: 'Purchase', exact: true }).and(frame.locator(':enabled')).waitFor();
      await checkoutPageIsUsable(page);
      await checkoutIsUsable(page);
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
      const stored = await (await orderClient(system, shop.tenant, 'admin')).call('GET', `/${orderId}`);
      expect(stored.body.customer.billing.phone).toBe('+4799887766');
      // The checkout's events reached the adapter (customer-update, shipping-option-update), none refused.
      expect(relayed).toContain('200 customer-update');
      expect(relayed).toContain('200 shipping-option-update');
      expect(relayed.filter((line) => !line.startsWith('200 '))).toEqual([]);
      await finish();
    }, 120_000);

    it(`a refused purchase is said in words; Try again opens a new payment's checkout, again without asking for what the shop knows, whose purchase completes the order (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, frame } = await openProviderC(page);
      await expectPrefilled(frame);
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
      await expectPrefilled(again);
      await checkoutIsUsable(page);
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
      await expectPrefilled(frame);
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
      await expectPrefilled(frame);
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
      expect(pending).toEqual({ state: 'pending', reference: expect.any(String) });

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
      await expectPrefilled(frame);
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
