import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphql, type CallOptions } from './harness/http.js';
import { OrderIdDocument, ValidateOrderDocument } from './generated/graphql.js';
import { orderClient, sampleOrder } from './harness/orders.js';
import { TestAdapter } from './harness/test-adapter.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

// Long enough for the request to reach the held validation callback on a loaded machine.
const DEADLINE_MS = 3_000;
let system: TestSystem;
let storefront: CallOptions;
let validator: TestAdapter;
/** Lets the held validation callbacks answer. */
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
const tenant = { merchant: 'm-deadline', channel: 'web' };

beforeAll(async () => {
  // Validation callbacks may take 20 s; GraphQL requests get 3 s.
  system = await startTestSystem({
    services: ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications'],
    env: { GRAPHQL_DEADLINE_MS: String(DEADLINE_MS), VALIDATION_TIMEOUT_MS: '20000' },
  });
  storefront = { token: await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }), ...tenant };
  validator = (await TestAdapter.start()).on('/validate', async () => {
    await released;
    return { status: 200 };
  });
});
afterAll(async () => {
  release();
  await validator?.close();
  await system?.close();
});

describe('the per-request deadline (GRAPHQL_DEADLINE_MS)', () => {
  it('answers a request still running at its deadline 503 deadline_exceeded, at the gateway and at a subgraph', async () => {
    const orders = await orderClient(system, tenant, 'admin');
    const order = sampleOrder({
      payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9 }],
      validations: [{ id: 'v1', adapterId: 'commerce_adapter', url: `${validator.url}/validate` }],
    });
    const orderId = (await orders.call('POST', '', order)).body.id as string;

    for (const service of ['gateway', 'order'] as const) {
      const started = performance.now();
      const { status, body } = await graphql(system.urls[service]!, ValidateOrderDocument, { id: orderId }, storefront);
      const took = performance.now() - started;
      console.log(JSON.stringify({ service, deadlineMs: DEADLINE_MS, answeredAfterMs: Math.round(took) }));
      expect(status).toBe(503);
      expect(body).toMatchObject({
        code: 'deadline_exceeded',
        message: expect.stringContaining('GRAPHQL_DEADLINE_MS'),
        errors: [{ extensions: { code: 'DEADLINE_EXCEEDED', status: 503 } }],
      });
      expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
      expect(took).toBeLessThan(DEADLINE_MS + 5_000); // the callback is still held (20 s timeout): only the deadline ends it
    }
    expect(validator.callsTo('/validate').length).toBeGreaterThanOrEqual(2);

    // The gateway goes on serving.
    release();
    const after = await graphql(system.urls.gateway!, OrderIdDocument, { id: orderId }, storefront);
    expect(after.status).toBe(200);
    expect(after.body.data?.order).toEqual({ id: orderId });
  });
});
