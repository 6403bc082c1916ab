/**
 * The notification outbox at its rate: orders with a `/reference` notification to one of four
 * loopback receivers that answer 200 at once, changed through REST by one writer per order as fast as they
 * go; every change queues one job, which the stack's notification worker (8 at a time) delivers.
 * Two shapes: many orders changed once (every queued job may go at once: the pipeline's rate),
 * and 32 orders changed many times (an order's deliveries go one after another, so most of the
 * backlog waits behind its order's first job). Reports deliveries/s from the first delivery to
 * the last, the rate at which the backlog left when the writers stopped was drained, and the CPU
 * per delivery of the stack and of the database (embedded; null with DATABASE_URL): the
 * database's share is what bounds one PostgreSQL.
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { Pool } from 'undici';
import { startBenchProcess } from './bench-process.js';
import type { BenchContext } from './bench-context.js';
import { sleep } from './bench-context.js';
import { report, round } from './bench-system.js';
import { postgresCpuUs } from './postgres-cpu.js';
import { countingReceiver } from './receiver.js';

const tenant = { merchant: 'bench-outbox', channel: 'web' };
const RECEIVERS = 4;

export async function run(ctx: BenchContext): Promise<void> {
  await measure(ctx, 'outbox_deliveries_per_second', ctx.quick ? 160 : 640, 1);
  await measure(ctx, 'outbox_deliveries_per_second_ordered_backlog', 32, ctx.quick ? 10 : 40);
  await againstGraphileWorker(ctx, ctx.quick ? 2_000 : 10_000);
}

/**
 * `outbox_vs_graphile_worker`: the same jobs — each a POST of a ~500-byte JSON body to one of the
 * same four loopback receivers — drained from a backlog by the platform's worker (in the stack's
 * process, its defaults) and by graphile-worker (a process of its own, on the same database), in
 * the same run. graphile-worker runs twice: at concurrency 8 with its defaults, and at 24 with a
 * local queue of 500 and batched completion; the ratio is against the faster. Each rate counts
 * from the first delivery to the last; the platform's worker also signs a call token per call
 * and keeps its order and host-cap rules, which graphile-worker does not.
 */
async function againstGraphileWorker(ctx: BenchContext, count: number): Promise<void> {
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, () => countingReceiver()));
  const postgresRoot = Number(ctx.env.BENCH_POSTGRES_ROOT);
  const database = new pg.Client({ connectionString: ctx.env.DATABASE_URL });
  await database.connect();
  const graphile = await startBenchProcess('./graphile.process.ts', { DATABASE_URL: ctx.env.DATABASE_URL });
  const body = (k: number) => ({ notification: { id: 'vs', scope: '/reference' }, orderId: `vs-${k}`, value: `reference ${k} `.padEnd(400, '.'), version: 2 });
  const delivered = (prefix: string) => receivers.reduce((sum, receiver) => sum + receiver.total(prefix), 0);
  /** Rate from the first delivery to the last, CPU per delivery of the worker's process and of the database. */
  const drain = async (prefix: string, process: { cpu(): Promise<number> }, start: (measureFromHere: () => Promise<void>) => Promise<unknown>) => {
    let cpuBefore = await process.cpu();
    let databaseBefore = postgresCpuUs(postgresRoot);
    const started = performance.now();
    // What queueing the jobs cost is not the drain's.
    const measureFromHere = async () => {
      cpuBefore = await process.cpu();
      databaseBefore = postgresCpuUs(postgresRoot);
    };
    let firstAt: number | undefined;
    const watching = (async () => {
      while (delivered(prefix) < count) {
        if (firstAt === undefined && delivered(prefix) > 0) firstAt = performance.now();
        if (performance.now() - started > 120_000) throw new Error(`${prefix}: ${delivered(prefix)} of ${count} delivered in 120 s`);
        await sleep(1);
      }
    })();
    await Promise.all([start(measureFromHere), watching]);
    const doneAt = performance.now();
    const databaseAfter = postgresCpuUs(postgresRoot);
    return {
      perSecond: round(count / ((doneAt - (firstAt ?? started)) / 1000), 0),
      workerCpuUsPerDelivery: round(((await process.cpu()) - cpuBefore) / count, 0),
      databaseCpuUsPerDelivery: databaseBefore !== undefined && databaseAfter !== undefined ? round((databaseAfter - databaseBefore) / count, 0) : null,
    };
  };
  try {
    const ours = await drain('/vs-ours-', ctx.stack, async (measureFromHere) => {
      // One commit queues them all (as a change's own commit queues its jobs), and its NOTIFY wakes the worker.
      await database.query('begin');
      await database.query(
        `insert into notification_jobs (merchant, channel, order_id, order_version, notification_id, kind, invoke, payload)
         select 'bench-vs', 'web', 'vs-' || k, 2, 'vs', 'notification', ($1::text[])[1 + k % $2] || '/vs-ours-' || k, $3::jsonb - 'orderId' - 'version'
           from generate_series(0, $4::int - 1) k`,
        [receivers.map((receiver) => receiver.url), RECEIVERS, JSON.stringify(body(0)), count],
      );
      await measureFromHere();
      await database.query(`select pg_notify('notification_jobs', 'bench')`);
      await database.query('commit');
    });
    const runs: Record<string, Awaited<ReturnType<typeof drain>>> = {};
    for (const [name, options] of Object.entries({ concurrency8Defaults: { concurrency: 8, localQueue: 0 }, concurrency24LocalQueue500: { concurrency: 24, localQueue: 500 } })) {
      const prefix = `/vs-graphile-${name}-`;
      await graphile.call('enqueue', Array.from({ length: count }, (_, k) => ({ url: `${receivers[k % RECEIVERS]!.url}${prefix}${k}`, body: body(k) })));
      runs[name] = await drain(prefix, graphile, () => graphile.call('drain', { count, ...options }));
    }
    const best = Math.max(...Object.values(runs).map((run) => run.perSecond));
    report('outbox_vs_graphile_worker', ours.perSecond / best, 'ratio', { jobs: count, receivers: RECEIVERS, outbox: ours, graphileWorker: runs, graphileWorkerVersion: '0.17.3' });
  } finally {
    await graphile.stop();
    await database.end();
    for (const receiver of receivers) receiver.close();
  }
}

async function measure(ctx: BenchContext, name: string, orders: number, perOrder: number): Promise<void> {
  const expected = orders * perOrder;
  // Four receivers (ports): a process runs at most half its workers on one receiver (docs/events.md), so one would leave half of them idle.
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, () => countingReceiver()));
  const token = await ctx.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel };
  const writers = Math.min(orders, 32);
  const pool = new Pool(ctx.urls.order!, { connections: writers });
  const postgresRoot = Number(ctx.env.BENCH_POSTGRES_ROOT);
  try {
    const ids = await inBatches(orders, writers, async (i) => {
        const created = await pool.request({
          method: 'POST',
          path: '/api/v0/checkout/orders',
          headers,
          body: JSON.stringify({
            currency: 'NOK',
            cart: { items: [{ id: 'i1', quantity: 1, unitPrice: 100 }], total: { includingVat: 100, excludingVat: 80 } },
            notifications: [{ id: 'n', scope: '/reference', schema: { type: 'string' }, invoke: `${receivers[i % RECEIVERS]!.url}/outbox-${i}` }],
          }),
        });
        const order = (await created.body.json()) as { id: string };
        if (created.statusCode !== 201) throw new Error(`order: ${created.statusCode} ${JSON.stringify(order)}`);
        return order.id;
    });
    const delivered = () => receivers.reduce((sum, receiver) => sum + receiver.total('/outbox-'), 0);
    const cpuBefore = await ctx.stack.cpu();
    const databaseBefore = postgresCpuUs(postgresRoot);
    const started = performance.now();
    let firstAt: number | undefined;
    let writing = true;
    const watch = (async () => {
      while (writing || delivered() < expected) {
        if (firstAt === undefined && delivered() > 0) firstAt = performance.now();
        if (performance.now() - started > 120_000) throw new Error(`outbox: ${delivered()} of ${expected} delivered in 120 s`);
        await sleep(2);
      }
    })();
    let refused = 0;
    // One writer per order, at most 32 at a time; each order's changes in a row.
    await inBatches(orders, writers, async (i) => {
      for (let k = 0; k < perOrder; k++) {
        const answer = await pool.request({ method: 'PUT', path: `/api/v0/checkout/orders/${ids[i]}/reference`, headers, body: JSON.stringify({ reference: `ref-${k}` }) });
        await answer.body.dump();
        if (answer.statusCode !== 200) refused++;
      }
    });
    const writtenAt = performance.now();
    const backlog = expected - delivered();
    writing = false;
    await watch;
    const doneAt = performance.now();
    const cpuUs = (await ctx.stack.cpu()) - cpuBefore;
    const databaseAfter = postgresCpuUs(postgresRoot);
    const databaseCpuUs = databaseBefore !== undefined && databaseAfter !== undefined ? databaseAfter - databaseBefore : undefined;
    const databaseCpuUsPerDelivery = databaseCpuUs === undefined ? null : round(databaseCpuUs / expected, 0);
    report(name, expected / ((doneAt - (firstAt ?? started)) / 1000), 'deliveries/s', {
      orders,
      changesPerOrder: perOrder,
      deliveries: expected,
      refusedChanges: refused,
      changesPerSecond: round(expected / ((writtenAt - started) / 1000), 0),
      backlogWhenWritersStopped: backlog,
      drainPerSecond: backlog > 0 ? round(backlog / ((doneAt - writtenAt) / 1000), 0) : null,
      receivers: RECEIVERS,
      stackCpuUsPerDelivery: round(cpuUs / expected, 0),
      // Stack CPU above includes taking the changes (REST, engine); the database's includes committing them.
      databaseCpuUsPerDelivery,
      databaseCpuBoundPerSecond: databaseCpuUsPerDelivery ? round((cpus().length * 1_000_000) / databaseCpuUsPerDelivery, 0) : null,
    });
  } finally {
    await pool.close();
    for (const receiver of receivers) receiver.close();
  }
}

/** `count` tasks, `width` running at a time: their results in order. */
async function inBatches<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}
