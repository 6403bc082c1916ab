/**
 * Writers of one order through two replicas of the platform behind the load balancer
 * (test/harness/replicas.ts): the database-held writer turn (docs/order-engine.md, "Writers across
 * processes") keeps hooks to one call per accepted change, and a checkout completed while other
 * writers change the order reserves its gift card once (issue 31). Counts only, no timings.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  JourneyAddGiftCardDocument,
  JourneyCompletePaymentDocument,
  JourneyCreateOrderDocument,
  JourneySetBillingDocument,
  StartNonPspPaymentDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { startReplicas, type Replicas } from '../harness/replicas.js';
import { SLOW_MACHINE } from '../harness/slow-machine.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, newBasket, openShop, type Shop } from '../journey/journey-setup.js';

let system: TestSystem;
let replicas: Replicas;
let receiver: TestAdapter;
let admin: Awaited<ReturnType<typeof orderClient>>;
const tenant = { merchant: 'm-replica-writers', channel: 'web' };
const HOOKS = ['a', 'b', 'c'];

beforeAll(async () => {
  // What is tested is who writes and how often, not how fast: a validation or hook answering late
  // on a loaded machine (the whole suite on 2 cores) must not read as a refusal.
  system = await startTestSystem({ env: SLOW_MACHINE });
  replicas = await startReplicas(system, { env: SLOW_MACHINE });
  receiver = await TestAdapter.start();
  admin = await orderClient(system, tenant, 'admin');
}, 180_000);
afterAll(async () => {
  await replicas?.close();
  await receiver?.close();
  await system?.close();
});

async function hookedOrder(prefix: string): Promise<string> {
  for (const name of HOOKS) receiver.on(`/${prefix}-${name}`, () => ({ status: 200, delayMs: 5 }));
  const created = await admin.call('POST', '', sampleOrder({ hooks: HOOKS.map((name) => ({ adapterId: `${name}_adapter`, subscribeTo: '/customer', invoke: `${receiver.url}/${prefix}-${name}` })) }));
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}
const hookCalls = (prefix: string) => receiver.calls.filter((call) => call.path.startsWith(`/${prefix}-`));
const sentTo = async () => (await replicas.haproxy.servers()).filter((server) => server.service === 'order').map((server) => server.total);
const setBilling = (orderId: string, familyName: string, headers?: Record<string, string>) =>
  rest(replicas.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, { token: admin.token, ...tenant, body: { givenName: 'Kari', familyName, city: 'Oslo', country: 'NO' }, ...(headers ? { headers } : {}) });

describe('10 writers on one order with 3 hooks, through the balancer over two replicas', () => {
  it('without If-Match: 10 × 200, 0 × 409, hook calls = accepted changes × 3, one version each', async () => {
    const orderId = await hookedOrder('ten');
    const before = await sentTo();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => setBilling(orderId, `Writer ${i}`)));
    // Round robin: both replicas took writers.
    const after = await sentTo();
    expect(after.map((sent, i) => sent - before[i]!)).toEqual([5, 5]);
    expect(results.map((result) => result.status)).toEqual(Array(10).fill(200));
    expect(hookCalls('ten')).toHaveLength(10 * HOOKS.length);
    expect(results.map((result) => Number(result.headers.get('etag')!.replace(/"/g, ''))).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    // Each hook call saw the billing its writer sent: no call for a change that was not committed.
    const seen = hookCalls('ten').map((call) => call.body.customer.billing.familyName as string);
    for (let i = 0; i < 10; i++) expect(seen.filter((name) => name === `Writer ${i}`)).toHaveLength(HOOKS.length);
  });

  it('with the same If-Match: one 200, nine 409, the losers call no hook', async () => {
    const orderId = await hookedOrder('pinned');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => setBilling(orderId, `Pinned ${i}`, { 'if-match': '"1"' })));
    expect(results.map((result) => result.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(hookCalls('pinned')).toHaveLength(HOOKS.length);
  });
});

describe('a checkout completed (gift card + non-PSP) while 6 writers change the billing address through both replicas', () => {
  const ITERATIONS = 30;
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(system, 'm-replica-checkout');
  });
  /** One gateway call on replica `replica` (0 or 1); GraphQL errors are returned, not thrown. */
  const gql = <TData, TVariables extends Record<string, unknown>>(replica: number, document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
    graphql(replicas.direct[replica]!.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant });
  /** The same, its data: GraphQL errors throw. */
  const must = async <TData, TVariables extends Record<string, unknown>>(replica: number, document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
    dataOf(await gql(replica, document, variables));

  it(`succeeds ${ITERATIONS} of ${ITERATIONS} times, each gift card reserved once`, async () => {
    const completed: string[] = [];
    const writerOutcomes: Record<string, number> = {};
    const reservations: number[] = Array(ITERATIONS).fill(0);
    const iteration = async (i: number) => {
      const basketId = await newBasket(system);
      const cardId = `CARD-replica-${i}`;
      expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 100, currency: 'NOK' } })).status).toBe(201);
      const { createOrderFromBasket: order } = await must(i % 2, JourneyCreateOrderDocument, { input: { cartReference: basketId, culture: 'nb-NO', currency: 'NOK' } });
      await must((i + 1) % 2, JourneySetBillingDocument, { id: order.id, a: BILLING });
      await must(i % 2, JourneyAddGiftCardDocument, { id: order.id, card: cardId });
      const paymentId = (await must((i + 1) % 2, StartNonPspPaymentDocument, { id: order.id })).startPayment.payment!.id;
      // The purchase on one replica; six writers of the billing address, three on each.
      const [complete, writers] = await Promise.all([
        gql(i % 2, JourneyCompletePaymentDocument, { id: order.id, p: paymentId }).then((answer) => answer.body),
        Promise.all(Array.from({ length: 6 }, (_, w) => gql(w % 2, JourneySetBillingDocument, { id: order.id, a: { ...BILLING, familyName: `Writer ${w}` } }))),
      ]);
      for (const { body: writer } of writers) {
        const outcome = writer.errors ? String(writer.errors[0]?.extensions?.code ?? 'error') : 'accepted';
        writerOutcomes[outcome] = (writerOutcomes[outcome] ?? 0) + 1;
      }
      if (!complete.errors && complete.data?.completePayment.status === 'completed') completed.push(order.id);
      else process.stderr.write(`iteration ${i}: ${JSON.stringify(complete.errors ?? complete.data)}\n`);
      reservations[i] = ((await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${cardId}`)).body.reservations as unknown[]).length;
    };
    // Three checkouts at a time (each its own order and card), to keep the file short.
    for (let i = 0; i < ITERATIONS; i += 3) await Promise.all([i, i + 1, i + 2].filter((n) => n < ITERATIONS).map(iteration));
    process.stdout.write(`replica checkout: ${completed.length} of ${ITERATIONS} completed; reservations per card ${JSON.stringify(reservations)}; writers ${JSON.stringify(writerOutcomes)}\n`);
    expect(completed).toHaveLength(ITERATIONS);
    expect(reservations).toEqual(Array(ITERATIONS).fill(1));
    // No writer was told of a conflict it did not ask for (none sent If-Match).
    expect(Object.keys(writerOutcomes).filter((code) => /conflict|409/i.test(code))).toEqual([]);
  }, 240_000);
});
