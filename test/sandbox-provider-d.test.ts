import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../platform/logging/logger.js';
import { createProviderDSandbox, DEFAULT_PROVIDER_D_ACCOUNT } from '../sandboxes/provider-d/provider-d-sandbox.app.js';
import { rest } from './harness/http.js';
import { eventually } from './harness/orders.js';

/** The provider D sandbox on its own (docs/sandboxes.md, "Provider D"): its API, test cards, webhooks. */
const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const { merchantAccount, apiKey, hmacKey } = DEFAULT_PROVIDER_D_ACCOUNT;
let sandbox: ReturnType<typeof createProviderDSandbox>;
let url: string;
let receiver: Server;
let receiverUrl: string;
/** What the merchant's webhook receiver got, and how many answers it still refuses. */
const received: Array<{ notificationItems: Array<{ NotificationRequestItem: Record<string, any> }> }> = [];
/** A payment whose metadata says `refuse: "2"` has its webhook refused twice (counted per provider reference). */
const refusals = new Map<string, number>();

/** The provider's API as published: under its version prefix. */
const api = (path: string, body: unknown, headers: Record<string, string> = {}) => rest(url, 'POST', `/v71${path}`, { headers: { 'x-api-key': apiKey, ...headers }, body });
const RETURN_URL = 'https://shop.example/checkout/order-1';
const pay = (card: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  api('/payments', { merchantAccount, amount: { value: 1000, currency: 'EUR' }, reference: 'order-1', returnUrl: RETURN_URL, paymentMethod: { type: 'scheme', encryptedCardNumber: `test_${card}` }, ...extra }, headers);

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as (typeof received)[number];
      received.push(body);
      const item = body.notificationItems[0]!.NotificationRequestItem;
      const refused = refusals.get(item.pspReference) ?? 0;
      if (refused < Number(item.additionalData['metadata.refuse'] ?? 0)) {
        refusals.set(item.pspReference, refused + 1);
        response.writeHead(500).end('busy');
      } else response.writeHead(200, { 'content-type': 'text/plain' }).end('[accepted]');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webhooks`;
  sandbox = createProviderDSandbox({ logger, webhookRetryDelaysMs: [20, 20], pendingSettleMs: 0, webhookDelayMs: 0 });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  expect((await rest(url, 'PUT', `/api/sandbox/merchant-accounts/${merchantAccount}`, { body: { webhookUrl: receiverUrl } })).status).toBe(200);
});
afterAll(async () => {
  await sandbox?.app.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('provider D sandbox: the API', () => {
  it('needs the API key of the named merchant account', async () => {
    expect((await rest(url, 'POST', '/v71/paymentMethods', { body: { merchantAccount } })).status).toBe(401);
    await rest(url, 'PUT', '/api/sandbox/merchant-accounts/OtherAccount', { body: { apiKey: 'another-api-key', hmacKey: '00112233445566778899AABBCCDDEEFF' } });
    expect((await api('/paymentMethods', { merchantAccount: 'OtherAccount' })).status).toBe(403);
    const methods = await api('/paymentMethods', { merchantAccount, amount: { value: 1000, currency: 'EUR' } });
    expect(methods.status).toBe(200);
    expect(methods.body.paymentMethods.map((m: { type: string }) => m.type)).toEqual(['scheme', 'applepay', 'googlepay', 'sepadirectdebit']);
  });

  it('test cards: authorise, refuse, error, challenge (answered at the sandbox, then details)', async () => {
    expect((await pay('4111111111111111')).body).toMatchObject({ resultCode: 'Authorised', amount: { value: 1000, currency: 'EUR' }, merchantReference: 'order-1', paymentMethod: { type: 'scheme', brand: 'visa' } });
    expect((await pay('4000000000000002')).body).toMatchObject({ resultCode: 'Refused', refusalReason: 'Refused' });
    expect((await pay('4000000000000119')).body.resultCode).toBe('Error');
    const challenged = await pay('4212345678901237');
    expect(challenged.body).toMatchObject({ resultCode: 'ChallengeShopper', action: { type: 'threeDS2', subtype: 'challenge' } });
    const early = await api('/payments/details', { details: { threeDSResult: Buffer.from(JSON.stringify({ challengeId: challenged.body.action.authorisationToken })).toString('base64url') } });
    expect(early.status).toBe(422);
    const answered = await rest(url, 'POST', `/api/sandbox/challenges/${challenged.body.action.authorisationToken}/complete`, { body: { outcome: 'refuse' } });
    expect(answered.body.details.threeDSResult).toEqual(expect.any(String));
    expect((await api('/payments/details', answered.body)).body).toMatchObject({ resultCode: 'Refused', pspReference: challenged.body.pspReference });
  });

  it("a redirect card: the action sends the shopper to the issuer's page, whose answer redirects to returnUrl with redirectResult; the details then decide", async () => {
    const redirect = await pay('4000000000003063', { returnUrl: 'https://shop.example/back?step=pay' });
    expect(redirect.body).toMatchObject({ resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'GET', paymentMethodType: 'scheme', url: expect.stringContaining('/api/sandbox/challenges/') } });
    const page = await fetch(redirect.body.action.url);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/<form method="post" action="\/api\/sandbox\/challenges\/[^"]+\/complete">/);
    // Details before the shopper answered at the issuer: refused.
    const challengeId = new URL(redirect.body.action.url).pathname.split('/').pop();
    const early = await api('/payments/details', { details: { redirectResult: Buffer.from(JSON.stringify({ challengeId })).toString('base64url') } });
    expect(early.status).toBe(422);
    // The page's form (as a browser posts it): 303 to the returnUrl, its own query kept, redirectResult added.
    const answered = await fetch(`${redirect.body.action.url}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=authorise', redirect: 'manual' });
    expect(answered.status).toBe(303);
    const back = new URL(answered.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/back');
    expect(back.searchParams.get('step')).toBe('pay');
    const redirectResult = back.searchParams.get('redirectResult');
    expect((await api('/payments/details', { details: { redirectResult } })).body).toMatchObject({ resultCode: 'Authorised', pspReference: redirect.body.pspReference });
    // Sent again (a reload of the return page): the same answer; answering the issuer's page otherwise now is 409.
    expect((await api('/payments/details', { details: { redirectResult } })).body).toMatchObject({ resultCode: 'Authorised', pspReference: redirect.body.pspReference });
    expect((await rest(url, 'POST', `/api/sandbox/challenges/${challengeId}/complete`, { body: { outcome: 'refuse' } })).status).toBe(409);
  });

  it('an idempotency key answers the first answer again; another body with it is 422', async () => {
    const first = await pay('4111111111111111', {}, { 'idempotency-key': 'key-1' });
    const again = await pay('4111111111111111', {}, { 'idempotency-key': 'key-1' });
    expect(again.body.pspReference).toBe(first.body.pspReference);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await pay('4000000000000002', {}, { 'idempotency-key': 'key-1' })).status).toBe(422);
    expect((await pay('4111111111111111', {}, { 'idempotency-key': 'k'.repeat(65) })).status).toBe(400);
  });

  it('stored methods and recurring models: a Subscription token pays without the shopper; CardOnFile with ContAuth is the returning shopper, one-click', async () => {
    const stored = await pay('4111111111111111', { shopperReference: 'shopper-1', storePaymentMethod: true, recurringProcessingModel: 'Subscription' });
    const token = stored.body.additionalData['recurring.recurringDetailReference'];
    expect(token).toEqual(expect.any(String));
    const methods = await api('/paymentMethods', { merchantAccount, shopperReference: 'shopper-1' });
    expect(methods.body.storedPaymentMethods).toEqual([expect.objectContaining({ id: token, brand: 'visa', lastFour: '1111', supportedRecurringProcessingModels: ['Subscription', 'CardOnFile'] })]);
    const recurring = { paymentMethod: { type: 'scheme', storedPaymentMethodId: token }, shopperReference: 'shopper-1', shopperInteraction: 'ContAuth' };
    expect((await pay('', { ...recurring, recurringProcessingModel: 'Subscription' })).body).toMatchObject({ resultCode: 'Authorised', additionalData: { recurringProcessingModel: 'Subscription' } });
    expect((await pay('', { ...recurring, recurringProcessingModel: 'CardOnFile' })).body).toMatchObject({ resultCode: 'Authorised', additionalData: { recurringProcessingModel: 'CardOnFile' } });
    expect((await pay('', { ...recurring, recurringProcessingModel: 'UnscheduledCardOnFile' })).status).toBe(422);
    expect((await pay('', { ...recurring, shopperReference: 'someone-else', recurringProcessingModel: 'Subscription' })).status).toBe(422);
    const subscription = await rest(url, 'POST', '/api/sandbox/subscriptions', { body: { shopperReference: 'shopper-2' } });
    expect(subscription.status).toBe(201);
    expect((await pay('', { ...recurring, paymentMethod: { type: 'scheme', storedPaymentMethodId: subscription.body.storedPaymentMethodId }, shopperReference: 'shopper-2', recurringProcessingModel: 'Subscription' })).body.resultCode).toBe('Authorised');
  });

  it('captures, refunds and cancels follow the payment: over-capture, refund before capture and cancel after capture are 422', async () => {
    const { pspReference } = (await pay('4111111111111111')).body;
    const modify = (kind: string, body: Record<string, unknown> = {}) => api(`/payments/${pspReference}/${kind}`, { merchantAccount, ...body });
    expect((await modify('refunds')).status).toBe(422);
    expect((await modify('captures', { amount: { value: 2000, currency: 'EUR' } })).status).toBe(422);
    const capture = await modify('captures', { amount: { value: 600, currency: 'EUR' } });
    expect(capture).toMatchObject({ status: 201, body: { paymentPspReference: pspReference, status: 'received', amount: { value: 600, currency: 'EUR' } } });
    expect((await modify('cancels')).status).toBe(422);
    expect((await modify('refunds', { amount: { value: 600, currency: 'EUR' } })).status).toBe(201);
    const view = (await rest(url, 'GET', `/api/sandbox/payments/${pspReference}`)).body;
    expect(view).toMatchObject({ captured: 600, refunded: 600 });
    const other = (await pay('4111111111111111')).body.pspReference;
    expect((await api(`/payments/${other}/cancels`, { merchantAccount })).status).toBe(201);
  });
});

describe('provider D sandbox: webhooks', () => {
  it('signs each item with HMAC-SHA256 and retries until the answer is [accepted]', async () => {
    const { pspReference } = (await pay('4111111111111111', { metadata: { orderId: 'o-9', refuse: '2' } })).body;
    const webhooks = await eventually(async () => {
      const view = (await rest(url, 'GET', `/api/sandbox/payments/${pspReference}`)).body;
      return view.webhooks[0]?.status === 'accepted' ? view.webhooks : undefined;
    });
    expect(webhooks[0].attempts.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);
    const item = webhooks[0].body.notificationItems[0].NotificationRequestItem;
    expect(item).toMatchObject({ eventCode: 'AUTHORISATION', success: 'true', pspReference, merchantReference: 'order-1', merchantAccountCode: merchantAccount, additionalData: { 'metadata.orderId': 'o-9' } });
    const signed = [item.pspReference, '', item.merchantAccountCode, item.merchantReference, item.amount.value, item.amount.currency, item.eventCode, item.success].join(':');
    expect(item.additionalData.hmacSignature).toBe(createHmac('sha256', Buffer.from(hmacKey, 'hex')).update(signed).digest('base64'));
  });

  it('a webhook delivery waits webhookTimeoutMs (PROVIDER_D_SANDBOX_WEBHOOK_TIMEOUT_MS) for the answer: a slower merchant counts as not taken', async () => {
    // A merchant that answers [accepted] only after a second: in time for the default 5 s, too late for 50 ms.
    const slow = createServer((_request, response) => void setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('[accepted]'), 1_000).unref());
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const address = slow.address();
    const impatient = createProviderDSandbox({ logger, webhookRetryDelaysMs: [], pendingSettleMs: 0, webhookDelayMs: 0, webhookTimeoutMs: 50 });
    try {
      const base = await impatient.app.listen({ port: 0, host: '127.0.0.1' });
      const webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webhooks`;
      expect((await rest(base, 'PUT', `/api/sandbox/merchant-accounts/${merchantAccount}`, { body: { webhookUrl } })).status).toBe(200);
      const paid = await rest(base, 'POST', '/v71/payments', { headers: { 'x-api-key': apiKey }, body: { merchantAccount, amount: { value: 1000, currency: 'EUR' }, reference: 'order-2', returnUrl: RETURN_URL, paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111' } } });
      const webhook = await eventually(async () => {
        const view = (await rest(base, 'GET', `/api/sandbox/payments/${paid.body.pspReference}`)).body;
        return view.webhooks[0]?.status === 'gave_up' ? view.webhooks[0] : undefined;
      });
      expect(webhook.attempts).toEqual([expect.objectContaining({ error: expect.stringMatching(/timeout|aborted/i) })]);
      expect(webhook.attempts[0].status).toBeUndefined();
    } finally {
      await impatient.app.close();
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('a pending card is decided by settle (AUTHORISATION webhook)', async () => {
    const { pspReference, resultCode } = (await pay('4000000000000077')).body;
    expect(resultCode).toBe('Pending');
    expect((await rest(url, 'POST', `/api/sandbox/payments/${pspReference}/settle`, { body: { outcome: 'refuse' } })).status).toBe(200);
    await eventually(async () => received.some((r) => r.notificationItems[0]!.NotificationRequestItem.pspReference === pspReference && r.notificationItems[0]!.NotificationRequestItem.success === 'false'));
  });

  it("AUTHORISATION echoes the request's metadata and recurring details; CAPTURE, REFUND and CANCELLATION carry none and name the modification's own reference as merchantReference, as the provider's do; every delivery is in the exchange journal", async () => {
    const itemsOf = (pspReference: string) => received.map((r) => r.notificationItems[0]!.NotificationRequestItem).filter((item) => item.pspReference === pspReference || item.originalReference === pspReference);
    const { pspReference } = (await pay('4111111111111111', { metadata: { orderId: 'order-1', channel: 'web' }, shopperReference: 'shopper-9', storePaymentMethod: true })).body;
    expect((await api(`/payments/${pspReference}/captures`, { merchantAccount, amount: { value: 1000, currency: 'EUR' }, reference: 'p:captures' })).status).toBe(201);
    expect((await api(`/payments/${pspReference}/refunds`, { merchantAccount, amount: { value: 400, currency: 'EUR' }, reference: 'p:refunds' })).status).toBe(201);
    const other = (await pay('4111111111111111', { metadata: { orderId: 'order-1' } })).body.pspReference;
    expect((await api(`/payments/${other}/cancels`, { merchantAccount, reference: 'p:cancels' })).status).toBe(201);
    const items = await eventually(async () => {
      const found = [...itemsOf(pspReference), ...itemsOf(other)];
      return found.length >= 5 ? found : undefined;
    });
    const byCode = (code: string) => items.filter((item) => item.eventCode === code);
    expect(byCode('AUTHORISATION')[0]!.additionalData).toMatchObject({ 'metadata.orderId': 'order-1', 'metadata.channel': 'web', 'recurring.shopperReference': 'shopper-9' });
    for (const code of ['CAPTURE', 'REFUND', 'CANCELLATION']) {
      const [item] = byCode(code);
      expect(Object.keys(item!.additionalData)).toEqual(['hmacSignature']);
      expect(item).toMatchObject({ merchantReference: `p:${{ CAPTURE: 'captures', REFUND: 'refunds', CANCELLATION: 'cancels' }[code]}`, merchantAccountCode: merchantAccount, success: 'true' });
      expect(item!.originalReference).toBe(code === 'CANCELLATION' ? other : pspReference);
    }
    // A modification that names no reference: the payment's own.
    expect((await api(`/payments/${pspReference}/refunds`, { merchantAccount, amount: { value: 100, currency: 'EUR' } })).status).toBe(201);
    const unnamed = await eventually(async () => itemsOf(pspReference).filter((item) => item.eventCode === 'REFUND').find((item) => item.amount.value === 100));
    expect(unnamed).toMatchObject({ merchantReference: 'order-1', originalReference: pspReference });
    const sent = (await rest(url, 'GET', '/api/sandbox/exchanges?direction=out&operation=webhook')).body.exchanges as Array<{ url: string; status: number; responseBody: unknown; requestBody: { notificationItems: Array<{ NotificationRequestItem: { eventCode: string; originalReference?: string } }> } }>;
    const captureSent = sent.find((exchange) => exchange.requestBody.notificationItems[0]!.NotificationRequestItem.eventCode === 'CAPTURE' && exchange.requestBody.notificationItems[0]!.NotificationRequestItem.originalReference === pspReference);
    expect(captureSent).toMatchObject({ url: receiverUrl, status: 200, responseBody: '[accepted]' });
  });

  it('serves the API under its published version prefix only, and /payments requires returnUrl as published', async () => {
    expect((await rest(url, 'POST', '/payments', { headers: { 'x-api-key': apiKey }, body: { merchantAccount } })).status).toBe(404);
    const { returnUrl: _dropped, ...withoutReturn } = { merchantAccount, amount: { value: 1000, currency: 'EUR' }, reference: 'order-1', returnUrl: RETURN_URL, paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111' } };
    const refused = await api('/payments', withoutReturn);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('returnUrl');
  });

  it("a reversal cancels what is not captured and refunds what is: CANCEL_OR_REFUND says which (modification.action)", async () => {
    const itemOf = (pspReference: string) => eventually(async () => received.map((r) => r.notificationItems[0]!.NotificationRequestItem).find((item) => item.eventCode === 'CANCEL_OR_REFUND' && item.originalReference === pspReference));
    const authorised = (await pay('4111111111111111')).body.pspReference as string;
    const reversed = await api(`/payments/${authorised}/reversals`, { merchantAccount, reference: 'r-1' });
    expect(reversed).toMatchObject({ status: 201, body: { merchantAccount, paymentPspReference: authorised, pspReference: expect.any(String), reference: 'r-1', status: 'received' } });
    expect(await itemOf(authorised)).toMatchObject({ merchantReference: 'r-1', amount: { value: 1000 }, additionalData: { 'modification.action': 'cancel', originalMerchantReference: 'order-1' } });
    expect((await api(`/payments/${authorised}/reversals`, { merchantAccount })).status).toBe(422);
    const captured = (await pay('4111111111111111')).body.pspReference as string;
    expect((await api(`/payments/${captured}/captures`, { merchantAccount, amount: { value: 1000, currency: 'EUR' } })).status).toBe(201);
    expect((await api(`/payments/${captured}/refunds`, { merchantAccount, amount: { value: 300, currency: 'EUR' } })).status).toBe(201);
    expect((await api(`/payments/${captured}/reversals`, { merchantAccount, reference: 'r-2' })).status).toBe(201);
    expect(await itemOf(captured)).toMatchObject({ merchantReference: 'r-2', amount: { value: 700 }, additionalData: { 'modification.action': 'refund' } });
    expect((await api(`/payments/${captured}/reversals`, { merchantAccount })).status).toBe(422);
  });

  it("serves the drop-in page and the stand-in of the provider's drop-in script (window.AdyenWeb.AdyenCheckout, Dropin)", async () => {
    const page = await fetch(`${url}/dropin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('AdyenWeb.AdyenCheckout(');
    const script = await fetch(`${url}/dropin.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('window.AdyenWeb = {');
  });
});
