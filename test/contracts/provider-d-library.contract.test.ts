/**
 * The provider D sandbox serving calls made by the provider's own Node library (`@adyen/api-library`,
 * its `CheckoutAPI`): payment methods, payments with a 3-D Secure challenge and its details, and the
 * modifications (capture, refund, cancel, reversal), each answer deserialised by the library's own
 * models; every webhook the sandbox sends checked by the library's `hmacValidator`.
 *
 * The library speaks https only, to the provider's host: the test serves the sandbox over TLS with a
 * certificate it makes (openssl), hands the library that certificate through its `certificatePath`
 * (the library then trusts it and checks the certificate's name against its own pattern, which the
 * test's certificate carries), and points the library's own HTTP client at the sandbox through the
 * `httpClient` its `Client` takes: the library builds every request (path, headers, idempotency key,
 * body); the wrapper only changes the provider's host to the sandbox's.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import adyen from '@adyen/api-library';
import { createLogger } from '../../platform/logging/logger.js';
import { createProviderDSandbox, DEFAULT_PROVIDER_D_ACCOUNT } from '../../sandboxes/provider-d/provider-d-sandbox.app.js';
import { eventually } from '../harness/orders.js';
import type { Exchange } from '../../sandboxes/shared/exchange.journal.js';
import { contractProblems } from './published-api.js';
import { PROVIDER_D_PUBLISHED_OPERATIONS } from './provider-d.published.js';

const { Client, Config, CheckoutAPI, EnvironmentEnum, HttpURLConnectionClient, hmacValidator, Types } = adyen;
const checkout = Types.checkout;
const { merchantAccount, apiKey, hmacKey } = DEFAULT_PROVIDER_D_ACCOUNT;
/** The library's base address of the Checkout API (test), which the wrapper swaps for the sandbox's. */
const PROVIDER_HOST = 'https://checkout-test.adyen.com';
/** A name the library's certificate check accepts (it was made for its terminal API). */
const CERTIFICATE_NAME = 'provider-sandbox.test.terminal.adyen.com';

let dir: string;
let sandbox: ReturnType<typeof createProviderDSandbox>;
let tls: Server;
let receiver: Server;
let base: string;
let api: InstanceType<typeof CheckoutAPI>;
const received: Array<{ notificationItems: Array<{ NotificationRequestItem: Record<string, any> }> }> = [];
const listening = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'provider-d-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${CERTIFICATE_NAME}`, '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });

  sandbox = createProviderDSandbox({ logger: createLogger({ level: 'silent' }), pendingSettleMs: 0, webhookDelayMs: 0 });
  await sandbox.app.ready();
  // The sandbox's own app, served over TLS (its routes and hooks as they are, on an https server).
  tls = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => sandbox.app.routing(request, response));
  base = `https://${await listening(tls)}`;
  sandbox.state.store.baseUrl = base;

  // The merchant's webhook endpoint: keeps what arrives, answers as the provider wants.
  receiver = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      response.end('[accepted]');
    });
  });
  sandbox.state.store.upsertAccount({ merchantAccount, webhookUrl: `http://${await listening(receiver)}/webhooks` });

  const transport = new HttpURLConnectionClient();
  const client = new Client(new Config({ apiKey, environment: EnvironmentEnum.TEST, certificatePath: cert }), {
    request: (endpoint, json, config, isApiKeyRequired, options) => transport.request(endpoint.replace(PROVIDER_HOST, base), json, config, isApiKeyRequired, options ?? {}),
  });
  api = new CheckoutAPI(client);
});
afterAll(async () => {
  await new Promise((resolve) => tls?.close(resolve));
  await new Promise((resolve) => receiver?.close(resolve));
  await sandbox?.app.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const amount = (value: number) => ({ value, currency: 'EUR' });
const card = (number: string) => ({ type: checkout.CardDetails.TypeEnum.Scheme, encryptedCardNumber: `test_${number}`, encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' });
/** A web payment as the library builds it, with what 3-D Secure 2 asks for. */
const payment = (reference: string, number: string): InstanceType<typeof checkout.PaymentRequest> => ({
  merchantAccount,
  amount: amount(1000),
  reference,
  returnUrl: 'https://shop.example/checkout/back',
  paymentMethod: card(number),
  channel: checkout.PaymentRequest.ChannelEnum.Web,
  origin: 'https://shop.example',
  shopperIP: '203.0.113.5',
  shopperEmail: 'kari@example.com',
  shopperName: { firstName: 'Kari', lastName: 'Nordmann' },
  billingAddress: { street: 'Storgata', houseNumberOrName: '1', postalCode: '0155', city: 'Oslo', country: 'NO' },
  browserInfo: { acceptHeader: '*/*', colorDepth: 24, javaEnabled: false, language: 'nb-NO', screenHeight: 900, screenWidth: 1280, timeZoneOffset: -60, userAgent: 'adyen-api-library' },
  shopperInteraction: checkout.PaymentRequest.ShopperInteractionEnum.Ecommerce,
});

describe("provider D's sandbox serves the provider's own library (@adyen/api-library CheckoutAPI over TLS)", () => {
  it('payment methods, a payment, a 3-D Secure challenge and its details, then capture, refund, cancel and reversal: each answered in the shape the library reads', async () => {
    const methods = await api.PaymentsApi.paymentMethods({ merchantAccount, amount: amount(1000), countryCode: 'NO', channel: checkout.PaymentMethodsRequest.ChannelEnum.Web });
    expect(methods.paymentMethods?.map((method) => method.type)).toContain('scheme');

    const authorised = await api.PaymentsApi.payments(payment('order-lib-1', '4111111111111111'), { idempotencyKey: 'lib-1' });
    expect(authorised).toMatchObject({ resultCode: checkout.PaymentResponse.ResultCodeEnum.Authorised, pspReference: expect.any(String), merchantReference: 'order-lib-1', amount: amount(1000) });
    // The library's idempotency key reached the provider: the same request again is the same payment.
    expect((await api.PaymentsApi.payments(payment('order-lib-1', '4111111111111111'), { idempotencyKey: 'lib-1' })).pspReference).toBe(authorised.pspReference);

    const challenged = await api.PaymentsApi.payments(payment('order-lib-2', '4212345678901237'), { idempotencyKey: 'lib-2' });
    expect(challenged).toMatchObject({ resultCode: checkout.PaymentResponse.ResultCodeEnum.ChallengeShopper, action: { type: 'threeDS2', subtype: 'challenge' } });
    const challengeId = sandbox.state.store.find(challenged.pspReference!).challenge!.id;
    const { details } = sandbox.state.store.completeChallenge(challengeId, 'authorise');
    const completed = await api.PaymentsApi.paymentsDetails({ details: { threeDSResult: details.threeDSResult } }, { idempotencyKey: 'lib-2-details' });
    expect(completed).toMatchObject({ resultCode: checkout.PaymentDetailsResponse.ResultCodeEnum.Authorised, pspReference: challenged.pspReference });

    const psp = authorised.pspReference!;
    const captured = await api.ModificationsApi.captureAuthorisedPayment(psp, { merchantAccount, amount: amount(1000), reference: 'order-lib-1:captures' }, { idempotencyKey: 'lib-capture' });
    expect(captured).toMatchObject({ status: checkout.PaymentCaptureResponse.StatusEnum.Received, paymentPspReference: psp, reference: 'order-lib-1:captures', amount: amount(1000) });
    const refunded = await api.ModificationsApi.refundCapturedPayment(psp, { merchantAccount, amount: amount(400), reference: 'order-lib-1:refunds' }, { idempotencyKey: 'lib-refund' });
    expect(refunded).toMatchObject({ status: checkout.PaymentRefundResponse.StatusEnum.Received, paymentPspReference: psp });
    const reversed = await api.ModificationsApi.refundOrCancelPayment(psp, { merchantAccount, reference: 'order-lib-1:reversals' }, { idempotencyKey: 'lib-reversal' });
    expect(reversed).toMatchObject({ status: checkout.PaymentReversalResponse.StatusEnum.Received, paymentPspReference: psp });
    const cancelled = await api.ModificationsApi.cancelAuthorisedPaymentByPspReference(challenged.pspReference!, { merchantAccount, reference: 'order-lib-2:cancels' }, { idempotencyKey: 'lib-cancel' });
    expect(cancelled).toMatchObject({ status: checkout.PaymentCancelResponse.StatusEnum.Received, paymentPspReference: challenged.pspReference });
    expect(sandbox.state.store.find(psp)).toMatchObject({ captured: 1000, refunded: 1000 });
    expect(sandbox.state.store.find(challenged.pspReference!).cancelled).toBe(true);

    // The provider's refusal reaches the library as its error: a capture beyond the authorisation.
    await expect(api.ModificationsApi.captureAuthorisedPayment(challenged.pspReference!, { merchantAccount, amount: amount(5000) }, { idempotencyKey: 'lib-over-capture' })).rejects.toMatchObject({ statusCode: 422 });

    // Every request the library made (with the idempotency keys the adapter also always sends), every answer it was given, is the published API's.
    const exchanges = (await sandbox.app.inject({ method: 'GET', url: '/api/sandbox/exchanges?direction=in' })).json<{ exchanges: Exchange[] }>().exchanges;
    expect(exchanges.length).toBeGreaterThanOrEqual(9);
    expect(contractProblems(exchanges, PROVIDER_D_PUBLISHED_OPERATIONS)).toEqual([]);
  });

  it("every webhook the sandbox sent verifies with the library's hmacValidator under the account's key, and not under another", async () => {
    const items = await eventually(async () => {
      const all = received.flatMap((body) => body.notificationItems.map((wrapper) => wrapper.NotificationRequestItem));
      return ['AUTHORISATION', 'CAPTURE', 'REFUND', 'CANCEL_OR_REFUND', 'CANCELLATION'].every((code) => all.some((item) => item.eventCode === code)) ? all : undefined;
    });
    const validator = new hmacValidator();
    for (const item of items) {
      expect(validator.validateHMAC(item as Parameters<typeof validator.validateHMAC>[0], hmacKey)).toBe(true);
      expect(validator.validateHMAC(item as Parameters<typeof validator.validateHMAC>[0], 'AB'.repeat(32))).toBe(false);
    }
    // A modification's webhook names the modification's own reference as merchantReference, the payment by originalReference.
    const capture = items.find((item) => item.eventCode === 'CAPTURE')!;
    expect(capture).toMatchObject({ merchantReference: 'order-lib-1:captures', originalReference: expect.any(String) });
  });
});
