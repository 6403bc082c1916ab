/**
 * The order engine's latencies: a change with three loopback hooks, validation callbacks and
 * notification delivery. Runs inside the stack process (it drives the domain directly).
 */
import { createServer, type Server } from 'node:http';
import type { Tenant } from '../platform/auth/principal.js';
import { createOrderDomain } from '../subgraphs/order/order.service.js';
import type { Actor } from '../platform/auth/actor.js';
import type { BenchContext } from './bench-context.js';
import { cart } from './engine.bench.js';
import { percentile, report, round, type startBenchSystem } from './bench-system.js';

const tenant: Tenant = { merchant: 'bench-order', channel: 'web' };
const actor: Actor = { role: 'admin', subject: 'bench' };

/** A loopback HTTP receiver: answers `answer(path)` and notes when each call arrived. */
async function receiver(answer: (path: string) => { status: number; delayMs?: number }): Promise<{ url: string; arrivals: Map<string, number[]>; server: Server }> {
  const arrivals = new Map<string, number[]>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '/';
      arrivals.set(path, [...(arrivals.get(path) ?? []), performance.now()]);
      const { status, delayMs } = answer(path);
      // No delay asked: answered at once (a timer of 0 is still a 1 ms wait and a turn of the event loop per call).
      if (!delayMs) response.writeHead(status).end();
      else setTimeout(() => response.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, arrivals, server };
}

export async function measureOrderEngine(bench: Awaited<ReturnType<typeof startBenchSystem>>, { quick }: { quick: boolean }): Promise<void> {
  const { system } = bench;
  const domain = createOrderDomain({ config: (await import('../app/app.config.js')).loadConfig({ LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'x'.repeat(32) }), db: system.db, logger: system.logger, verifier: { verify: async () => { throw new Error('unused'); } } });
  const { commands } = domain;
  const context = { tenant, actor };
  const hooks = await receiver((path) => ({ status: 200, delayMs: path.startsWith('/validate') ? 100 : 0 }));

  // 2. A change with three loopback hooks, p50.
  const hooked = await commands.create(context, {
    currency: 'NOK',
    cart: cart(100),
    hooks: ['a', 'b', 'c'].map((name) => ({ adapterId: `${name}_adapter`, subscribeTo: '/cart' as const, invoke: `${hooks.url}/hook-${name}` })),
  });
  // Warm-up, as the engine and gateway figures do: JIT, the pool's prepared statements, the keep-alive connection.
  for (let i = 0; i < (quick ? 10 : 20); i++) await commands.replace(context, hooked.id, 'cart', cart(150 + i));
  const hookLatencies: number[] = [];
  const hookChanges = quick ? 30 : 200;
  // CPU of this process (engine and the loopback receiver) per change: steadier than latency on a loaded machine.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < hookChanges; i++) {
    const started = performance.now();
    await commands.replace(context, hooked.id, 'cart', cart(200 + i));
    hookLatencies.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  report('change_with_3_hooks_p50', percentile(hookLatencies, 50), 'ms', {
    p99: round(percentile(hookLatencies, 99)),
    cpuMsPerChange: round((cpu.user + cpu.system) / 1000 / hookChanges),
    target: '<= 5 ms',
  });

  // 3. Validate with ten callbacks of 100 ms each.
  const validated = await commands.create(context, {
    currency: 'NOK',
    cart: cart(100),
    payments: [{ adapterId: 'x_adapter', amount: 100 }],
    validations: Array.from({ length: 10 }, (_, i) => ({ adapterId: `v${i}_adapter`, url: `${hooks.url}/validate-${i}` })),
  });
  const validateTimes: number[] = [];
  for (let i = 0; i < (quick ? 2 : 10); i++) {
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

  hooks.server.closeAllConnections();
  hooks.server.close();
  await domain.close();
}

export const run = (ctx: BenchContext) => ctx.stack.call('order-engine', { quick: ctx.quick });
