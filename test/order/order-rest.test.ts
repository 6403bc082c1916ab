import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderClient, heldPayment, sampleOrder } from '../harness/orders.js';
import { rest } from '../harness/http.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
const tenant = { merchant: 'm-rest', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem();
  admin = await orderClient(system, tenant, 'admin');
});
afterAll(() => system?.close());

async function createOrder(overrides: Record<string, unknown> = {}) {
  const created = await admin.call('POST', '', sampleOrder(overrides));
  expect(created.status).toBe(201);
  return created.body;
}

describe('order REST shims', () => {
  it('creates an order in checkout with derived total and reads it on both paths', async () => {
    const order = await createOrder({ shippings: [{ id: 's1', name: 'Post', total: { includingVat: 49, excludingVat: 39.2 } }] });
    expect(order).toMatchObject({
      merchant: tenant.merchant,
      channel: tenant.channel,
      currency: 'NOK',
      state: { currentStatus: 'checkout', transitions: [{ status: 'checkout', timeStamp: expect.stringMatching(/Z$/) }] },
      total: { includingVat: 298.9, excludingVat: 239.12 },
      payments: [],
      hooks: [],
      notifications: [],
      validations: [],
    });
    const a = await rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${order.id}`, { token: admin.token, ...tenant });
    const b = await rest(system.urls.order!, 'GET', `/checkout/orders/${order.id}`, { token: admin.token, ...tenant });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.headers.get('etag')).toBe('"1"');
  });

  it("answers 404 for another tenant's order", async () => {
    const order = await createOrder();
    const other = await orderClient(system, { merchant: 'someone-else', channel: 'web' });
    const { status, body } = await other.call('GET', `/${order.id}`);
    expect(status).toBe(404);
    expect(body.code).toBe('order_not_found');
  });

  it('sets the billing address (storefront role) and refuses invalid addresses with details', async () => {
    const order = await createOrder();
    const storefront = await orderClient(system, tenant, 'storefront');
    const billing = { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Gate 1', postalCode: '0150', city: 'Oslo', country: 'NO', email: 'kari@example.com', phone: '+4712345678' };
    const ok = await storefront.call('PUT', `/${order.id}/customer/billing`, billing);
    expect(ok.status).toBe(200);
    expect(ok.body.customer.billing).toEqual({ type: 'person', ...billing });
    const bad = await storefront.call('PUT', `/${order.id}/customer/billing`, { email: 'not-an-email', country: 'Norway' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
    expect(bad.body.details.map((d: { pointer: string }) => d.pointer).sort()).toEqual(['/country', '/email']);
  });

  it('refuses writes outside a role with 403', async () => {
    const order = await createOrder();
    const storefront = await orderClient(system, tenant, 'storefront');
    const { status, body } = await storefront.call('PUT', `/${order.id}/state`, { status: 'processing' });
    expect(status).toBe(403);
    expect(body.code).toBe('forbidden');
  });

  it('moves through the state machine one commit at a time and refuses illegal moves', async () => {
    const order = await createOrder({ payments: [heldPayment()] });
    for (const status of ['processing', 'accepted', 'completed', 'delivered']) {
      const moved = await admin.call('PUT', `/${order.id}/state`, { status });
      expect(moved.status).toBe(200);
      expect(moved.body.state.currentStatus).toBe(status);
    }
    const final = await admin.call('GET', `/${order.id}`);
    expect(final.body.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed', 'delivered']);
    expect(final.headers.get('etag')).toBe('"5"');
    const illegal = await admin.call('PUT', `/${order.id}/state`, { status: 'checkout' });
    expect(illegal.status).toBe(400);
    expect(illegal.body).toMatchObject({ code: 'illegal_transition', details: { from: 'delivered', to: 'checkout' } });
    const unknown = await admin.call('PUT', `/${order.id}/state`, { status: 'shipped' });
    expect(unknown.status).toBe(400);
  });

  it('locks a processing order to everything but status updates, and lets abort go back', async () => {
    const order = await createOrder();
    await admin.call('PUT', `/${order.id}/state`, { status: 'processing' });
    const locked = await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'X' });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('order_locked');
    const aborted = await admin.call('PUT', `/${order.id}/state`, { status: 'checkout' });
    expect(aborted.body.state.currentStatus).toBe('checkout');
    expect((await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'X' })).status).toBe(200);
  });

  it("locks a payment's amount with the order: PUT …/payments/{id} changing it is 409 order_locked while processing; its state still moves", async () => {
    const order = await createOrder({ payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', name: 'Invoice', amount: 249.9 }] });
    expect((await admin.call('PUT', `/${order.id}/state`, { status: 'processing' })).status).toBe(200);
    const locked = await admin.call('PUT', `/${order.id}/payments/p1`, { amount: 1 });
    expect([locked.status, locked.body.code, locked.body.details?.refused]).toEqual([409, 'order_locked', ['/payments/0/amount']]);
    const reserved = await admin.call('PUT', `/${order.id}/payments/p1`, { state: 'reserved' });
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({ state: 'reserved', amount: 249.9 });
    expect((await admin.call('GET', `/${order.id}`)).body.payments[0].amount).toBe(249.9);
  });

  it('answers 409 to a stale If-Match and applies a current one', async () => {
    const order = await createOrder();
    const stale = await admin.call('PUT', `/${order.id}/reference`, { reference: 'R1' }, { 'if-match': '"7"' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');
    const current = await admin.call('PUT', `/${order.id}/reference`, { reference: 'R1' }, { 'if-match': '"1"' });
    expect(current.status).toBe(200);
    expect(current.body.reference).toBe('R1');
    // `*`: any version of an order that exists; anything that is not a version is 400.
    expect((await admin.call('PUT', `/${order.id}/reference`, { reference: 'R2' }, { 'if-match': '*' })).status).toBe(200);
    expect((await admin.call('PUT', `/${order.id}/reference`, { reference: 'R3' }, { 'if-match': 'v3' })).body.code).toBe('invalid_if_match');
  });

  it('replaces cart, shippings, consents and recomputes the total exactly', async () => {
    const order = await createOrder();
    const cart = await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'a' }], total: { includingVat: 0.1, excludingVat: 0.08 } });
    expect(cart.body.total).toEqual({ includingVat: 0.1, excludingVat: 0.08 });
    const shippings = await admin.call('PUT', `/${order.id}/shippings`, [{ id: 's', total: { includingVat: 0.2, excludingVat: 0.16 } }]);
    expect(shippings.body.total).toEqual({ includingVat: 0.3, excludingVat: 0.24 });
    const consents = await admin.call('PUT', `/${order.id}/consents`, { newsletter: true });
    expect(consents.body.consents).toEqual({ newsletter: true });
  });

  it('adds, updates and removes payments, hooks, notifications and validations', async () => {
    const order = await createOrder();
    const adapter = await orderClient(system, tenant, 'adapter', 'nonpsp_adapter');
    const payment = await adapter.call('POST', `/${order.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 249.9, name: 'Invoice' });
    expect(payment.status).toBe(201);
    expect(payment.body).toMatchObject({ adapterId: 'nonpsp_adapter', amount: 249.9, state: 'intent', currency: 'NOK', orderId: order.id });
    const updated = await adapter.call('PUT', `/${order.id}/payments/${payment.body.id}`, { reference: 'ref-1', state: 'reserved' });
    expect(updated.body).toMatchObject({ id: payment.body.id, reference: 'ref-1', state: 'reserved' });
    const read = await adapter.call('GET', `/${order.id}/payments/${payment.body.id}`);
    expect(read.body.reference).toBe('ref-1');

    const hook = await adapter.call('POST', `/${order.id}/hooks`, { subscribeTo: '/cart', target: '/payments', invoke: 'http://127.0.0.1:9/hook' });
    expect(hook.status).toBe(201);
    expect(hook.body).toMatchObject({ id: expect.any(String), adapterId: 'nonpsp_adapter' });
    const badNotification = await adapter.call('POST', `/${order.id}/notifications`, { scope: '/state/currentStatus', schema: { type: 'nope' }, invoke: 'http://127.0.0.1:9/n' });
    expect(badNotification.status).toBe(400);
    expect(badNotification.body.code).toBe('invalid_notification_schema');
    const validation = await adapter.call('POST', `/${order.id}/validations`, { url: 'http://127.0.0.1:9/validate' });
    expect(validation.status).toBe(201);

    expect((await adapter.call('DELETE', `/${order.id}/hooks/${hook.body.id}`)).body.hooks).toEqual([]);
    expect((await adapter.call('DELETE', `/${order.id}/payments/${payment.body.id}`)).body.payments).toEqual([]);
    expect((await adapter.call('DELETE', `/${order.id}/hooks/nope`)).status).toBe(404);
  });

  it("amounts finer than the order's currency allows are 400 amount_precision on every path, never rounded; an unknown currency is 400 unknown_currency", async () => {
    const refusal = (answer: { status: number; body: any }) => [answer.status, answer.body.code, answer.body.details];
    // The order's own amounts, at creation and on replacement.
    const created = await admin.call('POST', '', sampleOrder({ cart: { items: [{ id: 'a' }], total: { includingVat: 249.999, excludingVat: 199.92 } } }));
    expect(refusal(created)).toEqual([400, 'amount_precision', { currency: 'NOK', exponent: 2, amount: 249.999, pointer: '/cart/total/includingVat' }]);
    expect(created.body.message).toBe('The amount 249.999 at /cart/total/includingVat is finer than its currency allows: NOK allows at most 2 decimals (0.01).');
    const yen = await admin.call('POST', '', sampleOrder({ currency: 'JPY', cart: { items: [{ id: 'a' }], total: { includingVat: 2500, excludingVat: 2000 } }, payments: [{ id: 'p', adapterId: 'nonpsp_adapter', amount: 2500.5 }] }));
    expect(refusal(yen)).toEqual([400, 'amount_precision', { currency: 'JPY', exponent: 0, amount: 2500.5, pointer: '/payments/0/amount' }]);
    const unknown = await admin.call('POST', '', sampleOrder({ currency: 'XYZ' }));
    expect([unknown.status, unknown.body.code]).toEqual([400, 'unknown_currency']);

    const order = await createOrder();
    const before = await admin.call('GET', `/${order.id}`);
    expect(refusal(await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'a' }], total: { includingVat: 10, excludingVat: 8.001 } }))[1]).toBe('amount_precision');
    expect(refusal(await admin.call('PUT', `/${order.id}/shippings`, [{ id: 's', total: { includingVat: 0.125, excludingVat: 0.1 } }]))[1]).toBe('amount_precision');

    // Payments added and updated through the order service.
    const adapter = await orderClient(system, tenant, 'adapter', 'nonpsp_adapter');
    expect(refusal(await adapter.call('POST', `/${order.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 12.345 }))).toEqual([400, 'amount_precision', { currency: 'NOK', exponent: 2, amount: 12.345, pointer: '/payments/0/amount' }]);
    const after = await admin.call('GET', `/${order.id}`);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    const payment = await adapter.call('POST', `/${order.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 249.9 });
    expect(payment.status).toBe(201);
    expect(refusal(await adapter.call('PUT', `/${order.id}/payments/${payment.body.id}`, { amount: 249.901 }))[1]).toBe('amount_precision');
    expect((await adapter.call('GET', `/${order.id}/payments/${payment.body.id}`)).body.amount).toBe(249.9);
  });

  it("the order service's payment and registration paths keep the payment API's rules and each adapter to its own entries", async () => {
    const order = await createOrder();
    const nonpsp = await orderClient(system, tenant, 'adapter', 'nonpsp_adapter');
    const other = await orderClient(system, tenant, 'adapter', 'commerce_adapter');
    const payment = (await nonpsp.call('POST', `/${order.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 10 })).body;
    const versionOf = async () => Number((await admin.call('GET', `/${order.id}`)).headers.get('etag')!.replaceAll('"', ''));
    const before = await versionOf();

    // Another adapter's token: its payments, hooks and registrations are not this adapter's to write.
    expect((await other.call('PUT', `/${order.id}/payments/${payment.id}`, { state: 'reserved' })).status).toBe(403);
    expect((await other.call('DELETE', `/${order.id}/payments/${payment.id}`)).status).toBe(403);
    expect((await other.call('POST', `/${order.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 1 })).status).toBe(403);
    expect((await other.call('POST', `/${order.id}/hooks`, { adapterId: 'nonpsp_adapter', subscribeTo: '/cart', target: '/payments', invoke: 'http://127.0.0.1:9/hook' })).status).toBe(403);
    const hook = (await nonpsp.call('POST', `/${order.id}/hooks`, { subscribeTo: '/cart', target: '/payments', invoke: 'http://127.0.0.1:9/hook' })).body;
    expect((await other.call('DELETE', `/${order.id}/hooks/${hook.id}`)).status).toBe(403);

    // The payment API's rules: one active intent per adapter, the order's currency, the state machine, fixed fields.
    expect((await nonpsp.call('POST', `/${order.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 1 })).body.code).toBe('active_payment_exists');
    expect((await admin.call('POST', `/${order.id}/payments`, { adapterId: 'x_adapter', amount: 1, currency: 'EUR' })).body.code).toBe('currency_mismatch');
    expect((await admin.call('POST', `/${order.id}/payments`, { adapterId: 'x_adapter', amount: 1, state: 'reserved' })).body.code).toBe('illegal_payment_transition');
    expect((await nonpsp.call('PUT', `/${order.id}/payments/${payment.id}`, { adapterId: 'commerce_adapter' })).body.code).toBe('payment_field_immutable');
    expect((await nonpsp.call('PUT', `/${order.id}/payments/${payment.id}`, { state: 'failed' })).status).toBe(200);
    expect((await nonpsp.call('PUT', `/${order.id}/payments/${payment.id}`, { state: 'reserved' })).body.code).toBe('illegal_payment_transition');

    expect(await versionOf()).toBe(before + 2); // the hook and the move to failed
    const after = (await admin.call('GET', `/${order.id}`)).body;
    expect(after.payments).toEqual([expect.objectContaining({ id: payment.id, adapterId: 'nonpsp_adapter', state: 'failed', amount: 10 })]);
    expect(after.hooks).toEqual([expect.objectContaining({ id: hook.id, adapterId: 'nonpsp_adapter' })]);
  });

  it("payment-locations: an adapter finds its own payment by provider reference (on an order, or on whichever order holds it) from another tenant's token; another adapter, another reference or another role does not", async () => {
    const order = await createOrder();
    const nonpsp = await orderClient(system, tenant, 'adapter', 'nonpsp_adapter');
    const payment = (await nonpsp.call('POST', `/${order.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 10, reference: 'PSP-LOC-1' })).body;
    const elsewhere = { merchant: 'm-other', channel: 'elsewhere' };
    const locate = async (as: { token: string }, query: Record<string, string>, where = elsewhere) =>
      rest(system.urls.order!, 'GET', `/api/v0/checkout/payment-locations?${new URLSearchParams(query).toString()}`, { token: as.token, ...where });
    const sameAdapterElsewhere = await orderClient(system, elsewhere, 'adapter', 'nonpsp_adapter');
    const found = await locate(sameAdapterElsewhere, { orderId: order.id, reference: 'PSP-LOC-1' });
    expect(found).toMatchObject({ status: 200, body: { ...tenant, orderId: order.id, paymentId: payment.id } });
    expect(Object.keys(found.body).sort()).toEqual(['channel', 'merchant', 'orderId', 'paymentId']);
    expect((await locate(sameAdapterElsewhere, { orderId: order.id, reference: 'PSP-OTHER' })).body.code).toBe('payment_not_found');
    expect((await locate(sameAdapterElsewhere, { orderId: 'no-such-order', reference: 'PSP-LOC-1' })).status).toBe(404);
    expect((await locate(await orderClient(system, elsewhere, 'adapter', 'commerce_adapter'), { orderId: order.id, reference: 'PSP-LOC-1' })).status).toBe(404);
    expect((await locate(admin, { orderId: order.id, reference: 'PSP-LOC-1' }, tenant)).status).toBe(403);
    expect((await locate(sameAdapterElsewhere, { orderId: order.id })).status).toBe(400);

    // By the reference alone (a provider event that names no order): the order that holds it; never another adapter's.
    const byReference = await locate(sameAdapterElsewhere, { reference: 'PSP-LOC-1' });
    expect(byReference).toMatchObject({ status: 200, body: { ...tenant, orderId: order.id, paymentId: payment.id } });
    expect((await locate(sameAdapterElsewhere, { reference: 'PSP-OTHER' })).body.code).toBe('payment_not_found');
    expect((await locate(await orderClient(system, elsewhere, 'adapter', 'commerce_adapter'), { reference: 'PSP-LOC-1' })).status).toBe(404);
    // Two orders holding the reference: which one is meant cannot be told, so neither is answered.
    const twin = await createOrder();
    expect((await nonpsp.call('POST', `/${twin.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 10, reference: 'PSP-LOC-1' })).status).toBe(201);
    expect((await locate(sameAdapterElsewhere, { reference: 'PSP-LOC-1' })).status).toBe(404);
    expect((await locate(sameAdapterElsewhere, { orderId: twin.id, reference: 'PSP-LOC-1' })).body.orderId).toBe(twin.id);
  });

  it("a notification schema's pattern runs in linear time: a catastrophic pattern on a crafted value answers at once; lookaround is refused at registration", async () => {
    const order = await createOrder({ notifications: [{ id: 'n-pattern', adapterId: 'a', scope: '/reference', schema: { type: 'string', pattern: '^(a+)+$' }, invoke: 'http://127.0.0.1:9/n' }] });
    const jobs = () => system.db.prisma.notificationJob.findMany({ where: { orderId: order.id } });
    // 60 a's and a mismatch: hours of backtracking for a backtracking engine.
    const crafted = await admin.call('PUT', `/${order.id}/reference`, { reference: `${'a'.repeat(60)}!` });
    expect(crafted.status).toBe(200);
    expect(await jobs()).toEqual([]);
    const matching = await admin.call('PUT', `/${order.id}/reference`, { reference: 'a'.repeat(60) });
    expect(matching.status).toBe(200);
    expect((await jobs()).map((job) => job.notificationId)).toEqual(['n-pattern']);

    const lookahead = await admin.call('POST', `/${order.id}/notifications`, { adapterId: 'a', scope: '/reference', schema: { type: 'string', pattern: '^(?=a)a+$' }, invoke: 'http://127.0.0.1:9/n' });
    expect(lookahead.status).toBe(400);
    expect(lookahead.body.code).toBe('invalid_notification_schema');
  });

  it('refuses a malformed create with every error and writes nothing', async () => {
    const before = await system.db.prisma.order.count();
    const { status, body } = await admin.call('POST', '', { currency: 'kroner', cart: { items: 'none' } });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
    expect(body.details.length).toBeGreaterThanOrEqual(2);
    expect(await system.db.prisma.order.count()).toBe(before);
  });

  it('serves its OpenAPI document', async () => {
    const { status, body } = await rest(system.urls.order!, 'GET', '/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/v0/checkout/orders/{orderId}/customer/billing', '/api/v0/checkout/orders/{orderId}/validate']));
  });
});
