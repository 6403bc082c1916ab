import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { createProviderBSandbox } from '../../sandboxes/provider-b/provider-b-sandbox.app.js';
import { rest } from '../harness/http.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// The provider B sandbox's shopper page (docs/sandboxes.md, "Shopper API"): Buy buys with what
// the form holds — no Save first — and a purchase that cannot be bought stays open; answers are
// shown in words. (Embedded in a shop's page, its protocol with /checkout.js is exercised by
// test/browser/storefront-provider-b.test.ts.)

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

async function newPurchase(): Promise<string> {
  const created = await rest(url, 'POST', '/api/partner/payments', {
    headers: { authorization: `Bearer ${token}` },
    body: { checkoutSetup: { language: 'English', completedNotificationUrl: `${merchant.url}/callback` }, items: [{ notes: 'SHOE', description: 'Running shoes', quantity: 1, amount: 199.9, taxCode: '25', taxAmount: 39.98 }], extraIdentifiers: { orderReference: 'browser-b' } },
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
    await page.getByLabel('Given name').fill('Ada');
    await page.getByLabel('Family name').fill('Lovelace');
    await page.getByLabel('Street').fill('Storgata 1');
    await page.getByLabel('Postal code').fill('0155');
    await page.getByLabel('City').fill('Oslo');
    await page.getByLabel('Shipping').selectOption('postal');
    // Saving is still there; what changes after it is what Buy takes.
    await page.getByRole('button', { name: 'Save what I entered' }).click();
    await page.locator('#step', { hasText: 'ShopperDataEntered' }).waitFor();
    expect(await purchase(purchaseId)).toMatchObject({ paymentMethod: 'Card', deliveryAddress: { city: 'Oslo' } });
    await page.getByLabel('City').fill('Bergen');
    await page.getByLabel('Payment method').selectOption('Invoice');
    await page.getByLabel('Newsletter').check();

    await page.getByRole('button', { name: 'Buy' }).click();
    await page.locator('#step', { hasText: 'Completed' }).waitFor();
    await screenshot(page, 'provider-b-sandbox-page-bought');
    expect(await purchase(purchaseId)).toMatchObject({
      currentStep: 'Completed',
      customer: { email: 'ada@example.com', givenName: 'Ada' },
      deliveryAddress: { city: 'Bergen', postalCode: '0155' },
      shippingOption: { id: 'postal', amount: 49 },
      paymentMethod: 'Invoice',
      consents: { newsletter: true },
    });
    expect(merchant.callsTo('/callback')).toHaveLength(1);
    // A final purchase: the page's buttons stay disabled.
    for (const name of ['Save what I entered', 'Buy', 'Decline']) await expect(page.getByRole('button', { name }).isDisabled()).resolves.toBe(true);
    await finish();
  });

  it('a Buy the sandbox refuses (no e-mail yet) shows why and leaves the purchase open', async () => {
    const purchaseId = await newPurchase();
    const { page, finish } = await suite.newPage();
    await page.goto(`${url}/api/sandbox/purchases/${purchaseId}/page`);
    await page.getByLabel('Postal code').fill('0155');
    await page.getByRole('button', { name: 'Buy' }).click();
    // Why, in words (the sandbox's message), never the API's JSON.
    await page.locator('#result', { hasText: /^Not done: The shopper has not entered customer\.email/ }).waitFor();
    expect(await page.locator('#result').textContent()).not.toMatch(/[{}]|409/);
    await page.locator('#buy:enabled').waitFor(); // ready for another try once the answer is in
    expect(await purchase(purchaseId)).toMatchObject({ currentStep: 'ShopperDataEntered', deliveryAddress: { postalCode: '0155' } });
    expect(merchant.callsTo('/callback')).toHaveLength(1); // only the first test's purchase
    await finish();
  });
});
