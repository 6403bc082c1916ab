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
  customer: { type: 'person', email: 'kari@example.com', phone: '+4790000000', givenName: 'Kari', familyName: 'Nordmann' },
  deliveryAddress: { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' },
  shippingOption: { id: 'postal', name: 'Postal', amount: 49, vatRate: 0.25, carrier: 'Posten' },
  paymentMethod: 'Card',
};

async function newPurchase(extra: { callbackUrl?: null } = {}): Promise<{ purchaseId: string; jwt: string }> {
  const created = await partner('POST', '/api/partner/payments', {
    checkoutSetup: { language: 'Norwegian', ...(extra.callbackUrl === null ? {} : { completedNotificationUrl: `${merchant.url}/callback` }) },
    items,
    extraIdentifiers: { orderReference: 'order-1' },
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  sandbox = createProviderBSandbox({ logger });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  merchant = await TestAdapter.start();
  const issued = await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' } });
  expect(issued.status).toBe(200);
  token = issued.body.token;
});
afterAll(async () => {
  await merchant?.close();
  await sandbox?.app.close();
});

describe('partner tokens', () => {
  it('issues a token for the right credentials only; the partner API needs one that has not expired', async () => {
    expect(await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'wrong' } })).toMatchObject({ status: 401, body: { code: 'invalid_client' } });
    expect((await rest(url, 'POST', '/api/partner/payments', { body: {} })).status).toBe(401);
    expect((await partner('GET', '/api/partner/payments/x', undefined, 'made-up')).body.code).toBe('invalid_token');
    const issued = await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' } });
    expect(Date.parse(issued.body.tokenExpirationUtc)).toBeGreaterThan(Date.now());
    expect(await rest(url, 'DELETE', '/api/sandbox/tokens')).toMatchObject({ status: 200, body: { revoked: 2 } });
    expect((await partner('GET', '/api/partner/payments/x')).status).toBe(401);
    token = (await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' } })).body.token;
  });
});

describe('a purchase', () => {
  it('is created with a JWT naming it, read with its step, its items updated while open', async () => {
    const { purchaseId, jwt } = await newPurchase();
    expect(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString())).toMatchObject({ purchaseId });
    const read = await partner('GET', `/api/partner/payments/${purchaseId}`);
    expect(read.body).toMatchObject({ purchaseId, currentStep: 'Initiated', totalAmount: 249.9, customer: null, paymentMethod: null, management: { status: 'none' } });
    expect(read.body.callbacks).toBeUndefined();
    const updated = await partner('PUT', `/api/partner/payments/${purchaseId}/items`, { items: [...items, { notes: 'shipping', description: 'Postal', quantity: 1, amount: 49, taxCode: '25', taxAmount: 9.8 }] });
    expect(updated.body.totalAmount).toBe(298.9);
    expect((await partner('PUT', `/api/partner/payments/${purchaseId}/items`, { items: [{ ...items[0], amount: 0.001 }] })).body.code).toBe('invalid_amount');
  });

  it('takes the shopper data, completes and sends the server callback {purchaseId} without a signature; a resend duplicates it', async () => {
    const { purchaseId } = await newPurchase();
    expect((await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: {} })).body).toMatchObject({ code: 'shopper_data_missing' });
    const entered = await rest(url, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, { body: shopper });
    expect(entered.body).toMatchObject({ currentStep: 'ShopperDataEntered', paymentMethod: 'Card', shippingOption: shopper.shippingOption });
    const completed = await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: { outcome: 'completed' } });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ purchase: { currentStep: 'Completed', management: { status: 'authorized', authorizedAmount: 249.9 } }, callback: { status: 200, error: null } });
    expect(merchant.callsTo('/callback').map((call) => call.body)).toEqual([{ purchaseId }]);
    expect(merchant.callsTo('/callback')[0]!.headers.authorization).toBeUndefined();
    await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/callback`);
    expect(merchant.callsTo('/callback').filter((call) => call.body.purchaseId === purchaseId)).toHaveLength(2);
    expect((await rest(url, 'GET', `/api/sandbox/purchases/${purchaseId}`)).body.callbacks).toHaveLength(2);
    // Final: nothing of it changes any more.
    expect((await rest(url, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, { body: shopper })).body.code).toBe('purchase_final');
    expect((await partner('PUT', `/api/partner/payments/${purchaseId}/items`, { items })).body.code).toBe('purchase_final');
  });

  it('times out when its JWT expires first; a declined one is final too', async () => {
    const { purchaseId } = await newPurchase();
    await rest(url, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 3601 } });
    expect((await partner('GET', `/api/partner/payments/${purchaseId}`)).status).toBe(401); // the token expired too
    token = (await rest(url, 'POST', '/api/partner/tokens', { body: { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' } })).body.token;
    expect((await partner('GET', `/api/partner/payments/${purchaseId}`)).body.currentStep).toBe('TimedOut');
    const declined = await newPurchase();
    expect((await rest(url, 'POST', `/api/sandbox/purchases/${declined.purchaseId}/complete`, { body: { outcome: 'declined' } })).body.purchase.currentStep).toBe('Declined');
  });

  it('completes without sending the server callback when told it is lost (sendCallback: false); …/callback sends it', async () => {
    const { purchaseId } = await newPurchase();
    expect((await rest(url, 'PUT', `/api/sandbox/purchases/${purchaseId}/shopper`, { body: shopper })).status).toBe(200);
    const completed = await rest(url, 'POST', `/api/sandbox/purchases/${purchaseId}/complete`, { body: { sendCallback: false } });
    expect(completed.body).toMatchObject({ purchase: { currentStep: 'Completed' }, callback: null });
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
  const order = (id: string, extra: Record<string, unknown> = {}) => partner('POST', `/api/partner/payments/${id}/order`, { items, orderReference: 'order-1', ...extra });

  it('orders (delivers) items, returns up to what was delivered, cancel only before delivery: 200 with no content, as published', async () => {
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

  it('answers injected failures and serves the shopper page and the script', async () => {
    const id = await completedPurchase();
    await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'deliver', status: 503 } });
    expect((await order(id)).status).toBe(503);
    const page = await fetch(`${url}/api/sandbox/purchases/${id}/page`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain(id);
    expect((await fetch(`${url}/checkout.js`)).status).toBe(200);
  });
});
