/**
 * The whole storefront journey through the REST paths, as test/journey/checkout-rest.test.ts
 * walks it: basket → order → billing → gift card → non-PSP rest → validate → complete, and on
 * until the order is exported to the commerce sandbox. Sequential journeys; p50/p95 of each.
 */
import type { BenchContext } from './bench-context.js';
import { openBenchMerchant } from './bench-merchant.js';
import { sleep } from './bench-context.js';
import { percentile, report, round } from './bench-system.js';

const BILLING = { givenName: 'Kari', familyName: 'Nordmann', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO', email: 'kari@example.com', phone: '+4791234567' };

type Call = (base: string, method: string, path: string, body?: unknown, token?: string) => Promise<any>;

type Counted = { calls: number; providerCalls: number; commits: number; orderReads: number; byService: Record<string, number> };

/** A call to a provider's system (the commerce platform, the gift card system, a PSP: their sandboxes here) is not internal: it is the work the checkout exists to do there. */
const isProvider = (service: string) => service.endsWith('_sandbox');

/**
 * One more walk, untimed, counting per storefront action the HTTP calls the stack made (every
 * call of the platform's HTTP client): internal ones between the platform's services (hooks,
 * callbacks, notifications, adapters' calls to the order and payment APIs) and, apart, the calls
 * to providers' systems (the sandboxes), the commits (order versions) and the reads of the order from the
 * database (platform/db/order-reads.metrics.ts). Each action's count waits for the outbox to
 * settle, so the calls it caused after commit are its own. `order` names the actions in turn.
 */
async function countPerAction(ctx: BenchContext, call: Call, order: readonly string[]): Promise<Record<string, Counted>> {
  const serviceOf = (url: string) => Object.entries(ctx.urls).find(([, base]) => new URL(base).origin === new URL(url).origin)?.[0] ?? new URL(url).host;
  const basket = await call('commerce_sandbox', 'POST', '/api/sandbox/baskets', {
    currency: 'NOK',
    items: [{ sku: 'SHOE-42', name: 'Running shoes', quantity: 1, unitPrice: 99.95, vatRate: 0.25 }],
    buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567' },
  });
  const cardId = `CARD-COUNT-${Date.now()}-${order.length}`;
  await call('giftcard_sandbox', 'POST', '/api/sandbox/cards', { cardId, balance: 50, currency: 'NOK' });
  let orderId = '';
  let paymentId = '';
  const actions: Record<string, () => Promise<unknown>> = {
    create_order: async () => (orderId = (await call('commerce_adapter', 'POST', '/api/v1/orders', { cartReference: basket.id, culture: 'nb-NO', currency: 'NOK' })).id),
    set_billing: () => call('order', 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, BILLING),
    add_gift_card: () => call('giftcard_adapter', 'POST', `/api/checkout/v1/orders/${orderId}/payments`, { cardId }),
    add_nonpsp_payment: async () => (paymentId = (await call('nonpsp_adapter', 'POST', `/api/v1/checkout/orders/${orderId}/payments`)).paymentId),
    validate: () => call('order', 'POST', `/api/v0/checkout/orders/${orderId}/validate`),
    complete: () => call('nonpsp_adapter', 'POST', `/api/v1/checkout/orders/${orderId}/payments/${paymentId}/complete`, {}),
  };
  const perAction: Record<string, Counted> = {};
  // What earlier orders still have in the outbox would be counted as this walk's.
  for (let waited = 0; waited < 15_000 && (await ctx.stack.call<number>('pendingJobs')) > 0; waited += 10) await sleep(10);
  await ctx.stack.call('takeExchanges');
  await ctx.stack.call('takeOrderReads', '');
  let version = 0;
  for (const name of order) {
    await actions[name]!();
    for (let waited = 0; waited < 15_000; waited += 10) {
      if ((await ctx.stack.call<{ pendingJobs: number }>('orderState', orderId)).pendingJobs === 0) break;
      await sleep(10);
    }
    const state = await ctx.stack.call<{ version: number }>('orderState', orderId);
    const exchanges = await ctx.stack.call<Array<{ method: string; url: string }>>('takeExchanges');
    if (process.env.BENCH_LIST_CALLS) process.stderr.write(`${name}:\n${exchanges.map((e) => `  ${e.method} ${serviceOf(e.url)} ${new URL(e.url).pathname}`).join('\n')}\n`);
    const orderReads = await ctx.stack.call<number>('takeOrderReads', orderId);
    const byService: Record<string, number> = {};
    for (const exchange of exchanges) byService[serviceOf(exchange.url)] = (byService[serviceOf(exchange.url)] ?? 0) + 1;
    const providerCalls = exchanges.filter((exchange) => isProvider(serviceOf(exchange.url))).length;
    perAction[name] = { calls: exchanges.length - providerCalls, providerCalls, commits: state.version - version, orderReads, byService };
    version = state.version;
  }
  await ctx.stack.call('stopExchanges');
  return perAction;
}

/** The journey's counts in all and those of adding a gift card; then a card added after a non-PSP payment (its own walk). */
async function countCalls(ctx: BenchContext, call: Call): Promise<void> {
  const journey = await countPerAction(ctx, call, ['create_order', 'set_billing', 'add_gift_card', 'add_nonpsp_payment', 'validate', 'complete']);
  const total = Object.values(journey).reduce(
    (sum, action) => ({ calls: sum.calls + action.calls, providerCalls: sum.providerCalls + action.providerCalls, commits: sum.commits + action.commits, orderReads: sum.orderReads + action.orderReads }),
    { calls: 0, providerCalls: 0, commits: 0, orderReads: 0 },
  );
  report('journey_internal_calls', total.calls, 'calls', { providerCalls: total.providerCalls, allCalls: total.calls + total.providerCalls, commits: total.commits, orderReads: total.orderReads, target: '<= 30 calls, <= 8 commits', perAction: journey });
  const card = journey.add_gift_card!;
  report('add_gift_card_internal_calls', card.calls, 'calls', { providerCalls: card.providerCalls, commits: card.commits, orderReads: card.orderReads, target: '<= 3 calls, 1 commit, <= 2 order reads', byService: card.byService });
  const afterNonPsp = (await countPerAction(ctx, call, ['create_order', 'set_billing', 'add_nonpsp_payment', 'add_gift_card'])).add_gift_card!;
  report('add_gift_card_after_nonpsp_internal_calls', afterNonPsp.calls, 'calls', { providerCalls: afterNonPsp.providerCalls, commits: afterNonPsp.commits, orderReads: afterNonPsp.orderReads, target: '<= 3 calls, 1 commit', byService: afterNonPsp.byService });
}

export async function run(ctx: BenchContext): Promise<void> {
  const journeys = ctx.quick ? 3 : 20;
  const { tenant, storefront, rest: call, basketAndCard } = await openBenchMerchant(ctx, 'bench-journey');

  const completedMs: number[] = [];
  const exportedMs: number[] = [];
  for (let j = 0; j < journeys; j++) {
    const cardId = `CARD-${Date.now()}-${j}`;
    const basket = await basketAndCard(cardId);

    const started = performance.now();
    const order = await call('commerce_adapter', 'POST', '/api/v1/orders', { cartReference: basket.id, culture: 'nb-NO', currency: 'NOK' });
    await call('order', 'PUT', `/api/v0/checkout/orders/${order.id}/customer/billing`, BILLING);
    await call('giftcard_adapter', 'POST', `/api/checkout/v1/orders/${order.id}/payments`, { cardId });
    const nonpsp = await call('nonpsp_adapter', 'POST', `/api/v1/checkout/orders/${order.id}/payments`);
    const validated = await call('order', 'POST', `/api/v0/checkout/orders/${order.id}/validate`);
    if (!validated.valid) throw new Error(`journey ${j}: not valid ${JSON.stringify(validated.failures)}`);
    await call('nonpsp_adapter', 'POST', `/api/v1/checkout/orders/${order.id}/payments/${nonpsp.paymentId}/complete`, {});
    completedMs.push(performance.now() - started);
    // Exported: the commerce adapter set the order's reference once the sandbox accepted it.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const current = await call('order', 'GET', `/api/v0/checkout/orders/${order.id}`);
      if (current.reference) break;
      if (Date.now() > deadline) throw new Error(`journey ${j}: not exported within 15 s`);
      await sleep(5);
    }
    exportedMs.push(performance.now() - started);
  }
  await countCalls(ctx, call);
  report('journey_basket_to_exported_p50', percentile(exportedMs, 50), 'ms', { p95: round(percentile(exportedMs, 95)), journeys, target: '<= 250 ms' });
  report('journey_basket_to_completed_p50', percentile(completedMs, 50), 'ms', { p95: round(percentile(completedMs, 95)), journeys });
}
