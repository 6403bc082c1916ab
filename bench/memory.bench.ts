/**
 * Memory of the one-process stack. `measureMemory`: RSS and heap after a full GC, at idle and
 * after the other figures' load. `run` (figure `memory`): a soak — checkout journeys through the
 * gateway (create order from basket, cart and billing changes, gift card, non-PSP payment,
 * validate, complete, each order watched by an `orderChanged` subscription) by a few paced
 * callers for BENCH_MEMORY_MS (10 min; 45 s with --quick), the stack's post-GC heap and RSS sampled
 * every few seconds, and whether the heap grows.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { BenchContext } from './bench-context.js';
import { openBenchMerchant } from './bench-merchant.js';
import { sleep } from './bench-context.js';
import { report, round } from './bench-system.js';
import { growth, type MemorySample } from './memory-growth.js';

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function sampleMemory(ctx: BenchContext): Promise<NodeJS.MemoryUsage> {
  await ctx.stack.call('gc');
  const { memory } = await ctx.stack.call<{ memory: NodeJS.MemoryUsage }>('usage');
  return memory;
}

export async function measureMemory(ctx: BenchContext, when: 'idle' | 'after_load'): Promise<void> {
  const memory = await sampleMemory(ctx);
  report(`memory_${when}_rss`, mb(memory.rss), 'MiB', { heapUsedMiB: mb(memory.heapUsed), heapTotalMiB: mb(memory.heapTotal), externalMiB: mb(memory.external) });
}

const BILLING = { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'kari@example.com', phone: '+4791234567' };
const CREATE = 'mutation ($input: CreateOrderFromBasketInput!) { createOrderFromBasket(input: $input) { id cart { items { id } } } }';
const BILL = 'mutation ($id: ID!, $a: AddressInput!) { setBillingAddress(orderId: $id, address: $a) { id } }';
const QUANTITY = 'mutation ($id: ID!, $item: ID!, $q: Int!) { updateCartItem(orderId: $id, itemId: $item, quantity: $q) { total { includingVat } } }';
const GIFT = 'mutation ($id: ID!, $card: String!) { addGiftCard(orderId: $id, cardId: $card) { id } }';
const START = 'mutation ($id: ID!) { startPayment(orderId: $id, adapterId: "nonpsp_adapter") { payment { id } } }';
const VALIDATE = 'mutation ($id: ID!) { validateOrder(orderId: $id) { valid failures { code } } }';
const COMPLETE = 'mutation ($id: ID!, $p: ID!) { completePayment(orderId: $id, paymentId: $p) { status } }';
const READ = 'query ($id: ID!) { order(id: $id) { id status version total { includingVat } payments { id amount state transactions { event amount } } } }';
const WATCH = 'subscription ($id: ID!) { orderChanged(id: $id) { id version status } }';

export async function run(ctx: BenchContext): Promise<void> {
  const durationMs = Number(process.env.BENCH_MEMORY_MS ?? (ctx.quick ? 45_000 : 600_000));
  const sampleEveryMs = Number(process.env.BENCH_MEMORY_SAMPLE_MS ?? (ctx.quick ? 3_000 : 10_000));
  const callers = Number(process.env.BENCH_MEMORY_CALLERS ?? 2);
  // A pause between a caller's journeys: busy, not saturated (the load generator shares the cores).
  const pauseMs = Number(process.env.BENCH_MEMORY_PAUSE_MS ?? 100);
  const warmUpMs = Math.min(60_000, durationMs / 5);
  const { tenant, storefront, basketAndCard } = await openBenchMerchant(ctx, 'bench-memory');
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${ctx.urls.gateway}/graphql`, {
      method: 'POST',
      headers: { ...tenant, authorization: `Bearer ${storefront}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await response.json()) as { data?: any; errors?: unknown };
    if (answer.errors || response.status !== 200) throw new Error(`${query.slice(0, 40)}: ${response.status} ${JSON.stringify(answer.errors).slice(0, 300)}`);
    return answer.data;
  };
  const socket = createClient({
    url: `${ctx.urls.gateway!.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    connectionParams: { authorization: `Bearer ${storefront}`, ...tenant },
  });

  let journey = 0;
  const journeyOnce = async () => {
    const j = journey++;
    const cardId = `CARD-MEM-${Date.now()}-${j}`;
    const basket = await basketAndCard(cardId);
    const { createOrderFromBasket: order } = await gql(CREATE, { input: { cartReference: basket.id, culture: 'nb-NO', currency: 'NOK' } });
    let changes = 0;
    const unsubscribe = socket.subscribe({ query: WATCH, variables: { id: order.id } }, { next: () => void changes++, error: () => undefined, complete: () => undefined });
    try {
      await gql(BILL, { id: order.id, a: BILLING });
      await gql(QUANTITY, { id: order.id, item: order.cart.items[0].id, q: 3 });
      await gql(GIFT, { id: order.id, card: cardId });
      const { startPayment } = await gql(START, { id: order.id });
      await gql(READ, { id: order.id });
      const { validateOrder } = await gql(VALIDATE, { id: order.id });
      if (!validateOrder.valid) throw new Error(`journey ${j}: not valid ${JSON.stringify(validateOrder.failures)}`);
      await gql(COMPLETE, { id: order.id, p: startPayment.payment.id });
      await gql(READ, { id: order.id });
    } finally {
      unsubscribe();
    }
    return changes;
  };

  const samples: MemorySample[] = [];
  let failed = 0;
  let lastError = '';
  const started = performance.now();
  const until = started + durationMs;
  const cpuBefore = await ctx.stack.cpu();
  const callersDone = Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        await journeyOnce().catch((error: unknown) => {
          failed++;
          lastError = (error as Error).message.slice(0, 300);
        });
        await sleep(pauseMs);
      }
    }),
  );
  const snapshots = process.env.BENCH_HEAP_SNAPSHOT;
  let snapshotted = false;
  while (performance.now() < until) {
    await sleep(Math.min(sampleEveryMs, Math.max(0, until - performance.now())));
    const memory = await sampleMemory(ctx);
    const atMs = performance.now() - started;
    samples.push({ atMs, rssMiB: mb(memory.rss), heapUsedMiB: mb(memory.heapUsed) });
    process.stderr.write(`bench: memory ${Math.round(atMs / 1000)} s: rss ${mb(memory.rss)} MiB, heap ${mb(memory.heapUsed)} MiB, ${journey} journeys, ${failed} failed\n`);
    if (snapshots && !snapshotted && atMs >= warmUpMs) {
      snapshotted = true;
      process.stderr.write(`bench: heap snapshot ${await ctx.stack.call<string>('heapSnapshot', snapshots)}\n`);
    }
  }
  await callersDone;
  const cpuMs = ((await ctx.stack.cpu()) - cpuBefore) / 1000;
  const elapsedMs = performance.now() - started;
  if (snapshots) process.stderr.write(`bench: heap snapshot ${await ctx.stack.call<string>('heapSnapshot', snapshots)}\n`);
  await socket.dispose();
  const result = growth(samples, warmUpMs);
  const warm = samples.filter((sample) => sample.atMs >= warmUpMs);
  report('memory_soak_heap_slope', result.heapSlopeMiBPerMin, 'MiB/min', {
    verdict: result.verdict,
    heapLastMinusFirstMiB: round(result.heapLastMinusFirstMiB),
    heapSecondHalfRiseMiB: round(result.heapSecondHalfRiseMiB),
    rssLastMinusFirstMiB: round(result.rssLastMinusFirstMiB),
    heapFirstAfterWarmUpMiB: warm[0]?.heapUsedMiB,
    heapLastMiB: warm[warm.length - 1]?.heapUsedMiB,
    heapMaxMiB: Math.max(...samples.map((sample) => sample.heapUsedMiB)),
    rssMaxMiB: Math.max(...samples.map((sample) => sample.rssMiB)),
    durationSeconds: round(elapsedMs / 1000, 1),
    warmUpSeconds: round(warmUpMs / 1000, 1),
    journeys: journey,
    journeysPerSecond: round(journey / (elapsedMs / 1000)),
    failed,
    ...(lastError ? { lastError } : {}),
    stackCpuShare: round(cpuMs / elapsedMs),
    callers,
    pauseMs,
    samples: samples.map((sample) => [round(sample.atMs / 1000, 0), sample.heapUsedMiB, sample.rssMiB]),
    target: 'no growth over 10 min',
  });
}
