import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { dataOf, graphql } from '../harness/http.js';
import { JourneyCreateOrderDocument, JourneySetBillingDocument, ShippingOptionsOfferedDocument, ShippingSelectOptionDocument, ShippingSetAddressDocument, type AddressInput } from '../generated/graphql.js';
import { outboxSettled } from '../harness/outbox.js';
import type { TestSystem } from '../harness/test-system.js';
import { BILLING, newBasket, type Shop } from '../journey/journey-setup.js';
import { scrollsSideways, seriousViolations } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { counts, shows } from './page-waits.js';

// The operator's way to an order in the admin app (web/admin): sign in, find the order by the
// customer's e-mail, reload with the filter kept (it lives in the URL), go back to the previous
// filters, open the order and read its lines, shipping, addresses, totals and timeline. At 1280
// px wide, and the list at 390 px without sideways scrolling.

const suite = useBrowserTest({ system: {}, shop: 'm-admin-orders' });
let system: TestSystem;
let shop: Shop;
let orderId: string;
let otherId: string;
const EMAIL = 'Ola.Hansen@Example.net';
const SHIPPING = { givenName: 'Ola', familyName: 'Hansen', streetAddress: 'Fjordveien 7', postalCode: '5003', city: 'Bergen', country: 'NO', phone: '+4740000000' };

const shopper = async <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  dataOf(await graphql(system.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant }));

/** An order from a basket with a billing address, a shipping address and a chosen shipping option. */
async function order(basketId: string, billing: AddressInput, shipping?: AddressInput): Promise<string> {
  const created = await shopper(JourneyCreateOrderDocument, { input: { cartReference: basketId, culture: 'nb-NO', currency: 'NOK' } });
  const id = created.createOrderFromBasket.id;
  await shopper(JourneySetBillingDocument, { id, a: billing });
  if (shipping) {
    await shopper(ShippingSetAddressDocument, { id, a: shipping });
    const options = await shopper(ShippingOptionsOfferedDocument, { id });
    const standard = options.shippingOptions.options.find((option) => option.name === 'Standard parcel');
    if (!standard) throw new Error(`no Standard parcel among ${JSON.stringify(options)}`);
    await shopper(ShippingSelectOptionDocument, { id, o: standard.id });
  }
  return id;
}

beforeAll(async () => {
  ({ system, shop } = suite);
  otherId = await order(shop.basketId, BILLING);
  orderId = await order(await newBasket(system), { ...BILLING, givenName: 'Ola', familyName: 'Hansen', email: EMAIL, phone: '+4790000000' }, SHIPPING);
  await outboxSettled(system);
}, 120_000);

async function signIn(page: Page): Promise<void> {
  await page.goto(system.urls.admin!);
  await page.fill('textarea[name=token]', shop.adminToken);
  await page.fill('input[name=channel]', shop.tenant.channel);
  await page.click('button:has-text("Sign in")');
  await shows(page.getByTestId('merchant'), shop.tenant.merchant);
}

const rows = (page: Page) => page.locator('table.orders tbody tr');

describe('the admin’s orders', () => {
  it('finds an order by the customer’s e-mail, keeps the filter through a reload and back, and shows the whole order', async () => {
    const { page, finish, close } = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(page);
      await page.click('nav >> text=Orders');
      await counts(rows(page), (n) => n === 2);

      // Found by the e-mail written differently (case) than the shopper did.
      await page.fill('input[name=q]', 'ola.hansen@example.NET');
      await page.click('button:has-text("Search")');
      await counts(rows(page), (n) => n === 1);
      await shows(rows(page).first().locator('td[data-label=Order] a'), orderId);
      await shows(rows(page).first().locator('td[data-label=Customer]'), /Ola Hansen\s*Ola\.Hansen@Example\.net/);
      // Money in the currency's units (NOK: 2 decimals) and the created time with its zone.
      await shows(rows(page).first().locator('td[data-label=Total]'), /NOK\s?298[.,]90|298[.,]90\s?NOK/);
      await shows(rows(page).first().locator('td[data-label=Created] time'), /(UTC|GMT)/);
      expect(page.url()).toContain('q=ola.hansen%40example.NET');
      await screenshot(page, 'admin-orders-by-email', { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // A reload keeps the search: it is in the URL.
      await page.reload();
      await counts(rows(page), (n) => n === 1);
      expect(await page.inputValue('input[name=q]')).toBe('ola.hansen@example.NET');

      // A narrower filter (total from 299): nothing; the back button returns to the e-mail search.
      await page.fill('input[name=min]', '299');
      await page.click('button:has-text("Search")');
      await shows(page.locator('.orders-page p', { hasText: 'No orders match' }), /No orders match these filters/);
      expect(page.url()).toContain('min=299');
      await page.goBack();
      await counts(rows(page), (n) => n === 1);
      expect(await page.inputValue('input[name=min]')).toBe('');

      // Bad input from the URL: said in words at its filter, not sent, not a crash.
      await page.goto(`${system.urls.admin!}#/orders?from=yesterday`);
      await shows(page.getByTestId('filter-problem-from'), '“yesterday” is not a day; pick one in the calendar (written 2026-11-27).');
      await page.goBack();
      await counts(rows(page), (n) => n === 1);

      // The order page: lines, shipping, addresses, totals, timeline.
      await page.click(`a:has-text("${orderId}")`);
      const lines = page.getByTestId('cart-lines');
      await shows(lines.locator('tr', { hasText: 'Running shoes' }), /Running shoes\s*SKU SHOE-42\s*2\s*NOK\s?99[.,]95/);
      await shows(lines.locator('tr', { hasText: 'Running shoes' }), /25\s?%/);
      await shows(lines.locator('tr', { hasText: 'Socks' }), /NOK\s?50[.,]00/);
      await shows(page.getByTestId('shippings'), /Standard parcel.*NOK\s?49[.,]00/);
      await shows(page.locator('section[aria-label="Billing address"]'), /Ola Hansen\s*Storgata 1\s*0155 Oslo\s*NO\s*Ola\.Hansen@Example\.net/);
      await shows(page.locator('section[aria-label="Shipping address"]'), /Ola Hansen\s*Fjordveien 7\s*5003 Bergen/);
      await shows(page.getByTestId('totals'), /Items\s*NOK\s?249[.,]90\s*Shipping\s*NOK\s?49[.,]00\s*Total\s*NOK\s?298[.,]90/);
      const timeline = page.getByTestId('timeline');
      await shows(timeline.locator('li').first(), /Order created/);
      await shows(timeline.locator('li', { hasText: 'Billing address set' }).first(), /(UTC|GMT).*Billing address set; changed: billing address/);
      await shows(timeline.locator('li', { hasText: 'Shipping address set' }).first(), /Shipping address set/);
      await counts(timeline.locator('li', { hasText: /Shippings? replaced|changed: shipping/ }), (n) => n > 0);
      await screenshot(page, 'admin-order-page', { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'admin-orders-failure', { fullPage: true });
      await close();
      throw error;
    }
    await finish();
  }, 120_000);

  it('shows the list and the order at 390 px without sideways scrolling', async () => {
    const { page, finish, close } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(page);
      await page.goto(`${system.urls.admin!}#/orders?q=${encodeURIComponent('kari@example.com')}`);
      await counts(rows(page), (n) => n === 1);
      await shows(rows(page).first().locator('td[data-label=Order] a'), otherId);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'admin-orders-390', { fullPage: true });
      await page.click(`a:has-text("${otherId}")`);
      await shows(page.getByTestId('cart-lines').locator('tr', { hasText: 'Socks' }), /Socks/);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'admin-order-390', { fullPage: true });
    } catch (error) {
      await screenshot(page, 'admin-orders-390-failure', { fullPage: true });
      await close();
      throw error;
    }
    await finish();
  }, 120_000);
});
