/**
 * Order changes/s through the engine against raw prepared single-statement UPDATEs on the same
 * database (pgbench-style: 8 clients on held connections), in alternating rounds so that load from
 * outside hits both sides alike. Runs inside the stack process (it drives the domain directly).
 */
import type { Tenant } from '../platform/auth/principal.js';
import type { Actor } from '../subgraphs/order/engine/order-engine.js';
import { createOrderDomain } from '../subgraphs/order/order.service.js';
import { loadConfig } from '../app/app.config.js';
import type { BenchContext } from './bench-context.js';
import { report, round, type startBenchSystem } from './bench-system.js';
import { measureCommitShapes, measureEngineSteps, measureStatementWaits } from './engine-steps.js';
import { postgresCpuUs } from './postgres-cpu.js';

const tenant: Tenant = { merchant: 'bench-engine', channel: 'web' };
const actor: Actor = { role: 'admin', subject: 'bench' };
export const cart = (total: number) => ({ items: [{ id: 'i1' }], total: { includingVat: total, excludingVat: round(total * 0.8) } });

export async function measureEngine(bench: Awaited<ReturnType<typeof startBenchSystem>>, { quick }: { quick: boolean }): Promise<void> {
  const { system } = bench;
  const domain = createOrderDomain({ config: loadConfig({ LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'x'.repeat(32) }), db: system.db, logger: system.logger, verifier: { verify: async () => { throw new Error('unused'); } } });
  const context = { tenant, actor };
  const clients = 8;
  const phaseMs = quick ? 300 : 1_000;
  const rounds = quick ? 2 : 5;
  const orders = await Promise.all(Array.from({ length: clients }, () => domain.commands.create(context, { currency: 'NOK', cart: cart(100) })));
  let step = 0;
  // CPU of this (the stack) process per change and per raw update: what load outside cannot stretch.
  // The database's CPU too (the embedded one's processes), so where each side's cost lies shows.
  const cpu = { changes: 0, updates: 0 };
  const databaseCpu = { changes: 0, updates: 0 };
  const cpuOf = async (side: 'changes' | 'updates', phase: () => Promise<number>) => {
    const databaseStarted = postgresCpuUs();
    const started = process.cpuUsage();
    const made = await phase();
    const used = process.cpuUsage(started);
    const databaseEnded = postgresCpuUs();
    cpu[side] += used.user + used.system;
    if (databaseStarted !== undefined && databaseEnded !== undefined) databaseCpu[side] += databaseEnded - databaseStarted;
    return made;
  };
  const changeFor = async (ms: number) => {
    let made = 0;
    const until = performance.now() + ms;
    await Promise.all(
      orders.map(async (order, w) => {
        while (performance.now() < until) {
          await domain.commands.replace(context, order.id, 'cart', cart(100 + w + ++step / 100));
          made++;
        }
      }),
    );
    return made;
  };
  const connections = await Promise.all(orders.map(() => system.db.pool.connect()));
  const update = { name: 'bench-raw-update', text: 'update orders set version = version + 1, updated_at = now() where id = $1' };
  const updateFor = async (ms: number) => {
    let made = 0;
    const until = performance.now() + ms;
    await Promise.all(
      orders.map(async (order, w) => {
        while (performance.now() < until) {
          await connections[w]!.query({ ...update, values: [order.id] });
          made++;
        }
      }),
    );
    return made;
  };
  const grouped = { ...domain.store.commits.stats };
  try {
    await changeFor(phaseMs); // warm-up: JIT, pool, prepared statements
    await updateFor(phaseMs);
    let changes = 0;
    let updates = 0;
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // Alternate which side goes first, so a drift in load favours neither.
      const [c, u] = r % 2 === 0 ? [await cpuOf('changes', () => changeFor(phaseMs)), await cpuOf('updates', () => updateFor(phaseMs))] : [0, await cpuOf('updates', () => updateFor(phaseMs))];
      const c2 = r % 2 === 0 ? c : await cpuOf('changes', () => changeFor(phaseMs));
      changes += c2;
      updates += u;
      ratios.push(round(c2 / u));
    }
    const seconds = (rounds * phaseMs) / 1000;
    const statements = domain.store.commits.stats.statements - grouped.statements;
    const commits = domain.store.commits.stats.commits - grouped.commits;
    const databaseCpuUs = (side: 'changes' | 'updates', made: number) => (databaseCpu[side] > 0 ? round(databaseCpu[side] / made, 0) : null);
    report('raw_prepared_update_per_second', updates / seconds, 'tx/s', { clients, rounds, phaseMs, anchor: true, cpuUsPerUpdate: round(cpu.updates / updates, 0), databaseCpuUsPerUpdate: databaseCpuUs('updates', updates) });
    report('order_changes_per_second_no_hooks', changes / seconds, 'changes/s', {
      clients,
      ratio: round(changes / updates),
      anchor: 'raw_prepared_update_per_second',
      target: '>= 0.8',
      perRound: ratios,
      cpuUsPerChange: round(cpu.changes / changes, 0),
      databaseCpuUsPerChange: databaseCpuUs('changes', changes),
      commitsPerStatement: round(commits / Math.max(1, statements)),
    });
    // Where the time goes: what the statements wait for, the commit statement taken apart, and the CPU steps of a change.
    await measureStatementWaits(system.db.pool, { changes: changeFor, updates: updateFor }, quick);
    await measureCommitShapes(connections, orders.map((order) => order.id), quick);
    measureEngineSteps(quick);
  } finally {
    for (const connection of connections) connection.release();
  }
}

export const run = (ctx: BenchContext) => ctx.stack.call('engine', { quick: ctx.quick });
