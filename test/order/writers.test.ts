import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/**
 * Writers of one order take turns (docs/order-engine.md, "Writers of one order"): hooks run once
 * per accepted change, a caller without If-Match never sees another writer's conflict, and a
 * stale If-Match is refused. Counts only, no timings.
 */

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let receiver: TestAdapter;
const tenant = { merchant: 'm-writers', channel: 'web' };
const HOOKS = ['a', 'b', 'c'];

beforeAll(async () => {
  // A hook waiting on its own order's write would wait out this timeout: long enough that such a
  // wait is told apart from a slow machine.
  system = await startTestSystem({ env: { HOOK_TIMEOUT_MS: '30000' } });
  admin = await orderClient(system, tenant, 'admin');
  receiver = await TestAdapter.start();
});
afterAll(async () => {
  await receiver?.close();
  await system?.close();
});

async function hookedOrder(prefix: string) {
  for (const name of HOOKS) receiver.on(`/${prefix}-${name}`, () => ({ status: 200, delayMs: 5 }));
  const created = await admin.call(
    'POST',
    '',
    sampleOrder({ hooks: HOOKS.map((name) => ({ adapterId: `${name}_adapter`, subscribeTo: '/customer', invoke: `${receiver.url}/${prefix}-${name}` })) }),
  );
  expect(created.status).toBe(201);
  return created.body as { id: string };
}
const hookCalls = (prefix: string) => receiver.calls.filter((call) => call.path.startsWith(`/${prefix}-`));

describe('writers on one hooked order', () => {
  it('10 concurrent writers without If-Match: all accepted, no 409, hook calls = accepted changes × hooks, one version each', async () => {
    const order = await hookedOrder('ten');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Kari', familyName: `Writer ${i}`, city: 'Oslo', country: 'NO' })),
    );
    expect(results.map((result) => result.status)).toEqual(Array(10).fill(200));
    expect(hookCalls('ten')).toHaveLength(10 * HOOKS.length);
    const final = await admin.call('GET', `/${order.id}`);
    expect(final.headers.get('etag')).toBe('"11"');
    // Every writer got its own version: 2…11, each seen by exactly one caller.
    expect(results.map((result) => Number(result.headers.get('etag')!.replace(/"/g, ''))).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    // Each hook call saw the billing its writer sent (no call for a change that was not committed).
    const seen = hookCalls('ten').map((call) => call.body.customer.billing.familyName as string);
    for (let i = 0; i < 10; i++) expect(seen.filter((name) => name === `Writer ${i}`)).toHaveLength(HOOKS.length);
    const events = await admin.events(order.id);
    expect(events.body.filter((event: { type: string }) => event.type === 'order.changed')).toHaveLength(10);
  });

  it('a stale If-Match is 409 at once, without calling any hook; a current one is applied', async () => {
    const order = await hookedOrder('pinned');
    expect((await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Kari' })).status).toBe(200);
    const stale = await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Ola' }, { 'if-match': '"1"' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBeDefined();
    expect(hookCalls('pinned')).toHaveLength(HOOKS.length);
    const current = await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Ola' }, { 'if-match': '"2"' });
    expect(current.status).toBe(200);
    expect(hookCalls('pinned')).toHaveLength(2 * HOOKS.length);
  });

  it('concurrent writers pinning the same version: one is applied, the others get 409 and no hook call', async () => {
    const order = await hookedOrder('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => admin.call('PUT', `/${order.id}/customer/billing`, { givenName: `Pinned ${i}` }, { 'if-match': '"1"' })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(hookCalls('race')).toHaveLength(HOOKS.length);
  });

  it('a hook that writes its own order while being called is not made to wait for its own change', async () => {
    const order = await hookedOrder('nested');
    let nestedStatuses: number[] = [];
    receiver.on('/nested-a', async (call) => {
      // The hook's own write continues the hook call's trace (as the platform's HTTP client does).
      const forwarded = Object.fromEntries(['traceparent', 'tracestate', 'x-request-id'].flatMap((name) => (typeof call.headers[name] === 'string' ? [[name, call.headers[name] as string]] : [])));
      const nested = await admin.call('PUT', `/${order.id}/reference`, { reference: 'set-by-hook' }, forwarded);
      nestedStatuses = [...nestedStatuses, nested.status];
      return { status: 200 };
    });
    const started = Date.now();
    const billed = await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Kari' });
    expect(billed.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(system.config.engine.hookTimeoutMs);
    expect(nestedStatuses.every((status) => status === 200)).toBe(true);
    const final = await admin.call('GET', `/${order.id}`);
    expect(final.body).toMatchObject({ reference: 'set-by-hook', customer: { billing: { givenName: 'Kari' } } });
  });
});
