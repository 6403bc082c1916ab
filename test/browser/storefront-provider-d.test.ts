import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { graphql, dataOf, rest } from '../harness/http.js';
import { OrderOutcomeDocument } from '../generated/graphql.js';
import { scrollsSideways, seriousViolations } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { BILLING, newBasket } from '../journey/journey-setup.js';
import { recordedExchanges } from '../contracts/published-api.js';
import { amountBecomes, confirmationCompleted, fillInDetails, goToCheckout, pageShowsOrderAsStored, readOrder } from './storefront-shopper.js';

// Provider D's frontend in the storefront (adapters/provider-d/frontend/provider-d.frontend.ts): the
// sandbox's stand-in of the provider's drop-in (AdyenCheckout + Dropin) mounted with the adapter's create answer, its submit sent to the
// adapter's `transaction` through the storefront's server with the checkout token. Every path a
// card takes, at a desktop and a phone width: a card that authorises, a 3-D Secure challenge in
// place, a redirect to the issuer's page and back (a real navigation), a refusal followed by a
// good card in the same page, a pending card decided later. Each page is checked with axe on the
// checkout and the confirmation, and at 390 px never scrolls sideways.

// Pending payments wait until the test settles them (the sandbox's own 10 s would race the page).
// One system for the file; each test pays a basket of its own.
const suite = useBrowserTest({ shop: 'm-storefront-pd', storefront: true, system: { env: { PROVIDER_D_SANDBOX_PENDING_SETTLE_MS: '0' } } });

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const D = 'provider_d_dropin_adapter';

/** A new basket's checkout with the details filled in and provider D chosen: its drop-in, ready for a card. */
async function openDropin(page: Page): Promise<{ orderId: string; dropin: Locator }> {
  const orderId = await goToCheckout(page, suite.system.urls.storefront!, await newBasket(suite.system));
  await fillInDetails(page);
  await page.locator(`input[name="payment"][value="${D}:"]`).check();
  const dropin = page.getByTestId('provider-d-dropin').locator('form.dropin');
  await dropin.waitFor();
  return { orderId, dropin };
}

/** Types a test card into the drop-in and presses Pay. */
async function payWith(dropin: Locator, card: string) {
  await dropin.locator('input[name="card"]').fill(card);
  await dropin.getByRole('button', { name: 'Pay' }).click();
}

/** What every page of these paths must be: no serious or critical axe violation, and at phone width no sideways scrolling. */
async function accessibleAt(page: Page, viewport: { width: number }) {
  expect(await seriousViolations(page)).toEqual([]);
  if (viewport.width <= 390) expect(await scrollsSideways(page)).toBe(false);
}

/** The confirmation with the order completed and paid by provider D, checked and kept as a screenshot. */
async function completedByProviderD(page: Page, orderId: string, viewport: { width: number }, name: string) {
  await confirmationCompleted(page);
  await accessibleAt(page, viewport);
  await screenshot(page, `storefront-provider-d-${name}-confirmed-${viewport.width}`);
  const order = await readOrder(suite.system, suite.shop, orderId);
  expect(order.status).toBe('completed');
  expect(order.payments.filter((payment) => payment.state !== 'failed')).toEqual([{ adapterId: D, amount: 249.9, state: 'reserved' }]);
}

describe("the storefront's provider D frontend", () => {
  for (const viewport of VIEWPORTS) {
    it(`a card that authorises: the drop-in, then the confirmation with the order completed (${viewport.width} px)`, async () => {
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, dropin } = await openDropin(page);
      await expect(dropin.locator('input[name="method"]').count()).resolves.toBeGreaterThan(0);
      // This basket's lines name no picture: each shows a neutral tile with the product's initial, not a blank.
      expect(await page.getByTestId('line-placeholder').allTextContents()).toEqual(['R', 'S']);
      await dropin.locator('input[name="card"]').fill('4111 1111 1111 1111');
      await accessibleAt(page, viewport);
      await dropin.scrollIntoViewIfNeeded();
      await screenshot(page, `storefront-provider-d-dropin-${viewport.width}`);
      await dropin.getByRole('button', { name: 'Pay' }).click();
      await completedByProviderD(page, orderId, viewport, 'card');
      // What reached the provider: the drop-in's browserInfo and origin, the order's billing details, and the shopper's
      // address as the storefront's server saw the browser's call (the relay vouches for it with its storefront token).
      const sent = (await recordedExchanges(suite.system.urls.provider_d_sandbox!, 'in')).filter((exchange) => exchange.operation === 'payments' && (exchange.requestBody as { reference?: string }).reference === orderId);
      expect(sent.at(-1)!.requestBody).toMatchObject({
        shopperIP: '127.0.0.1',
        shopperEmail: BILLING.email,
        shopperName: { firstName: BILLING.givenName, lastName: BILLING.familyName },
        telephoneNumber: BILLING.phone,
        billingAddress: { street: 'Storgata', houseNumberOrName: '1', postalCode: BILLING.postalCode, city: BILLING.city, country: BILLING.country },
        channel: 'Web',
        origin: new URL(suite.system.urls.storefront!).origin,
        browserInfo: { acceptHeader: expect.any(String), colorDepth: expect.any(Number), javaEnabled: false, language: expect.any(String), screenWidth: viewport.width, screenHeight: viewport.height, timeZoneOffset: expect.any(Number), userAgent: expect.any(String) },
      });
      await finish();
    });

    it(`a 3-D Secure card: the challenge stays until answered, then the order completes (${viewport.width} px)`, async () => {
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, dropin } = await openDropin(page);
      await payWith(dropin, '4212 3456 7890 1237');
      const challenge = page.getByTestId('provider-d-dropin').locator('.challenge');
      await challenge.waitFor();
      // While the bank's challenge is open the drop-in says so, not "Paying…", and Pay waits.
      const status = page.getByTestId('provider-d-dropin').getByRole('status');
      expect(await status.textContent()).toBe('Confirm the payment with your bank.');
      expect(await dropin.getByRole('button', { name: 'Pay' }).isDisabled()).toBe(true);
      // The page re-renders as the order changes (the payment's reference lands on it): the challenge must survive that.
      await pageShowsOrderAsStored(page, suite.system, suite.shop, orderId);
      expect(await challenge.count()).toBe(1);
      await accessibleAt(page, viewport);
      await challenge.scrollIntoViewIfNeeded();
      await screenshot(page, `storefront-provider-d-challenge-${viewport.width}`);
      await challenge.getByRole('button', { name: 'authorise' }).click();
      await completedByProviderD(page, orderId, viewport, 'challenge');
      await finish();
    });

    it(`a redirect card: the whole page goes to the issuer, comes back with redirectResult, and the details complete the order (${viewport.width} px)`, async () => {
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, dropin } = await openDropin(page);
      const storefront = new URL(suite.system.urls.storefront!).origin;
      await payWith(dropin, '4000 0000 0000 3063');
      // A real navigation: the top window leaves the storefront for the issuer's page at the provider.
      await page.waitForURL((url) => url.origin === new URL(suite.system.urls.provider_d_sandbox!).origin && /^\/api\/sandbox\/challenges\/[0-9a-f-]+$/.test(url.pathname));
      await screenshot(page, `storefront-provider-d-issuer-${viewport.width}`);
      const returned = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(`${storefront}/checkout/`) && new URL(request.url()).searchParams.has('redirectResult'));
      const detailsAnswer = page.waitForResponse((response) => response.url().startsWith(`${storefront}/api/adapters/${D}/orders/${orderId}/payments/`) && response.url().endsWith('/details'));
      await page.getByRole('button', { name: 'authorise' }).click();
      // Back at the checkout page (the adapter's returnUrl: the channel's checkout address), which restores the order,
      // its checkout token and the remembered payment from sessionStorage and sends the details.
      expect(new URL((await returned).url()).pathname).toBe(`/checkout/${orderId}`);
      const details = await detailsAnswer;
      expect(details.status()).toBe(200);
      expect(JSON.parse(details.request().postData()!)).toEqual({ details: { redirectResult: expect.any(String) } });
      expect(await details.json()).toMatchObject({ resultCode: 'Authorised' });
      await completedByProviderD(page, orderId, viewport, 'redirect');
      expect(await page.evaluate((id) => sessionStorage.getItem(`provider-return:${id}`), orderId)).toBeNull();
      await finish();
    });

    it(`a redirect cancelled at the issuer: back at the checkout the shopper reads why and pays with another card (${viewport.width} px)`, async () => {
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, dropin } = await openDropin(page);
      await payWith(dropin, '4000 0000 0000 3063');
      await page.waitForURL(/\/api\/sandbox\/challenges\/[0-9a-f-]+$/);
      await page.getByRole('button', { name: 'cancel' }).click();
      await page.waitForURL((url) => url.pathname === `/checkout/${orderId}`);
      const refused = page.getByTestId('payment-refused');
      await refused.waitFor();
      expect(await refused.textContent()).toBe('The payment was cancelled. You can try again.');
      // The provider's parameter is gone from the address (a reload does not send it again); a new payment's drop-in is there.
      expect(new URL(page.url()).search).toBe('');
      const again = page.getByTestId('provider-d-dropin').locator('form.dropin');
      await again.locator('input[name="card"]').waitFor();
      await accessibleAt(page, viewport);
      await refused.scrollIntoViewIfNeeded();
      await screenshot(page, `storefront-provider-d-redirect-cancelled-${viewport.width}`);
      await payWith(again, '4111 1111 1111 1111');
      await completedByProviderD(page, orderId, viewport, 'redirect-cancelled');
      expect((await readOrder(suite.system, suite.shop, orderId)).payments.map((payment) => [payment.adapterId, payment.state])).toEqual(
        expect.arrayContaining([
          [D, 'failed'],
          [D, 'reserved'],
        ]),
      );
      await finish();
    });

    it(`a refused card: the shopper reads why and pays with another card in the same page (${viewport.width} px)`, async () => {
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, dropin } = await openDropin(page);
      await payWith(dropin, '4000 0000 0000 0002');
      const refused = page.getByTestId('payment-refused');
      await refused.waitFor();
      expect(await refused.textContent()).toBe('Your card was declined. Check the details or pay with another card.');
      // A new payment's drop-in replaces the refused one's; a good card completes the order.
      await dropin.locator('input[name="card"]').waitFor();
      await accessibleAt(page, viewport);
      await refused.scrollIntoViewIfNeeded();
      await screenshot(page, `storefront-provider-d-refused-${viewport.width}`);
      await payWith(dropin, '4111 1111 1111 1111');
      await completedByProviderD(page, orderId, viewport, 'refused-then-card');
      await finish();
    });

    it(`the provider failing the submit: the adapter refuses the call, the drop-in is rejected, the shopper reads it and pays again with the same payment (${viewport.width} px)`, async () => {
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, dropin } = await openDropin(page);
      // The provider's /payments fails once (503): the adapter answers 400 provider_failed, the payment stays open.
      expect((await rest(suite.system.urls.provider_d_sandbox!, 'POST', '/api/sandbox/failures', { body: { operation: 'payments', status: 503, times: 1 } })).status).toBeLessThan(300);
      await payWith(dropin, '4111 1111 1111 1111');
      // Said where it happened: under the provider's form, not at the foot of the page.
      await page.getByRole('region', { name: 'Payment' }).getByTestId('provider-error').waitFor();
      expect(await page.getByTestId('checkout-error').count()).toBe(0);
      // actions.reject() ends in onPaymentFailed(): the same payment's drop-in again, ready for the next try.
      // (the rejected one reads "Result: Error"; the fresh one has said nothing yet)
      const again = page.getByTestId('provider-d-dropin').locator('form.dropin:has(p.status:empty)');
      await again.waitFor();
      await accessibleAt(page, viewport);
      await payWith(again, '4111 1111 1111 1111');
      await completedByProviderD(page, orderId, viewport, 'provider-failed-then-card');
      await finish();
    });

    it(`a pending card: the confirmation shows the amount awaited from the provider until it authorises, then paid in full (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const { orderId, dropin } = await openDropin(page);
      await payWith(dropin, '4000 0000 0000 0077');

      await page.waitForURL(/\/confirmation\/[^/]+$/);
      await page.locator('[data-testid="order-state"][data-status="processing"]').waitFor();
      await amountBecomes(page, 'confirmation-due', 249.9);
      await amountBecomes(page, 'confirmation-paid', 0);
      expect(await page.getByTestId('confirmation-title').count()).toBe(0);
      await accessibleAt(page, viewport);
      await screenshot(page, `storefront-provider-d-pending-${viewport.width}`);

      // The provider decides: the AUTHORISATION webhook completes the order, and the page follows it live.
      const token = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
      const read = await graphql(system.urls.gateway!, OrderOutcomeDocument, { id: orderId }, { token, ...shop.tenant });
      const pending = dataOf(read).order?.payments.find((payment) => payment.adapterId === D && payment.state === 'processing');
      expect(pending?.reference).toEqual(expect.any(String));
      expect((await rest(system.urls.provider_d_sandbox!, 'POST', `/api/sandbox/payments/${pending!.reference}/settle`, { body: { outcome: 'authorise' } })).status).toBe(200);
      await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor({ timeout: 30_000 });
      await amountBecomes(page, 'confirmation-paid', 249.9);
      expect(await page.getByTestId('confirmation-due').count()).toBe(0);
      await completedByProviderD(page, orderId, viewport, 'pending');
      await finish();
    });
  }
});
