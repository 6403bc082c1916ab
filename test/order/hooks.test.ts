import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter, type Answer } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let adapterX: TestAdapter;
let adapterY: TestAdapter;
const tenant = { merchant: 'm-hooks', channel: 'web' };

/** Far above a hook's quick answer even on a loaded machine: only a hook that never answers times out. */
const HOOK_TIMEOUT_MS = 3_000;
/** Answers the hook calls that hang, at the end. */
let releaseHanging: () => void = () => undefined;
const hanging = new Promise<void>((resolve) => (releaseHanging = resolve));

beforeAll(async () => {
  system = await startTestSystem({ env: { HOOK_TIMEOUT_MS: String(HOOK_TIMEOUT_MS), HOOK_CASCADE_LIMIT: '6' } });
  admin = await orderClient(system, tenant, 'admin');
  adapterX = await TestAdapter.start();
  adapterY = await TestAdapter.start();
});
afterAll(async () => {
  releaseHanging();
  await adapterX?.close();
  await adapterY?.close();
  await system?.close();
});

async function orderWithHooks(hooks: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  const created = await admin.call('POST', '', sampleOrder({ hooks, ...extra }));
  expect(created.status).toBe(201);
  return created.body;
}

describe('hooks', () => {
  it('a /state hook answering 400 keeps the order in checkout; the caller gets 400 with its message; nothing is committed or queued', async () => {
    adapterX.on('/state-refuse', () => ({ status: 400, body: { message: 'Billing address is missing.' } }));
    const order = await orderWithHooks(
      [{ id: 'state-hook', adapterId: 'commerce_adapter', subscribeTo: '/state', invoke: `${adapterX.url}/state-refuse` }],
      { notifications: [{ id: 'n1', scope: '/state/currentStatus', schema: { enum: ['processing'] }, invoke: `${adapterY.url}/n` }] },
    );
    const { status, body } = await admin.call('PUT', `/${order.id}/state`, { status: 'processing' });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'hook_vetoed',
      message: expect.stringContaining('Billing address is missing.'),
      details: { hookId: 'state-hook', adapterId: 'commerce_adapter', reason: 'rejected', hookMessage: 'Billing address is missing.' },
    });
    const after = await admin.call('GET', `/${order.id}`);
    expect(after.body.state.currentStatus).toBe('checkout');
    expect(after.headers.get('etag')).toBe('"1"');
    expect(await system.db.prisma.notificationJob.count({ where: { orderId: order.id } })).toBe(0);
    const events = await admin.events(order.id);
    expect(events.body.map((e: { type: string }) => e.type)).toEqual(['order.created', 'order.change_vetoed']);
    expect(events.body[1].data).toMatchObject({ hookId: 'state-hook', adapterId: 'commerce_adapter', reason: 'rejected' });
  });

  it('sends the changed parts, its target, hooks, total, id and the three headers with a service token', async () => {
    const path = `/seen-${Date.now()}`;
    adapterX.on(path, () => ({ status: 200 }));
    const order = await orderWithHooks([{ adapterId: 'commerce_adapter', subscribeTo: '/customer', target: '/cart', invoke: `${adapterX.url}${path}` }]);
    await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Kari' });
    const [call] = adapterX.callsTo(path);
    expect(call!.body).toMatchObject({ id: order.id, customer: { billing: { givenName: 'Kari', type: 'person' } }, hooks: order.hooks, total: order.total, changes: ['/customer'] });
    // Its target (/cart) comes along unchanged, so it can answer a patch without reading the order back.
    expect(call!.body.cart).toEqual(order.cart);
    expect(call!.body.shippings).toBeUndefined();
    expect(call!.headers).toMatchObject({ 'x-merchant': tenant.merchant, 'x-channel': tenant.channel, authorization: expect.stringMatching(/^Bearer ey/) });
  });

  it('signs each hook call for its receiver, URL and the exact body it got; hooks after a patch get the patched order', async () => {
    const tag = Date.now();
    let patched = false;
    adapterX.on(`/first-${tag}`, () => ({ status: 200 }));
    adapterX.on(`/patcher-${tag}`, () => (patched ? { status: 200 } : ((patched = true), { status: 200, body: [{ op: 'replace', path: '/cart/items/0/id', value: `patched-${tag}` }] })));
    adapterY.on(`/third-${tag}`, () => ({ status: 200 }));
    adapterY.on(`/targeted-${tag}`, () => ({ status: 200 }));
    const order = await orderWithHooks([
      { id: 'first', adapterId: 'x_adapter', subscribeTo: '/cart', invoke: `${adapterX.url}/first-${tag}` },
      { id: 'targeted', adapterId: 'y_adapter', subscribeTo: '/cart', target: '/payments', invoke: `${adapterY.url}/targeted-${tag}` },
      { id: 'patcher', adapterId: 'z_adapter', subscribeTo: '/cart', target: '/cart', invoke: `${adapterX.url}/patcher-${tag}` },
      { id: 'third', adapterId: 'w_adapter', subscribeTo: '/cart', invoke: `${adapterY.url}/third-${tag}` },
    ]);
    const { status, body } = await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 10, excludingVat: 8 } });
    expect(status).toBe(200);
    expect(body.cart.items).toEqual([{ id: `patched-${tag}` }]);
    const calls = {
      first: adapterX.callsTo(`/first-${tag}`),
      targeted: adapterY.callsTo(`/targeted-${tag}`),
      patcher: adapterX.callsTo(`/patcher-${tag}`),
      third: adapterY.callsTo(`/third-${tag}`),
    };
    // The patch brings the other adapters' /cart hooks in again, with the patched cart.
    expect(calls.patcher).toHaveLength(1);
    for (const hook of ['first', 'third'] as const) {
      expect(calls[hook].map((call) => call.body.cart.items[0].id)).toEqual(['i', `patched-${tag}`]);
    }
    expect(calls.targeted.at(-1)!.body.cart.items[0].id).toBe(`patched-${tag}`);
    // The hooks without a target of their own are sent the same order; a target comes along for its hook only.
    expect(calls.third[0]!.text).toBe(calls.first[0]!.text);
    expect(calls.third[1]!.text).toBe(calls.first[1]!.text);
    expect(calls.first[0]!.body.payments).toBeUndefined();
    expect(calls.targeted[0]!.body.payments).toEqual(order.payments);
    const receivers = { first: ['x_adapter', adapterX.url], targeted: ['y_adapter', adapterY.url], patcher: ['z_adapter', adapterX.url], third: ['w_adapter', adapterY.url] } as const;
    for (const [hook, [receiver, base]] of Object.entries(receivers)) {
      for (const call of calls[hook as keyof typeof calls]) {
        const claims = decodeJwt(String(call.headers.authorization).slice('Bearer '.length));
        expect(claims).toMatchObject({ aud: receiver, url: `${base}${call.path}`, purpose: 'hook', bodySha256: createHash('sha256').update(call.text).digest('hex') });
      }
    }
  });

  const never = async (): Promise<Answer> => {
    await hanging;
    return { status: 200 };
  };
  const vetoCases: Array<[string, Answer | (() => Promise<Answer>), string]> = [
    ['a timeout', never, 'timeout'],
    ['a 500', { status: 500, body: { message: 'boom' } }, 'error_status'],
    ['an invalid patch', { status: 200, body: [{ op: 'replace', path: '/payments/7/amount', value: 1 }] }, 'invalid_patch'],
    ['an out-of-scope patch', { status: 200, body: [{ op: 'replace', path: '/reference', value: 'x' }] }, 'out_of_scope_patch'],
    ['a patch that breaks the order schema', { status: 200, body: [{ op: 'add', path: '/payments/-', value: { id: 'p', amount: -5 } }] }, 'invalid_order'],
    ['a body that is not a patch', { status: 200, body: { accepted: 'yes' } }, 'malformed_response'],
  ];
  it.each(vetoCases)('%s vetoes the change', async (_name, answer, reason) => {
    const path = `/veto-${reason}`;
    adapterX.on(path, typeof answer === 'function' ? answer : () => answer);
    const order = await orderWithHooks([{ id: 'h', adapterId: 'x_adapter', subscribeTo: '/cart', target: '/payments', invoke: `${adapterX.url}${path}` }]);
    const { status, body } = await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 10, excludingVat: 8 } });
    expect(status).toBe(400);
    expect(body.details).toMatchObject({ hookId: 'h', adapterId: 'x_adapter', reason });
    expect((await admin.call('GET', `/${order.id}`)).body.cart.total.includingVat).toBe(249.9);
  });

  const ruleCases: Array<[string, string, unknown[], string]> = [
    ['moves the status to delivered', '/state', [{ op: 'replace', path: '/state/currentStatus', value: 'delivered' }], 'out_of_scope_patch'],
    ['rewrites the state and its history', '/state', [{ op: 'replace', path: '/state', value: { currentStatus: 'completed', transitions: [] } }], 'out_of_scope_patch'],
    ["changes its own payment's tenant", '/payments', [{ op: 'add', path: '/payments/0/merchant', value: 'other' }], 'invalid_order'],
    ["changes its own payment's adapter", '/payments', [{ op: 'replace', path: '/payments/0/adapterId', value: 'y_adapter' }], 'invalid_order'],
    ["changes its own payment's type", '/payments', [{ op: 'add', path: '/payments/0/type', value: 'giftcard' }], 'invalid_order'],
    ['moves its own payment along no move of the payment machine', '/payments', [{ op: 'replace', path: '/payments/0/state', value: 'captured' }], 'invalid_order'],
    ['adds a payment that starts reserved', '/payments', [{ op: 'add', path: '/payments/-', value: { id: 'p3', adapterId: 'x_adapter', state: 'reserved', amount: 1 } }], 'invalid_order'],
    ["reserves another adapter's payment", '/payments', [{ op: 'replace', path: '/payments/1/state', value: 'reserved' }], 'invalid_order'],
    ["removes another adapter's payment", '/payments', [{ op: 'remove', path: '/payments/1' }], 'invalid_order'],
    ['adds a payment of another adapter', '/payments', [{ op: 'add', path: '/payments/-', value: { id: 'p3', adapterId: 'y_adapter', state: 'intent', amount: 1 } }], 'invalid_order'],
    ['makes the cart total a text', '/cart', [{ op: 'replace', path: '/cart/total/includingVat', value: 'abc' }], 'invalid_order'],
    ['removes the cart', '/cart', [{ op: 'remove', path: '/cart' }], 'invalid_order'],
    ["sets the cart's total to null", '/cart', [{ op: 'replace', path: '/cart/total', value: null }], 'invalid_order'],
  ];
  it.each(ruleCases)('a patch that %s is vetoed; the order stays as it was', async (_name, target, patch, reason) => {
    const path = `/rule-${Math.random().toString(36).slice(2)}`;
    adapterX.on(path, () => ({ status: 200, body: patch }));
    const order = await orderWithHooks([{ id: 'h', adapterId: 'x_adapter', subscribeTo: '/customer', target, invoke: `${adapterX.url}${path}` }], {
      payments: [
        { id: 'p1', adapterId: 'x_adapter', state: 'intent', amount: 100 },
        { id: 'p2', adapterId: 'y_adapter', state: 'intent', amount: 149.9 },
      ],
    });
    const before = await admin.call('GET', `/${order.id}`);
    const { status, body } = await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Ada' });
    expect([status, body.code, body.details?.reason]).toEqual([400, 'hook_vetoed', reason]);
    const after = await admin.call('GET', `/${order.id}`);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(after.body).toEqual(before.body);
  });

  it("a patch writing a payment amount finer than the order's currency allows is vetoed (invalid_patch), never rounded", async () => {
    adapterX.on('/fine-amount', () => ({ status: 200, body: [{ op: 'replace', path: '/payments/1/amount', value: 149.905 }] }));
    const order = await orderWithHooks([{ id: 'h', adapterId: 'x_adapter', subscribeTo: '/customer', target: '/payments', invoke: `${adapterX.url}/fine-amount` }], {
      payments: [
        { id: 'p1', adapterId: 'x_adapter', state: 'intent', amount: 100 },
        { id: 'p2', adapterId: 'y_adapter', state: 'intent', amount: 149.9 },
      ],
    });
    const before = await admin.call('GET', `/${order.id}`);
    const { status, body } = await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Ada' });
    expect([status, body.code, body.details?.reason]).toEqual([400, 'hook_vetoed', 'invalid_patch']);
    expect(body.details.hookMessage).toBe('the patch writes 149.905 at /payments/1/amount, finer than its currency allows: NOK allows at most 2 decimals (0.01)');
    const after = await admin.call('GET', `/${order.id}`);
    expect(after.body).toEqual(before.body);
  });

  it("another adapter's hook may keep a payment's amount equal to the total, and its own hook may record its payment's lifecycle", async () => {
    adapterX.on('/amounts-and-reserve', () => ({
      status: 200,
      body: [
        { op: 'replace', path: '/payments/1/amount', value: 99 },
        { op: 'replace', path: '/payments/0/state', value: 'reserved' },
        { op: 'add', path: '/payments/0/reference', value: 'R-1' },
      ],
    }));
    const order = await orderWithHooks([{ id: 'h', adapterId: 'x_adapter', subscribeTo: '/customer', target: '/payments', invoke: `${adapterX.url}/amounts-and-reserve` }], {
      payments: [
        { id: 'p1', adapterId: 'x_adapter', state: 'intent', amount: 100 },
        { id: 'p2', adapterId: 'y_adapter', state: 'intent', amount: 149.9 },
      ],
    });
    const changed = await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Ada' });
    expect(changed.status).toBe(200);
    expect(changed.body.payments).toMatchObject([
      { id: 'p1', state: 'reserved', reference: 'R-1', amount: 100 },
      { id: 'p2', state: 'intent', amount: 99 },
    ]);
  });

  it('a refused connection vetoes the change', async () => {
    const order = await orderWithHooks([{ id: 'h', adapterId: 'x_adapter', subscribeTo: '/cart', invoke: 'http://127.0.0.1:1/hook' }]);
    const { status, body } = await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 10, excludingVat: 8 } });
    expect(status).toBe(400);
    expect(body.details.reason).toBe('unreachable');
  });

  it('applies a 200 patch with or without a leading slash, inside the target', async () => {
    adapterX.on('/keep-amount', (call) => ({ status: 200, body: [{ op: 'replace', path: 'payments/0/amount', value: call.body.total.includingVat }] }));
    const order = await orderWithHooks(
      [{ adapterId: 'nonpsp_adapter', subscribeTo: '/cart', target: '/payments', invoke: `${adapterX.url}/keep-amount` }],
      { payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9 }] },
    );
    const changed = await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 300.1, excludingVat: 240.08 } });
    expect(changed.status).toBe(200);
    expect(changed.body.payments[0].amount).toBe(300.1);
  });

  it("skips the calling adapter's own hooks", async () => {
    const path = `/own-${Date.now()}`;
    const order = await orderWithHooks([{ adapterId: 'nonpsp_adapter', subscribeTo: '/cart', invoke: `${adapterX.url}${path}` }]);
    const nonpsp = await orderClient(system, tenant, 'adapter', 'nonpsp_adapter');
    expect((await nonpsp.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 1, excludingVat: 1 } })).status).toBe(200);
    expect(adapterX.callsTo(path)).toHaveLength(0);
    expect((await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'j' }], total: { includingVat: 2, excludingVat: 2 } })).status).toBe(200);
    expect(adapterX.callsTo(path)).toHaveLength(1);
  });

  it("cascades: X's patch to /payments brings in Y's /payments hook, which sees it; X's hooks are not re-invoked", async () => {
    const tag = Date.now();
    adapterX.on(`/x-cart-${tag}`, () => ({ status: 200, body: [{ op: 'replace', path: '/payments/0/amount', value: 111 }] }));
    adapterX.on(`/x-payments-${tag}`, () => ({ status: 200 }));
    adapterY.on(`/y-payments-${tag}`, () => ({ status: 200 }));
    const order = await orderWithHooks(
      [
        { id: 'x-cart', adapterId: 'x_adapter', subscribeTo: '/cart', target: '/payments', invoke: `${adapterX.url}/x-cart-${tag}` },
        { id: 'x-payments', adapterId: 'x_adapter', subscribeTo: '/payments', invoke: `${adapterX.url}/x-payments-${tag}` },
        { id: 'y-payments', adapterId: 'y_adapter', subscribeTo: '/payments', invoke: `${adapterY.url}/y-payments-${tag}` },
      ],
      { payments: [{ id: 'p1', adapterId: 'x_adapter', amount: 249.9 }] },
    );
    const changed = await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 111, excludingVat: 88.8 } });
    expect(changed.status).toBe(200);
    const [yCall] = adapterY.callsTo(`/y-payments-${tag}`);
    expect(yCall!.body.payments[0].amount).toBe(111);
    expect(adapterX.callsTo(`/x-payments-${tag}`)).toHaveLength(0);
    expect(adapterX.callsTo(`/x-cart-${tag}`)).toHaveLength(1);
    const events = await admin.events(order.id);
    const change = events.body.find((e: { type: string }) => e.type === 'order.changed');
    expect(change.data.hooks.map((h: { hookId: string }) => h.hookId)).toEqual(['x-cart', 'y-payments']);
  });

  it('a ping-pong of patches stops at the cascade limit and commits nothing', async () => {
    const tag = Date.now();
    let n = 0;
    adapterX.on(`/ping-${tag}`, () => ({ status: 200, body: [{ op: 'replace', path: '/payments/0/amount', value: ++n }] }));
    adapterY.on(`/pong-${tag}`, () => ({ status: 200, body: [{ op: 'add', path: '/cart/attributes', value: { round: ++n } }] }));
    const order = await orderWithHooks(
      [
        { id: 'ping', adapterId: 'x_adapter', subscribeTo: '/cart', target: '/payments', invoke: `${adapterX.url}/ping-${tag}` },
        { id: 'pong', adapterId: 'y_adapter', subscribeTo: '/payments', target: '/cart', invoke: `${adapterY.url}/pong-${tag}` },
      ],
      { payments: [{ id: 'p1', adapterId: 'x_adapter', amount: 249.9 }] },
    );
    const { status, body } = await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 5, excludingVat: 4 } });
    expect(status).toBe(400);
    expect(body.details.reason).toBe('cascade_limit');
    // The first call, then the limit (6) of calls brought in by patches.
    expect(adapterX.callsTo(`/ping-${tag}`).length + adapterY.callsTo(`/pong-${tag}`).length).toBe(7);
    expect((await admin.call('GET', `/${order.id}`)).body.payments[0].amount).toBe(249.9);
  });

  it('more hooks subscribed than the cascade limit: each is called once and the change commits', async () => {
    const tag = Date.now();
    const hooks = Array.from({ length: 9 }, (_, i) => ({ id: `many-${i}`, adapterId: `a${i}_adapter`, subscribeTo: '/cart', invoke: `${adapterX.url}/many-${tag}-${i}` }));
    for (const hook of hooks) adapterX.on(`/many-${tag}-${hook.id.slice(5)}`, () => ({ status: 200 }));
    const order = await orderWithHooks(hooks);
    const changed = await admin.call('PUT', `/${order.id}/cart`, { items: [{ id: 'i' }], total: { includingVat: 5, excludingVat: 4 } });
    expect(changed.status).toBe(200);
    expect(hooks.map((hook) => adapterX.callsTo(`/many-${tag}-${hook.id.slice(5)}`).length)).toEqual(hooks.map(() => 1));
  });

  it('changes touching nothing subscribed call no hook', async () => {
    const path = `/quiet-${Date.now()}`;
    const order = await orderWithHooks([{ adapterId: 'x_adapter', subscribeTo: '/shippings', invoke: `${adapterX.url}${path}` }]);
    await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Q' });
    expect(adapterX.callsTo(path)).toHaveLength(0);
  });
});

describe('the processing lock covers hook patches', () => {
  /** A `/state` hook that answers `patch` on the move to `when`, and accepts every other move. */
  function stateHook(tag: string, when: string, patch: unknown[]) {
    const path = `/lock-${tag}-${Date.now()}`;
    adapterX.on(path, (call) => ({ status: 200, body: call.body.state?.currentStatus === when ? patch : [] }));
    return path;
  }
  const processingOrder = async (hooks: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => {
    const order = await orderWithHooks(hooks, extra);
    expect((await admin.call('PUT', `/${order.id}/state`, { status: 'processing' })).status).toBe(200);
    const read = await admin.call('GET', `/${order.id}`);
    return { ...read.body, etag: read.headers.get('etag') };
  };

  it('a /state hook targeting /cart that patches the cart on processing → accepted vetoes the move in its name; nothing is committed', async () => {
    const path = stateHook('cart', 'accepted', [{ op: 'add', path: '/cart/attributes', value: { x: 1 } }]);
    const order = await processingOrder([{ id: 'cart-writer', adapterId: 'x_adapter', subscribeTo: '/state', target: '/cart', invoke: `${adapterX.url}${path}` }]);
    const jobsBefore = await system.db.prisma.notificationJob.count({ where: { orderId: order.id } });

    const { status, body } = await admin.call('PUT', `/${order.id}/state`, { status: 'accepted' });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'hook_vetoed',
      message: expect.stringContaining('Hook cart-writer of x_adapter'),
      details: { hookId: 'cart-writer', adapterId: 'x_adapter', reason: 'locked_order', hookMessage: expect.stringContaining('/cart/attributes') },
    });
    const after = await admin.call('GET', `/${order.id}`);
    expect(after.body.state.currentStatus).toBe('processing');
    expect(after.body.cart).toEqual(order.cart);
    expect(after.headers.get('etag')).toBe(order.etag);
    expect(await system.db.prisma.notificationJob.count({ where: { orderId: order.id } })).toBe(jobsBefore);
    const events = (await admin.events(order.id)).body as Array<{ type: string; data: Record<string, unknown> }>;
    expect(events.at(-1)).toMatchObject({ type: 'order.change_vetoed', data: { hookId: 'cart-writer', reason: 'locked_order' } });
  });

  const forbidden: Array<[string, string, unknown[]]> = [
    ['the customer', '/customer', [{ op: 'add', path: '/customer/billing', value: { givenName: 'Mallory' } }]],
    ['the shippings', '/shippings', [{ op: 'add', path: '/shippings/-', value: { id: 'sneaky' } }]],
    ['the consents', '/consents', [{ op: 'add', path: '/consents', value: { newsletter: true } }]],
    ['a new payment', '/payments', [{ op: 'add', path: '/payments/-', value: { id: 'p2', adapterId: 'x_adapter', state: 'intent', amount: 0 } }]],
    ["a payment's name", '/payments', [{ op: 'replace', path: '/payments/0/name', value: 'Renamed' }]],
    ["a payment's amount", '/payments', [{ op: 'replace', path: '/payments/0/amount', value: 1 }]],
  ];
  it.each(forbidden)('a patch of %s on the way out of processing is vetoed', async (name, target, patch) => {
    const path = stateHook(target.slice(1), 'checkout', patch);
    const order = await processingOrder([{ id: 'h', adapterId: 'x_adapter', subscribeTo: '/state', target, invoke: `${adapterX.url}${path}` }], {
      payments: [{ id: 'p1', adapterId: 'x_adapter', name: 'Card', amount: 249.9 }],
    });
    const { status, body } = await admin.call('PUT', `/${order.id}/state`, { status: 'checkout' });
    expect([name, status, body.details?.reason]).toEqual([name, 400, 'locked_order']);
    const after = (await admin.call('GET', `/${order.id}`)).body;
    expect(after).toMatchObject({ state: { currentStatus: 'processing' }, customer: order.customer, shippings: order.shippings, payments: order.payments });
  });

  it("the gift-card-style release on processing → checkout and the lifecycle's payment fields still go through", async () => {
    const release = stateHook('release', 'checkout', [
      { op: 'replace', path: '/payments/0/state', value: 'intent' },
      { op: 'remove', path: '/payments/0/attributes/reservationId' },
    ]);
    const authorize = stateHook('authorize', 'accepted', [
      { op: 'replace', path: '/payments/1/state', value: 'reserved' },
      { op: 'add', path: '/payments/1/reference', value: 'PSP-1' },
      { op: 'add', path: '/payments/1/actions', value: [{ type: 'Capture', url: 'https://psp.example/capture' }] },
      { op: 'add', path: '/payments/1/attributes/authorization', value: 'A-1' },
    ]);
    const payments = [
      { id: 'card', adapterId: 'x_adapter', state: 'reserved', amount: 100, upperLimitAmount: 100, attributes: { cardId: 'c-1', reservationId: 'r-1' } },
      { id: 'psp', adapterId: 'y_adapter', state: 'intent', amount: 149.9, attributes: {} },
    ];
    const order = await processingOrder(
      [
        { id: 'release', adapterId: 'x_adapter', subscribeTo: '/state', target: '/payments', invoke: `${adapterX.url}${release}` },
        { id: 'authorize', adapterId: 'y_adapter', subscribeTo: '/state', target: '/payments', invoke: `${adapterX.url}${authorize}` },
      ],
      { payments },
    );

    const back = await admin.call('PUT', `/${order.id}/state`, { status: 'checkout' });
    expect(back.status).toBe(200);
    expect(back.body.payments[0]).toMatchObject({ state: 'intent', attributes: { cardId: 'c-1' } });
    expect(back.body.payments[0].attributes.reservationId).toBeUndefined();

    expect((await admin.call('PUT', `/${order.id}/state`, { status: 'processing' })).status).toBe(200);
    // A payment update while locked: the lifecycle's fields are accepted, anything else (its name, its amount) is 409.
    const reserved = await admin.call('PUT', `/${order.id}/payments/card`, { ...back.body.payments[0], state: 'reserved', attributes: { cardId: 'c-1', reservationId: 'r-2' } });
    expect(reserved.status).toBe(200);
    const renamed = await admin.call('PUT', `/${order.id}/payments/card`, { ...reserved.body, name: 'Renamed' });
    expect([renamed.status, renamed.body.code]).toEqual([409, 'order_locked']);
    const reduced = await admin.call('PUT', `/${order.id}/payments/card`, { ...reserved.body, amount: 1 });
    expect([reduced.status, reduced.body.code]).toEqual([409, 'order_locked']);

    const accepted = await admin.call('PUT', `/${order.id}/state`, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.payments[1]).toMatchObject({ state: 'reserved', reference: 'PSP-1', actions: [{ type: 'Capture' }], attributes: { authorization: 'A-1' } });
  });
});
