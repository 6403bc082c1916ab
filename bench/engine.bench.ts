/**
 * Order changes/s through the engine against raw prepared single-statement UPDATEs on the same
 * database (pgbench-style: clients on held connections), in alternating rounds so that load from
 * outside hits both sides alike. Runs inside the stack process (it drives the domain directly).
 *
 * The anchor is the database's ceiling for single-statement commits: the raw rate at 8, 16 and 32
 * clients, the best of them. The engine's figure is its capacity: 32 writers (as many as one
 * commit statement may carry), each changing its own order. The like-for-like reading (8 writers
 * against 8 raw clients) is reported beside it.
 */
import pg from 'pg';
import type { Tenant } from '../platform/auth/principal.js';
import type { Actor } from '../platform/auth/actor.js';
import { createOrderDomain } from '../subgraphs/order/order.service.js';
import { loadConfig } from '../app/app.config.js';
import type { BenchContext } from './bench-context.js';
import { report, round, type startBenchSystem } from './bench-system.js';
import { measureCommitShapes, measureEngineSteps, measureStatementWaits } from './engine-steps.js';
import { postgresCpuUs } from './postgres-cpu.js';

const tenant: Tenant = { merchant: 'bench-engine', channel: 'web' };
const actor: Actor = { role: 'admin', subject: 'bench' };
/** A one-item cart of `total` (in whole øre: the platform refuses amounts finer than the currency's minor unit). */
export const cart = (total: number) => ({ items: [{ id: 'i1' }], total: { includingVat: round(total), excludingVat: round(total * 0.8) } });

/** The engine at capacity, the like-for-like count, and the raw client counts the ceiling is taken over. */
const WRITERS = 32;
const LIKE_FOR_LIKE = 8;
const RAW_CLIENTS = [8, 16, 32];

type Side = `changes@${number}` | `updates@${number}`;

export async function measureEngine(bench: Awaited<ReturnType<typeof startBenchSystem>>, { quick }: { quick: boolean }): Promise<void> {
  const { system } = bench;
  const domain = createOrderDomain({ config: loadConfig({ LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'x'.repeat(32) }), db: system.db, logger: system.logger, verifier: { verify: async () => { throw new Error('unused'); } } });
  const context = { tenant, actor };
  const most = Math.max(WRITERS, ...RAW_CLIENTS);
  const phaseMs = quick ? 300 : 1_000;
  // Quick mode's first 300 ms round reads low, whatever the warm-up (docs/benchmarks.md): four rounds, so it weighs a quarter.
  const rounds = quick ? 4 : 5;
  const orders = await Promise.all(Array.from({ length: most }, () => domain.commands.create(context, { currency: 'NOK', cart: cart(100) })));
  let step = 0;
  // Per side: what it made, the CPU of this (the stack) process (what load outside cannot stretch),
  // the database's CPU (the embedded one's processes), and the commits and statements of the engine.
  // and the WAL it wrote (pg_current_wal_lsn before and after: the bytes a commit makes the database flush).
  const tally = new Map<Side, { made: number; cpuUs: number; databaseCpuUs: number; statements: number; commits: number; walBytes: number }>();
  const walPosition = async () => BigInt((await system.db.pool.query<{ lsn: string }>(`select (pg_current_wal_lsn() - '0/0'::pg_lsn)::text as lsn`)).rows[0]!.lsn);
  const measured = async (side: Side, phase: () => Promise<number>) => {
    const grouped = { ...domain.store.commits.stats };
    const walStarted = await walPosition();
    const databaseStarted = postgresCpuUs();
    const started = process.cpuUsage();
    const made = await phase();
    const used = process.cpuUsage(started);
    const databaseEnded = postgresCpuUs();
    const walEnded = await walPosition();
    const entry = tally.get(side) ?? { made: 0, cpuUs: 0, databaseCpuUs: 0, statements: 0, commits: 0, walBytes: 0 };
    entry.walBytes += Number(walEnded - walStarted);
    entry.made += made;
    entry.cpuUs += used.user + used.system;
    if (databaseStarted !== undefined && databaseEnded !== undefined) entry.databaseCpuUs += databaseEnded - databaseStarted;
    entry.statements += domain.store.commits.stats.statements - grouped.statements;
    entry.commits += domain.store.commits.stats.commits - grouped.commits;
    tally.set(side, entry);
    return made;
  };
  /** `count` callers in a closed loop for `ms`, caller `w` working on the w-th order: how many calls finished. */
  const loopFor = async (ms: number, count: number, call: (w: number) => Promise<unknown>) => {
    let made = 0;
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: count }, async (_, w) => {
        while (performance.now() < until) {
          await call(w);
          made++;
        }
      }),
    );
    return made;
  };
  // The raw clients' own held connections, beside the stack's pool.
  const raw = new pg.Pool({ connectionString: system.db.url, max: most });
  const connections = await Promise.all(orders.map(() => raw.connect()));
  const update = { name: 'bench-raw-update', text: 'update orders set version = version + 1, updated_at = now() where id = $1' };
  const changeFor = (ms: number, writers: number) => loopFor(ms, writers, (w) => domain.commands.replace(context, orders[w]!.id, 'cart', cart(100 + w + ++step / 100)));
  const updateFor = (ms: number, clients: number) => loopFor(ms, clients, (w) => connections[w]!.query({ ...update, values: [orders[w]!.id] }));
  const phases: Array<{ side: Side; run: () => Promise<number> }> = [
    { side: `changes@${WRITERS}`, run: () => changeFor(phaseMs, WRITERS) },
    ...RAW_CLIENTS.map((clients) => ({ side: `updates@${clients}` as Side, run: () => updateFor(phaseMs, clients) })),
    { side: `changes@${LIKE_FOR_LIKE}`, run: () => changeFor(phaseMs, LIKE_FOR_LIKE) },
  ];
  try {
    // Warm-up: JIT, pools, prepared statements (the first second of changes runs slower than the rest).
    await changeFor(2 * phaseMs, WRITERS);
    await updateFor(phaseMs, most);
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // Alternate the order of the phases, so a drift in load favours neither side.
      const made = new Map<Side, number>();
      for (const phase of r % 2 === 0 ? phases : [...phases].reverse()) made.set(phase.side, await measured(phase.side, phase.run));
      ratios.push(round(made.get(`changes@${WRITERS}`)! / Math.max(...RAW_CLIENTS.map((clients) => made.get(`updates@${clients}`)!))));
    }
    const seconds = (rounds * phaseMs) / 1000;
    const of = (side: Side) => tally.get(side)!;
    const perSecond = (side: Side) => round(of(side).made / seconds, 0);
    const cpuUs = (side: Side) => round(of(side).cpuUs / of(side).made, 0);
    const databaseCpuUs = (side: Side) => (of(side).databaseCpuUs > 0 ? round(of(side).databaseCpuUs / of(side).made, 0) : null);
    const walBytes = (side: Side) => round(of(side).walBytes / of(side).made, 0);
    const ceiling = RAW_CLIENTS.reduce((best, clients) => (of(`updates@${clients}`).made > of(`updates@${best}`).made ? clients : best));
    const ceilingSide: Side = `updates@${ceiling}`;
    report('raw_prepared_update_per_second', of(ceilingSide).made / seconds, 'tx/s', {
      clients: ceiling,
      byClients: Object.fromEntries(RAW_CLIENTS.map((clients) => [clients, perSecond(`updates@${clients}`)])),
      rounds,
      phaseMs,
      anchor: true,
      cpuUsPerUpdate: cpuUs(ceilingSide),
      databaseCpuUsPerUpdate: databaseCpuUs(ceilingSide),
      walBytesPerUpdate: walBytes(ceilingSide),
    });
    const engineSide = (side: Side) => ({
      cpuUsPerChange: cpuUs(side),
      databaseCpuUsPerChange: databaseCpuUs(side),
      walBytesPerChange: walBytes(side),
      commitsPerStatement: round(of(side).commits / Math.max(1, of(side).statements)),
    });
    const likeForLike: Side = `changes@${LIKE_FOR_LIKE}`;
    report('order_changes_per_second_no_hooks', of(`changes@${WRITERS}`).made / seconds, 'changes/s', {
      writers: WRITERS,
      ratio: round(of(`changes@${WRITERS}`).made / of(ceilingSide).made),
      anchor: 'raw_prepared_update_per_second',
      target: '>= 0.8',
      perRound: ratios,
      ...engineSide(`changes@${WRITERS}`),
      likeForLike: {
        writers: LIKE_FOR_LIKE,
        changesPerSecond: perSecond(likeForLike),
        ratioToRawAtSameClients: round(of(likeForLike).made / of(`updates@${LIKE_FOR_LIKE}`).made),
        ...engineSide(likeForLike),
      },
    });
    // Where the time goes: what the statements wait for, the commit statement taken apart, and the CPU steps of a change.
    await measureStatementWaits(system.db.pool, { changes: (ms) => changeFor(ms, WRITERS), updates: (ms) => updateFor(ms, ceiling) }, quick);
    await measureCommitShapes(connections.slice(0, LIKE_FOR_LIKE), orders.slice(0, LIKE_FOR_LIKE).map((order) => order.id), quick);
    measureEngineSteps(quick);
  } finally {
    for (const connection of connections) connection.release();
    await raw.end();
  }
}

export const run = (ctx: BenchContext) => ctx.stack.call('engine', { quick: ctx.quick });
