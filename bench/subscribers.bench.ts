/**
 * N `orderChanged` subscribers of one order (graphql-ws, 10 subscriptions per socket, sockets
 * connected in batches): time from the change's commit (its REST answer) to each subscriber
 * receiving it. 1,000 and 10,000; `--quick` runs 1,000 only.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { BenchContext } from './bench-context.js';
import { sleep } from './bench-context.js';
import { percentile, report, round } from './bench-system.js';

const tenant = { merchant: 'bench-subscribers', channel: 'web' };
const PER_SOCKET = 10;
const BATCH = 50;

async function fanout(ctx: BenchContext, subscribers: number): Promise<void> {
  const admin = await ctx.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  const token = await ctx.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel };
  const cart = (total: number) => ({ items: [{ id: 'i1', quantity: 1, unitPrice: total }], total: { includingVat: total, excludingVat: round(total * 0.8) } });
  const created = await fetch(`${ctx.urls.order}/api/v0/checkout/orders`, { method: 'POST', headers, body: JSON.stringify({ currency: 'NOK', cart: cart(100) }) });
  const order = (await created.json()) as { id: string };
  const sockets = Math.ceil(subscribers / PER_SOCKET);
  const clients: Client[] = [];
  const received: number[] = [];
  let ready = 0;
  const setupStarted = performance.now();
  try {
    for (let first = 0; first < sockets; first += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, sockets - first) }, () =>
        createClient({
          url: `${ctx.urls.gateway!.replace('http', 'ws')}/graphql`,
          webSocketImpl: WebSocket,
          retryAttempts: 0,
          connectionParams: { authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel },
        }),
      );
      clients.push(...batch);
      for (const client of batch) {
        for (let i = 0; i < PER_SOCKET; i++) {
          let answers = 0;
          client.subscribe(
            { query: 'subscription ($id: ID!) { orderChanged(id: $id) { id version status total { includingVat } } }', variables: { id: order.id } },
            {
              // The first answer is the order as it is (subscribed); the next one is the change.
              next: (result) => {
                if (!(result.data as { orderChanged?: unknown } | undefined)?.orderChanged) return;
                if (++answers === 1) ready++;
                else if (answers === 2) received.push(performance.now());
              },
              error: () => undefined,
              complete: () => undefined,
            },
          );
        }
      }
      // Each batch is subscribed (its first answer arrived) before the next connects.
      const target = clients.length * PER_SOCKET;
      const deadline = Date.now() + 30_000;
      while (ready < target && Date.now() < deadline) await sleep(10);
      if (ready < target) throw new Error(`only ${ready} of ${target} subscriptions answered within 30 s`);
    }
    const setupMs = performance.now() - setupStarted;
    const total = clients.length * PER_SOCKET;
    const cpuBefore = await ctx.stack.cpu();
    const sent = performance.now();
    const changed = await fetch(`${ctx.urls.order}/api/v0/checkout/orders/${order.id}/cart`, { method: 'PUT', headers, body: JSON.stringify(cart(101)) });
    if (changed.status !== 200) throw new Error(`change: ${changed.status} ${await changed.text()}`);
    const committed = performance.now();
    const deadline = Date.now() + 30_000;
    while (received.length < total && Date.now() < deadline) await sleep(5);
    const delays = received.map((at) => at - committed);
    // The stack's CPU from the change until the last subscriber had it (the change itself included).
    const cpuMs = ((await ctx.stack.cpu()) - cpuBefore) / 1000;
    report(`subscribers_${subscribers}_receive_change_p99`, percentile(delays, 99), 'ms', {
      p50: round(percentile(delays, 50)),
      received: received.length,
      subscribers: total,
      sockets: clients.length,
      changeMs: round(committed - sent),
      stackCpuMs: round(cpuMs),
      setupSeconds: round(setupMs / 1000, 1),
      target: subscribers >= 10_000 ? '<= 1000 ms' : '<= 200 ms',
    });
  } finally {
    await Promise.all(clients.map(async (client) => client.dispose()));
  }
}

export async function run(ctx: BenchContext): Promise<void> {
  await fanout(ctx, 1_000);
  if (ctx.quick) report('subscribers_10000_receive_change_p99', 0, 'skipped', { reason: '--quick' });
  else await fanout(ctx, 10_000);
}
