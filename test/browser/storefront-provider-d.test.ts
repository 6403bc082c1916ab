import { describe, expect, it } from '@jest/globals';
import { graphql } from '../harness/http.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { fillInDetails, goToCheckout } from './storefront-shopper.js';

// Provider D's frontend in the storefront (src/payment-frontends/ProviderDDropin.tsx): the
// sandbox's drop-in script mounted with the adapter's create answer, its submit sent to the
// adapter's `transaction` through the storefront's server with the checkout token, a test card
// that authorises → the confirmation page with the order completed.

const suite = useBrowserTest({ shop: 'm-storefront-pd', storefront: true });

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
});
