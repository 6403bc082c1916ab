/**
 * The gateway against the direct subgraph, on a one-subgraph query (order) and a two-subgraph
 * query (order + payment transactions; the direct anchor is its order part): throughput and CPU
 * per request of the serving processes (never the load generator's). Gateways: in-process (the
 * one-process stack), our gateway standalone over HTTP, Hive Gateway standalone over HTTP, and ours
 * with GATEWAY_FAST_PATH off beside its flag-on twin (see CHILDREN). Every (query, target) phase is
 * interleaved with the others, round after round.
 */
import type { BenchContext } from './bench-context.js';
import { startBenchProcess, type BenchProcess } from './bench-process.js';
import { report, round } from './bench-system.js';
import { closedLoop, graphqlTarget, type Target } from './load.js';

const tenant = { merchant: 'bench-gateway', channel: 'web' };
const ONE = 'query One($id: ID!) { order(id: $id) { id status total { includingVat } } }';
const TWO = 'query Two($id: ID!) { order(id: $id) { id status total { includingVat } payments { id amount transactions { event amount } } } }';
const TWO_ORDER_PART = 'query Two($id: ID!) { order(id: $id) { id status total { includingVat } payments { id amount } } }';

interface Served {
  target: Target;
  /** The processes whose CPU a request through this target costs. */
  processes: BenchProcess[];
}

/**
 * The gateways in child processes: ours standalone over HTTP, ours with the four subgraphs in its
 * own process (`in_process_solo`: the stack's in-process gateway shares its process with the rest
 * of the platform), each also with GATEWAY_FAST_PATH off (`_off`, docs/gateway-fast-path.md) on
 * the same subgraphs in the same process; and Hive standalone.
 */
const CHILDREN = { standalone: 'ours', in_process_solo: 'ours_in_process', hive: 'hive' } as const;

async function standalone(ctx: BenchContext, name: keyof typeof CHILDREN, headers: Record<string, string>, concurrency: number): Promise<{ served: Record<string, Served>; process: BenchProcess } | { skipped: string }> {
  const subgraphs = Object.fromEntries(['order', 'payment', 'configuration', 'adapter'].map((subgraph) => [subgraph, ctx.urls[subgraph]]));
  try {
    // Three children start at once on a shared machine: more time than the default to be ready.
    const process = await startBenchProcess('./gateway.process.ts', { ...ctx.env, BENCH_GATEWAY: CHILDREN[name], BENCH_SUBGRAPH_URLS: JSON.stringify(subgraphs) }, 240_000);
    const urls = await process.call<{ on: string; off?: string }>('urls');
    // In-process children serve every fetch themselves; the others cost the stack's subgraphs too.
    const processes = CHILDREN[name] === 'ours_in_process' ? [process] : [ctx.stack, process];
    const served: Record<string, Served> = { [name]: { target: graphqlTarget(name, urls.on, headers, concurrency), processes } };
    const offName = name === 'in_process_solo' ? 'in_process_off' : `${name}_off`;
    if (urls.off) served[offName] = { target: graphqlTarget(offName, urls.off, headers, concurrency), processes };
    return { served, process };
  } catch (error) {
    return { skipped: (error as Error).message.split('\n')[0]! };
  }
}

export async function run(ctx: BenchContext): Promise<void> {
  const concurrency = 16;
  const phaseMs = ctx.quick ? 300 : 1_000;
  const rounds = ctx.quick ? 1 : Math.max(1, Math.floor(Number(process.env.BENCH_GATEWAY_ROUNDS ?? 4)) || 4);
  const admin = await ctx.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  const token = await ctx.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
  const headers = { authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel };
  const orderIds: string[] = [];
  for (let i = 0; i < 64; i++) {
    const created = await fetch(`${ctx.urls.order}/api/v0/checkout/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel },
      body: JSON.stringify({ currency: 'NOK', cart: { items: [{ id: 'i1', quantity: 1, unitPrice: 100 }], total: { includingVat: 100, excludingVat: 80 } }, payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 100 }] }),
    });
    if (created.status !== 201) throw new Error(`order: ${created.status} ${await created.text()}`);
    orderIds.push(((await created.json()) as { id: string }).id);
  }

  const targets: Record<string, Served> = {
    direct: { target: graphqlTarget('direct', ctx.urls.order!, headers, concurrency), processes: [ctx.stack] },
    in_process: { target: graphqlTarget('in_process', ctx.urls.gateway!, headers, concurrency), processes: [ctx.stack] },
  };
  const children: BenchProcess[] = [];
  // The child gateways start at once: their start-up (tsx, Hive's imports) is most of this figure's time.
  const standalones = await Promise.all((Object.keys(CHILDREN) as Array<keyof typeof CHILDREN>).map(async (name) => [name, await standalone(ctx, name, headers, concurrency)] as const));
  for (const [name, started] of standalones) {
    if ('skipped' in started) report(`gateway_${name}_skipped`, 0, 'skipped', { reason: started.skipped });
    else {
      Object.assign(targets, started.served);
      children.push(started.process);
    }
  }

  // Distinct orders (no two requests alike: the gateway's own cost) and one hot order (many
  // readers of one order: what merging identical in-flight subgraph reads buys).
  const workloads = {
    one_subgraph: { query: ONE, direct: ONE, ids: orderIds },
    two_subgraphs: { query: TWO, direct: TWO_ORDER_PART, ids: orderIds },
    two_subgraphs_one_order: { query: TWO, direct: TWO_ORDER_PART, ids: orderIds.slice(0, 1) },
  };
  const bodies = (query: string, ids: string[]) => ids.map((id) => JSON.stringify({ query, variables: { id } }));
  const totals = new Map<string, { done: number; failed: number; cpuUs: number; ms: number }>();
  const phase = async (workload: keyof typeof workloads, name: string, ms: number) => {
    const { target, processes } = targets[name]!;
    const spec = workloads[workload];
    const list = bodies(name === 'direct' ? spec.direct : spec.query, spec.ids);
    const cpuBefore = await Promise.all(processes.map((p) => p.cpu()));
    const result = await closedLoop(ms, concurrency, async (i) => {
      const answer = await target.post(list[i % list.length]!);
      return answer.status === 200 && !answer.text.includes('"errors"');
    });
    const cpuAfter = await Promise.all(processes.map((p) => p.cpu()));
    return { ...result, cpuUs: cpuAfter.reduce((sum, at, k) => sum + at - cpuBefore[k]!, 0) };
  };
  // Every target answers every workload correctly before anything is timed.
  for (const workload of Object.keys(workloads) as Array<keyof typeof workloads>) {
    for (const [name, { target }] of Object.entries(targets)) {
      const spec = workloads[workload];
      const answer = await target.post(bodies(name === 'direct' ? spec.direct : spec.query, spec.ids)[0]!);
      if (answer.status !== 200 || answer.text.includes('"errors"')) throw new Error(`${name} on ${workload}: ${answer.status} ${answer.text.slice(0, 300)}`);
    }
  }
  for (const workload of Object.keys(workloads) as Array<keyof typeof workloads>) for (const name of Object.keys(targets)) await phase(workload, name, Math.min(300, phaseMs)); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const workload of Object.keys(workloads) as Array<keyof typeof workloads>) {
      // Rotate the order of targets each round so none always runs first.
      const names = Object.keys(targets);
      for (let k = 0; k < names.length; k++) {
        const name = names[(k + r) % names.length]!;
        const measured = await phase(workload, name, phaseMs);
        const key = `${workload}/${name}`;
        const sum = totals.get(key) ?? { done: 0, failed: 0, cpuUs: 0, ms: 0 };
        totals.set(key, { done: sum.done + measured.done, failed: sum.failed + measured.failed, cpuUs: sum.cpuUs + measured.cpuUs, ms: sum.ms + measured.elapsedMs });
      }
    }
  }
  for (const workload of Object.keys(workloads)) {
    const figure = (name: string) => {
      const t = totals.get(`${workload}/${name}`);
      return t && { rps: t.done / (t.ms / 1000), cpuMs: t.cpuUs / 1000 / Math.max(1, t.done), failed: t.failed };
    };
    const direct = figure('direct')!;
    const hive = figure('hive');
    report(`gateway_${workload}_direct_rps`, direct.rps, 'req/s', { cpuMsPerRequest: round(direct.cpuMs, 3), failed: direct.failed, anchor: true, concurrency });
    // `fastPathGain`: the flag-on figure over its flag-off twin (GATEWAY_FAST_PATH).
    const off: Record<string, string> = { in_process_solo: 'in_process_off', standalone: 'standalone_off' };
    for (const name of ['in_process', 'in_process_solo', 'in_process_off', 'standalone', 'standalone_off', 'hive']) {
      const f = figure(name);
      if (!f) continue;
      report(`gateway_${workload}_${name}_rps`, f.rps, 'req/s', {
        ratio: round(f.rps / direct.rps),
        anchor: `gateway_${workload}_direct_rps`,
        cpuMsPerRequest: round(f.cpuMs, 3),
        cpuRatio: round(f.cpuMs / direct.cpuMs),
        ...(hive && name !== 'hive' ? { toHive: round(f.rps / hive.rps) } : {}),
        ...(off[name] && figure(off[name]) ? { fastPathGain: round(f.rps / figure(off[name])!.rps), fastPathCpuRatio: round(f.cpuMs / figure(off[name])!.cpuMs) } : {}),
        failed: f.failed,
        ...(workload === 'one_subgraph' && name === 'in_process' ? { target: '>= 0.9 x direct' } : {}),
        ...(workload === 'two_subgraphs' && name === 'in_process' ? { target: '>= 0.6 x direct' } : {}),
      });
    }
  }
  for (const { target } of Object.values(targets)) await target.close();
  for (const child of children) await child.stop();
}
