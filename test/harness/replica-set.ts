/**
 * Replicas as an operator runs them: `count` processes of `app/main.ts` (the production entry,
 * its own SIGTERM handling) on the test system's database, each on ports of its own, behind
 * HAProxy with the production configuration (docs/scaling.md). A test stops (SIGTERM), starts
 * and kills (kill -9) each one while load runs through HAProxy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '../../platform/env/env.config.js';
import { drainMsFor } from '../../platform/net/haproxy.config.js';
import { freePort } from './free-port.js';
import { replicaEnvironment, startBalancers, type Balancers } from './replicas.js';
import type { TestSystem } from './test-system.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ReplicaProcess {
  /** HAProxy's name for it: r1, r2, … */
  name: string;
  /** Its own address of each service (the same after every restart). */
  urls: Record<string, string>;
  /** SIGTERM, as an operator stops it: resolves once it has exited (after its drain and its requests in flight). */
  stop(): Promise<number | null>;
  /** kill -9: it dies at once, answering nothing more; resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again on the same ports; resolves once every service answers /readyz and HAProxy has it up. */
  start(): Promise<void>;
}

export interface ReplicaSet {
  replicas: ReplicaProcess[];
  /** HAProxy's address of each service. */
  urls: Record<string, string>;
  haproxy: Balancers;
  close(): Promise<void>;
}

async function ready(urls: Record<string, string>, child: ChildProcess, output: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const url of Object.values(urls)) {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`replica exited at start (${child.exitCode ?? child.signalCode}):\n${output.join('')}`);
      const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${url} not ready within ${timeoutMs} ms:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * `count` replicas of `services` (app/main.ts with SERVICES, the test system's shared settings,
 * SHUTDOWN_DRAIN_MS as HAProxy's checks need) behind HAProxy; `replicaHeader` makes every answer
 * say which replica gave it (`x-replica: r1`). `env` is added to every replica's environment.
 */
export async function startReplicaSet(system: TestSystem, options: { services: readonly ServiceName[]; count?: number; env?: NodeJS.ProcessEnv; replicaHeader?: boolean }): Promise<ReplicaSet> {
  const count = options.count ?? 2;
  const base = { ...replicaEnvironment(system, options.services), SHUTDOWN_DRAIN_MS: String(drainMsFor()), ...options.env };
  const replicas: Array<ReplicaProcess & { child?: ChildProcess }> = [];
  let haproxy: Balancers | undefined;
  try {
    for (let k = 1; k <= count; k++) {
      const ports: Record<string, number> = {};
      for (const name of options.services) ports[name] = await freePort();
      const urls = Object.fromEntries(options.services.map((name) => [name, `http://127.0.0.1:${ports[name]}`]));
      const env = { ...process.env, ...base, ...Object.fromEntries(options.services.map((name) => [`${name.toUpperCase()}_PORT`, String(ports[name])])) };
      const replica: ReplicaProcess & { child?: ChildProcess } = {
        name: `r${k}`,
        urls,
        async start() {
          const output: string[] = [];
          const child = spawn(process.execPath, ['--import', 'tsx/esm', 'app/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
          child.stderr!.on('data', (chunk: Buffer) => output.length < 200 && output.push(chunk.toString()));
          replica.child = child;
          await ready(urls, child, output, 120_000);
          if (haproxy) for (const name of options.services) await haproxy.waitFor(name, replica.name, 'UP');
        },
        async stop() {
          const child = replica.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
          const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
          child.kill('SIGTERM');
          return exited;
        },
        async kill() {
          const child = replica.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        },
      };
      replicas.push(replica);
    }
    await Promise.all(replicas.map((replica) => replica.start()));
    haproxy = await startBalancers(options.services, replicas.map((replica) => replica.urls), { replicaHeader: options.replicaHeader });
  } catch (error) {
    await Promise.all(replicas.map((replica) => replica.kill()));
    throw error;
  }
  const balancers = haproxy;
  return {
    replicas,
    urls: balancers.urls,
    haproxy: balancers,
    async close() {
      await Promise.all(replicas.map((replica) => replica.kill()));
      await balancers.stop();
    },
  };
}
