import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { graphql, dataOf } from '../harness/http.js';
import { ConfigurationDocumentDocument } from '../generated/graphql.js';
import { eventually, orderClient, sampleOrder, heldPayment } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { TestAdapter } from '../harness/test-adapter.js';
import type { TestSystem } from '../harness/test-system.js';
import type { Shop } from '../journey/journey-setup.js';
import { formatMoney } from '../../web/admin/src/format.js';
import { scrollsSideways, seriousViolations } from './accessibility.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { counts, shows } from './page-waits.js';

// The admin's safe actions and paused receivers (issue 32, items 4 and 5), in Chromium at a
// desktop and a phone width: capture, cancel and refund each ask first, naming the amount; the
// refund amount is typed in major units and checked against the currency at its field; the
// reason is recorded and shown; an order whose every payment is cancelled or refunded needs
// attention and is not offered for delivery; a paused receiver is resumed from the admin; a
// configuration form is labelled from its schema, says what is wrong in words at the field, and
// takes prices in major units and rates in percent (stored as minor units and basis points).

const suite = useBrowserTest({
  system: { env: { NOTIFICATION_RETRY_DELAYS_MS: '20,20,20,20', NOTIFICATION_TIMEOUT_MS: '2000', NOTIFICATION_RECEIVER_PAUSE_FAILURES: '2', NOTIFICATION_RECEIVER_PAUSE_AFTER_MS: '0' } },
  shop: 'm-admin-actions',
});
let system: TestSystem;
let shop: Shop;
let admin: Awaited<ReturnType<typeof orderClient>>;
let psp: TestAdapter;
let receiverUp = false;

beforeAll(async () => {
  ({ system, shop } = suite);
  admin = await orderClient(system, shop.tenant, 'admin');
  psp = await TestAdapter.start();
  psp.on('/erp', () => ({ status: receiverUp ? 200 : 503 }));
}, 120_000);
afterAll(async () => {
  await psp?.close();
});

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** A completed NOK order of 249.90 whose one payment is reserved, with the callbacks named (answered by `psp`). */
async function completedOrder(id: string, callbacks: string[]): Promise<{ orderId: string; paymentId: string }> {
  const paymentId = `${id}-pay`;
  // Capture's outcome the adapter records itself (payment API) before it answers; cancel's and refund's the platform records from the answer.
  for (const name of callbacks) {
    psp.on(`/${id}/${name}`, async () => {
      if (name === 'capture') expect((await admin.call('PUT', `/${id}/payments/${paymentId}`, { state: 'captured' })).status).toBe(200);
      return { status: 200, body: {} };
    });
  }
  const created = await admin.call(
    'POST',
    '',
    sampleOrder({ id, payments: [{ id: paymentId, adapterId: 'psp_adapter', type: 'checkout', amount: 249.9, callbacks: Object.fromEntries(callbacks.map((name) => [name, `${psp.url}/${id}/${name}`])) }] }),
  );
  expect(created.status).toBe(201);
  expect((await admin.call('PUT', `/${id}/payments/${paymentId}`, { state: 'reserved' })).status).toBe(200);
  for (const status of ['processing', 'accepted', 'completed']) expect((await admin.call('PUT', `/${id}/state`, { status })).status).toBe(200);
  return { orderId: id, paymentId };
}

async function signIn(page: Page): Promise<void> {
  await page.goto(system.urls.admin!);
  await page.fill('textarea[name=token]', shop.adminToken);
  await page.fill('input[name=channel]', shop.tenant.channel);
  await page.click('button:has-text("Sign in")');
  await shows(page.getByTestId('merchant'), shop.tenant.merchant);
}

/** Money as the page writes it (web/admin/src/format.ts) in the browser's own locale: `nok(249.9)` is "NOK 249.90" in en-US. */
async function moneyIn(page: Page, currency: string): Promise<(amount: number) => string> {
  const locale = await page.evaluate(() => navigator.language);
  return (amount) => formatMoney(amount, currency, locale).replace(/\s/g, ' ');
}

const openOrder = async (page: Page, orderId: string) => {
  await page.goto(`${system.urls.admin!}#/orders/${encodeURIComponent(orderId)}`);
  await page.getByTestId('order-status').waitFor();
};

describe('the admin acts safely', () => {
  for (const { name, viewport } of WIDTHS) {
    it(`asks before capture and refund, naming the amount; refunds in major units with a reason; a refunded order needs attention (${name})`, async () => {
      const { orderId, paymentId } = await completedOrder(`refund-${name}`, ['capture', 'refund']);
      const { page, finish, close } = await suite.newPage({ viewport });
      try {
        await signIn(page);
        const nok = await moneyIn(page, 'NOK');
        await openOrder(page, orderId);
        const payment = page.locator(`article[data-payment="${paymentId}"]`);

        // Capture asks; "Not now" leaves everything as it was.
        await payment.locator('button:has-text("Capture…")').click();
        await shows(payment.getByTestId('confirm').locator('strong'), `Capture ${nok(249.9)}?`);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `admin-capture-confirm-${name}`);
        await payment.locator('button:has-text("Not now")').click();
        await counts(payment.getByTestId('confirm'), (n) => n === 0);
        expect(psp.callsTo(`/${orderId}/capture`)).toHaveLength(0);
        await shows(page.getByTestId('order-status'), 'completed');

        // Asked again and confirmed: delivered, captured.
        await payment.locator('button:has-text("Capture…")').click();
        await payment.locator(`button:has-text("Capture ${nok(249.9)}")`).click();
        await shows(page.getByTestId('order-status'), 'delivered');
        await shows(payment.getByTestId('payment-state'), 'captured');
        await outboxSettled(system, orderId);

        // The refund is prefilled with what is left, in major units; a finer amount is refused at its field, nothing asked.
        const amount = payment.locator('input[name=refundAmount]');
        await shows(payment.locator('.payment-actions .hint'), `${nok(249.9)} left to refund`);
        expect(await amount.inputValue()).toBe('249.90');
        // The arrow keys step by the currency's minor unit (0.01 NOK), never past what is left.
        await amount.press('ArrowUp');
        expect(await amount.inputValue()).toBe('249.90');
        await amount.press('ArrowDown');
        await amount.press('ArrowDown');
        expect(await amount.inputValue()).toBe('249.88');
        await amount.fill('12.345');
        await payment.locator('button:has-text("Refund…")').click();
        await shows(payment.getByTestId('refund-amount-error'), 'NOK allows at most 2 decimals (0.01); 12.345 has 3.');
        expect(await amount.getAttribute('aria-invalid')).toBe('true');
        await counts(payment.getByTestId('confirm'), (n) => n === 0);
        await screenshot(page, `admin-refund-precision-${name}`);
        await amount.fill('300');
        await payment.locator('button:has-text("Refund…")').click();
        await shows(payment.getByTestId('refund-amount-error'), `At most ${nok(249.9)} is left to refund.`);

        // 12,50 (a Norwegian keyboard's comma) with a reason: asked, confirmed, recorded and shown.
        await amount.fill('12,50');
        await payment.locator('input[name=refundReason]').fill('Damaged in transit');
        await payment.locator('button:has-text("Refund…")').click();
        await shows(payment.getByTestId('confirm').locator('strong'), `Refund ${nok(12.5)} of ${nok(249.9)}?`);
        await shows(payment.getByTestId('confirm'), /Reason: Damaged in transit\./);
        await screenshot(page, `admin-refund-confirm-${name}`);
        await payment.locator(`button:has-text("Refund ${nok(12.5)}")`).click();
        await shows(page.getByTestId('action-outcome'), 'Refund: done.');
        await shows(payment.locator('table.transactions tr', { hasText: 'refund' }).locator('.reason'), 'Reason: Damaged in transit');
        expect(psp.callsTo(`/${orderId}/refund`).at(-1)?.body).toMatchObject({ amount: 12.5, reason: 'Damaged in transit' });

        // What is left (237.40) is prefilled; refunding it leaves nothing paid: the order needs attention.
        await shows(payment.locator('.payment-actions .hint'), `${nok(237.4)} left to refund`);
        expect(await payment.locator('input[name=refundAmount]').inputValue()).toBe('237.40');
        await payment.locator('button:has-text("Refund…")').click();
        await payment.locator(`button:has-text("Refund ${nok(237.4)}")`).click();
        await shows(payment.getByTestId('payment-state'), 'refunded');
        // Each refund asked for carries a key of its own (asked again after a failure, it would refund once).
        const operations = psp.callsTo(`/${orderId}/refund`).map((call) => (call.body as { operationId: string }).operationId);
        expect(operations).toEqual([expect.stringMatching(/^refund:key:[0-9a-f]{32}$/), expect.stringMatching(/^refund:key:[0-9a-f]{32}$/)]);
        expect(new Set(operations).size).toBe(2);
        await shows(page.getByTestId('order-attention'), /^Needs attention: Every payment of this order is cancelled or refunded \(1 refunded\)/);
        expect(await seriousViolations(page)).toEqual([]);
        // The page never scrolls sideways; at phone width the transaction log is one card per
        // transaction, every column named, so nothing of it hides past its box either.
        expect(await scrollsSideways(page)).toBe(false);
        if (name === 'phone') {
          const log = payment.locator('.table-scroll');
          expect(await log.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
          await shows(payment.locator('table.transactions td[data-label="Amount"]').filter({ hasText: nok(12.5) }).first(), nok(12.5));
        }
        await screenshot(page, `admin-order-refunded-attention-${name}`, { fullPage: true });
      } catch (error) {
        await screenshot(page, `admin-refund-failure-${name}`);
        await close();
        throw error;
      }
      await finish();
    }, 120_000);

    it(`asks before cancel; an order whose only payment is cancelled needs attention and is not offered for delivery (${name})`, async () => {
      const { orderId, paymentId } = await completedOrder(`cancel-${name}`, ['cancel']);
      const { page, finish, close } = await suite.newPage({ viewport });
      try {
        await signIn(page);
        const nok = await moneyIn(page, 'NOK');
        await openOrder(page, orderId);
        const payment = page.locator(`article[data-payment="${paymentId}"]`);
        await counts(page.getByTestId('order-attention'), (n) => n === 0);
        // Delivery asks too (nothing to capture here); declined, nothing moves.
        await page.locator('button:has-text("Mark delivered…")').click();
        await shows(page.locator('.order > .actions [data-testid="confirm"] strong'), 'Mark the order delivered?');
        await page.locator('.order > .actions button:has-text("Not now")').click();
        await page.locator('button:has-text("Mark delivered…")').waitFor();
        await shows(page.getByTestId('order-status'), 'completed');

        await payment.locator('button:has-text("Cancel payment…")').click();
        await shows(payment.getByTestId('confirm').locator('strong'), `Cancel the payment of ${nok(249.9)}?`);
        await screenshot(page, `admin-cancel-confirm-${name}`);
        await payment.locator('button:has-text("Keep the payment")').click();
        await counts(payment.getByTestId('confirm'), (n) => n === 0);
        expect(psp.callsTo(`/${orderId}/cancel`)).toHaveLength(0);
        await shows(payment.getByTestId('payment-state'), 'reserved');

        await payment.locator('button:has-text("Cancel payment…")').click();
        await payment.locator(`button:has-text("Cancel payment of ${nok(249.9)}")`).click();
        await shows(payment.getByTestId('payment-state'), 'cancelled');
        await shows(page.getByTestId('order-attention'), /^Needs attention: Every payment of this order is cancelled or refunded \(1 cancelled\).*the order cannot be delivered\.$/);
        await shows(page.getByTestId('order-status'), 'completed');
        await counts(page.locator('button:has-text("Mark delivered")'), (n) => n === 0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `admin-order-cancelled-attention-${name}`, { fullPage: true });
      } catch (error) {
        await screenshot(page, `admin-cancel-failure-${name}`);
        await close();
        throw error;
      }
      await finish();
    }, 120_000);
  }
});

describe('the admin resumes a paused receiver', () => {
  const invoke = () => `${psp.url}/erp`;
  const paused = () => eventually(async () => (await system.db.prisma.notificationReceiver.findFirst({ where: { url: invoke(), status: 'paused' } })) ?? undefined);
  const moves: Record<string, string[]> = { desktop: ['processing', 'accepted'], phone: ['completed'] };

  beforeAll(async () => {
    const created = await admin.call('POST', '', sampleOrder({ id: 'receiver-order', payments: [heldPayment()], notifications: [{ id: 'erp', scope: '/state/currentStatus', schema: { type: 'string' }, invoke: invoke() }] }));
    expect(created.status).toBe(201);
  });

  for (const { name, viewport } of WIDTHS) {
    it(`lists the paused receiver with its last error; Resume sends what it held and it is no longer listed (${name})`, async () => {
      // The receiver answers 503: two failures in a row pause it, and it holds the order's deliveries.
      receiverUp = false;
      for (const status of moves[name]!) expect((await admin.call('PUT', '/receiver-order/state', { status })).status).toBe(200);
      await paused();
      const { page, finish, close } = await suite.newPage({ viewport });
      try {
        await signIn(page);
        await page.click('nav >> text=Notifications');
        const row = page.locator('table.receivers tbody tr', { hasText: invoke() });
        await shows(row.locator('.error-detail-cell'), /503/);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false); // the tables scroll inside their boxes
        await screenshot(page, `admin-receiver-paused-${name}`);

        receiverUp = true;
        await row.locator('button:has-text("Resume")').click();
        const url = invoke().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        await shows(page.getByTestId('resume-outcome'), new RegExp(`^Resumed ${url}: [1-9]\\d* held deliver(y|ies) sent again\\.$`));
        await counts(row, (n) => n === 0);
        await page.getByTestId('no-paused-receivers').waitFor();
        await outboxSettled(system, 'receiver-order');
        const jobs = await system.db.prisma.notificationJob.findMany({ where: { orderId: 'receiver-order' } });
        expect(jobs.map((job) => job.status)).toEqual(jobs.map(() => 'delivered'));
        await screenshot(page, `admin-receiver-resumed-${name}`);
      } catch (error) {
        await screenshot(page, `admin-receiver-failure-${name}`);
        await close();
        throw error;
      }
      await finish();
    }, 120_000);
  }
});

describe('the admin\'s configuration forms', () => {
  const stored = async () => {
    const answer = await graphql(system.urls.gateway!, ConfigurationDocumentDocument, { id: 'commerce_adapter' }, { token: shop.adminToken, ...shop.tenant });
    // `document` is the JSON scalar: read as the commerce adapter's configuration.
    return dataOf(answer).configuration as { version: number; document: { shippingOptions?: Array<Record<string, unknown>> } };
  };
  const group = (page: Page, id: string) => page.locator('.form-group', { has: page.locator(`#${id}`) }).last();

  for (const { name, viewport } of WIDTHS) {
    it(`label every field from the schema, say what is wrong in words at the field, take a price in major units and a rate in percent (${name})`, async () => {
      const { page, finish, close } = await suite.newPage({ viewport });
      try {
        await signIn(page);
        await page.click('nav >> text=Configurations');
        await page.click('a:has-text("commerce_adapter")');
        const country = page.locator('#root_country_defaultCountry');
        await country.waitFor();

        // Labels and help come from each property's title and description; no label is a schema key.
        await shows(page.locator('label[for="root_country_defaultCountry"]'), 'Default country');
        await shows(group(page, 'root_country_defaultCountry').locator('.field-description'), 'ISO 3166-1 alpha-2 country code.');
        await shows(page.locator('label[for="root_api_identityClientSecret"]'), /^Identity client secret\*?$/);
        const labels = (await page.locator('.configuration label, .configuration legend').allTextContents()).map((text) => text.replace(/\*$/, '').trim()).filter(Boolean);
        expect(labels.length).toBeGreaterThan(10);
        expect(labels.filter((text) => /^[a-z]+[A-Z][A-Za-z]*(-\d+)?$/.test(text) || /^\$schema$|^id$/.test(text))).toEqual([]);

        // A wrong country: the sentence at the field, not the validator's pattern.
        await country.fill('Norway');
        await page.click('button:has-text("Save")');
        await shows(group(page, 'root_country_defaultCountry').locator('.error-detail'), 'Type a two-letter country code in capitals, e.g. NO or SE.');
        await country.scrollIntoViewIfNeeded();
        await screenshot(page, `admin-configuration-words-${name}`);
        await country.fill('NO');

        // A shipping option: its price in NOK (49.555 refused at the field), its VAT rate in percent.
        const before = await stored();
        const index = before.document.shippingOptions?.length ?? 0;
        await page.locator('fieldset', { has: page.locator('#root_shippingOptions__title') }).locator('button.form-button-add').last().click();
        await shows(page.locator(`label[for="root_shippingOptions_${index}_price"]`), /^Price\*?$/);
        await shows(page.locator(`label[for="root_shippingOptions_${index}_taxRate"]`), 'VAT rate (%)');
        await page.fill(`#root_shippingOptions_${index}_id`, `home-${name}`);
        await page.fill(`#root_shippingOptions_${index}_name`, 'Home delivery');
        await page.fill(`#root_shippingOptions_${index}_price`, '49.555');
        await page.fill(`#root_shippingOptions_${index}_taxRate`, '25');
        await page.click('button:has-text("Save")');
        await shows(group(page, `root_shippingOptions_${index}_price`).locator('.error-detail'), 'Use at most 2 decimals, e.g. 49.50.');
        expect(await seriousViolations(page)).toEqual([]);
        await page.locator(`#root_shippingOptions_${index}_price`).scrollIntoViewIfNeeded();
        await screenshot(page, `admin-configuration-price-refused-${name}`);
        expect((await stored()).version).toBe(before.version);

        await page.fill(`#root_shippingOptions_${index}_price`, '49.5');
        await page.click('button:has-text("Save")');
        await shows(page.getByTestId('save-outcome'), `Saved: version ${before.version + 1}.`);
        const after = await stored();
        expect(after.document.shippingOptions?.[index]).toEqual({ id: `home-${name}`, name: 'Home delivery', price: 4950, taxRate: 2500 });
        expect(await page.locator(`#root_shippingOptions_${index}_price`).inputValue()).toBe('49.5');
        if (await scrollsSideways(page)) expect(await pastTheRightEdge(page)).toEqual([]);
        await screenshot(page, `admin-configuration-price-saved-${name}`);
      } catch (error) {
        await screenshot(page, `admin-configuration-failure-${name}`);
        await close();
        throw error;
      }
      await finish();
    }, 120_000);
  }
});

/** The elements that reach past the window's right edge (the innermost of each branch), named by tag, id and class: what makes a page scroll sideways. */
const pastTheRightEdge = (page: Page) =>
  page.evaluate(() => {
    const wide = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1);
    return wide.filter((element) => !wide.some((other) => other !== element && element.contains(other))).map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`);
  });
