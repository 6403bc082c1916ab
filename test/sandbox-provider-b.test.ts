// The provider B sandbox on its own: partner tokens, purchases in Avarda's shape, the shopper's side, the server callback, order management and Avarda's error form.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../platform/logging/logger.js';
import { createProviderBSandbox } from '../sandboxes/provider-b/provider-b-sandbox.app.js';
import { rest } from './harness/http.js';
import { TestAdapter } from './harness/test-adapter.js';

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let sandbox: ReturnType<typeof createProviderBSandbox>;
let url: string;
let merchant: TestAdapter;
let token: string;

const partner = (method: string, path: string, body?: unknown, bearer = token) =>
  rest(url, method, path, { headers: { authorization: `Bearer ${bearer}` }, ...(body === undefined ? {} : { body }) });
const items = [
  { notes: 'sku-1', description: 'Shirt', quantity: 2, amount: 100, taxCode: '25', taxAmount: 20 },
  { notes: 'sku-2', description: 'Socks', quantity: 1, amount: 49.9, taxCode: '25', taxAmount: 9.98 },
];
const shopper = {
  userInputs: { email: 'kari@example.com', phone: '+4790000000' },
  invoicingAddress: { firstName: 'Kari', lastName: 'Nordmann', address1: 'Storgata 1', zip: '0155', city: 'Oslo', country: 'NO' },
  shippingOption: 'postal',
  paymentMethod: 'Card',
};
const newToken = async () => (await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' } })).body.token as string;

async function newPurchase(extra: { callbackUrl?: null; b2C?: unknown } = {}): Promise<{ purchaseId: string; jwt: string }> {
  const created = await partner('POST', '/api/partner/payments', {
    checkoutSetup: { language: 'Norwegian', mode: 'B2C', ...(extra.callbackUrl === null ? {} : { completedNotificationUrl: `${merchant.url}/callback` }) },
    items,
    extraIdentifiers: { orderReference: 'order1' },
    ...(extra.b2C ? { b2C: extra.b2C } : {}),
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  sandbox = createProviderBSandbox({ logger });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  merchant = await TestAdapter.start();
  token = await newToken();
});
afterAll(async () => {
  await merchant?.close();
  await sandbox?.app.close();
});

describe('partner tokens', () => {
  it('issues a token for the right credentials only (a refusal with error_description); the partner API needs one that has not expired', async () => {
    expect(await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'wrong' } })).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.any(String), code: 'invalid_client' } });
    expect((await rest(url, 'POST', '/api/partner/payments', { body: {} })).status).toBe(401);
    expect((await partner('GET', '/api/partner/payments/x', undefined, 'made-up')).body).toMatchObject({ code: 'invalid_token', errorCode: 0, errorMessage: expect.any(String) });
    const issued = await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' } });
    expect(Date.parse(issued.body.tokenExpirationUtc) - Date.now()).toBeGreaterThan(59 * 60_000); // an hour, as Avarda's
    expect(await rest(url, 'DELETE', '/api/sandbox/tokens')).toMatchObject({ status: 200, body: { revoked: 2 } });
    expect((await partner('GET', '/api/partner/payments/x')).status).toBe(401);
    token = await newToken();
  });
});

describe('a purchase', () => {
  it("is created with a JWT naming it (Avarda's claims), read in Avarda's shape, its items updated while open", async () => {
    const { purchaseId, jwt } = await newPurchase();
    expect(purchaseId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString())).toMatchObject({ sub: 'Checkout', PurchaseId: purchaseId, jti: expect.any(String), exp: expect.any(Number) });
    const read = await partner('GET', `/api/partner/payments/${purchaseId}`);
    expect(read.body).toEqual({
      purchaseId,
      extraIdentifiers: { orderReference: 'order1', description: null, loyaltyNumber: null, productGroup: null, attachment: null, referenceName: null },
      totalPrice: 249.9,
      createdUtc: expect.any(String),
      expiredUtc: expect.any(String),
      checkoutSite: { siteCode: expect.any(String), countryCode: 'NO', currencyCode: 'NOK' },
      mode: 'B2C',
      b2C: {
        step: { customerToken: null, current: 'Initialized', rememberMe: 'Hidden', smsNewsletterSubscription: 'Hidden', emailNewsletterSubscription: 'Unchecked' },
        userInputs: { email: null, phone: null },
        invoicingAddress: { firstName: null, lastName: null, address1: null, address2: null, zip: null, city: null, country: null },
        deliveryAddress: { firstName: null, lastName: null, address1: null, address2: null, zip: null, city: null, country: null, phone: null, email: null },
      },
      paymentMethods: {},
    });
    // The session lasts 30 minutes, as Avarda's.
    expect(Date.parse(read.body.expiredUtc) - Date.parse(read.body.createdUtc)).toBe(30 * 60_000);
    const updated = await partner('PUT', `/api/partner/payments/${purchaseId}/items`, { items: [...items, { notes: 'shipping', description: 'Postal', quantity: 1, amount: 49, taxCode: '25', taxAmount: 9.8 }] });
    expect(updated.status).toBe(200);
    expect((await partner('GET', `/api/partner/payments/${purchaseId}`)).body.totalPrice).toBe(298.9);
  });

  it("starts from the shop's prefill (b2C): the form's step follows what is already known", async () => {
    const { purchaseId } = await newPurchase({ b2C: { invoicingAddress: { firstName: 'Kari', lastName: 'Nordmann', address1: 'Storgata 1', zip: '0155', city: 'Oslo', country: 'NO' }, userInputs: { email: 'kari@example.com', phone: '+4790000000' } } });
    const read = (await partner('GET', `/api/partner/payments/${purchaseId}`)).body;
    expect(read.b2C).toMatchObject({ step: { current: 'PersonalInfo' }, userInputs: { email: 'kari@example.com' }, invoicingAddress: { firstName: 'Kari', city: 'Oslo' } });
    // The shopper's page starts from it too, and shows neither the purchase's id nor the order reference.
    const page = await (await fetch(`${url}/api/sandbox/purchases/${purchaseId}/page`)).text();
    expect(page).toContain('value="Kari"');
    // What the shopper sees (the markup without its script, which names the purchase to the embedding script only).
    const shown = page.replace(/<script>[\s\S]*<\/script>/, '');
    expect(shown).not.toContain(purchaseId.slice(0, 12));
    expect(shown).not.toContain('order1');
  });

  it("refuses in Avarda's error form: a field past its published limit, an amount with three decimals, a description past 35 characters", async () => {
    const long = await partner('POST', '/api/partner/payments', { items, b2C: { invoicingAddress: { city: 'C'.repeat(31) } } });
    expect(long).toMatchObject({ status: 400, body: { errorCode: 128, errorMessage: 'City can not be longer than 30 characters.', Errors: [{ Property: 'B2C.InvoicingAddress.City', ErrorCode: 128 }], code: 'invalid_field' } });
    const zip = await partner('POST', '/api/partner/payments', { items, b2C: { invoicingAddress: { zip: 'N-0155' } } });
    expect(zip.body).toMatchObject({ errorCode: 129 });
    const decimals = await partner('POST', '/api/partner/payments', { items: [{ ...items[0], amount: 100.123 }] });
    expect(decimals).toMatchObject({ status: 400, body: { errorCode: 0, errorMessage: 'Maximum number of decimal places allowed is 2.', Errors: [{ Property: 'Items[0].Amount' }] } });
    const description = await partner('POST', '/api/partner/payments', { items: [{ ...items[0], description: 'x'.repeat(36) }] });
    expect(description).toMatchObject({ status: 400, body: { errorCode: 0, Errors: [{ Property: 'Items[0].Description' }] } });
  });

  it("takes the shopper's data, completes and sends the server callback {purchaseId} without a signature; a resend duplicates it", async () => {
    const { purchaseId } = await newPurchase();
    expect((await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: {} })).body).toMatchObject({ code: 'shopper_data_missing' });
    const entered = await rest(url, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, { body: shopper });
    expect(entered.body).toMatchObject({ b2C: { step: { current: 'PersonalInfo' } }, paymentMethods: { selectedPayment: { type: 'Card' } }, Modules: [{ status: 'ACTIVE', shipping_price: 49, selected_shipping_option: { shipping_method: 'postal', carrier: 'Posten' } }] });
    const completed = await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: { outcome: 'completed' } });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ outcome: 'completed', purchase: { b2C: { step: { current: 'Completed' } }, management: { status: 'authorized', authorizedAmount: 249.9 } }, callback: { status: 200, error: null } });
    expect(merchant.callsTo('/callback').map((call) => call.body)).toEqual([{ purchaseId }]);
    expect(merchant.callsTo('/callback')[0]!.headers.authorization).toBeUndefined();
    await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/callback`);
    expect(merchant.callsTo('/callback').filter((call) => call.body.purchaseId === purchaseId)).toHaveLength(2);
    expect((await rest(url, 'GET', `/api/sandbox/purchases/${purchaseId}`)).body.callbacks).toHaveLength(2);
    // The partner reads none of the sandbox's bookkeeping.
    const read = (await partner('GET', `/api/partner/payments/${purchaseId}`)).body;
    expect(read.management).toBeUndefined();
    expect(read.callbacks).toBeUndefined();
    // Final: nothing of it changes any more.
    expect((await rest(url, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, { body: shopper })).body.code).toBe('purchase_final');
    expect((await partner('PUT', `/api/partner/payments/${purchaseId}/items`, { items })).body).toMatchObject({ code: 'purchase_final', errorCode: 0 });
  });

  it('times out when its session ends (Avarda: no callback for it); a declined method leaves the purchase open for another', async () => {
    const { purchaseId } = await newPurchase();
    await rest(url, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 30 * 60 + 1 } });
    expect((await partner('GET', `/api/partner/payments/${purchaseId}`)).body.b2C.step.current).toBe('TimedOut');
    token = await newToken();

    const declined = await newPurchase();
    expect((await rest(url, 'PUT', `/api/sandbox/purchases/${declined.purchaseId}/shopper`, { body: shopper })).status).toBe(200);
    const refused = await rest(url, 'POST', `/api/sandbox/purchases/${declined.purchaseId}/complete`, { body: { outcome: 'declined' } });
    expect(refused.body).toMatchObject({ outcome: 'declined', callback: null, purchase: { b2C: { step: { current: 'PersonalInfo' } } } });
    expect(merchant.callsTo('/callback').filter((call) => call.body.purchaseId === declined.purchaseId)).toHaveLength(0);
    expect((await rest(url, 'PUT', `/api/sandbox/purchases/${declined.purchaseId}/shopper`, { body: { paymentMethod: 'Invoice' } })).status).toBe(200);
    expect((await rest(url, 'POST', `/api/sandbox/purchases/${declined.purchaseId}/complete`, { body: {} })).body).toMatchObject({ outcome: 'completed', purchase: { paymentMethods: { selectedPayment: { type: 'Invoice' } } } });
  });

  it('completes without sending the server callback when told it is lost (sendCallback: false); …/callback sends it', async () => {
    const { purchaseId } = await newPurchase();
    expect((await rest(url, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, { body: shopper })).status).toBe(200);
    const completed = await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: { sendCallback: false } });
    expect(completed.body).toMatchObject({ purchase: { b2C: { step: { current: 'Completed' } } }, callback: null });
    expect(merchant.callsTo('/callback').filter((call) => call.body.purchaseId === purchaseId)).toHaveLength(0);
    expect((await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/callback`)).body.callback).toMatchObject({ status: 200 });
    expect(merchant.callsTo('/callback').filter((call) => call.body.purchaseId === purchaseId)).toHaveLength(1);
  });
});

describe('order management', () => {
  async function completedPurchase(): Promise<string> {
    const { purchaseId } = await newPurchase({ callbackUrl: null });
    await rest(url, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, { body: shopper });
    expect((await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { rawBody: '' })).body.callback).toBeNull();
    return purchaseId;
  }

  const management = async (id: string) => (await rest(url, 'GET', `/api/sandbox/purchases/${id}`)).body.management;
  const line = (amount: number) => [{ description: 'Line', notes: 'x', amount, quantity: 1 }];
  const order = (id: string, extra: Record<string, unknown> = {}) => partner('POST', `/api/partner/payments/${id}/order`, { items, orderReference: 'order1', ...extra });

  it('orders (delivers) items of a completed purchase, returns up to what was delivered, cancel only before delivery: 200 with no content', async () => {
    const open = await newPurchase();
    expect(await order(open.purchaseId)).toMatchObject({ status: 400, body: { errorCode: 100, errorMessage: 'Purchase must be in completed state.' } });
    const id = await completedPurchase();
    expect((await partner('POST', `/api/partner/payments/${id}/return`, { items: line(10) })).body.code).toBe('not_refundable');
    const delivered = await order(id, { tranId: 't-1' });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toBeUndefined();
    expect(await management(id)).toMatchObject({ status: 'delivered', deliveredAmount: 249.9 });
    expect((await order(id, { tranId: 't-1' })).status).toBe(200); // the same request again: applied once
    expect((await partner('POST', `/api/partner/payments/${id}/cancel`, { reason: 'late' })).body.code).toBe('not_cancellable');
    expect((await partner('POST', `/api/partner/payments/${id}/return`, { items: line(49.9), tranId: 'r-1' })).status).toBe(200);
    expect((await partner('POST', `/api/partner/payments/${id}/return`, { items: line(49.9), tranId: 'r-1' })).status).toBe(200); // repeated: once
    expect(await management(id)).toMatchObject({ status: 'partially_refunded', refundedAmount: 49.9 });
    expect((await partner('POST', `/api/partner/payments/${id}/return`, { items: line(200.01) })).body.code).toBe('amount_too_large');
    expect((await partner('POST', `/api/partner/payments/${id}/return`, { items: line(200) })).status).toBe(200);
    expect(await management(id)).toMatchObject({ status: 'refunded', refundedAmount: 249.9 });

    const other = await completedPurchase();
    expect((await partner('POST', `/api/partner/payments/${other}/cancel`, {})).status).toBe(400); // the reason is required
    expect((await partner('POST', `/api/partner/payments/${other}/cancel`, { reason: 'changed my mind' })).status).toBe(200);
    expect((await management(other)).status).toBe('cancelled');
    expect((await partner('POST', `/api/partner/payments/${other}/cancel`, { reason: 'again' })).status).toBe(200); // idempotent
    expect((await order(other)).body.code).toBe('not_deliverable');
  });

  it('answers injected failures and serves the shopper page and the script (avardaCheckoutInit)', async () => {
    const id = await completedPurchase();
    await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'deliver', status: 503 } });
    expect((await order(id)).status).toBe(503);
    expect((await management(id)).status).toBe('authorized'); // refused before it ran: nothing changed
    // afterApplying: done, then its answer replaced by the error (or dropped): the state changed.
    await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'deliver', status: 502, afterApplying: true } });
    expect(await order(id, { tranId: 'lost-1' })).toMatchObject({ status: 502, body: { details: { injected: true, applied: true } } });
    expect((await management(id)).status).toBe('delivered');
    expect((await order(id, { tranId: 'lost-1' })).status).toBe(200); // the retry with its tranId: applied once
    const page = await fetch(`${url}/api/sandbox/purchases/${id}/page`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('data-step="Completed"');
    const script = await fetch(`${url}/checkout.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('window.avardaCheckoutInit = avardaCheckoutInit');
  });
});
