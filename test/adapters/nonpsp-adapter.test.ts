import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, graphql, rest } from '../harness/http.js';
import { OrderPaymentsAndAttemptsDocument } from '../generated/graphql.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

type Tenant = { merchant: string; channel: string };
type Client = Awaited<ReturnType<typeof orderClient>>;

const tenant: Tenant = { merchant: 'm-nonpsp', channel: 'web' };
const unconfigured: Tenant = { merchant: 'm-nonpsp', channel: 'no-config' };
const METHODS = [
  { identifier: 'invoice', name: 'Invoice' },
  { identifier: 'store', name: 'Pay in store' },
];

let system: TestSystem;
let url: string;
let admin: Client;
let giftcard: Client;
let stateHooks: TestAdapter;
const tokens = {} as Record<'storefront' | 'service' | 'admin', string>;

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100' } });
  url = system.urls.nonpsp_adapter!;
  admin = await orderClient(system, tenant, 'admin');
  giftcard = await orderClient(system, tenant, 'adapter', 'giftcard_adapter');
  stateHooks = await TestAdapter.start();
  for (const role of ['storefront', 'service', 'admin'] as const) tokens[role] = await system.token({ merchant: tenant.merchant, channels: ['*'], role });
  const configured = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/nonpsp_adapter`, {
    token: tokens.admin,
    ...tenant,
    body: {
      $schema: `${url}/openapi/v1/schemas/nonpsp_adapter.json`,
      id: 'nonpsp_adapter',
      active: true,
      adapter: { publicUrl: url },
      paymentMethods: METHODS,
    },
  });
  expect(configured.status).toBe(201);
});
afterAll(async () => {
  await stateHooks?.close();
  await system?.close();
});

/** A call to the adapter as the storefront (or another role), optionally with a JSON body or a raw one. */
const call = (method: string, path: string, options: { body?: unknown; rawBody?: string; role?: keyof typeof tokens; t?: Tenant } = {}) =>
  rest(url, method, path, {
    token: tokens[options.role ?? 'storefront'],
    ...(options.t ?? tenant),
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.rawBody === undefined ? {} : { rawBody: options.rawBody }),
  });
const create = (orderId: string, options: Parameters<typeof call>[2] = {}) => call('POST', `/api/v1/checkout/orders/${orderId}/payments`, options);
const complete = (orderId: string, paymentId: string) => call('POST', `/api/v1/checkout/orders/${orderId}/payments/${paymentId}/complete`, { rawBody: '' });

async function newOrder(extra: Record<string, unknown> = {}, client = admin): Promise<string> {
  const created = await client.call('POST', '', sampleOrder(extra));
  expect(created.status).toBe(201);
  return created.body.id as string;
}
const order = async (id: string, client = admin) => (await client.call('GET', `/${id}`)).body;
const ours = (o: { payments: Array<{ adapterId: string }> }) => o.payments.filter((p) => p.adapterId === 'nonpsp_adapter') as any[];
const card = (amount = 100) => ({ id: 'card', adapterId: 'giftcard_adapter', amount, upperLimitAmount: amount, state: 'intent', type: 'giftcard' });
const transactions = (paymentId: string) => system.db.prisma.paymentTransaction.findMany({ where: { paymentId }, orderBy: { createdAt: 'asc' } });

describe('create payment', () => {
  it('answers 201 with the location, the payment methods and the selected method; the payment covers the total', async () => {
    const id = await newOrder();
    const { status, body, headers } = await create(id);
    expect(status).toBe(201);
    expect(body).toEqual({ paymentId: expect.any(String), paymentMethods: METHODS, selectedPaymentMethod: 'invoice', amount: 249.9, state: 'intent' });
    expect(headers.get('location')).toBe(`/api/v0/checkout/orders/${id}/payments/${body.paymentId}`);

    const stored = await admin.call('GET', `/${id}/payments/${body.paymentId}`);
    expect(stored.body).toMatchObject({
      adapterId: 'nonpsp_adapter',
      name: 'Invoice',
      state: 'intent',
      type: 'checkout',
      amount: 249.9,
      upperLimitAmount: 2147483647, // no card limit: the spec's "no limit" value
      attributes: { paymentMethod: 'invoice' },
      callbacks: { process: `${url}/v0/orders/${id}/payments/${body.paymentId}/process` },
    });
    // No provider session to keep in step: the platform keeps the amount at its share, no amountChanged is registered.
    expect(stored.body.callbacks.amountChanged).toBeUndefined();
    const hooks = (await order(id)).hooks.filter((h: { adapterId: string }) => h.adapterId === 'nonpsp_adapter');
    expect(hooks).toEqual([{ id: 'nonpsp_adapter-cart-changed', adapterId: 'nonpsp_adapter', subscribeTo: '/cart', target: '/payments', invoke: `${url}/api/v1/orders/${id}/cart-changed` }]);
    expect(await transactions(body.paymentId)).toMatchObject([{ event: 'open', pspEvent: 'create', isSuccess: true }]);
  });

  it('selects the method named in the body; a JSON content type with no body selects the first; an unknown one is 400 and creates nothing', async () => {
    const [a, b, c] = [await newOrder(), await newOrder(), await newOrder()];
    const store = await create(a, { body: { paymentMethod: 'store' } });
    expect(store.status).toBe(201);
    expect(store.body.selectedPaymentMethod).toBe('store');
    expect(ours(await order(a))[0]).toMatchObject({ name: 'Pay in store', attributes: { paymentMethod: 'store' } });

    const empty = await create(b, { rawBody: '' });
    expect(empty.status).toBe(201);
    expect(empty.body.selectedPaymentMethod).toBe('invoice');

    const unknown = await create(c, { body: { paymentMethod: 'cheque' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_payment_method', details: { paymentMethods: ['invoice', 'store'] } });
    expect((await order(c)).payments).toEqual([]);
  });

  it('the amount is the total minus the other active payments (a gift card)', async () => {
    const id = await newOrder({ payments: [card(100)] });
    const { status, body } = await create(id);
    expect(status).toBe(201);
    expect(body.amount).toBe(149.9);
  });

  it('refuses a second payment while one is open (409); after it failed a new one is created and the cart hook stays registered once', async () => {
    const id = await newOrder();
    const first = await create(id);
    const second = await create(id);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('active_payment_exists');
    // The request's own fault is named first: a method the channel does not offer is 400 even while a payment is open.
    const unknownMethod = await create(id, { body: { paymentMethod: 'cheque' } });
    expect([unknownMethod.status, unknownMethod.body.code]).toEqual([400, 'unknown_payment_method']);
    expect(ours(await order(id))).toHaveLength(1);

    expect((await admin.call('PUT', `/${id}/payments/${first.body.paymentId}`, { state: 'failed' })).status).toBe(200);
    const third = await create(id);
    expect(third.status).toBe(201);
    expect(third.body.amount).toBe(249.9);
    expect((await order(id)).hooks.filter((h: { adapterId: string }) => h.adapterId === 'nonpsp_adapter')).toHaveLength(1);
  });

  it('a create the platform refuses leaves an attempt: isSuccess false with errorDetail, through the payment API and GraphQL', async () => {
    stateHooks.on('/frozen', () => ({ status: 400, body: { message: 'Payments are frozen by the risk check.' } }));
    const id = await newOrder({ hooks: [{ id: 'risk', adapterId: 'risk_adapter', subscribeTo: '/payments', invoke: `${stateHooks.url}/frozen` }] });
    const refused = await create(id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'hook_vetoed', message: expect.stringContaining('Payments are frozen by the risk check.') });
    expect((await order(id)).payments).toEqual([]);

    const attempts = await rest(system.urls.payment!, 'GET', `/api/v0/payments/attempts?orderId=${id}`, { token: tokens.admin, ...tenant });
    expect(attempts.status).toBe(200);
    expect(attempts.body).toEqual([
      expect.objectContaining({ orderId: id, paymentId: null, adapterId: 'nonpsp_adapter', event: 'open', pspEvent: 'create', amount: 249.9, isSuccess: false, pspStatus: 'hook_vetoed', errorDetail: expect.stringContaining('Payments are frozen by the risk check.') }),
    ]);
    const viaGraph = await graphql(system.urls.gateway!, OrderPaymentsAndAttemptsDocument, { id }, { token: tokens.admin, ...tenant });
    expect(dataOf(viaGraph).order).toEqual({ payments: [], paymentAttempts: [{ paymentId: null, adapterId: 'nonpsp_adapter', isSuccess: false, errorDetail: attempts.body[0].errorDetail }] });
  });

  it('no configuration in the channel → 400 "Configuration is missing for this channel." and nothing is created', async () => {
    const elsewhere = await orderClient(system, unconfigured, 'admin');
    const id = await newOrder({}, elsewhere);
    const { status, body } = await create(id, { t: unconfigured });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'configuration_missing', message: 'Configuration is missing for this channel.' });
    expect((await order(id, elsewhere)).payments).toEqual([]);
  });

  it('GET answers the session; PUT changes the selected method', async () => {
    const id = await newOrder();
    const { body } = await create(id);
    const read = await call('GET', `/api/v1/checkout/orders/${id}/payments/${body.paymentId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(body);
    const changed = await call('PUT', `/api/v1/checkout/orders/${id}/payments/${body.paymentId}`, { body: { paymentMethod: 'store' } });
    expect(changed.status).toBe(200);
    expect(changed.body.selectedPaymentMethod).toBe('store');
    expect(ours(await order(id))[0]).toMatchObject({ name: 'Pay in store', attributes: { paymentMethod: 'store' } });
    expect((await call('GET', `/api/v1/checkout/orders/${id}/payments/nope`)).status).toBe(404);
  });

  it('serves its configuration schema publicly', async () => {
    const { status, body } = await rest(url, 'GET', '/openapi/v1/schemas/nonpsp_adapter.json');
    expect(status).toBe(200);
    expect(body.required).toEqual(['paymentMethods']);
  });
});

describe('cart hook', () => {
  const cartOf = (total: number) => ({ reference: 'basket-1', items: [{ id: 'item-1' }], total: { includingVat: total, excludingVat: Math.round(total * 80) / 100 } });

  it('a cart change patches the payment to the new total minus the other payments, in the same change', async () => {
    const id = await newOrder({ payments: [card(100)] });
    const { body } = await create(id);

    const bigger = await admin.call('PUT', `/${id}/cart`, cartOf(300));
    expect(bigger.status).toBe(200);
    expect(bigger.body.payments.map((p: { id: string; amount: number }) => [p.id, p.amount])).toEqual([['card', 100], [body.paymentId, 200]]);
    expect((await admin.call('POST', `/${id}/validate`)).body).toEqual({ valid: true, failures: [] });

    const smaller = await admin.call('PUT', `/${id}/cart`, cartOf(120.5));
    expect(ours(smaller.body)[0].amount).toBe(20.5);
    const below = await admin.call('PUT', `/${id}/cart`, cartOf(80));
    expect(ours(below.body)[0].amount).toBe(0); // never below zero

    const events = (await admin.events(id)).body.filter((e: { type: string; data: { action?: string } }) => e.type === 'order.changed' && e.data.action?.startsWith('cart'));
    expect(events[0].data.hooks).toEqual([expect.objectContaining({ hookId: 'nonpsp_adapter-cart-changed', adapterId: 'nonpsp_adapter', patched: ['/payments'] })]);
  });

  it('refuses the cart change (400 with its message) when the selected method is no longer configured', async () => {
    const id = await newOrder();
    const { body } = await create(id);
    expect((await admin.call('PUT', `/${id}/payments/${body.paymentId}`, { attributes: { paymentMethod: 'withdrawn' } })).status).toBe(200);
    const refused = await admin.call('PUT', `/${id}/cart`, cartOf(300));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'hook_vetoed', details: { adapterId: 'nonpsp_adapter', reason: 'rejected', hookMessage: expect.stringContaining('"withdrawn" is no longer available') } });
    expect((await order(id)).total.includingVat).toBe(249.9);
  });

  it('answers only the platform (a call token): a storefront, admin or service token is 403, no token 401', async () => {
    const id = await newOrder();
    for (const role of ['storefront', 'admin', 'service'] as const) {
      expect((await call('POST', `/api/v1/orders/${id}/cart-changed`, { role, body: { total: { includingVat: 1 } } })).status).toBe(403);
      expect((await call('POST', `/v0/orders/${id}/amount-changed`, { role, body: { amount: 1 } })).status).toBe(403);
      expect((await call('POST', `/v0/orders/${id}/amount-changed`, { role, body: { nonsense: true } })).status).toBe(403);
    }
    expect((await rest(url, 'POST', `/v0/orders/${id}/amount-changed`, { body: { amount: 1 } })).status).toBe(401);
  });
});

describe('amountChanged', () => {
  it('the callback sets the open payment to the amount it is given', async () => {
    const id = await newOrder();
    const { body } = await create(id);
    const path = `/v0/orders/${id}/amount-changed`;
    const platformCall = async (amount: number) =>
      rest(url, 'POST', path, {
        headers: await system.callHeaders({ tenant, receiver: 'nonpsp_adapter', orderId: id, purpose: 'amount_changed', url: `${url}${path}`, body: { amount } }),
        body: { amount },
      });
    const changed = await platformCall(123.45);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ paymentId: body.paymentId, amount: 123.45, updated: true });
    expect(ours(await order(id))[0].amount).toBe(123.45);
    expect((await transactions(body.paymentId)).map((t) => [t.event, t.pspEvent])).toEqual([['open', 'create'], ['update', 'amount-changed']]);
    const invalid = await platformCall(-1);
    expect(invalid.status).toBe(400);
  });

  it("another payment's change sets this payment to its share in the same commit: the payments sum to the total, the adapter is not called", async () => {
    const id = await newOrder({ payments: [card(100)] });
    const { body } = await create(id);
    const changed = await giftcard.call('PUT', `/${id}/payments/card`, { amount: 50, upperLimitAmount: 50 });
    expect(changed.status).toBe(200);
    expect(ours(await order(id))[0].amount).toBe(199.9);
    expect((await admin.call('POST', `/${id}/validate`)).body).toEqual({ valid: true, failures: [] });
    // No provider session to update: no amountChanged is registered, called or logged.
    expect(ours(await order(id))[0].callbacks?.amountChanged).toBeUndefined();
    expect((await transactions(body.paymentId)).map((t) => [t.event, t.pspEvent])).toEqual([['open', 'create']]);
  });
});

describe('complete', () => {
  it('moves the order processing, accepted, completed — each its own change — and its process reserves the payment in the move to processing', async () => {
    // The card as the gift card adapter leaves it at processing (reserved), so the order is paid in full.
    const id = await newOrder({ payments: [{ ...card(100), state: 'reserved' }] });
    const { body } = await create(id);
    const done = await complete(id, body.paymentId);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ orderId: id, paymentId: body.paymentId, orderStatus: 'completed', paymentState: 'reserved' });

    const after = await order(id);
    expect(after.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(ours(after)[0].state).toBe('reserved');

    const events = (await admin.events(id)).body as Array<{ type: string; actor: string; data: { status?: { to: string }; changes?: string[] } }>;
    const steps = events
      .filter((e) => e.type === 'order.changed' && (e.data.status || e.data.changes?.some((c) => c.endsWith('/state'))))
      .map((e) => `${e.data.status?.to ?? '(no move)'}${e.data.changes?.some((c) => c.endsWith('/state') && c.startsWith('/payments/')) ? ' + payment state' : ''}`);
    // One commit a step: the reservation rides in the move to processing (no commit of its own).
    expect(steps).toEqual(['processing + payment state', 'accepted', 'completed']);
    expect(events.filter((e) => e.data.status).every((e) => e.actor === 'nonpsp_adapter')).toBe(true);
    // The platform's record of the process call and its answer.
    expect((await transactions(body.paymentId)).at(-1)).toMatchObject({ event: 'process', pspEvent: 'platform', isSuccess: true, pspStatus: 'reserved' });

    const again = await complete(id, body.paymentId);
    expect(again.status).toBe(200);
    expect((await order(id)).state.transitions).toHaveLength(4);
  });

  it('refuses an order that does not validate, with every failure, and moves nothing', async () => {
    const id = await newOrder();
    const { body } = await create(id);
    await admin.call('POST', `/${id}/payments`, { adapterId: 'other_adapter', amount: 10 });
    const refused = await complete(id, body.paymentId);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'order_invalid', details: [expect.objectContaining({ code: 'payment_sum_mismatch' })] });
    expect((await order(id)).state.currentStatus).toBe('checkout');
  });

  it("a /state hook's veto reaches the caller as 400 with its message; the order stays in checkout; a retry after the fix completes", async () => {
    let refuse = true;
    stateHooks.on('/billing', () => (refuse ? { status: 400, body: { message: 'Billing address is missing.' } } : { status: 200 }));
    const id = await newOrder({ hooks: [{ id: 'commerce-state', adapterId: 'commerce_adapter', subscribeTo: '/state', invoke: `${stateHooks.url}/billing` }] });
    const { body } = await create(id);

    const refused = await complete(id, body.paymentId);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'hook_vetoed', message: expect.stringContaining('Billing address is missing.'), details: { hookMessage: 'Billing address is missing.' } });
    const after = await order(id);
    expect(after.state).toMatchObject({ currentStatus: 'checkout', transitions: [{ status: 'checkout' }] });
    expect(ours(after)[0].state).toBe('intent');
    expect((await transactions(body.paymentId)).at(-1)).toMatchObject({ event: 'complete', isSuccess: false, errorDetail: expect.stringContaining('Billing address is missing.') });

    refuse = false;
    expect((await complete(id, body.paymentId)).body.orderStatus).toBe('completed');
  });

  it('a veto after processing puts the payment back in intent and the order back in checkout', async () => {
    stateHooks.on('/no-accept', (received) => (received.body.state?.currentStatus === 'accepted' ? { status: 400, body: { message: 'Not accepted today.' } } : { status: 200 }));
    const id = await newOrder({ hooks: [{ adapterId: 'other_adapter', subscribeTo: '/state', invoke: `${stateHooks.url}/no-accept` }] });
    const { body } = await create(id);
    const refused = await complete(id, body.paymentId);
    expect(refused.status).toBe(400);
    expect(refused.body.details.hookMessage).toBe('Not accepted today.');
    const after = await order(id);
    expect(after.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'checkout']);
    expect(ours(after)[0].state).toBe('intent');
  });

  // The second click comes in while the first completion moves the order to `status` (not
  // committed yet): at `accepted` it reads the order in processing; at `processing` it reads it in
  // checkout and its own move to processing is refused because the first got there.
  it.each(['accepted', 'processing'])('a second completion while the first moves the order to %s goes on with it: both completed, the reservation kept, no failed attempt logged', async (status) => {
    let second: ReturnType<typeof complete> | undefined;
    const id = await newOrder({ hooks: [{ adapterId: 'other_adapter', subscribeTo: '/state', invoke: `${stateHooks.url}/slow-${status}` }] });
    const { body } = await create(id);
    stateHooks.on(`/slow-${status}`, (received) => {
      if (received.body.state?.currentStatus !== status || second) return { status: 200 };
      second = complete(id, body.paymentId);
      return { status: 200, delayMs: 1_000 };
    });
    const first = await complete(id, body.paymentId);
    expect(second).toBeDefined();
    const answers = [first, await second!];
    expect(answers.map((answer) => [answer.status, answer.body.orderStatus, answer.body.paymentState])).toEqual([
      [200, 'completed', 'reserved'],
      [200, 'completed', 'reserved'],
    ]);
    const after = await order(id);
    expect(after.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
    expect(ours(after)[0].state).toBe('reserved');
    expect((await transactions(body.paymentId)).filter((t: { isSuccess: boolean }) => !t.isSuccess)).toEqual([]);
  });

  it('a payment left reserved in checkout (a move back whose abort could not withdraw it) is completed: process re-uses it', async () => {
    const id = await newOrder();
    const { body } = await create(id);
    const adapter = await orderClient(system, tenant, 'adapter', 'nonpsp_adapter');
    expect((await adapter.call('PUT', `/${id}/payments/${body.paymentId}`, { state: 'reserved' })).status).toBe(200);
    expect(ours(await order(id))[0].state).toBe('reserved');
    const done = await complete(id, body.paymentId);
    expect([done.status, done.body.orderStatus, done.body.paymentState]).toEqual([200, 'completed', 'reserved']);
    expect((await order(id)).state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
  });

  it("another tenant's order, or a payment of another adapter, is 404", async () => {
    const id = await newOrder({ payments: [card(100)] });
    expect((await complete(id, 'card')).status).toBe(404);
    const elsewhere = await orderClient(system, unconfigured, 'admin');
    const foreign = await newOrder({}, elsewhere);
    expect((await complete(foreign, 'x')).status).toBe(404);
  });
});
