import { describe, expect, it } from '@jest/globals';
import { rest } from '../harness/http.js';
import { BILLING } from '../journey/journey-setup.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, confirmationCompleted, fillInDetails, goToCheckout, pageShowsOrderAsStored, readOrder } from './storefront-shopper.js';

// Provider B's frontend in the storefront (web/checkout-client/core/frontends/provider-b.frontend.ts): the
// provider's script (`javascriptUrl`, the sandbox's /checkout.js) initialised with the purchase
// token renders the provider's checkout in an iframe. The shopper enters their details there and
// buys; the provider tells the adapter (its server callback), not the page, so the storefront
// follows the order (orderChanged) to the confirmation.

const suite = useBrowserTest({ shop: 'm-storefront-pb', storefront: true });

describe("the storefront's provider B frontend", () => {
  it("renders the provider's script checkout; a purchase there leads to the confirmation", async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage({ viewport: { width: 1400, height: 1600 } });

    const orderId = await goToCheckout(page, system.urls.storefront!, shop.basketId);
    await fillInDetails(page);
    await chooseStandardParcel(page);

    await page.locator('input[name="payment"][value="provider_b_checkout_adapter:"]').check();
    const root = page.getByTestId('provider-b-checkout');
    const checkout = root.frameLocator('iframe');
    await checkout.getByRole('heading', { name: /Provider B checkout/ }).waitFor();
    await checkout.locator('#step', { hasText: 'Initiated' }).waitFor();
    // The provider's payment is started (intent, holding the whole total) but nothing is paid:
    // once the page shows the order with it, the whole total is still to pay.
    const started = await readOrder(system, shop, orderId);
    expect(started.payments).toEqual([{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'intent' }]);
    await pageShowsOrderAsStored(page, system, shop, orderId);
    await amountBecomes(page, 'amount-paid', 0);
    await amountBecomes(page, 'amount-due', 298.9);

    await checkout.getByLabel('E-mail').fill(BILLING.email);
    await checkout.getByLabel('Phone').fill(BILLING.phone);
    await checkout.getByLabel('Given name').fill(BILLING.givenName);
    await checkout.getByLabel('Family name').fill(BILLING.familyName);
    await checkout.getByLabel('Street').fill(BILLING.streetAddress);
    await checkout.getByLabel('Postal code').fill(BILLING.postalCode);
    await checkout.getByLabel('City').fill(BILLING.city);
    await checkout.getByLabel('Payment method').selectOption('Invoice');
    await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'storefront-provider-b-checkout');

    // Buy buys with what the form holds: no Save first.
    await checkout.getByRole('button', { name: 'Buy' }).click();
    await confirmationCompleted(page);
    await screenshot(page, 'storefront-provider-b-confirmation');

    const order = await readOrder(system, shop, orderId);
    expect(order).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 298.9, payments: [{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'reserved' }] });
    // The purchase holds what the shopper typed in the provider's checkout.
    const purchases = (await rest(system.urls.provider_b_sandbox!, 'GET', '/api/sandbox/purchases')).body.purchases as Array<{ merchantReference: string; currentStep: string; customer: { email: string }; deliveryAddress: { city: string }; paymentMethod: string }>;
    expect(purchases.filter((purchase) => purchase.merchantReference === orderId.replace(/-/g, '').slice(0, 20))).toEqual([
      expect.objectContaining({ currentStep: 'Completed', customer: expect.objectContaining({ email: BILLING.email }), deliveryAddress: expect.objectContaining({ city: BILLING.city }), paymentMethod: 'Invoice' }),
    ]);
    await finish();
  }, 120_000);
});
