import { describe, expect, it } from '@jest/globals';
import { graphql, dataOf } from '../harness/http.js';
import { OrderBillingAddressDocument } from '../generated/graphql.js';
import { BILLING } from '../journey/journey-setup.js';
import { seriousViolations, scrollsSideways } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, DEVELOPER_WORDS, UUID } from './storefront-shopper.js';

// The storefront as a shopper reads it, at a desktop and a phone width: no ids, versions, adapter
// names or raw states; problems in words at their fields, every one at once (an empty address and
// no delivery in one go; an e-mail address the platform refuses, at its field); a gift card the
// shop does not know, at the card's field; Place order saves what was typed and asks for a
// delivery when the order has options; the confirmation says an invoice is still to pay; and
// axe-core finds no serious or critical violation on the checkout or the confirmation page.

const suite = useBrowserTest({ shop: 'm-storefront-words', storefront: true });

describe('the storefront in shopper words', () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    it(`a gift card and an invoice, every problem in words at its field and all at once, no developer words, no serious axe violation (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });

      await page.goto(`${system.urls.storefront}/`);
      await page.getByRole('button', { name: 'New demo basket' }).click();
      const cardId = (await page.getByTestId('demo-gift-card').locator('code').textContent())!;
      await page.getByRole('button', { name: 'Go to checkout' }).click();
      await page.waitForURL(/\/checkout\/[^/]+$/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      await page.locator('[data-testid="order-state"][data-status="checkout"] .live.on').waitFor();
      await page.getByRole('radio', { name: /Invoice/ }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);

      // The demo products' pictures come from this machine (the commerce sandbox), load, and are decorative beside the names.
      const images = page.getByTestId('line-image');
      expect(await images.count()).toBe(2);
      for (const image of await images.all()) {
        await page.waitForFunction((element) => (element as HTMLImageElement).complete, await image.elementHandle());
        const shown = await image.evaluate((element: HTMLImageElement) => ({ loaded: element.naturalWidth > 0, host: new URL(element.src).hostname, alt: element.getAttribute('alt') }));
        expect(shown).toEqual({ loaded: true, host: expect.stringMatching(/^(127\.0\.0\.1|localhost)$/), alt: '' });
      }

      // The gift card form fits: its labels are shown, and on a phone the fields are stacked, each as wide as the form.
      const giftForm = page.locator('form.gift-form');
      await expect(giftForm.getByText('Gift card number', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(giftForm.getByText('Code (if the card has one)', { exact: true }).isVisible()).resolves.toBe(true);
      const [form, number, code] = await Promise.all([giftForm.boundingBox(), page.getByLabel('Gift card number').boundingBox(), page.getByLabel('Code (if the card has one)').boundingBox()]);
      if (viewport.width <= 390) {
        expect(Math.round(number!.width)).toBe(Math.round(form!.width));
        expect(Math.round(code!.width)).toBe(Math.round(form!.width));
        expect(code!.y).toBeGreaterThan(number!.y + number!.height);
      } else {
        expect(Math.round(code!.y)).toBe(Math.round(number!.y));
      }
      expect(await seriousViolations(page)).toEqual([]);

      // A gift card the shop does not know: said in words at the card's field (on a phone too, where the button is below it), never above Place order.
      await page.getByLabel('Gift card number').fill('NO-SUCH-CARD');
      await page.getByRole('button', { name: 'Add gift card' }).click();
      const cardRefused = page.getByTestId('gift-card-refused');
      await cardRefused.waitFor();
      expect(await cardRefused.textContent()).toBe('We found no gift card with this number. Check the number and try again.');
      expect(await page.getByLabel('Gift card number').getAttribute('aria-invalid')).toBe('true');
      const [refusedBox, cardBox] = await Promise.all([cardRefused.boundingBox(), page.getByLabel('Gift card number').boundingBox()]);
      // In view where the shopper is: below the card's field, within the window.
      expect(refusedBox!.y).toBeGreaterThan(cardBox!.y);
      expect(refusedBox!.y + refusedBox!.height - (await page.evaluate(() => window.scrollY))).toBeLessThanOrEqual(viewport.height);
      expect(await page.getByTestId('checkout-error').count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await page.getByLabel('Gift card number').fill('');
      expect(await cardRefused.count()).toBe(0);

      // An empty address (what the shop knew of the buyer cleared too), no delivery, terms accepted and Invoice chosen:
      // one Place order says every problem at once, each at its field.
      for (const label of ['First name', 'Last name', 'E-mail']) await page.getByLabel(label, { exact: true }).fill('');
      await page.getByLabel('I accept the terms of purchase').click();
      await page.locator('input[name="terms"]:checked').waitFor();
      await page.getByRole('radio', { name: /Invoice/ }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByTestId('shipping-missing').waitFor();
      expect(await page.getByTestId('shipping-missing').textContent()).toBe('Choose a delivery option.');
      for (const [field, text] of Object.entries({
        givenName: 'Enter your first name.',
        familyName: 'Enter your last name.',
        email: 'Enter your e-mail address.',
        streetAddress: 'Enter your street address.',
        postalCode: 'Enter your postal code.',
        city: 'Enter your city.',
      })) {
        expect(await page.getByTestId(`field-error-${field}`).textContent()).toBe(text);
      }
      expect(await page.getByTestId('field-error-country').count()).toBe(0);
      expect(await page.getByTestId('validation-failures').count()).toBe(0);
      // Said next to the button too, and the first marked field is brought to the shopper (on a phone it is far above).
      expect(await page.getByTestId('place-order-refused').textContent()).toBe('Your order is not placed yet: see what is marked above.');
      await page.waitForFunction(() => document.activeElement?.id === 'billing-givenName');
      expect(await page.getByLabel('First name', { exact: true }).evaluate((input) => { const box = input.getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight; })).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `storefront-words-all-at-once-${viewport.width}`);

      // A name typed and an e-mail address that is not one: Place order saves what was typed; the platform refuses the
      // e-mail (it names /customer/billing/email), said at that field; the delivery and the rest still asked for, at once.
      await page.getByLabel('First name').fill(BILLING.givenName);
      await page.getByLabel('Last name').fill(BILLING.familyName);
      await page.getByLabel('E-mail').fill('kari@');
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByTestId('field-error-email').filter({ hasText: 'valid' }).waitFor();
      expect(await page.getByTestId('field-error-email').textContent()).toBe('Enter a valid e-mail address, like name@example.com.');
      expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('field-error-givenName').count()).toBe(0);
      expect(await page.getByTestId('field-error-familyName').count()).toBe(0);
      expect(await page.getByTestId('field-error-streetAddress').textContent()).toBe('Enter your street address.');
      expect(await page.getByTestId('shipping-missing').textContent()).toBe('Choose a delivery option.');
      expect(await page.locator('body').innerText()).not.toMatch(/could not be saved|\/customer\//);

      // The e-mail corrected and a delivery chosen, the address still missing its street: the problem is shown at each field, in words.
      await page.getByLabel('E-mail').fill(BILLING.email);
      expect(await page.getByTestId('field-error-email').count()).toBe(0);
      await chooseStandardParcel(page);
      expect(await page.getByTestId('shipping-missing').count()).toBe(0);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByTestId('billing-saved').waitFor();
      await page.getByTestId('field-error-streetAddress').waitFor();
      expect(await page.getByTestId('field-error-streetAddress').textContent()).toBe('Enter your street address.');
      expect(await page.getByTestId('field-error-postalCode').textContent()).toBe('Enter your postal code.');
      expect(await page.getByLabel('Street address').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('field-error-country').count()).toBe(0);
      expect(await page.getByTestId('field-error-email').count()).toBe(0);
      const shown = await page.locator('main, body').first().innerText();
      expect(shown).not.toMatch(UUID);
      expect(shown).not.toMatch(DEVELOPER_WORDS);
      expect(shown).not.toMatch(/streetAddress|postalCode/);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `storefront-words-fields-${viewport.width}`);

      // The rest typed, a gift card, and the order is placed: the typed address is saved by Place order itself.
      await page.getByLabel('Street address').fill(BILLING.streetAddress);
      await page.getByLabel('Postal code').fill(BILLING.postalCode);
      await page.getByLabel('City').fill(BILLING.city);
      await page.getByLabel('Gift card number').fill(cardId);
      await page.getByRole('button', { name: 'Add gift card' }).click();
      await page.getByTestId('gift-card-payment').waitFor();
      await amountBecomes(page, 'amount-due', 198.9);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/confirmation\/[^/]+$/);
      await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor();
      await page.getByTestId('confirmation-title').waitFor();
      await page.getByTestId('order-reference').waitFor();
      await amountBecomes(page, 'confirmation-paid', 100);
      await amountBecomes(page, 'confirmation-to-pay-later', 198.9);
      const confirmation = await page.locator('body').innerText();
      expect(confirmation).not.toMatch(UUID);
      expect(confirmation).not.toMatch(DEVELOPER_WORDS);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `storefront-words-confirmation-${viewport.width}`);

      const token = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
      const read = await graphql(system.urls.gateway!, OrderBillingAddressDocument, { id: orderId }, { token, ...shop.tenant });
      expect(dataOf(read).order).toEqual({ status: 'completed', customer: { billing: { streetAddress: BILLING.streetAddress, postalCode: BILLING.postalCode, city: BILLING.city } } });
      await finish();
    });
  }
});
