import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url));

/** Any constant; serialises migrators of several processes starting at once. */
const MIGRATION_LOCK = 72_707_369;

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * Applies prisma/migrations/<name>/migration.sql in name order, each in its own transaction,
 * recording them in `_prisma_migrations` as `prisma migrate deploy` does (so either tool can take
 * over). An applied migration whose file changed since is an error: migrations are append-only.
 */
export async function migrate(url: string, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`
      create table if not exists "_prisma_migrations" (
        "id" varchar(36) primary key,
        "checksum" varchar(64) not null,
        "finished_at" timestamptz,
        "migration_name" varchar(255) not null,
        "logs" text,
        "rolled_back_at" timestamptz,
        "started_at" timestamptz not null default now(),
        "applied_steps_count" integer not null default 0
      )`);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'select migration_name, checksum from "_prisma_migrations" where finished_at is not null and rolled_back_at is null',
    );
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const result: MigrationResult = { applied: [], alreadyApplied: [] };

    for (const name of await listMigrations(dir)) {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const recorded = done.get(name);
      if (recorded !== undefined) {
        if (recorded !== checksum) {
          throw new Error(`Migration ${name} was changed after it was applied; add a new migration instead.`);
        }
        result.alreadyApplied.push(name);
        continue;
      }
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query(
          `insert into "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           values ($1, $2, $3, now(), 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      result.applied.push(name);
    }
    return result;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

async function listMigrations(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && /^\d{14}_[a-z0-9_]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}
