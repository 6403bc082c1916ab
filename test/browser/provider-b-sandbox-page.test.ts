import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { createProviderBSandbox } from '../../sandboxes/provider-b/provider-b-sandbox.app.js';
import { rest } from '../harness/http.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { scrollsSideways, seriousViolations } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// The provider B sandbox's shopper page (docs/sandboxes.md, "Shopper API"): it starts from the
// shop's prefill, shows no id of the purchase or the order, fits a phone; Buy buys with what the
// form holds — no Save first — and a purchase that cannot be bought stays open; answers are shown
// in words. (Embedded in a shop's page, its protocol with /checkout.js — avardaCheckoutInit — is
// exercised by test/browser/storefront-provider-b.test.ts.)

const suite = useBrowserTest();
let sandbox: ReturnType<typeof createProviderBSandbox>;
let url: string;
let merchant: TestAdapter;
let token: string;

beforeAll(async () => {
  merchant = await TestAdapter.start();
  merchant.on('/callback', () => ({ status: 200 }));
  sandbox = createProviderBSandbox({ logger: createLogger({ level: 'silent' }) });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  token = (await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' } })).body.token;
}, 120_000);
afterAll(async () => {
  await sandbox?.app.close();
  await merchant?.close();
});

async function newPurchase(prefill?: unknown): Promise<string> {
  const created = await rest(url, 'POST', '/api/partner/payments', {
    headers: { authorization: `Bearer ${token}` },
    body: {
      checkoutSetup: { language: 'English', completedNotificationUrl: `${merchant.url}/callback` },
      items: [{ notes: 'SHOE', description: 'Running shoes', quantity: 1, amount: 199.9, taxCode: '25', taxAmount: 39.98 }],
      extraIdentifiers: { orderReference: 'browserb1' },
      ...(prefill ? { b2C: prefill } : {}),
    },
  });
  expect(created.status).toBe(201);
  return created.body.purchaseId as string;
}

const purchase = async (purchaseId: string) => (await rest(url, 'GET', `/api/sandbox/purchases/${purchaseId}`)).body;

describe('the provider B sandbox page', () => {
  it('Buy buys with what the form holds: saved values changed since are the ones bought', async () => {
    const purchaseId = await newPurchase();
    const { page, finish } = await suite.newPage();
    await page.goto(`${url}/api/sandbox/purchases/${purchaseId}/page`);
    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByLabel('First name', { exact: true }).fill('Ada');
    await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await page.getByLabel('Street', { exact: true }).fill('Storgata 1');
    await page.getByLabel('Postal code', { exact: true }).fill('0155');
    await page.getByLabel('City', { exact: true }).fill('Oslo');
    await page.getByLabel('Shipping').selectOption('postal');
    // Saving is still there; what changes after it is what Buy takes.
    await page.getByRole('button', { name: 'Save what I entered' }).click();
    await page.locator('#step[data-step="PersonalInfo"]').waitFor();
    expect(await purchase(purchaseId)).toMatchObject({ paymentMethods: { selectedPayment: { type: 'Card' } }, b2C: { invoicingAddress: { city: 'Oslo' } } });
    await page.getByLabel('City', { exact: true }).fill('Bergen');
    await page.getByLabel('Payment method').selectOption('Invoice');
    await page.getByLabel('Newsletter').check();

    await page.getByRole('button', { name: 'Buy' }).click();
    await page.locator('#step[data-step="Completed"]').waitFor();
    await screenshot(page, 'provider-b-sandbox-page-bought');
    expect(await purchase(purchaseId)).toMatchObject({
      b2C: {
        step: { current: 'Completed', emailNewsletterSubscription: 'Checked' },
        userInputs: { email: 'ada@example.com' },
        invoicingAddress: { firstName: 'Ada', city: 'Bergen', zip: '0155' },
      },
      Modules: [{ selected_shipping_option: { shipping_method: 'postal' }, shipping_price: 49 }],
      paymentMethods: { selectedPayment: { type: 'Invoice' } },
    });
    expect(merchant.callsTo('/callback')).toHaveLength(1);
    // A final purchase: the page's buttons stay disabled.
    for (const name of ['Save what I entered', 'Buy', 'Decline']) await expect(page.getByRole('button', { name }).isDisabled()).resolves.toBe(true);
    await finish();
  });

  it('a Buy the form cannot make yet (no e-mail) says what is missing and leaves the purchase open', async () => {
    const purchaseId = await newPurchase();
    const { page, finish } = await suite.newPage();
    await page.goto(`${url}/api/sandbox/purchases/${purchaseId}/page`);
    await page.getByLabel('Postal code', { exact: true }).fill('0155');
    await page.getByRole('button', { name: 'Buy' }).click();
    // Why, in words, never the API's JSON.
    await page.locator('#result', { hasText: /^Enter your e-mail, your first name/ }).waitFor();
    expect(await page.locator('#result').textContent()).not.toMatch(/[{}]|409/);
    await page.locator('#buy:enabled').waitFor(); // ready for another try once the answer is in
    expect(await purchase(purchaseId)).toMatchObject({ b2C: { step: { current: 'Initialized' } } });
    expect(merchant.callsTo('/callback')).toHaveLength(1); // only the first test's purchase
    await finish();
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`starts from the shop's prefill, shows no internal id and fits the width (${viewport.width} px)`, async () => {
      const purchaseId = await newPurchase({ invoicingAddress: { firstName: 'Kari', lastName: 'Nordmann', address1: 'Storgata 1', zip: '0155', city: 'Oslo', country: 'NO' }, userInputs: { email: 'kari@example.com', phone: '+4791234567' } });
      const { page, finish } = await suite.newPage({ viewport });
      await page.goto(`${url}/api/sandbox/purchases/${purchaseId}/page`);
      await page.locator('#step[data-step="PersonalInfo"]').waitFor();
      await expect(page.getByLabel('E-mail').inputValue()).resolves.toBe('kari@example.com');
      await expect(page.getByLabel('Street', { exact: true }).inputValue()).resolves.toBe('Storgata 1');
      const shown = await page.locator('body').innerText();
      expect(shown).not.toContain(purchaseId.slice(0, 8));
      expect(shown).not.toContain('browserb1');
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `provider-b-sandbox-page-prefilled-${viewport.width}`);
      await finish();
    });
  }
});
