/**
 * `npm run bench`: the order engine's figures, one JSON line each (see docs/benchmarks.md).
 */
import { createServer, type Server } from 'node:http';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { Tenant } from '../platform/auth/principal.js';
import { createOrderDomain } from '../subgraphs/order/order.service.js';
import type { Actor } from '../subgraphs/order/engine/order-engine.js';
import { percentile, report, round, startBenchSystem } from './bench-system.js';

const tenant: Tenant = { merchant: 'bench', channel: 'web' };
const actor: Actor = { role: 'admin', subject: 'bench' };
const cart = (total: number) => ({ items: [{ id: 'i1' }], total: { includingVat: total, excludingVat: round(total * 0.8) } });

/** A loopback HTTP receiver: answers `answer(path)` and notes when each call arrived. */
async function receiver(answer: (path: string) => { status: number; delayMs?: number }): Promise<{ url: string; arrivals: Map<string, number[]>; server: Server }> {
  const arrivals = new Map<string, number[]>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '/';
      arrivals.set(path, [...(arrivals.get(path) ?? []), performance.now()]);
      const { status, delayMs } = answer(path);
      setTimeout(() => response.writeHead(status).end(), delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, arrivals, server };
}

async function main(): Promise<void> {
  const bench = await startBenchSystem({ NOTIFICATION_CONCURRENCY: '8' });
  const { system } = bench;
  const domain = createOrderDomain({ config: (await import('../platform/env/env.config.js')).loadConfig({ LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'x'.repeat(32) }), db: system.db, logger: system.logger, verifier: { verify: async () => { throw new Error('unused'); } } });
  const { commands } = domain;
  const context = { tenant, actor };
  const hooks = await receiver((path) => ({ status: 200, delayMs: path.startsWith('/validate') ? 100 : 0 }));

  // 1. Changes per second without hooks, against raw single-row UPDATE transactions on the same database.
  const workers = 8;
  const durationMs = 3_000;
  const orders = await Promise.all(Array.from({ length: workers }, () => commands.create(context, { currency: 'NOK', cart: cart(100) })));
  /** Runs each order's writer until the deadline; returns how many changes were made. */
  const changeFor = async (ms: number, offset: number) => {
    let made = 0;
    const until = performance.now() + ms;
    await Promise.all(
      orders.map(async (order, w) => {
        for (let i = 0; performance.now() < until; i++) {
          await commands.replace(context, order.id, 'cart', cart(100 + w + offset + i / 100));
          made++;
        }
      }),
    );
    return made;
  };
  await changeFor(1_000, 0); // warm-up: JIT, pool connections, prepared statements
  const changes = await changeFor(durationMs, 50);
  const changesPerSecond = changes / (durationMs / 1000);
  /** The same writers as raw single-row UPDATE transactions on held connections. */
  const updateFor = async (ms: number) => {
    let made = 0;
    const until = performance.now() + ms;
    await Promise.all(
      orders.map(async (order) => {
        const client = await system.db.pool.connect();
        try {
          while (performance.now() < until) {
            await client.query('begin');
            await client.query('update orders set version = version + 1, updated_at = now() where id = $1', [order.id]);
            await client.query('commit');
            made++;
          }
        } finally {
          client.release();
        }
      }),
    );
    return made;
  };
  await updateFor(1_000); // the same warm-up
  const updates = await updateFor(durationMs);
  const updatesPerSecond = updates / (durationMs / 1000);
  report('order_changes_per_second_no_hooks', changesPerSecond, 'changes/s', { concurrency: workers });
  report('raw_update_transactions_per_second', updatesPerSecond, 'tx/s', { concurrency: workers });
  report('changes_to_raw_update_ratio', changesPerSecond / updatesPerSecond, 'ratio', { target: '>= 0.5' });

  // 2. A change with three loopback hooks, p50.
  const hooked = await commands.create(context, {
    currency: 'NOK',
    cart: cart(100),
    hooks: ['a', 'b', 'c'].map((name) => ({ adapterId: `${name}_adapter`, subscribeTo: '/cart' as const, invoke: `${hooks.url}/hook-${name}` })),
  });
  const hookLatencies: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await commands.replace(context, hooked.id, 'cart', cart(200 + i));
    hookLatencies.push(performance.now() - started);
  }
  report('change_with_3_hooks_p50', percentile(hookLatencies, 50), 'ms', { p99: round(percentile(hookLatencies, 99)), target: '<= 10 ms' });

  // 3. Validate with ten callbacks of 100 ms each.
  const validated = await commands.create(context, {
    currency: 'NOK',
    cart: cart(100),
    payments: [{ adapterId: 'x_adapter', amount: 100 }],
    validations: Array.from({ length: 10 }, (_, i) => ({ adapterId: `v${i}_adapter`, url: `${hooks.url}/validate-${i}` })),
  });
  const validateTimes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    const result = await commands.validate(context, validated.id);
    if (!result.valid) throw new Error(`validation failed: ${JSON.stringify(result.failures)}`);
    validateTimes.push(performance.now() - started);
  }
  report('validate_10_callbacks_of_100ms', percentile(validateTimes, 50), 'ms', { max: round(Math.max(...validateTimes)), target: '<= 150 ms' });

  // 4. Notification commit → delivery: 40 orders × 5 changes, interleaved, 200 changes/s in all.
  //    (Deliveries of one order are strictly sequential by design; see docs/benchmarks.md.)
  const notifiedOrders = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      commands.create(context, { currency: 'NOK', cart: cart(100), notifications: [{ scope: '/reference', schema: { type: 'string' }, invoke: `${hooks.url}/notify-${i}` }] }),
    ),
  );
  const committedAt = new Map<string, number[]>();
  for (let round = 0; round < 5; round++) {
    for (const [i, order] of notifiedOrders.entries()) {
      await commands.setReference(context, order.id, `ref-${round}`);
      committedAt.set(`/notify-${i}`, [...(committedAt.get(`/notify-${i}`) ?? []), performance.now()]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const expected = 40 * 5;
  const delivered = () => [...hooks.arrivals.entries()].filter(([path]) => path.startsWith('/notify-')).reduce((n, [, at]) => n + at.length, 0);
  const deadlineNotify = Date.now() + 15_000;
  while (delivered() < expected && Date.now() < deadlineNotify) await new Promise((resolve) => setTimeout(resolve, 20));
  const delays = [...committedAt.entries()].flatMap(([path, commits]) => commits.map((at, k) => (hooks.arrivals.get(path)?.[k] ?? NaN) - at)).filter((d) => !Number.isNaN(d));
  report('notification_commit_to_delivery_p50', percentile(delays, 50), 'ms', { target: '<= 50 ms', delivered: delivered(), orders: 40 });
  report('notification_commit_to_delivery_p99', percentile(delays, 99), 'ms', { target: '<= 250 ms' });

  // 4b. One order's deliveries back to back (ordering means one at a time): what one order sustains.
  const burst = await commands.create(context, { currency: 'NOK', cart: cart(100), notifications: [{ scope: '/reference', schema: { type: 'string' }, invoke: `${hooks.url}/burst` }] });
  const burstStart = performance.now();
  for (let i = 0; i < 100; i++) await commands.setReference(context, burst.id, `b-${i}`);
  const burstDeadline = Date.now() + 15_000;
  while ((hooks.arrivals.get('/burst')?.length ?? 0) < 100 && Date.now() < burstDeadline) await new Promise((resolve) => setTimeout(resolve, 5));
  const burstArrivals = hooks.arrivals.get('/burst') ?? [];
  report('notification_deliveries_per_second_one_order', burstArrivals.length / (((burstArrivals.at(-1) ?? burstStart) - burstStart) / 1000), 'deliveries/s', { delivered: burstArrivals.length });

  // 5. 1,000 subscribers of one order receive a change.
  const watched = await commands.create(context, { currency: 'NOK', cart: cart(100) });
  const token = await bench.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
  const sockets = 100;
  const perSocket = 10;
  const clients = Array.from({ length: sockets }, () =>
    createClient({ url: `${system.urls.gateway!.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel } }),
  );
  const received: number[] = [];
  let ready = 0;
  const targetVersion = 2;
  for (const client of clients) {
    for (let i = 0; i < perSocket; i++) {
      client.subscribe(
        { query: 'subscription ($id: ID!) { orderChanged(id: $id) { id version status total { includingVat } } }', variables: { id: watched.id } },
        {
          next: (result) => {
            const version = (result.data as { orderChanged?: { version: number } } | undefined)?.orderChanged?.version;
            if (version === 1) ready++;
            if (version === targetVersion) received.push(performance.now());
          },
          error: () => undefined,
          complete: () => undefined,
        },
      );
    }
  }
  const readyDeadline = Date.now() + 30_000;
  while (ready < sockets * perSocket && Date.now() < readyDeadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const changedAt = performance.now();
  await commands.replace(context, watched.id, 'cart', cart(101));
  const committed = performance.now();
  const receiveDeadline = Date.now() + 15_000;
  while (received.length < sockets * perSocket && Date.now() < receiveDeadline) await new Promise((resolve) => setTimeout(resolve, 5));
  const fanout = received.map((at) => at - committed);
  report('subscribers_1000_receive_change_p99', percentile(fanout, 99), 'ms', {
    p50: round(percentile(fanout, 50)),
    received: received.length,
    subscribers: sockets * perSocket,
    sockets,
    changeMs: round(committed - changedAt),
    target: '<= 300 ms',
  });

  await Promise.all(clients.map(async (client) => client.dispose()));
  hooks.server.closeAllConnections();
  hooks.server.close();
  await bench.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
    process.exit(1);
  },
);
