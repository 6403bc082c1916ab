import { describe, expect, it } from '@jest/globals';
import { BILLING } from '../journey/journey-setup.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, confirmationCompleted, fillInDetails, goToCheckout, readOrder } from './storefront-shopper.js';

// Provider C's frontend in the storefront (web/checkout-client/core/frontends/provider-c.frontend.ts): the
// adapter's snippet, a <div> with the provider's iframe. What the shopper types there the iframe
// tells the page (postMessage), which forwards it to the adapter through the storefront's server;
// a shipping option chosen there replaces the one chosen in the storefront; the iframe's purchase
// (Completed) takes the shopper to the confirmation.

const suite = useBrowserTest({ shop: 'm-storefront-pc', storefront: true });

describe("the storefront's provider C frontend", () => {
  it("renders the provider's iframe; a purchase there leads to the confirmation", async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage({ viewport: { width: 1400, height: 1600 } });
    const relayed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/adapters/')) relayed.push(`${response.status()} ${new URL(response.url()).pathname.split('/').pop()}`);
    });

    const orderId = await goToCheckout(page, system.urls.storefront!, shop.basketId);
    await fillInDetails(page);
    await chooseStandardParcel(page);

    await page.locator('input[name="payment"][value="provider_c_checkout_adapter:"]').check();
    const snippet = page.getByTestId('provider-c-iframe');
    const frame = snippet.frameLocator('iframe');
    await frame.locator('#total', { hasText: '298.90 NOK' }).waitFor();
    // The iframe says how tall its checkout is and the page sizes the frame to it (style height
    // next to the snippet's min-height): the Purchase button is on the page, not scrolled inside.
    await snippet.locator('iframe[style*=" height:"]').waitFor();
    await frame.getByLabel('Email').fill(BILLING.email);
    await frame.getByLabel('Phone').fill(BILLING.phone);
    await frame.getByLabel('First name').fill(BILLING.givenName);
    await frame.getByLabel('Last name').fill(BILLING.familyName);
    await frame.getByLabel('Street address').fill(BILLING.streetAddress);
    await frame.getByLabel('Postal code').fill(BILLING.postalCode);
    await frame.getByLabel('City').fill(BILLING.city);
    // The shopper changes their mind in the iframe: a pick-up point replaces the storefront's parcel.
    await frame.getByLabel('Shipping option').selectOption({ label: 'Pick-up point (0.00)' });
    await amountBecomes(page, 'order-total', 249.9);
    // The storefront's shipping card and the provider's cart follow: one delivery, no fee.
    await page.getByTestId('shipping-elsewhere').filter({ hasText: 'Pick-up point' }).waitFor();
    await expect(page.locator('input[name="shipping"]:checked').count()).resolves.toBe(0);
    await frame.locator('#total', { hasText: '249.90 NOK' }).waitFor();
    await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'storefront-provider-c-iframe');

    await frame.getByRole('button', { name: 'Purchase', exact: true }).click();
    await confirmationCompleted(page);
    await screenshot(page, 'storefront-provider-c-confirmation');

    const order = await readOrder(system, shop, orderId);
    expect(order).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 249.9, payments: [{ adapterId: 'provider_c_checkout_adapter', amount: 249.9, state: 'reserved' }] });
    // The iframe's events reached the adapter (customer-update, shipping-option-update), none refused.
    expect(relayed).toContain('200 customer-update');
    expect(relayed).toContain('200 shipping-option-update');
    expect(relayed.filter((line) => !line.startsWith('200 '))).toEqual([]);
    await finish();
  }, 120_000);
});
