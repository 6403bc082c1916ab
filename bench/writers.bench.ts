/**
 * Writers on one hooked order: 10 concurrent writers replacing the billing address of one order
 * with three `/customer` hooks (REST PUT, no If-Match) — on the stack's order service alone, and
 * through HAProxy (docs/scaling.md's configuration) over two processes of the order service on the
 * same database (the stack's and a replica) — against one writer on the same order, in
 * alternating phases. A third side sends the 10 writers through HAProxy to the stack alone, so the
 * balancer's own cost is seen apart from the second process's. Reports what clients see (409s), hook calls against accepted changes × 3,
 * and CPU of the serving processes per accepted change. After the rounds, one phase of 10 writers
 * pinning the version they read (If-Match) over both processes: losers are answered 409 and call
 * no hook.
 */
import { Pool } from 'undici';
import type { BenchContext } from './bench-context.js';
import { freePort } from '../platform/net/ports.js';
import { startHaproxy } from '../platform/net/haproxy.process.js';
import { startBenchProcess } from './bench-process.js';
import { report, round } from './bench-system.js';
import { countingReceiver } from './receiver.js';

const tenant = { merchant: 'bench-writers', channel: 'web' };
const HOOKS = 3;

type Side = 'one' | 'ten' | 'tenOneReplicaHaproxy' | 'tenTwoReplicas';
const WRITERS: Record<Side, number> = { one: 1, ten: 10, tenOneReplicaHaproxy: 10, tenTwoReplicas: 10 };

export async function run(ctx: BenchContext): Promise<void> {
  const phaseMs = ctx.quick ? 500 : 2_000;
  const rounds = ctx.quick ? 1 : 2;
  const receiver = await countingReceiver();
  // A second process of the order service on the same database, with the stack's secrets (test/harness/order-replica.process.ts).
  const replica = await startBenchProcess('../test/harness/order-replica.process.ts', { ...ctx.env, NODE_ENV: 'test', SERVICES: 'order', ORDER_PORT: '0', LOG_LEVEL: 'silent' });
  const token = await ctx.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel };
  const server = (url: string, name: string) => ({ name, host: new URL(url).hostname, port: Number(new URL(url).port) });
  const replicaUrl = (await replica.call<Record<string, string>>('urls')).order!;
  // HAProxy: `order` over both processes, `order_one` over the stack's alone (the balancer's cost apart).
  const [bothPort, onePort] = [await freePort(), await freePort()];
  const haproxy = await startHaproxy({
    threads: 1,
    services: [
      { name: 'order', bind: { host: '127.0.0.1', port: bothPort }, servers: [server(ctx.urls.order!, 'stack'), server(replicaUrl, 'replica')] },
      { name: 'order_one', bind: { host: '127.0.0.1', port: onePort }, servers: [server(ctx.urls.order!, 'stack')] },
    ],
  });
  for (const [service, name] of [['order', 'stack'], ['order', 'replica'], ['order_one', 'stack']] as const) await haproxy.waitFor(service, name, 'UP');
  const pools: Record<Side, Pool> = {
    one: new Pool(ctx.urls.order!, { connections: 10 }),
    ten: new Pool(ctx.urls.order!, { connections: 10 }),
    tenOneReplicaHaproxy: new Pool(`http://127.0.0.1:${onePort}`, { connections: 10 }),
    tenTwoReplicas: new Pool(`http://127.0.0.1:${bothPort}`, { connections: 10 }),
  };
  try {
    const created = await pools.one.request({
      method: 'POST',
      path: '/api/v0/checkout/orders',
      headers,
      body: JSON.stringify({
        currency: 'NOK',
        cart: { items: [{ id: 'i1', quantity: 1, unitPrice: 100 }], total: { includingVat: 100, excludingVat: 80 } },
        hooks: ['a', 'b', 'c'].map((name) => ({ adapterId: `${name}_adapter`, subscribeTo: '/customer', invoke: `${receiver.url}/hook-${name}` })),
      }),
    });
    const order = (await created.body.json()) as { id: string };
    if (created.statusCode !== 201) throw new Error(`order: ${created.statusCode} ${JSON.stringify(order)}`);
    const path = `/api/v0/checkout/orders/${order.id}`;
    let n = 0;
    const cpu = async () => (await ctx.stack.cpu()) + (await replica.cpu());
    /** `writers` callers in a closed loop for phaseMs through `pool`; `pinned`: each PUT carries the version its writer just read. */
    const phase = async (writers: number, pool: Pool, pinned = false) => {
      const statuses = new Map<number, number>();
      const hooksBefore = receiver.total('/hook-');
      const cpuBefore = await cpu();
      const until = performance.now() + phaseMs;
      await Promise.all(
        Array.from({ length: writers }, async () => {
          while (performance.now() < until) {
            let ifMatch: Record<string, string> = {};
            if (pinned) {
              const read = await pool.request({ method: 'GET', path, headers });
              await read.body.dump();
              ifMatch = { 'if-match': String(read.headers.etag) };
            }
            const answer = await pool.request({
              method: 'PUT',
              path: `${path}/customer/billing`,
              headers: { ...headers, ...ifMatch },
              body: JSON.stringify({ givenName: 'Kari', familyName: `Writer ${n++}`, city: 'Oslo', country: 'NO' }),
            });
            await answer.body.dump();
            statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          }
        }),
      );
      const other = [...statuses].filter(([status]) => status !== 200 && status !== 409).reduce((total, [, count]) => total + count, 0);
      return { accepted: statuses.get(200) ?? 0, conflicts: statuses.get(409) ?? 0, other, hookCalls: receiver.total('/hook-') - hooksBefore, cpuUs: (await cpu()) - cpuBefore };
    };
    await phase(2, pools.tenTwoReplicas); // warm-up, on each process
    const sides: Side[] = ['ten', 'one', 'tenOneReplicaHaproxy', 'tenTwoReplicas'];
    const zero = () => ({ accepted: 0, conflicts: 0, other: 0, hookCalls: 0, cpuUs: 0 });
    const sum: Record<Side, ReturnType<typeof zero>> = { one: zero(), ten: zero(), tenOneReplicaHaproxy: zero(), tenTwoReplicas: zero() };
    for (let r = 0; r < rounds; r++) {
      for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
        const result = await phase(WRITERS[side], pools[side]);
        for (const key of Object.keys(result) as Array<keyof typeof result>) sum[side][key] += result[key];
      }
    }
    const seconds = (rounds * phaseMs) / 1000;
    const cpuMsPerChange = (side: ReturnType<typeof zero>) => round(side.cpuUs / 1000 / Math.max(1, side.accepted));
    const { one, ten, tenOneReplicaHaproxy: tenHaproxy, tenTwoReplicas: two } = sum;
    report('writers_1_one_order_per_second', one.accepted / seconds, 'changes/s', { anchor: true, hookCalls: one.hookCalls, expectedHookCalls: one.accepted * HOOKS, cpuMsPerChange: cpuMsPerChange(one) });
    report('writers_10_one_order_per_second', ten.accepted / seconds, 'changes/s', {
      ratio: round(ten.accepted / Math.max(1, one.accepted)),
      anchor: 'writers_1_one_order_per_second',
      target: '>= 0.8, 0 conflicts, hookCalls = accepted x 3',
      clientConflicts409: ten.conflicts,
      otherFailures: ten.other,
      hookCalls: ten.hookCalls,
      expectedHookCalls: ten.accepted * HOOKS,
      cpuMsPerChange: cpuMsPerChange(ten),
    });
    report('writers_10_one_replica_haproxy_one_order_per_second', tenHaproxy.accepted / seconds, 'changes/s', {
      ratio: round(tenHaproxy.accepted / Math.max(1, ten.accepted)),
      anchor: 'writers_10_one_order_per_second',
      through: 'HAProxy, one server',
      clientConflicts409: tenHaproxy.conflicts,
      otherFailures: tenHaproxy.other,
      hookCalls: tenHaproxy.hookCalls,
      expectedHookCalls: tenHaproxy.accepted * HOOKS,
      cpuMsPerChange: cpuMsPerChange(tenHaproxy),
    });
    report('writers_10_two_replicas_one_order_per_second', two.accepted / seconds, 'changes/s', {
      ratio: round(two.accepted / Math.max(1, ten.accepted)),
      anchor: 'writers_10_one_order_per_second',
      ratioToOneReplicaThroughHaproxy: round(two.accepted / Math.max(1, tenHaproxy.accepted)),
      ratioToOneWriter: round(two.accepted / Math.max(1, one.accepted)),
      replicas: 2,
      through: 'HAProxy, round robin',
      target: '>= 0.8, 0 conflicts, hookCalls = accepted x 3',
      clientConflicts409: two.conflicts,
      otherFailures: two.other,
      hookCalls: two.hookCalls,
      expectedHookCalls: two.accepted * HOOKS,
      cpuMsPerChange: cpuMsPerChange(two),
    });
    const pinned = await phase(10, pools.tenTwoReplicas, true);
    report('writers_10_if_match_two_replicas_one_order_per_second', pinned.accepted / (phaseMs / 1000), 'changes/s', {
      replicas: 2,
      target: 'hookCalls = accepted x 3 (a 409 calls no hook)',
      clientConflicts409: pinned.conflicts,
      otherFailures: pinned.other,
      hookCalls: pinned.hookCalls,
      expectedHookCalls: pinned.accepted * HOOKS,
    });
  } finally {
    for (const pool of Object.values(pools)) await pool.close();
    await haproxy.stop();
    await replica.stop();
    receiver.close();
  }
}
