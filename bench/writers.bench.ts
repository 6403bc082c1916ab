/**
 * Writers on one hooked order: 10 concurrent writers replacing the billing address of one order
 * with three `/customer` hooks (REST PUT, no If-Match), against one writer on the same order, in
 * alternating phases. Reports what clients see (409s), hook calls against accepted changes × 3,
 * and CPU of the stack per accepted change.
 */
import { Pool } from 'undici';
import type { BenchContext } from './bench-context.js';
import { report, round } from './bench-system.js';
import { countingReceiver } from './receiver.js';

const tenant = { merchant: 'bench-writers', channel: 'web' };
const HOOKS = 3;

export async function run(ctx: BenchContext): Promise<void> {
  const phaseMs = ctx.quick ? 500 : 2_000;
  const rounds = ctx.quick ? 1 : 2;
  const receiver = await countingReceiver();
  const token = await ctx.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel };
  const pool = new Pool(ctx.urls.order!, { connections: 10 });
  const created = await pool.request({
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
  let n = 0;
  const phase = async (writers: number) => {
    const statuses = new Map<number, number>();
    const hooksBefore = receiver.total('/hook-');
    const cpuBefore = await ctx.stack.cpu();
    const until = performance.now() + phaseMs;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (performance.now() < until) {
          const answer = await pool.request({
            method: 'PUT',
            path: `/api/v0/checkout/orders/${order.id}/customer/billing`,
            headers,
            body: JSON.stringify({ givenName: 'Kari', familyName: `Writer ${n++}`, city: 'Oslo', country: 'NO' }),
          });
          await answer.body.dump();
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        }
      }),
    );
    return { statuses, hookCalls: receiver.total('/hook-') - hooksBefore, cpuUs: (await ctx.stack.cpu()) - cpuBefore };
  };
  await phase(1); // warm-up
  const sum = { 1: { accepted: 0, conflicts: 0, other: 0, hookCalls: 0, cpuUs: 0 }, 10: { accepted: 0, conflicts: 0, other: 0, hookCalls: 0, cpuUs: 0 } };
  for (let r = 0; r < rounds; r++) {
    for (const writers of r % 2 === 0 ? ([10, 1] as const) : ([1, 10] as const)) {
      const result = await phase(writers);
      const into = sum[writers];
      into.accepted += result.statuses.get(200) ?? 0;
      into.conflicts += result.statuses.get(409) ?? 0;
      into.other += [...result.statuses].filter(([status]) => status !== 200 && status !== 409).reduce((total, [, count]) => total + count, 0);
      into.hookCalls += result.hookCalls;
      into.cpuUs += result.cpuUs;
    }
  }
  const seconds = (rounds * phaseMs) / 1000;
  const one = sum[1];
  const ten = sum[10];
  report('writers_1_one_order_per_second', one.accepted / seconds, 'changes/s', { anchor: true, hookCalls: one.hookCalls, expectedHookCalls: one.accepted * HOOKS, cpuMsPerChange: round(one.cpuUs / 1000 / Math.max(1, one.accepted)) });
  report('writers_10_one_order_per_second', ten.accepted / seconds, 'changes/s', {
    ratio: round(ten.accepted / Math.max(1, one.accepted)),
    anchor: 'writers_1_one_order_per_second',
    target: '>= 0.8, 0 conflicts, hookCalls = accepted x 3',
    clientConflicts409: ten.conflicts,
    otherFailures: ten.other,
    hookCalls: ten.hookCalls,
    expectedHookCalls: ten.accepted * HOOKS,
    cpuMsPerChange: round(ten.cpuUs / 1000 / Math.max(1, ten.accepted)),
  });
  await pool.close();
  receiver.close();
}
