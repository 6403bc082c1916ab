import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { createProviderCSandbox, type ProviderCSandbox } from '../../sandboxes/provider-c/provider-c-sandbox.app.js';
import { signProviderC } from '../../sandboxes/provider-c/provider-c.signature.js';
import { rest } from '../harness/http.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// The provider C sandbox's page (docs/sandboxes.md): a person opens it, fills in the iframe,
// purchases; the iframe tells the page what happened, the merchant gets the validation and push.

const suite = useBrowserTest();
let sandbox: ProviderCSandbox;
let url: string;
let merchant: TestAdapter;

beforeAll(async () => {
  merchant = await TestAdapter.start();
  merchant.on('/push', () => ({ status: 200, body: { CallbackResponse: 'received' } }));
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
    MerchantConfirmationUrl: 'https://shop.example/thanks',
    MerchantCheckoutStatusPushUrl: `${merchant.url}/push`,
    MerchantOrderValidationUrl: `${merchant.url}/validation`,
    OrderItems: [{ MerchantReference: 'SHOE', Description: 'Running shoes', Type: 'Product', Quantity: 1, PricePerItemIncVat: 199.9, PricePerItemExVat: 159.92, VatRate: 25 }],
  });
  const created = await rest(url, 'POST', '/checkout/merchantapi/orders', { headers: { authorization: signProviderC('provider-c-secret', body) }, rawBody: body });
  expect(created.status).toBe(201);
  return created.body.OrderId as number;
}

describe('the provider C sandbox page', () => {
  it('a person fills in the iframe and purchases: the events reach the page, the merchant is asked and told', async () => {
    const orderId = await newOrder();
    const { page, blocked, close } = await suite.newPage();
    await page.goto(`${url}/api/sandbox/orders/${orderId}/page`);
    const frame = page.frameLocator('iframe');
    await frame.locator('input[name=email]').fill('ada@example.com');
    await frame.locator('input[name=firstName]').fill('Ada');
    await frame.locator('input[name=lastName]').fill('Lovelace');
    await frame.locator('input[name=streetAddress]').fill('Storgata 1');
    await frame.locator('input[name=postalCode]').fill('0155');
    await frame.locator('input[name=city]').fill('Oslo');
    await frame.locator('select[name=shippingOption]').selectOption({ index: 1 });
    await frame.locator('button[data-outcome=completed]').click();
    await frame.locator('.status.ok').waitFor();
    expect(await frame.locator('.status').textContent()).toContain('Thank you');
    await page.waitForFunction(() => document.getElementById('log')?.textContent?.includes('purchase'));
    const log = (await page.locator('#log').textContent()) ?? '';
    expect(log).toContain('identity.email "ada@example.com"');
    expect(log).toContain('shippingConfirmed "standard"');
    expect(log).toContain('https://shop.example/thanks');
    await screenshot(page, 'provider-c-sandbox-page');

    const order = (await rest(url, 'GET', `/api/sandbox/orders/${orderId}`)).body;
    expect(order).toMatchObject({ CustomerCheckoutStatus: 'Completed', Customer: { EmailAddress: 'ada@example.com' }, SelectedShippingOption: { Id: 'standard' } });
    expect(merchant.callsTo('/validation')).toHaveLength(1);
    expect(merchant.callsTo('/push')).toHaveLength(1);
    expect(blocked).toEqual([]);
    await close();
  });
});
