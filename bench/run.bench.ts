/**
 * `npm run bench [-- --quick] [-- --only=engine,gateway]`: every figure of docs/benchmarks.md,
 * one JSON line each, each with its ratio to the anchor measured in the same run.
 *
 * The runner is the load generator; what is measured runs in child processes (bench-process.ts).
 * The database is embedded PostgreSQL (fsync on) unless DATABASE_URL is set.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import pg from 'pg';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenClaims } from '../platform/auth/principal.js';
import { startEmbeddedPostgres } from '../platform/db/embedded-postgres.server.js';
import { freePort } from '../platform/net/ports.js';
import type { BenchContext } from './bench-context.js';
import { startBenchProcess } from './bench-process.js';
import { report } from './bench-system.js';
import { measureMemory } from './memory.bench.js';

const FIGURES: Record<string, () => Promise<{ run(ctx: BenchContext): Promise<unknown> }>> = {
  engine: () => import('./engine.bench.js'),
  'order-engine': () => import('./order-engine.bench.js'),
  gateway: () => import('./gateway.bench.js'),
  writers: () => import('./writers.bench.js'),
  outbox: () => import('./outbox.bench.js'),
  journey: () => import('./journey.bench.js'),
  subscribers: () => import('./subscribers.bench.js'),
  memory: () => import('./memory.bench.js'),
};

/**
 * Each figure starts on a settled database: what the previous figure wrote is checkpointed first,
 * so a figure's commits do not share the disk with the checkpoint its predecessor's writes bring
 * on (the engine figure commits for a minute at thousands of changes a second, right before the
 * 3-hook change is timed). Needs the right to CHECKPOINT (the embedded database's superuser has
 * it); without it, figures run unsettled and the runner says so.
 */
async function settleDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query('checkpoint');
  } catch (error) {
    process.stderr.write(`bench: could not settle the database before a figure (${error instanceof Error ? error.message : String(error)})\n`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const unknown = only?.filter((name) => !(name in FIGURES));
  if (unknown?.length) throw new Error(`unknown figure(s) ${unknown.join(', ')}; known: ${Object.keys(FIGURES).join(', ')}`);
  const started = performance.now();
  const cleanups: Array<() => Promise<void>> = [];
  try {
    let databaseUrl = process.env.DATABASE_URL;
    // The embedded database's processes descend from this one: figures read their CPU (bench/postgres-cpu.ts).
    let postgresRoot: string | undefined;
    if (!databaseUrl) {
      const parent = await mkdtemp(join(tmpdir(), 'checkout-bench-'));
      await chmod(parent, 0o755);
      const pg = await startEmbeddedPostgres({ dataDir: join(parent, 'data'), port: await freePort(), ephemeral: false });
      cleanups.push(async () => {
        await pg.stop();
        await rm(parent, { recursive: true, force: true });
      });
      databaseUrl = await pg.ensureDatabase('bench');
      postgresRoot = String(process.pid);
    }
    // Every child signs and verifies alike (the writers figure runs a second process of the order service): one secret, one platform key.
    const env = {
      DATABASE_URL: databaseUrl,
      AUTH_JWT_SECRET: randomBytes(32).toString('base64url'),
      AUTH_SIGNING_KEY: JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })),
      ...(postgresRoot ? { BENCH_POSTGRES_ROOT: postgresRoot } : {}),
    };
    const stack = await startBenchProcess('./stack.process.ts', env);
    cleanups.unshift(() => stack.stop());
    const ctx: BenchContext = {
      quick,
      stack,
      env,
      urls: await stack.call('urls'),
      token: (claims: TokenClaims) => stack.call('token', claims),
    };
    await measureMemory(ctx, 'idle');
    for (const [name, load] of Object.entries(FIGURES)) {
      if (only && !only.includes(name)) continue;
      await settleDatabase(databaseUrl);
      const figureStarted = performance.now();
      await (await load()).run(ctx);
      process.stderr.write(`bench: ${name} took ${Math.round(performance.now() - figureStarted)} ms\n`);
    }
    await measureMemory(ctx, 'after_load');
    report('bench_total_seconds', (performance.now() - started) / 1000, 's', { quick, machine: `${(await import('node:os')).cpus().length} cores, load ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}` });
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error).stack}\n`);
    process.exit(1);
  },
);
