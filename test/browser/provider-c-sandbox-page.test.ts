import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { createProviderCSandbox, type ProviderCSandbox } from '../../sandboxes/provider-c/provider-c-sandbox.app.js';
import { signProviderC } from '../../sandboxes/provider-c/provider-c.signature.js';
import { rest } from '../harness/http.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// The provider C sandbox's page (docs/sandboxes.md): a merchant's page holding an order's snippet,
// its q1Ready registering Qliro One's listeners. A person picks a delivery in the checkout and
// purchases; the page's listeners hear of it, the merchant gets the validation and the push, and
// the checkout sends the window to the merchant's confirmation address.

const suite = useBrowserTest();
let sandbox: ProviderCSandbox;
let url: string;
let merchant: TestAdapter;

beforeAll(async () => {
  merchant = await TestAdapter.start();
  merchant.on('/push', () => ({ status: 200, body: { CallbackResponse: 'received' } }));
  merchant.on('/thanks', () => ({ status: 200, body: { thanks: true } }));
  sandbox = createProviderCSandbox({ logger: createLogger({ level: 'silent' }) });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await sandbox?.app.close();
  await merchant?.close();
});

async function newOrder(): Promise<number> {
  const body = JSON.stringify({
    MerchantApiKey: 'pc-merchant',
    MerchantReference: 'browser-1',
    Currency: 'NOK',
    Country: 'NO',
    Language: 'nb-no',
    MerchantTermsUrl: 'https://shop.example/terms',
    MerchantConfirmationUrl: `${merchant.url}/thanks`,
    MerchantCheckoutStatusPushUrl: `${merchant.url}/push`,
    MerchantOrderValidationUrl: `${merchant.url}/validation`,
    OrderItems: [{ MerchantReference: 'SHOE', Description: 'Running shoes', Type: 'Product', Quantity: 1, PricePerItemIncVat: 199.9, PricePerItemExVat: 159.92, VatRate: 25 }],
    CustomerInformation: { Email: 'ada@example.com', MobileNumber: '+4712345678', Address: { FirstName: 'Ada', LastName: 'Lovelace', Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo' } },
    AvailableShippingMethods: [
      { MerchantReference: 'standard', DisplayName: 'Standard parcel', PriceIncVat: 49, PriceExVat: 39.2 },
      { MerchantReference: 'pickup', DisplayName: 'Pick-up point', PriceIncVat: 0, PriceExVat: 0 },
    ],
  });
  const created = await rest(url, 'POST', '/checkout/merchantapi/orders', { headers: { authorization: signProviderC('provider-c-secret', body) }, rawBody: body });
  expect(created.status).toBe(201);
  return created.body.OrderId as number;
}

describe('the provider C sandbox page', () => {
  it("a person picks a delivery and purchases in the checkout: the page's q1 listeners hear of it, the merchant is asked and told, the window goes to the confirmation address", async () => {
    const orderId = await newOrder();
    const { page, blocked, close } = await suite.newPage();
    await page.goto(`${url}/api/sandbox/orders/${orderId}/page`);
    const frame = page.frameLocator('iframe');
    // What the merchant already knew is shown, not asked for.
    await frame.locator('#known-text', { hasText: 'ada@example.com' }).waitFor();
    await page.waitForFunction(() => document.getElementById('log')?.textContent?.includes('onCheckoutLoaded'));
    await frame.getByLabel('Standard parcel (49.00)').check();
    await frame.locator('#total', { hasText: '248.90 NOK' }).waitFor();
    await page.waitForFunction(() => document.getElementById('log')?.textContent?.includes('onShippingMethodChanged'));
    await screenshot(page, 'provider-c-sandbox-page');

    await frame.getByRole('button', { name: 'Purchase', exact: true }).click();
    await page.waitForURL(`${merchant.url}/thanks`);

    const order = (await rest(url, 'GET', `/api/sandbox/orders/${orderId}`)).body;
    expect(order).toMatchObject({ CustomerCheckoutStatus: 'Completed', Customer: { Email: 'ada@example.com' }, SelectedShippingMethod: 'standard', TotalPrice: 248.9 });
    expect(merchant.callsTo('/validation')).toHaveLength(1);
    expect(merchant.callsTo('/push')).toHaveLength(1);
    expect(blocked).toEqual([]);
    await close();
  });
});
