/**
 * `npm run replicas` (app/replicas/replicas.cli.ts) as an operator runs it: without HAProxy it
 * says how to install it; with `--port-base` it runs every port of its set (HAProxy's, the
 * replicas', the embedded PostgreSQL's) above the base, clear of a default `npm start`, serves
 * through HAProxy, and on Ctrl-C (SIGINT to its process group) stops the replicas, then HAProxy,
 * then PostgreSQL — with no database error in the replicas' logs while they drain.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { REPLICATED_SERVICES, replicaPorts, stackPort, EDGE_SERVICES } from '../../app/replicas/replica.plan.js';
import { eventually } from '../harness/orders.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'replicas-cli-'));
interface Run {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<number | null>;
}
const started: Run[] = [];
afterAll(async () => {
  // A run a failed test left: stopped as an operator would (Ctrl-C), then for good.
  for (const { child, exited } of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 40_000);

function run(args: string[], env: NodeJS.ProcessEnv): Run {
  const { DATABASE_URL: _database, ...inherited } = process.env;
  // A process group of its own, as a command run from a terminal is.
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'app/replicas/replicas.cli.ts', ...args], { cwd: ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = { child, output, exited };
  started.push(running);
  return running;
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** A port base whose every port (the set's, one replica's, the embedded PostgreSQL's) is free now, below the ephemeral range. */
async function freeBase(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 21_000 + 1_000 * Math.floor(Math.random() * 10);
    const ports = [...[...REPLICATED_SERVICES, ...EDGE_SERVICES].map((name) => stackPort(name, base)), ...Object.values(replicaPorts(1, base)[0]!), base + 399];
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error('no free port base');
}

describe('npm run replicas', () => {
  it('says how to install HAProxy when it is missing, and starts nothing', async () => {
    const { output, exited } = run(['--count', '1'], { HAPROXY_PATH: join(dataDir, 'no-haproxy-here'), DATA_DIR: dataDir });
    expect(await exited).toBe(1);
    expect(output.stderr).toContain("apt-get install -y haproxy");
    expect(output.stdout).not.toMatch(/PostgreSQL started/);
  }, 60_000);

  it('refuses to start beside another stack on its ports, and says how to run beside it', async () => {
    const base = await freeBase();
    // Another stack's order service on the set's order port.
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(stackPort('order', base), '127.0.0.1', () => resolve()));
    try {
      const { output, exited } = run(['--count', '1', '--port-base', String(base)], { DATA_DIR: dataDir });
      expect(await exited).toBe(1);
      expect(output.stderr).toContain(`Port ${stackPort('order', base)} is in use`);
      expect(output.stderr).toContain('--port-base');
      expect(await listening(base + 399)).toBe(false); // no PostgreSQL started
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  }, 60_000);

  it('with --port-base runs its whole set above the base, serves through HAProxy, and stops replicas, then HAProxy, then PostgreSQL', async () => {
    const base = await freeBase();
    const { child, output, exited } = run(['--count', '1', '--port-base', String(base)], { DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
    await eventually(async () => output.stdout.includes('1 replica on one PostgreSQL, behind HAProxy') || child.exitCode !== null, 150_000, 250);
    expect({ exitCode: child.exitCode, stderr: output.stderr.slice(-2000) }).toEqual({ exitCode: null, stderr: expect.any(String) });
    // Every address the banner gives is the base's: nothing on npm start's usual ports.
    const order = stackPort('order', base);
    const replicaOrder = replicaPorts(1, base)[0]!.order!;
    expect(output.stdout).toContain(`order${' '.repeat(23)} :${order}  →  ${replicaOrder}`);
    const banner = output.stdout
      .slice(output.stdout.indexOf('1 replica on one PostgreSQL'))
      .split('\n')
      .filter((line) => !line.startsWith('[') && !line.startsWith('{'))
      .join('\n');
    const bannerPorts = [...banner.matchAll(/(?:[:→,] *)(\d{4,5})\b/g)].map((match) => Number(match[1]));
    expect(bannerPorts.length).toBeGreaterThan(20);
    expect(bannerPorts.filter((port) => port < base)).toEqual([]);
    expect(output.stdout).toContain(`"port":${base + 399}`);
    // HAProxy answers for the replica.
    const ready = await fetch(`http://127.0.0.1:${order}/readyz`);
    expect(ready.status).toBe(200);

    // Stop: record when each listener goes (the replica, HAProxy, PostgreSQL).
    const gone: Record<string, number> = {};
    const watched = { replica: replicaOrder, haproxy: order, postgres: base + 399 };
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const [name, port] of Object.entries(watched)) if (gone[name] === undefined && !(await listening(port))) gone[name] = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // Ctrl-C in a terminal: SIGINT to the command's whole process group (the replicas get it too).
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    watching = false;
    await watcher;
    for (const [name, port] of Object.entries(watched)) if (gone[name] === undefined && !(await listening(port))) gone[name] = performance.now();
    expect(Object.keys(gone).sort()).toEqual(['haproxy', 'postgres', 'replica']);
    expect(gone.replica!).toBeLessThanOrEqual(gone.haproxy!);
    expect(gone.haproxy!).toBeLessThanOrEqual(gone.postgres!);
    expect(output.stdout).toContain('replicas, HAProxy and PostgreSQL stopped, in that order');
    expect(output.stdout).not.toMatch(/database system is shutting down|ECONNREFUSED 127\.0\.0\.1:\d+/);
  }, 180_000);
});
