import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let adapter: TestAdapter;
const tenant = { merchant: 'm-validate', channel: 'web' };

/** Each validation call's own timeout: far above a quick answer even on a loaded machine. */
const VALIDATION_TIMEOUT_MS = 3_000;
/** Answers the calls that hang, at the end. */
let releaseHanging: () => void = () => undefined;
const hanging = new Promise<void>((resolve) => (releaseHanging = resolve));

beforeAll(async () => {
  system = await startTestSystem({ env: { VALIDATION_TIMEOUT_MS: String(VALIDATION_TIMEOUT_MS) } });
  admin = await orderClient(system, tenant, 'admin');
  adapter = await TestAdapter.start();
});
afterAll(async () => {
  releaseHanging();
  await adapter?.close();
  await system?.close();
});

describe('validate', () => {
  it('lists every built-in failure', async () => {
    const empty = await admin.call('POST', '', sampleOrder({ cart: { items: [], total: { includingVat: 10, excludingVat: 8 } } }));
    const { status, body } = await admin.call('POST', `/${empty.body.id}/validate`);
    expect(status).toBe(400);
    expect(body.code).toBe('order_invalid');
    expect(body.details.map((f: { code: string }) => f.code)).toEqual(['cart_empty', 'payment_missing', 'payment_sum_mismatch']);
  });

  it('accepts 0.1 + 0.2 against a 0.3 total exactly', async () => {
    const order = await admin.call('POST', '', sampleOrder({
      cart: { items: [{ id: 'a' }], total: { includingVat: 0.3, excludingVat: 0.24 } },
      payments: [{ adapterId: 'giftcard_adapter', amount: 0.1 }, { adapterId: 'nonpsp_adapter', amount: 0.2 }],
    }));
    const { status, body } = await admin.call('POST', `/${order.body.id}/validate`);
    expect(status).toBe(200);
    expect(body).toEqual({ valid: true, failures: [] });
  });

  it('ignores removed and failed payments in the sum', async () => {
    const order = await admin.call('POST', '', sampleOrder({
      payments: [{ adapterId: 'giftcard_adapter', amount: 100, state: 'removed' }, { adapterId: 'nonpsp_adapter', amount: 249.9 }],
    }));
    expect((await admin.call('POST', `/${order.body.id}/validate`)).status).toBe(200);
  });

  it('calls every validation callback in parallel and lists each failure with its code and adapter id', async () => {
    const tag = Date.now();
    adapter.on(`/stock-${tag}`, () => ({ status: 400, body: [{ code: 'out_of_stock', message: 'SKU-1 is sold out' }] }));
    adapter.on(`/voucher-${tag}`, () => ({ status: 422, body: { code: 'voucher_expired', message: 'Voucher expired' } }));
    adapter.on(`/ok-${tag}`, () => ({ status: 200, delayMs: 150 }));
    // Two callbacks that never answer in time: called one after the other they would take two timeouts.
    const never = async () => {
      await hanging;
      return { status: 200 };
    };
    adapter.on(`/slow-${tag}`, never);
    adapter.on(`/stuck-${tag}`, never);
    const order = await admin.call('POST', '', sampleOrder({
      payments: [{ adapterId: 'nonpsp_adapter', amount: 249.9 }],
      validations: [
        { id: 'v1', adapterId: 'stock_adapter', url: `${adapter.url}/stock-${tag}` },
        { id: 'v2', adapterId: 'voucher_adapter', url: `${adapter.url}/voucher-${tag}` },
        { id: 'v3', adapterId: 'commerce_adapter', url: `${adapter.url}/ok-${tag}` },
        { id: 'v4', adapterId: 'slow_adapter', url: `${adapter.url}/slow-${tag}` },
        { id: 'v5', adapterId: 'gone_adapter', url: 'http://127.0.0.1:1/validate' },
        { id: 'v6', adapterId: 'stuck_adapter', url: `${adapter.url}/stuck-${tag}` },
      ],
    }));
    const started = Date.now();
    const { status, body } = await admin.call('POST', `/${order.body.id}/validate`);
    const took = Date.now() - started;
    expect(status).toBe(400);
    expect(body.details).toEqual([
      { code: 'out_of_stock', message: 'SKU-1 is sold out', adapterId: 'stock_adapter', validationId: 'v1' },
      { code: 'voucher_expired', message: 'Voucher expired', adapterId: 'voucher_adapter', validationId: 'v2' },
      { code: 'validation_timeout', message: expect.any(String), adapterId: 'slow_adapter', validationId: 'v4' },
      { code: 'validation_unreachable', message: expect.any(String), adapterId: 'gone_adapter', validationId: 'v5' },
      { code: 'validation_timeout', message: expect.any(String), adapterId: 'stuck_adapter', validationId: 'v6' },
    ]);
    // Parallel: bounded by one timeout, not the sum (two calls that time out, one after the other,
    // could not finish before twice the timeout).
    expect(took).toBeGreaterThanOrEqual(VALIDATION_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(2 * VALIDATION_TIMEOUT_MS);
    const call = adapter.callsTo(`/ok-${tag}`)[0]!;
    expect(call.body.id).toBe(order.body.id);
    expect(call.headers['x-merchant']).toBe(tenant.merchant);
  });
});

describe('concurrency', () => {
  it('50 concurrent writers on one order: every accepted change is in the final order', async () => {
    const order = await admin.call('POST', '', sampleOrder());
    // One adapter has one open (intent) payment at a time: fifty adapters each add theirs.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => admin.call('POST', `/${order.body.id}/payments`, { id: `p${i}`, adapterId: `a${i}_adapter`, amount: i })),
    );
    const accepted = results.filter((result) => result.status === 201).map((result) => result.body.id);
    // Writers of one order take turns: none loses a race, none sees a 409 (no If-Match).
    expect(results.map((result) => result.status)).toEqual(Array(50).fill(201));
    const final = await admin.call('GET', `/${order.body.id}`);
    expect(final.body.payments.map((p: { id: string }) => p.id).sort()).toEqual(accepted.sort());
    expect(final.headers.get('etag')).toBe(`"${accepted.length + 1}"`);
  });
});
