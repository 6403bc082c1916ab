import { describe, expect, it } from '@jest/globals';
import type { FrameLocator, Page } from 'playwright-core';
import { graphql, dataOf, rest } from '../harness/http.js';
import { OrderShippingsDocument } from '../generated/graphql.js';
import { BILLING, newBasket } from '../journey/journey-setup.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { amountBecomes, chooseStandardParcel, confirmationCompleted, fillInDetails, goToCheckout, pageShowsOrderAsStored, readOrder } from './storefront-shopper.js';

// Provider B's frontend in the storefront (adapters/provider-b/frontend/provider-b.frontend.ts): the
// provider's script (`javascriptUrl`, the sandbox's stand-in for Avarda's: `avardaCheckoutInit`)
// initialised with the purchase token renders the provider's checkout in an iframe sized to its
// content, starting from what the shop already knows of the shopper (Avarda's prefill). The shopper
// buys there; the provider tells the adapter (its server callback), not the page, so the storefront
// follows the order (orderChanged) to the confirmation. The script's callbacks reach the adapter
// through the storefront's relay: a shipping option chosen in the provider's form becomes the
// order's shipping (its total follows, live), beforeSubmit validates and processes; a declined
// method is said in the provider's form and another method there completes the order; a submit the
// shop refuses is stopped with the reason in words and can be made again.

const suite = useBrowserTest({ shop: 'm-storefront-pb', storefront: true });
/** The purchases of an order at the sandbox (their order reference is the order id's first 20 letters and digits). */
const purchasesOf = async (orderId: string) =>
  ((await rest(suite.system.urls.provider_b_sandbox!, 'GET', '/api/sandbox/purchases')).body.purchases as Array<{ extraIdentifiers: { orderReference: string }; b2C: { step: { current: string }; userInputs: { email: string }; invoicingAddress: { city: string } }; paymentMethods: { selectedPayment?: { type: string } } }>).filter(
    (purchase) => purchase.extraIdentifiers.orderReference === orderId.replace(/-/g, '').slice(0, 20),
  );

describe("the storefront's provider B frontend", () => {
  it("renders the provider's script checkout, filled in with what the shop knows; a purchase there leads to the confirmation", async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage({ viewport: { width: 1400, height: 1600 } });

    const orderId = await goToCheckout(page, system.urls.storefront!, shop.basketId);
    await fillInDetails(page);
    await chooseStandardParcel(page);

    await page.locator('input[name="payment"][value="provider_b_checkout_adapter:"]').check();
    const root = page.getByTestId('provider-b-checkout');
    const checkout = root.frameLocator('iframe');
    await checkout.getByRole('heading', { name: /Provider B checkout/ }).waitFor();
    // The form starts from the shop's details (Avarda's prefill): nothing to type again.
    await checkout.locator('#step[data-step="PersonalInfo"]').waitFor();
    await expect(checkout.getByLabel('E-mail').inputValue()).resolves.toBe(BILLING.email);
    await expect(checkout.getByLabel('First name', { exact: true }).inputValue()).resolves.toBe(BILLING.givenName);
    await expect(checkout.getByLabel('City', { exact: true }).inputValue()).resolves.toBe(BILLING.city);
    // The provider's payment is started (intent, holding the whole total) but nothing is paid:
    // once the page shows the order with it, the whole total is still to pay.
    const started = await readOrder(system, shop, orderId);
    expect(started.payments).toEqual([{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'intent' }]);
    await pageShowsOrderAsStored(page, system, shop, orderId);
    await amountBecomes(page, 'amount-paid', 0);
    await amountBecomes(page, 'amount-due', 298.9);

    await checkout.getByLabel('Payment method').selectOption('Invoice');
    await page.getByRole('region', { name: 'Payment' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'storefront-provider-b-checkout');

    await checkout.getByRole('button', { name: 'Buy' }).click();
    await confirmationCompleted(page);
    await screenshot(page, 'storefront-provider-b-confirmation');

    const order = await readOrder(system, shop, orderId);
    expect(order).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 298.9, payments: [{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'reserved' }] });
    // The purchase holds what the shop prefilled and the shopper chose in the provider's checkout.
    expect(await purchasesOf(orderId)).toEqual([
      expect.objectContaining({ b2C: expect.objectContaining({ step: expect.objectContaining({ current: 'Completed' }), userInputs: expect.objectContaining({ email: BILLING.email }), invoicingAddress: expect.objectContaining({ city: BILLING.city }) }), paymentMethods: { selectedPayment: expect.objectContaining({ type: 'Invoice' }) } }),
    ]);
    await finish();
  }, 120_000);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`a shipping option chosen in the provider's form: the order's shipping and total follow, and the order completes with it; the frame fits its form (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);
      await amountBecomes(page, 'order-total', 249.9);

      const checkout = await openProviderB(page);
      await checkout.getByLabel('Shipping').selectOption('postal');
      // The order's shipping and total follow, live; the provider's form is refreshed to the purchase's new total.
      await amountBecomes(page, 'order-total', 298.9);
      await checkout.locator('#total', { hasText: /^298\.90 NOK$/ }).waitFor();
      await checkout.getByLabel('Payment method').selectOption('Invoice');
      // The frame is sized to its form: nothing of it is cut off, nothing scrolls inside it.
      await page.getByTestId('provider-b-checkout').scrollIntoViewIfNeeded();
      await expectFrameFitsForm(page);
      await screenshot(page, `storefront-provider-b-shipping-${viewport.width}`);

      await checkout.getByRole('button', { name: 'Buy' }).click();
      await confirmationCompleted(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      expect(await readOrder(system, shop, orderId)).toEqual({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, total: 298.9, payments: [{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'reserved' }] });
      expect(await shippingsOf(orderId)).toEqual([{ name: 'Postal', total: { includingVat: 49 } }]);
      await finish();
    }, 120_000);

    it(`a pick-up point chosen in the provider's form, then Invoice in the shop: the delivery is the shop's parcel again and the invoice pays it all (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);
      await chooseStandardParcel(page);

      const checkout = await openProviderB(page);
      // The pick-up point replaces the shop's parcel while provider B is the way to pay.
      await checkout.getByLabel('Shipping').selectOption('pickup');
      await amountBecomes(page, 'order-total', 249.9);
      await page.getByTestId('shipping-elsewhere').filter({ hasText: 'Pick-up point' }).waitFor();

      // The shopper changes their mind: B's purchase gives way to the invoice, and its pick-up point to the shop's choice.
      await page.getByRole('radio', { name: /Invoice/ }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await confirmationCompleted(page);
      await amountBecomes(page, 'confirmation-to-pay-later', 298.9);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const order = await readOrder(system, shop, orderId);
      expect(order).toMatchObject({ status: 'completed', total: 298.9, payments: [{ adapterId: 'nonpsp_adapter', amount: 298.9, state: 'reserved' }] });
      expect(await shippingsOf(orderId)).toEqual([{ name: 'Standard parcel', total: { includingVat: 49 } }]);
      await finish();
    }, 120_000);

    it(`a declined method is said in words in the provider's form, the purchase stays open, and another method there completes the order (${viewport.width} px)`, async () => {
      const { system, shop } = suite;
      const { page, finish } = await suite.newPage({ viewport });
      const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
      await fillInDetails(page);
      await chooseStandardParcel(page);

      const checkout = await openProviderB(page);
      await checkout.getByLabel('Payment method').selectOption('Invoice');
      await checkout.getByRole('button', { name: 'Decline' }).click();
      // Said where it happened, in the provider's form, in words (never the API's JSON).
      const said = checkout.locator('#result', { hasText: 'declined' });
      await said.waitFor();
      expect(await said.textContent()).toBe('The payment was declined. Choose another way to pay.');
      expect(await purchasesOf(orderId)).toEqual([expect.objectContaining({ b2C: expect.objectContaining({ step: expect.objectContaining({ current: 'PersonalInfo' }) }) })]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `storefront-provider-b-declined-${viewport.width}`);

      await checkout.getByLabel('Payment method').selectOption('Card');
      await checkout.locator('#buy:enabled').waitFor();
      await checkout.getByRole('button', { name: 'Buy' }).click();
      await confirmationCompleted(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const order = await readOrder(system, shop, orderId);
      expect(order).toMatchObject({ status: 'completed', total: 298.9, payments: [{ adapterId: 'provider_b_checkout_adapter', amount: 298.9, state: 'reserved' }] });
      await finish();
    }, 120_000);
  }
});

describe("the storefront's provider B frontend when the storefront updates the order", () => {
  it("a gift card added in the storefront: the payment follows and the provider's form is refreshed to the new amount (refreshForm), and the order completes with both", async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    const orderId = await goToCheckout(page, system.urls.storefront!, await newBasket(system));
    await fillInDetails(page);
    await chooseStandardParcel(page);
    const checkout = await openProviderB(page);
    await checkout.locator('#total', { hasText: /^298\.90 NOK$/ }).waitFor();

    const cardId = 'GIFT-PB-1';
    expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 100, currency: 'NOK' } })).status).toBe(201);
    await page.getByLabel('Gift card number').fill(cardId);
    await page.getByRole('button', { name: 'Add gift card' }).click();
    await page.getByTestId('gift-card-payment').waitFor();
    await checkout.locator('#total', { hasText: /^198\.90 NOK$/ }).waitFor();

    await checkout.getByRole('button', { name: 'Buy' }).click();
    await confirmationCompleted(page);
    const order = await readOrder(system, shop, orderId);
    expect(order.status).toBe('completed');
    expect(order.payments.map((payment) => [payment.adapterId, payment.amount, payment.state]).sort()).toEqual([
      ['giftcard_adapter', 100, 'captured'],
      ['provider_b_checkout_adapter', 198.9, 'reserved'],
    ]);
    await finish();
  }, 120_000);
});

describe("the storefront's provider B frontend when the shop refuses the submit", () => {
  it('beforeSubmit refused by validate (the basket changed behind the checkout): the reason in words, the purchase stays open, and once the basket is as it was a submit completes', async () => {
    const { system, shop } = suite;
    const { page, finish } = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    const basketId = await newBasket(system);
    const orderId = await goToCheckout(page, system.urls.storefront!, basketId);
    const checkout = await openProviderB(page);
    // The shop knew the buyer's name and contact but no address: the form starts there, and the shopper types the rest.
    await checkout.locator('#step[data-step="Initialized"]').waitFor();
    await expect(checkout.getByLabel('E-mail').inputValue()).resolves.toBe(BILLING.email);
    await enterShopper(checkout);
    await checkout.getByLabel('City', { exact: true }).press('Tab');
    // The form has told the shop of the address and had its answer (its buttons wait for it).
    await checkout.locator('#step[data-step="PersonalInfo"]').waitFor();
    await checkout.locator('#buy:enabled').waitFor();
    // Another tab changes the basket at the commerce platform.
    const socks = (quantity: number) => rest(system.urls.commerce_sandbox!, 'PATCH', `/api/sandbox/baskets/${basketId}/items/SOCK-3P`, { body: { quantity } });
    expect((await socks(2)).status).toBe(200);
    await checkout.getByRole('button', { name: 'Buy' }).click();
    const refused = page.getByTestId('payment-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Your basket has changed in the shop. Reload the page to see the latest basket.');
    await checkout.locator('#result', { hasText: 'The shop did not let the purchase go on' }).waitFor();
    await checkout.locator('#buy:enabled').waitFor();
    expect(await purchasesOf(orderId)).toEqual([expect.objectContaining({ b2C: expect.objectContaining({ step: expect.objectContaining({ current: 'PersonalInfo' }) }) })]);
    expect((await readOrder(system, shop, orderId)).status).toBe('checkout');

    expect((await socks(1)).status).toBe(200);
    await checkout.getByRole('button', { name: 'Buy' }).click();
    await confirmationCompleted(page);
    expect(await readOrder(system, shop, orderId)).toMatchObject({ status: 'completed', billing: { givenName: BILLING.givenName, city: BILLING.city }, payments: [{ adapterId: 'provider_b_checkout_adapter', state: 'reserved' }] });
    await finish();
  }, 120_000);
});

/** Provider B picked in the storefront: its checkout's frame, once it shows the new purchase. */
async function openProviderB(page: Page): Promise<FrameLocator> {
  await page.locator('input[name="payment"][value="provider_b_checkout_adapter:"]').check();
  const checkout = page.getByTestId('provider-b-checkout').frameLocator('iframe');
  await checkout.locator('#step[data-step]').waitFor();
  return checkout;
}

/** What the shopper types in the provider's form (BILLING). */
async function enterShopper(checkout: FrameLocator): Promise<void> {
  await checkout.getByLabel('E-mail').fill(BILLING.email);
  await checkout.getByLabel('Phone').fill(BILLING.phone);
  await checkout.getByLabel('First name', { exact: true }).fill(BILLING.givenName);
  await checkout.getByLabel('Last name', { exact: true }).fill(BILLING.familyName);
  await checkout.getByLabel('Street', { exact: true }).fill(BILLING.streetAddress);
  await checkout.getByLabel('Postal code', { exact: true }).fill(BILLING.postalCode);
  await checkout.getByLabel('City', { exact: true }).fill(BILLING.city);
}

/** The provider's frame shows its whole form: its height is the form's, to the pixel, once the script has sized it (waited for), and nothing scrolls inside it. */
async function expectFrameFitsForm(page: Page): Promise<void> {
  const frame = page.getByTestId('provider-b-checkout').locator('iframe');
  const form = page.getByTestId('provider-b-checkout').frameLocator('iframe').locator('html');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const outer = await frame.evaluate((node) => node.getBoundingClientRect().height);
    const inner = await form.evaluate((node) => Math.ceil(node.getBoundingClientRect().height));
    if (inner > 300 && Math.abs(outer - inner) <= 1) break;
    if (Date.now() > deadline) throw new Error(`The provider's frame is ${outer} px high for a form of ${inner} px.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await form.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
}

/** The order's shippings as the back office reads them through GraphQL. */
async function shippingsOf(orderId: string): Promise<unknown> {
  const { system, shop } = suite;
  const token = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'admin' });
  const read = await graphql(system.urls.gateway!, OrderShippingsDocument, { id: orderId }, { token, ...shop.tenant });
  return dataOf(read).order!.shippings;
}
