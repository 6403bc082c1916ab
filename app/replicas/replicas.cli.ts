/**
 * `npm run replicas -- --count N`: N replicas of every platform service and adapter on one
 * PostgreSQL, behind round-robin load balancers on the usual ports, and one edge process with the
 * sandboxes and browser apps (README, "Replicas"; docs/scaling.md). The shared settings each
 * replica needs come from the environment, else from DATA_DIR as `npm start` keeps them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AdapterCredentials } from '../../platform/auth/adapter-credentials.repository.js';
import { localSecret } from '../../platform/auth/local-secret.js';
import { operatorToken } from '../../platform/auth/operator-token.js';
import { platformSigningKey } from '../../platform/auth/signing-key.js';
import { connectDatabase } from '../../platform/db/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../platform/db/embedded-postgres.server.js';
import { migrate } from '../../platform/db/migrator.js';
import type { ClientCredentials } from '../../platform/env/env.config.js';
import { createLogger, logFormatFor } from '../../platform/logging/logger.js';
import { startBalancer, type Balancer } from '../../platform/net/load-balancer.server.js';
import { loadConfigOrExit } from '../app.config.js';
import { demoInstructions, ensureDemoData } from '../demo/demo-data.js';
import { MAX_REPLICAS, REPLICATED_SERVICES, planReplicas, type ProcessPlan } from './replica.plan.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 180_000;

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run replicas -- [--count N]   (1 to ${MAX_REPLICAS}, default 2)\n`);
  process.exit(2);
}

/** Starts one process as `npm start` does, its output line by line behind its name. */
function startProcess(plan: ProcessPlan): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'app/main.ts'], { cwd: ROOT, env: { ...process.env, ...plan.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${plan.name}] ${line}\n`));
  }
  return child;
}

/** Until every address answers /readyz 200 (or the deadline). */
async function waitReady(urls: string[], exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (const url of urls) {
    for (;;) {
      const gone = exited();
      if (gone) throw new Error(`${gone} exited during start-up (its output is above)`);
      const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${url} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function main(): Promise<void> {
  let count: number;
  try {
    const { values } = parseArgs({ options: { count: { type: 'string', default: '2' } }, strict: true });
    count = Number(values.count);
  } catch (error) {
    usage((error as Error).message);
  }
  if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS) usage(`--count must be a whole number from 1 to ${MAX_REPLICAS}`);
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.logLevel, format: logFormatFor(config.logFormat, process.stdout.isTTY) });
  const children: Array<{ plan: ProcessPlan; child: ChildProcess }> = [];
  const balancers: Balancer[] = [];
  let embedded: EmbeddedPostgresHandle | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000).unref();
    // Replicas first (each drains its own requests), then the balancers, then PostgreSQL.
    await Promise.all(
      children.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await Promise.all(balancers.map((balancer) => balancer.close()));
    await embedded?.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));

  // One PostgreSQL for all: DATABASE_URL, else the embedded one `npm start` uses, run by this process.
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: resolve(config.dataDir, 'postgres'), port: config.embeddedPostgresPort });
    databaseUrl = await embedded.ensureDatabase('checkout');
    logger.info({ port: config.embeddedPostgresPort }, 'embedded PostgreSQL started');
  }
  await migrate(databaseUrl);

  // The keys every replica must hold alike: the environment's, else the ones `npm start` keeps in DATA_DIR.
  const signingKey = config.auth.signingKey ?? JSON.stringify((await platformSigningKey({ dataDir: config.dataDir })).privateKey.export({ format: 'jwk' }));
  const shared = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: resolve(config.dataDir),
    AUTH_JWT_SECRET: config.auth.secret ?? localSecret(config.dataDir, 'auth-secret'),
    AUTH_SIGNING_KEY: signingKey,
    CONFIG_ENCRYPTION_KEY: config.configEncryptionKey ?? localSecret(config.dataDir, 'config-key'),
  };
  // One set of client credentials per adapter, handed to every replica of it.
  const db = connectDatabase(databaseUrl, { max: 2 });
  const credentials: Record<string, ClientCredentials> = {};
  try {
    const store = new AdapterCredentials(db.prisma);
    for (const id of REPLICATED_SERVICES) {
      if (!id.endsWith('_adapter')) continue;
      credentials[id] = config.adapterCredentials[id] ?? (await store.issue(id, 'system', { rotate: true }));
    }
  } finally {
    await db.close();
  }
  const sharedConfig = { ...config, auth: { ...config.auth, signingKey } };
  const { merchant, channel } = config.storefront;
  const storefrontToken =
    config.storefront.token ??
    (await operatorToken(sharedConfig, { merchant, channels: [channel], role: 'storefront' }, { expiresIn: 30 * 24 * 3600, subject: `storefront-app:${merchant}` }));
  const plan = planReplicas({ count, host: config.host, shared, credentials, storefrontToken });

  for (const { port, backends, service } of plan.balancers) {
    balancers.push(
      await startBalancer({ backends, host: config.host, port, onBackendChange: (backend, up) => logger.info({ service, backend, up }, up ? 'replica up' : 'replica down') }),
    );
  }
  for (const processPlan of [...plan.replicas, plan.edge]) children.push({ plan: processPlan, child: startProcess(processPlan) });
  const exited = () => children.find(({ child }) => child.exitCode !== null || child.signalCode !== null)?.plan.name;
  for (const { plan: processPlan, child } of children) {
    child.once('exit', (code, signal) => {
      if (!stopping) logger.warn({ process: processPlan.name, code, signal }, 'a process of the replica set exited; the balancers go on with the others');
    });
  }
  try {
    await waitReady(plan.balancers.flatMap((balancer) => balancer.backends), exited);
  } catch (error) {
    if (stopping) return;
    process.stderr.write(`Start-up failed: ${(error as Error).message}\n`);
    await stop(1);
    return;
  }
  for (const balancer of balancers) await balancer.checkHealth();

  const urls = sharedConfig.urls;
  let demo = '';
  if (config.demoData) {
    const seeded = await ensureDemoData(sharedConfig, logger).catch((error: unknown) => {
      logger.warn({ err: error }, 'demo data could not be prepared');
      return { basketId: undefined };
    });
    demo = `\n${demoInstructions(urls.gateway, seeded.basketId, urls.storefront)}`;
  }
  const lines = plan.balancers.map(({ service, port, backends }) => `  ${service.padEnd(28)} :${port}  →  ${backends.map((backend) => new URL(backend).port).join(', ')}`);
  process.stdout.write(`\n${count} replica${count === 1 ? '' : 's'} on one PostgreSQL, behind round-robin balancers (Ctrl-C stops all):\n${lines.join('\n')}\n  sandboxes, storefront, admin: one edge process on their usual ports\n${demo}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
