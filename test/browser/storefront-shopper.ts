import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { graphql, dataOf } from '../harness/http.js';
import { OrderAsPaidDocument, OrderVersionDocument } from '../generated/graphql.js';
import type { TestSystem } from '../harness/test-system.js';
import { BILLING, type Shop } from '../journey/journey-setup.js';

// What a shopper does in the storefront before a payment provider's frontend takes over, shared
// by the provider journeys (test/browser/storefront-provider-*.test.ts).

/** The basket's id typed on the first page → Go to checkout; answers the order's id once the page follows it live. */
export async function goToCheckout(page: Page, storefrontUrl: string, basketId: string): Promise<string> {
  await page.goto(`${storefrontUrl}/`);
  await page.locator('input').first().fill(basketId);
  await page.getByRole('button', { name: 'Go to checkout' }).click();
  await page.waitForURL(/\/checkout\/[^/]+$/);
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.locator('[data-testid="order-state"][data-status="checkout"] .live.on').waitFor();
  return orderId;
}

/** The billing address (BILLING) saved and the terms accepted, each waited for as the order shows it. */
export async function fillInDetails(page: Page): Promise<void> {
  for (const [field, value] of Object.entries(BILLING)) {
    if (field === 'country') await page.locator('select[name="country"]').selectOption(value);
    else await page.locator(`input[name="${field}"]`).fill(value);
  }
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByTestId('billing-saved').waitFor();
  await page.getByLabel('I accept the terms of purchase').click();
  await page.locator('input[name="terms"]:checked').waitFor();
}

/** Standard parcel chosen, waited for as the page shows it and its total (the demo basket's, 298.90). */
export async function chooseStandardParcel(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Standard parcel/ }).click();
  await page.locator('input[name="shipping"][value="standard"]:checked').waitFor();
  await amountBecomes(page, 'order-total', 298.9);
}

/** Waits until an amount the page shows (`data-amount` of a test id) is the one expected: it follows the order live. */
export const amountBecomes = (page: Page, testId: string, amount: number) =>
  page.locator(`[data-testid="${testId}"][data-amount="${amount}"]`).waitFor();

/**
 * Waits until the checkout page shows the order as the platform holds it now (its version or a
 * later one, followed live), so what the page shows next can be checked against that state.
 */
export async function pageShowsOrderAsStored(page: Page, system: TestSystem, shop: Shop, orderId: string): Promise<void> {
  const token = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'admin' });
  const read = await graphql(system.urls.gateway!, OrderVersionDocument, { id: orderId }, { token, ...shop.tenant });
  const version = dataOf(read).order!.version;
  await page.waitForFunction((stored) => Number(document.querySelector('[data-testid="order-state"]')?.getAttribute('data-version')) >= stored, version);
}

/** The confirmation page with the order completed, followed live (orderChanged). */
export async function confirmationCompleted(page: Page): Promise<void> {
  await page.waitForURL(/\/confirmation\/[^/]+$/);
  await page.locator('[data-testid="order-state"][data-status="completed"] .live.on').waitFor();
  await page.getByTestId('confirmation-title').waitFor();
  await page.getByTestId('order-reference').waitFor();
}

/** The order as the back office reads it: its status, total, billing name and city, and the payments still standing. */
export async function readOrder(
  system: TestSystem,
  shop: Shop,
  orderId: string,
): Promise<{ status: string; total: number; billing: { givenName: string | null; city: string | null } | null; payments: Array<{ adapterId: string; amount: number; state: string }> }> {
  const token = await system.token({ merchant: shop.tenant.merchant, channels: [shop.tenant.channel], role: 'admin' });
  const read = await graphql(system.urls.gateway!, OrderAsPaidDocument, { id: orderId }, { token, ...shop.tenant });
  const order = dataOf(read).order!;
  return { status: order.status, total: order.amounts.total.amount, billing: order.customer.billing, payments: order.payments.filter((payment) => payment.state !== 'removed') };
}

/** An id as the platform makes them (a UUID): never shown to a shopper. */
export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Words only a developer reads: versions, adapter ids and kinds, raw payment states, ISO codes. */
export const DEVELOPER_WORDS = /\bversion\b|_adapter\b|\bnon-psp\b|\((intent|reserved|processing|captured)\)|ISO code/i;

/** The page's text holds shopper words only: no UUID, version, adapter id or raw state. */
export async function expectShopperWordsOnly(page: Page): Promise<void> {
  const shown = await page.locator('body').innerText();
  expect(shown).not.toMatch(UUID);
  expect(shown).not.toMatch(DEVELOPER_WORDS);
}
