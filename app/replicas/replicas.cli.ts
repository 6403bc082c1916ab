/**
 * `npm run replicas -- --count N [--port-base P]`: N replicas of every platform service and
 * adapter on one PostgreSQL, behind HAProxy (Debian's `haproxy`, with a configuration generated
 * into a temporary directory), and one edge process with the sandboxes and browser apps (README,
 * "Replicas"; docs/scaling.md). The shared settings each replica needs come from the environment,
 * else from DATA_DIR as `npm start` keeps them.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AdapterCredentials } from '../../platform/auth/adapter-credentials.repository.js';
import { localSecret } from '../../platform/auth/local-secret.js';
import { operatorToken } from '../../platform/auth/operator-token.js';
import { platformSigningKey } from '../../platform/auth/signing-key.js';
import { connectDatabase } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrator.js';
import type { ClientCredentials } from '../../platform/env/env.config.js';
import { createLogger, logFormatFor } from '../../platform/logging/logger.js';
import { drainMsFor } from '../../platform/net/haproxy.config.js';
import { HAPROXY_MISSING, findHaproxy, startHaproxy, type Haproxy } from '../../platform/net/haproxy.process.js';
import { loadConfig, loadConfigOrExit } from '../app.config.js';
import { demoInstructions, ensureDemoData } from '../demo/demo-data.js';
import { EDGE_SERVICES, MAX_REPLICAS, REPLICATED_SERVICES, USUAL_PORT_BASE, planReplicas, replicaPorts, stackPort, type ProcessPlan } from './replica.plan.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 180_000;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run replicas -- [--count N] [--port-base P]   (N from 1 to ${MAX_REPLICAS}, default 2; P default ${USUAL_PORT_BASE})\n`);
  process.exit(2);
}

/**
 * The embedded PostgreSQL in a process of its own, in a process group of its own (see
 * embedded-postgres.process.ts): only this command stops it, last.
 */
async function startDetachedPostgres(dataDir: string, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./embedded-postgres.process.ts', import.meta.url)), [dataDir, String(port)], {
    execArgv: ['--import', 'tsx/esm'],
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    void exited.then(() => reject(new Error('the embedded PostgreSQL did not start (its output is above)')));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.send({ command: 'stop' });
      await exited;
    },
  };
}

/** Whether `port` can be listened on at `host` now. */
function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
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
  let portBase: number;
  let portBaseGiven: boolean;
  try {
    const { values } = parseArgs({ options: { count: { type: 'string', default: '2' }, 'port-base': { type: 'string' } }, strict: true });
    count = Number(values.count);
    portBaseGiven = values['port-base'] !== undefined;
    portBase = Number(values['port-base'] ?? USUAL_PORT_BASE);
  } catch (error) {
    usage((error as Error).message);
  }
  if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS) usage(`--count must be a whole number from 1 to ${MAX_REPLICAS}`);
  if (!Number.isInteger(portBase) || portBase < 1024 || portBase > 60_000) usage('--port-base must be a whole number from 1024 to 60000');
  if (!findHaproxy()) {
    process.stderr.write(`${HAPROXY_MISSING}\n`);
    process.exit(1);
  }
  // Beside another stack: with a port base, the embedded PostgreSQL moves too (its port unless
  // EMBEDDED_PG_PORT is set, and its data directory); the keys in DATA_DIR stay shared.
  if (portBaseGiven) process.env.EMBEDDED_PG_PORT ??= String(portBase + 399);
  const config = loadConfigOrExit();
  // Where each service is reached: its <NAME>_PORT when set, else the port base plus its offset.
  const ports = Object.fromEntries(
    [...REPLICATED_SERVICES, ...EDGE_SERVICES].map((name) => [name, process.env[`${name.toUpperCase()}_PORT`] ? config.ports[name]! : stackPort(name, portBase)]),
  );
  // Every port of the set free before anything starts: another stack on them (a `npm start`) would
  // also be running the embedded PostgreSQL of this DATA_DIR, which the start below would take for
  // one an earlier run left behind, and stop. (That PostgreSQL's port alone is not checked: a server
  // a killed run left there is stopped and replaced, as `npm start` does.)
  const wanted = [...Object.values(ports), ...replicaPorts(count, portBase).flatMap((block) => Object.values(block))];
  const taken = (await Promise.all(wanted.map(async (port) => ((await portIsFree(config.host, port)) ? undefined : port)))).filter((port) => port !== undefined);
  if (taken.length > 0) {
    process.stderr.write(
      `Port${taken.length === 1 ? '' : 's'} ${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} in use (another stack, such as a running \`npm start\`?). ` +
        `Run beside it with another port base, e.g. \`npm run replicas -- --count ${count} --port-base 14000\` (it moves every port and the embedded PostgreSQL), or set the <NAME>_PORT settings (and EMBEDDED_PG_PORT, DATA_DIR).\n`,
    );
    process.exit(1);
  }
  const logger = createLogger({ level: config.logLevel, format: logFormatFor(config.logFormat, process.stdout.isTTY) });
  const children: Array<{ plan: ProcessPlan; child: ChildProcess }> = [];
  let haproxy: Haproxy | undefined;
  let embedded: { stop(): Promise<void> } | undefined;
  let started = false;
  let stopping = false;
  const drainMs = config.shutdownDrainMs || drainMsFor();
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), drainMs + config.shutdownGraceMs + 20_000).unref();
    // Replicas first (each answers /readyz 503, serves on until HAProxy has taken it out, then
    // finishes what it has in flight), with the edge process; then HAProxy; then PostgreSQL.
    await Promise.all(
      children.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await haproxy?.stop();
    await embedded?.stop();
    if (started) logger.info('replicas, HAProxy and PostgreSQL stopped, in that order');
    process.exit(code);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => void stop(0));

  // One PostgreSQL for all: DATABASE_URL, else the embedded one `npm start` uses, run by this process.
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const postgres = await startDetachedPostgres(resolve(config.dataDir, portBaseGiven ? `postgres-replicas-${portBase}` : 'postgres'), config.embeddedPostgresPort);
    embedded = postgres;
    databaseUrl = postgres.url;
    logger.info({ port: config.embeddedPostgresPort, dataDir: resolve(config.dataDir) }, 'embedded PostgreSQL started');
  }
  if (stopping) return;
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
  const plan = planReplicas({ count, host: config.host, portBase, ports, shared, credentials, storefrontToken: 'pending', drainMs });
  // The settings as a replica sees them (every address HAProxy's, the shared keys): the storefront token and the demo data use them.
  const sharedConfig = loadConfig({ ...process.env, ...plan.replicas[0]!.env });
  const { merchant, channel } = config.storefront;
  const storefrontToken =
    config.storefront.token ??
    (await operatorToken(sharedConfig, { merchant, channels: [channel], role: 'storefront' }, { expiresIn: 30 * 24 * 3600, subject: `storefront-app:${merchant}` }));
  plan.edge.env.STOREFRONT_TOKEN = storefrontToken;

  // The balancer first: the replicas call each other through it from their first moment. Until
  // a replica answers /readyz, HAProxy sends it nothing (its start-up checks are not reported).
  haproxy = await startHaproxy(
    { services: plan.balancers },
    {
      onLog: (line) => {
        const change = /Server ([\w.-]+)\/([\w.-]+) is (UP|DOWN)/.exec(line);
        if (change) {
          if (started && !stopping) logger.info({ service: change[1], replica: change[2] }, change[3] === 'UP' ? 'replica up' : 'replica down');
        } else if (/\[(ALERT|EMERG)\]/.test(line) && started && !stopping) process.stderr.write(`[haproxy] ${line}\n`);
      },
    },
  ).catch((error: Error) => {
    process.stderr.write(`HAProxy could not start: ${error.message}\n`);
    void stop(1);
    return undefined;
  });
  if (!haproxy || stopping) return;
  void haproxy.exited.then((code) => {
    if (stopping) return;
    process.stderr.write(`HAProxy exited (${code}): stopping the replicas\n`);
    void stop(1);
  });
  for (const processPlan of [...plan.replicas, plan.edge]) children.push({ plan: processPlan, child: startProcess(processPlan) });
  const exited = () => children.find(({ child }) => child.exitCode !== null || child.signalCode !== null)?.plan.name;
  for (const { plan: processPlan, child } of children) {
    child.once('exit', (code, signal) => {
      if (!stopping) logger.warn({ process: processPlan.name, code, signal }, 'a process of the replica set exited; HAProxy goes on with the others');
    });
  }
  try {
    await waitReady(plan.replicaUrls.flatMap((replica) => Object.values(replica)), exited);
    for (const balancer of plan.balancers) for (const server of balancer.servers) await haproxy.waitFor(balancer.name, server.name, 'UP', 10_000);
  } catch (error) {
    if (stopping) return;
    process.stderr.write(`Start-up failed: ${(error as Error).message}\n`);
    await stop(1);
    return;
  }
  started = true;

  let demo = '';
  if (config.demoData) {
    const seeded = await ensureDemoData(sharedConfig, logger).catch((error: unknown) => {
      logger.warn({ err: error }, 'demo data could not be prepared');
      return { basketId: undefined };
    });
    demo = `\n${demoInstructions(sharedConfig.urls.gateway, seeded.basketId, sharedConfig.urls.storefront)}`;
  }
  const lines = plan.balancers.map(({ name, bind, servers }) => `  ${name.padEnd(28)} :${bind.port}  →  ${servers.map((server) => server.port).join(', ')}`);
  process.stdout.write(
    `\n${count} replica${count === 1 ? '' : 's'} on one PostgreSQL, behind HAProxy (pid ${haproxy.pid}, configuration in ${haproxy.dir}; Ctrl-C stops all):\n${lines.join('\n')}\n` +
      `  sandboxes, storefront, admin: one edge process (storefront :${ports.storefront}, admin :${ports.admin})\n${demo}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
