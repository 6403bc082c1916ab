/**
 * Runs Debian's HAProxy as a child process with a generated configuration (haproxy.config.ts)
 * written to a directory of its own, and reads its servers' states from its admin socket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { haproxyConfig, type HaproxyConfigInput } from './haproxy.config.js';

export const HAPROXY_MISSING =
  "HAProxy is not installed. Install Debian's package as root: 'apt-get install -y haproxy' (or point HAPROXY_PATH at an haproxy binary).";

/** The haproxy binary: HAPROXY_PATH, else the first `haproxy` on PATH or in the sbin directories (Debian installs it in /usr/sbin). */
export function findHaproxy(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = env.HAPROXY_PATH
    ? [env.HAPROXY_PATH]
    : [...(env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin', '/sbin'].map((dir) => join(dir, 'haproxy'));
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export interface ServerState {
  /** The backend (the service). */
  service: string;
  server: string;
  /** HAProxy's status: `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (going up), `MAINT`, `no check`. */
  status: string;
  /** Requests it is serving now. */
  current: number;
  /** Requests sent to it so far. */
  total: number;
}

export interface Haproxy {
  pid: number;
  /** The directory holding its configuration and admin socket (removed on stop). */
  dir: string;
  config: string;
  servers(): Promise<ServerState[]>;
  /** Until `server` of `service` is UP (checked and up) or DOWN, or the timeout. */
  waitFor(service: string, server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  /** Soft stop: listeners closed, answers in flight finished (bounded by `hard-stop-after`), then exit. */
  stop(): Promise<void>;
  /** Resolves when the process has exited (for whatever reason). */
  exited: Promise<number | null>;
}

export interface HaproxyOptions {
  /** Each line HAProxy writes (warnings, servers going up and down, errors). */
  onLog?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
}

/** Starts HAProxy with `input`'s configuration; resolves once it listens. Throws HAPROXY_MISSING when there is no haproxy binary. */
export async function startHaproxy(input: Omit<HaproxyConfigInput, 'statsSocket'>, options: HaproxyOptions = {}): Promise<Haproxy> {
  const binary = findHaproxy(options.env);
  if (!binary) throw new Error(HAPROXY_MISSING);
  const dir = await mkdtemp(join(tmpdir(), 'haproxy-'));
  const socket = join(dir, 'admin.sock');
  const config = haproxyConfig({ ...input, statsSocket: socket });
  const configPath = join(dir, 'haproxy.cfg');
  await writeFile(configPath, config);
  // -db: in the foreground, not daemonized; its messages on stderr. In a process group of its own,
  // so a Ctrl-C in the terminal does not stop it at once (SIGINT is HAProxy's hard stop): whoever
  // started it stops it, softly, once the replicas behind it have drained.
  const child: ChildProcess = spawn(binary, ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (output.length < 50) output.push(line);
      options.onLog?.(line);
    });
  }
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.removeListener('exit', orphaned);
      resolve(code);
    }),
  );
  const cleanUp = () => rm(dir, { recursive: true, force: true });
  const command = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = connect(socket);
      const chunks: Buffer[] = [];
      connection.on('data', (chunk: Buffer) => chunks.push(chunk));
      connection.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      connection.on('error', reject);
      connection.end(`${text}\n`);
    });
  const servers = async (): Promise<ServerState[]> => {
    const [header, ...rows] = (await command('show stat')).trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    return rows
      .map((row) => row.split(','))
      .filter((cells) => cells[at('svname')] !== 'FRONTEND' && cells[at('svname')] !== 'BACKEND')
      .map((cells) => ({ service: cells[at('pxname')]!, server: cells[at('svname')]!, status: cells[at('status')]!, current: Number(cells[at('scur')]), total: Number(cells[at('stot')]) }));
  };

  // Listening once its admin socket answers (it binds every listener before serving the socket).
  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) {
      await cleanUp();
      throw new Error(`haproxy exited at start:\n${output.join('\n')}`);
    }
    if (await command('show info').then(() => true, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await cleanUp();
      throw new Error(`haproxy did not start within ${options.startTimeoutMs ?? 15_000} ms:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    pid: child.pid!,
    dir,
    config,
    servers,
    async waitFor(service, server, state, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = (await servers()).find((entry) => entry.service === service && entry.server === server);
        if (!found) throw new Error(`haproxy has no server ${service}/${server}`);
        if (found.status === state) return;
        if (Date.now() > until) throw new Error(`${service}/${server} is ${found.status}, not ${state}, after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGUSR1');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await cleanUp();
    },
    exited,
  };
}
