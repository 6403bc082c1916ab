import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../../platform/logging/logger.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { OrderPaymentTransactionsDocument } from '../generated/graphql.js';
import { holdPort, listenOnHeld } from '../harness/free-port.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { ACME_ID, createAcmeAdapter, type AcmeAdapter } from '../fixtures/acme-pay.adapter.js';

let system: TestSystem;
let acme: AcmeAdapter;
let acmeUrl: string;
const tenant = { merchant: 'm-acme', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem({ services: ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications'] });
  const verifier = await system.adapterVerifier();
  // The fixture is built like any adapter: from the platform's settings, on its own port.
  // Its port is held while it is built (it must know its own URL), then taken at once.
  const held = await holdPort();
  const { port } = held;
  acmeUrl = `http://127.0.0.1:${port}`;
  // Its own client credentials, issued by the platform as `npm run credentials` does; never the platform's secret.
  const config = { ...system.config, adapterCredentials: { [ACME_ID]: await system.issueCredentials(ACME_ID) } };
  acme = createAcmeAdapter({ config, db: system.db, logger: createLogger({ level: 'silent' }), verifier }, acmeUrl);
  await listenOnHeld(acme.app, held);
});
afterAll(async () => {
  await acme?.app.close();
  await system?.close();
});

describe('a third-party adapter written against the kit', () => {
  it('is configured with its own schema, creates a payment, and receives amountChanged', async () => {
    const admin = await orderClient(system, tenant, 'admin');
    const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/${ACME_ID}`, {
      token: admin.token,
      ...tenant,
      body: { $schema: `${acmeUrl}/openapi/v1/schemas/${ACME_ID}.json`, id: ACME_ID, merchantAccount: 'ACME-1', apiKey: 'k-123' },
    });
    expect(put.status).toBe(201);

    const order = (await admin.call('POST', '', sampleOrder({ payments: [{ adapterId: 'giftcard_adapter', amount: 49.9, upperLimitAmount: 49.9 }] }))).body;
    const storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const created = await rest(acmeUrl, 'POST', `/orders/${order.id}/payments`, { token: storefront, ...tenant });
    expect(created.status).toBe(201);
    expect(created.body.htmlSnippet).toContain('ACME-1');

    const payment = (await admin.call('GET', `/${order.id}/payments/${created.body.paymentId}`)).body;
    // No card limit: the spec's "no limit" value, so the engine's allocation treats it as unlimited;
    // it covers the rest the part payment of 49.9 leaves.
    expect(payment).toMatchObject({ adapterId: ACME_ID, type: 'checkout', state: 'intent', amount: 200, upperLimitAmount: 2147483647, reference: expect.stringMatching(/^acme-/) });
    expect(payment.callbacks.amountChanged).toMatch(new RegExp(`/v0/orders/${order.id}/amount-changed$`));
    const second = await rest(acmeUrl, 'POST', `/orders/${order.id}/payments`, { token: storefront, ...tenant });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('active_payment_exists');

    // The total becomes 300: the platform tells the adapter its new share.
    await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 300, excludingVat: 240 } });
    await eventually(async () => acme.amountChanges.some((change) => change.orderId === order.id && change.amount === 250.1));
    // The adapter follows the call by updating its payment; wait for that change to commit.
    await eventually(async () => (await admin.call('GET', `/${order.id}/payments/${created.body.paymentId}`)).body.amount === 250.1);
    expect((await admin.call('POST', `/${order.id}/validate`)).status).toBe(200);
  });

  it('a failing provider call: 400 provider_failed with details.errorDetail, a failed transaction with errorDetail, the payment failed', async () => {
    const admin = await orderClient(system, tenant, 'admin');
    const order = (await admin.call('POST', '', sampleOrder())).body;
    const storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    acme.provider.failNext = 'CVC Declined';
    const failed = await rest(acmeUrl, 'POST', `/orders/${order.id}/payments`, { token: storefront, ...tenant });
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual({ code: 'provider_failed', message: 'CVC Declined', details: { errorDetail: 'CVC Declined', paymentId: expect.any(String) } });
    const payment = (await admin.call('GET', `/${order.id}/payments/${failed.body.details.paymentId}`)).body;
    expect(payment).toMatchObject({ state: 'failed', upperLimitAmount: 2147483647 });
    const logged = await system.db.prisma.paymentTransaction.findMany({ where: { paymentId: payment.id } });
    expect(logged).toMatchObject([{ event: 'open', pspEvent: 'create', isSuccess: false, errorDetail: 'CVC Declined' }]);
    // The admin sees it against the payment, through the payment API and GraphQL.
    const adminToken = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
    const viaRest = await rest(system.urls.payment!, 'GET', `/api/v0/payments/${payment.id}/transactions`, { token: adminToken, ...tenant });
    expect(viaRest.body).toEqual([expect.objectContaining({ paymentId: payment.id, adapterId: ACME_ID, isSuccess: false, errorDetail: 'CVC Declined' })]);
    const viaGraph = await graphql(system.urls.gateway!, OrderPaymentTransactionsDocument, { id: order.id }, { token: adminToken, ...tenant });
    expect(dataOf(viaGraph).order?.payments).toEqual([{ state: 'failed', transactions: [{ isSuccess: false, errorDetail: 'CVC Declined' }] }]);
    // the spec asks for a new payment after a failed one
    expect((await rest(acmeUrl, 'POST', `/orders/${order.id}/payments`, { token: storefront, ...tenant })).status).toBe(201);
  });

  it('answers 400 "Configuration is missing for this channel." without a configuration', async () => {
    const other = { merchant: 'm-acme-none', channel: 'web' };
    const admin = await orderClient(system, other, 'admin');
    const order = (await admin.call('POST', '', sampleOrder())).body;
    const storefront = await system.token({ merchant: other.merchant, channels: [other.channel], role: 'storefront' });
    const created = await rest(acmeUrl, 'POST', `/orders/${order.id}/payments`, { token: storefront, ...other });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ code: 'configuration_missing', message: 'Configuration is missing for this channel.' });
  });
});
