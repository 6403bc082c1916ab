import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rest } from '../harness/http.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import type { TestSystem } from '../harness/test-system.js';
import { PROVIDER_A, PROVIDER_A_SHIPPING_OPTIONS, startProviderA, type ProviderASetup } from '../adapters/provider-a.setup.js';
import type { Exchange } from '../../sandboxes/shared/exchange.journal.js';
import { contractProblems, operationOf, recordedExchanges } from './published-api.js';
import { PROVIDER_A_OPERATIONS } from './provider-a.published.js';

/** Provider A's adapter and sandbox held against Klarna's published API (test/contracts/provider-a.published.ts): every exchange of the flows below conforms. */

const tenant = { merchant: 'm-provider-a-contract', channel: 'web' };
const ADAPTER = PROVIDER_A;
const OPTIONS = PROVIDER_A_SHIPPING_OPTIONS;

let setup: ProviderASetup;
let system: TestSystem;
let adapterUrl: string;
let sandboxUrl: string;
let admin: ProviderASetup['admin'];
let tokens: ProviderASetup['tokens'];

beforeAll(async () => {
  setup = await startProviderA(tenant);
  ({ system, adapterUrl, sandboxUrl, admin, tokens } = setup);
});
afterAll(async () => {
  await system?.close();
});

const sandbox: ProviderASetup['sandbox'] = (...args) => setup.sandbox(...args);
const adapter: ProviderASetup['adapter'] = (...args) => setup.adapter(...args);
const setPushDelay: ProviderASetup['setPushDelay'] = (pushDelayMs) => setup.setPushDelay(pushDelayMs);
const order = async (id: string) => (await admin.call('GET', `/${id}`)).body;
const ours = (o: { payments: Array<{ adapterId: string }> }) => o.payments.filter((p) => p.adapterId === ADAPTER) as any[];
const providerOrder = async (reference: string) => (await sandbox('GET', `/api/sandbox/orders/${reference}`)).body;

async function newOrder(): Promise<string> {
  const created = await admin.call('POST', '', sampleOrder({ currency: 'NOK', culture: 'nb-NO', country: 'NO' }));
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** An order with a provider A payment: its ids and the provider's order id. */
async function started(): Promise<{ id: string; paymentId: string; reference: string; snippet: string }> {
  const id = await newOrder();
  const created = await adapter('POST', `/api/checkout/v1/orders/${id}/payments`);
  expect(created.status).toBe(200);
  const payment = ours(await order(id))[0];
  return { id, paymentId: created.body.id, reference: payment.reference, snippet: created.body.htmlSnippet };
}


const action = async (orderId: string, type: string) => {
  const payment = ours(await order(orderId))[0];
  return rest(payment.actions.find((a: { type: string }) => a.type === type).url, 'POST', '', { token: tokens.admin, ...tenant });
};
const confirm = async (reference: string) => {
  const urls = (await providerOrder(reference)).order.merchant_urls;
  return fetch(urls.confirmation, { redirect: 'manual' });
};

describe("provider A against Klarna's published API", () => {
  it('checkout, callbacks, order management and customer tokens exchange only what the references publish', async () => {
    await sandbox('DELETE', '/api/sandbox/exchanges');
    await setPushDelay(20);

    // Checkout order create, the shopper's shipping option (callback), update (PUT …/payments), purchase (validation), confirmation, push.
    const { id, reference } = await started();
    expect((await sandbox('POST', `/api/sandbox/orders/${reference}/shipping-option`, { id: 'express' })).status).toBe(200);
    expect((await adapter('PUT', `/orders/${id}/payments`)).status).toBe(200);
    expect((await sandbox('POST', `/api/sandbox/orders/${reference}/purchase`, {})).body.status).toBe('checkout_complete');
    expect((await confirm(reference)).status).toBe(302);
    await eventually(async () => (await providerOrder(reference)).pushes.some((push: { status: number }) => push.status === 200), 30_000);
    expect((await admin.call('PUT', `/${id}/reference`, { reference: 'CO-contract' })).status).toBe(200);
    await eventually(async () => (await providerOrder(reference)).order.merchant_reference1 === 'CO-contract');
    expect((await action(id, 'Capture')).status).toBe(200);
    const refund = await rest(system.urls.payment!, 'POST', `/api/v0/payments/${ours(await order(id))[0].id}/refund`, { token: tokens.admin, ...tenant, body: { amount: 50, orderId: id } });
    expect(refund.status).toBe(200);

    // Cancel an authorized order; a pending one decided later (the notification).
    const second = await started();
    await sandbox('POST', `/api/sandbox/orders/${second.reference}/purchase`, {});
    expect((await confirm(second.reference)).status).toBe(302);
    expect((await action(second.id, 'Cancel')).status).toBe(200);
    const pending = await started();
    await sandbox('POST', `/api/sandbox/orders/${pending.reference}/purchase`, { fraudStatus: 'PENDING' });
    expect((await confirm(pending.reference)).status).toBe(302);
    await sandbox('POST', `/api/sandbox/orders/${pending.reference}/fraud-status`, { fraudStatus: 'ACCEPTED' });
    await eventually(async () => (await order(pending.id)).state.currentStatus === 'completed', 30_000);

    // A denied validation: the session is stale (the provider missed the cart change).
    const stale = await started();
    await sandbox('POST', '/api/sandbox/failures', { operation: 'updateOrder', status: 500 });
    const cart = (await order(stale.id)).cart;
    expect((await admin.call('PUT', `/${stale.id}/cart`, { ...cart, items: [cart.items[0]], total: { includingVat: 199.9, excludingVat: 159.92 } })).status).toBe(200);
    expect((await sandbox('POST', `/api/sandbox/orders/${stale.reference}/purchase`, {})).body.status).toBe('refused');

    // A recurring token order.
    const token = (await sandbox('POST', '/api/sandbox/customer-tokens', {})).body.token as string;
    const recurring = await adapter('POST', `/api/checkout/v1/orders/${await newOrder()}/payments/recurring`, 'storefront', { token, autoCapture: true });
    expect(recurring.body).toMatchObject({ state: 'captured' });

    const exchanges = await recordedExchanges(sandboxUrl);
    expect(contractProblems(exchanges, PROVIDER_A_OPERATIONS)).toEqual([]);
    // Every published operation was exercised, so the check above cannot pass on nothing.
    const exercised = new Set(exchanges.map((exchange) => operationOf(exchange, PROVIDER_A_OPERATIONS)?.name));
    expect(PROVIDER_A_OPERATIONS.map((operation) => operation.name).filter((name) => !exercised.has(name))).toEqual([]);
    // The push names the checkout order in its query and carries no body; the denial is the published 303.
    const push = exchanges.find((exchange) => exchange.operation === 'push' && exchange.url.includes(reference))!;
    expect(new URL(push.url).searchParams.get('klarna_order_id')).toBe(reference);
    expect(exchanges.some((exchange) => exchange.operation === 'validation' && exchange.status === 303)).toBe(true);

    // The check is live: a field the reference lacks, in the request or the answer, is reported.
    const capture = exchanges.find((exchange) => exchange.operation === 'capture')!;
    const mutated: Exchange = { ...capture, requestBody: { ...(capture.requestBody as object), idempotency_key: 'x' } };
    expect(contractProblems([mutated], PROVIDER_A_OPERATIONS)).toEqual([expect.stringContaining('(idempotency_key)')]);
    const managed = exchanges.find((exchange) => exchange.operation === 'readManagedOrder' && exchange.status === 200)!;
    expect(contractProblems([{ ...managed, responseBody: { ...(managed.responseBody as object), recurring_token: 't' } }], PROVIDER_A_OPERATIONS)).toEqual([expect.stringContaining('(recurring_token)')]);
    expect(contractProblems([{ ...capture, headers: { authorization: 'Basic ***', 'idempotency-key': 'k' } }], PROVIDER_A_OPERATIONS)).toEqual([expect.stringContaining('klarna-idempotency-key')]);
  }, 120_000);
});
