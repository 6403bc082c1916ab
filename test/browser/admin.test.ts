import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../../subgraphs/configuration/local-schemas.js';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { dataOf, graphql, rest } from '../harness/http.js';
import { AdapterStartPaymentDocument, ConfigurationDocumentDocument, JourneyAddGiftCardDocument, JourneyCompletePaymentDocument, JourneyCreateOrderDocument, JourneySetBillingDocument, StartNonPspPaymentDocument } from '../generated/graphql.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { TestAdapter } from '../harness/test-adapter.js';
import type { TestSystem } from '../harness/test-system.js';
import { BILLING, type Shop } from '../journey/journey-setup.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';
import { counts, shows } from './page-waits.js';

// The admin app (web/admin) in Chromium against the whole system: an admin signs in with a
// token, edits an adapter's configuration through the form generated from its schema, finds a
// failed transaction's errorDetail on an order, captures its payment by marking it delivered,
// and replays a dead-lettered notification.

const suite = useBrowserTest({ system: { env: { NOTIFICATION_RETRY_DELAYS_MS: '20', NOTIFICATION_TIMEOUT_MS: '2000' } }, shop: 'm-admin-ui' });
let system: TestSystem;
let shop: Shop;
let receiver: TestAdapter;
let receiverUp = false;

beforeAll(async () => {
  ({ system, shop } = suite);
  receiver = await TestAdapter.start();
  // An ERP receiver of the channel's status changes: down (500) until the test brings it up.
  receiver.on('/erp', () => ({ status: receiverUp ? 200 : 500 }));
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${shop.tenant.merchant}/channels/web/configurations/static_notifications`, {
    token: shop.adminToken,
    ...shop.tenant,
    body: {
      $schema: STATIC_NOTIFICATIONS_SCHEMA_ID,
      id: 'static_notifications',
      order: { notifications: [{ description: 'ERP feed', reference: 'erp', scope: '/state/currentStatus', schema: { type: 'string' }, invoke: `${receiver.url}/erp` }] },
    },
  });
  if (put.status !== 201) throw new Error(JSON.stringify(put.body));
}, 120_000);
afterAll(async () => {
  await receiver?.close();
});

const shopper = <TData, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  graphql(system.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant });

/** The form field's group (@rjsf/core markup: the input inside `.form-group`), with its error text. */
const fieldGroup = (page: Page, id: string) => page.locator('.form-group', { has: page.locator(`#${id}`) }).last();

describe('the admin app', () => {
  it('signs in, edits a configuration through its generated form, finds a failed errorDetail, captures a payment and replays a dead-lettered notification', async () => {
    const { page, finish } = await suite.newPage();
    try {
      await journey(page);
    } catch (error) {
      await screenshot(page, 'admin-failure');
      throw error;
    }
    await finish(); // no page error; the app loads nothing from outside this machine
  }, 120_000);

  it('offers Refresh where the payment\'s adapter does (provider C) and not where it does not (provider D); Refresh applies what the provider says', async () => {
    const admin = await orderClient(system, shop.tenant, 'admin');
    const newOrder = async () => {
      const created = await admin.call('POST', '', sampleOrder());
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const start = async (orderId: string, adapterId: string) => {
      const started = await shopper(AdapterStartPaymentDocument, { id: orderId, adapterId });
      return dataOf(started).startPayment.payment.id;
    };
    // Provider C: the shopper buys in the iframe, the provider's push is lost; the order waits in processing.
    const cOrder = await newOrder();
    const cPayment = await start(cOrder, 'provider_c_checkout_adapter');
    const reference = (await admin.call('GET', `/${cOrder}`)).body.payments.find((p: { id: string }) => p.id === cPayment).reference as string;
    const sandbox = system.urls.provider_c_sandbox!;
    expect((await rest(sandbox, 'PUT', `/api/sandbox/orders/${reference}/shopper`, { body: { customer: { email: 'kari@example.com', firstName: 'Kari', lastName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo' } } })).status).toBe(200);
    expect((await rest(sandbox, 'POST', `/api/sandbox/orders/${reference}/purchase`, { body: { pushes: 0 } })).status).toBe(200);
    // Provider D: an open drop-in payment.
    const dOrder = await newOrder();
    const dPayment = await start(dOrder, 'provider_d_dropin_adapter');

    const { page, finish, close } = await suite.newPage();
    try {
      await page.goto(system.urls.admin!);
      await page.fill('textarea[name=token]', shop.adminToken);
      await page.fill('input[name=channel]', shop.tenant.channel);
      await page.click('button:has-text("Sign in")');
      await shows(page.getByTestId('merchant'), shop.tenant.merchant);

      await page.goto(`${system.urls.admin!}#/orders/${encodeURIComponent(dOrder)}`);
      const d = page.locator(`article[data-payment="${dPayment}"]`);
      await shows(d.getByTestId('payment-state'), 'intent');
      await d.locator('button:has-text("Cancel")').waitFor(); // its actions are shown …
      expect(await d.locator('button:has-text("Refresh")').count()).toBe(0); // … Refresh is not among them

      await page.goto(`${system.urls.admin!}#/orders/${encodeURIComponent(cOrder)}`);
      const c = page.locator(`article[data-payment="${cPayment}"]`);
      await shows(c.getByTestId('payment-state'), 'processing');
      await c.locator('button:has-text("Refresh")').click();
      await shows(c.getByTestId('payment-state'), 'reserved');
      await shows(page.getByTestId('order-status'), 'completed');
      await screenshot(page, 'admin-order-refreshed');
    } catch (error) {
      await screenshot(page, 'admin-refresh-failure');
      await close();
      throw error;
    }
    await finish(); // no page error; the app loads nothing from outside this machine
    await outboxSettled(system, cOrder);
  }, 120_000);
});

async function journey(page: Page): Promise<void> {
  {

    // Sign in with an admin token.
    await page.goto(system.urls.admin!);
    await page.fill('textarea[name=token]', shop.adminToken);
    await page.fill('input[name=channel]', shop.tenant.channel);
    await page.click('button:has-text("Sign in")');
    await shows(page.getByTestId('merchant'), shop.tenant.merchant);

    // The commerce adapter's form, generated from its schema: its secret masked, an invalid
    // country shown at its field (nothing saved), then a valid one saved with the secret kept.
    await page.click('nav >> text=Configurations');
    await page.click('a:has-text("commerce_adapter")');
    const secret = page.locator('#root_api_identityClientSecret');
    await secret.waitFor();
    expect(await secret.getAttribute('type')).toBe('password');
    expect(await secret.inputValue()).toBe('********');
    await shows(page.getByTestId('root_api_identityClientSecret-note'), /Stored secret: kept/);
    await page.fill('#root_country_defaultCountry', 'Norway');
    await page.click('button:has-text("Save")');
    await shows(fieldGroup(page, 'root_country_defaultCountry').locator('.error-detail'), 'Type a two-letter country code in capitals, e.g. NO or SE.');
    await shows(page.getByTestId('save-outcome'), /Not saved/);
    await screenshot(page, 'admin-configuration-invalid');
    expect((await configuration('commerce_adapter')).version).toBe(1);

    await page.fill('#root_country_defaultCountry', 'SE');
    await page.click('button:has-text("Save")');
    await shows(page.getByTestId('save-outcome'), 'Saved: version 2.');
    expect(await secret.inputValue()).toBe('********');
    await counts(fieldGroup(page, 'root_country_defaultCountry').locator('.error-detail'), (n) => n === 0);
    // Array fields (shippingOptions) add items with a labelled button, not rjsf's icon-font box.
    await shows(page.locator('button.form-button-add').first(), '+ Add item');
    await screenshot(page, 'admin-configuration-saved');
    const saved = await configuration('commerce_adapter');
    expect(saved).toMatchObject({ version: 2, document: { country: { defaultCountry: 'SE' }, api: { identityClientSecret: '********' } } });

    // An order bought with a gift card and a non-PSP payment; the gift card system fails the
    // first reservation (a failed transaction with its errorDetail), the second try completes.
    // Creating it signs in at the commerce platform with the secret the form kept.
    const created = await shopper(JourneyCreateOrderDocument, { input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } });
    const orderId = dataOf(created).createOrderFromBasket.id;
    dataOf(await shopper(JourneySetBillingDocument, { id: orderId, a: BILLING }));
    dataOf(await shopper(JourneyAddGiftCardDocument, { id: orderId, card: shop.cardId }));
    const started = await shopper(StartNonPspPaymentDocument, { id: orderId });
    const nonpspId = dataOf(started).startPayment.payment.id;
    expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/failures', { body: { operation: 'reserve', status: 503, times: 1 } })).status).toBe(201);
    expect((await shopper(JourneyCompletePaymentDocument, { id: orderId, p: nonpspId })).body.errors?.[0]?.extensions?.code).toBe('PAYMENT_PROCESS_FAILED');
    expect(dataOf(await shopper(JourneyCompletePaymentDocument, { id: orderId, p: nonpspId })).completePayment.status).toBe('completed');
    // The receiver was down for every status change: each delivery is dead-lettered.
    await outboxSettled(system, orderId);

    // Orders, filtered by status and id → the order page: the failed reservation's errorDetail and request.
    await page.click('nav >> text=Orders');
    await page.selectOption('select[name=status]', 'completed');
    await page.fill('input[name=q]', orderId.slice(0, 8));
    await page.click('button:has-text("Search")');
    await counts(page.locator('table.orders tbody tr'), (n) => n === 1);
    await screenshot(page, 'admin-orders');
    await page.click(`a:has-text("${orderId}")`);
    const failed = page.locator('table.transactions tr.failed').first();
    await shows(failed.locator('.error-detail-cell'), /reserve/i);
    await failed.locator('summary:has-text("request")').click();
    await shows(failed.locator('pre').first(), new RegExp(shop.cardId));
    await counts(page.locator('.timeline li[data-event-type="order.change_vetoed"]'), (n) => n > 0);
    await screenshot(page, 'admin-order-failed-transaction');

    // Capture: the non-PSP payment waits reserved for delivery; marking the order delivered captures it.
    const nonpsp = page.locator(`article[data-payment="${nonpspId}"]`);
    await shows(nonpsp.getByTestId('payment-state'), 'reserved');
    // Capture asks first, naming the amount; confirmed, the order is delivered and the payment captured.
    await nonpsp.locator('button:has-text("Capture…")').click();
    await nonpsp.getByTestId('confirm').locator('button.danger').click();
    await shows(page.getByTestId('order-status'), 'delivered');
    await shows(nonpsp.getByTestId('payment-state'), 'captured');
    await counts(nonpsp.locator('table.transactions tr', { hasText: 'capture' }), (n) => n > 0);
    await screenshot(page, 'admin-order-captured');
    await outboxSettled(system, orderId);

    // Failed notifications: the order's dead-lettered deliveries; the receiver is back, one is replayed.
    await page.click('nav >> text=Notifications');
    await page.selectOption('select[name=status]', 'dead');
    await page.fill('input[name=orderId]', orderId);
    await page.click('button:has-text("Filter")');
    const rows = page.locator('table.deliveries tbody tr[data-status="dead"]');
    await rows.first().waitFor();
    const deadBefore = await rows.count();
    await screenshot(page, 'admin-notifications-dead');
    receiverUp = true;
    const replayed = await rows.first().getAttribute('data-delivery');
    await rows.first().locator('button:has-text("Replay")').click();
    await shows(page.getByTestId('replay-outcome'), 'Replay: 1 requeued.');
    await outboxSettled(system, orderId);
    const job = await system.db.prisma.notificationJob.findUnique({ where: { id: BigInt(replayed!) } });
    expect(job?.status).toBe('delivered');
    await page.click('button:has-text("Reload")');
    await counts(page.locator(`tr[data-delivery="${replayed}"]`), (n) => n === 0);
    await counts(rows, (n) => n === deadBefore - 1);
    await screenshot(page, 'admin-notifications-replayed');
  }
}

async function configuration(id: string): Promise<{ version: number; document: Record<string, unknown> }> {
  const answer = await graphql(system.urls.gateway!, ConfigurationDocumentDocument, { id }, { token: shop.adminToken, ...shop.tenant });
  const { version, document } = dataOf(answer).configuration!;
  return { version, document: document as Record<string, unknown> };
}
