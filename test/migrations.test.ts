import { afterAll, describe, expect, it } from '@jest/globals';
import { cp, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, migrate } from '../platform/db/migrator.js';
import { createEmptyDatabase, type TestDatabase } from './harness/test-database.js';

const databases: TestDatabase[] = [];
afterAll(() => Promise.all(databases.map((database) => database.drop())));

async function emptyDatabase() {
  const database = await createEmptyDatabase();
  databases.push(database);
  return database;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('migrator', () => {
  it('applies every migration to an empty database and records it as Prisma does', async () => {
    const { url } = await emptyDatabase();
    const all = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{14}_/.test(name)).sort();
    const result = await migrate(url);
    expect(result.applied).toEqual(all);
    const recorded = await query<{ migration_name: string; checksum: string }>(url, 'select migration_name, checksum from "_prisma_migrations" order by migration_name');
    expect(recorded.map((row) => row.migration_name)).toEqual(all);
    expect(recorded.every((row) => /^[0-9a-f]{64}$/.test(row.checksum))).toBe(true);
  });

  it('is idempotent on restart', async () => {
    const { url } = await emptyDatabase();
    await migrate(url);
    const again = await migrate(url);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied.length).toBeGreaterThan(0);
  });

  it('is safe when several processes start at once', async () => {
    const { url } = await emptyDatabase();
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    expect(results.map((result) => result.applied.length).sort()).toEqual([0, 0, results.flatMap((r) => r.applied).length]);
  });

  it('refuses a migration edited after it was applied', async () => {
    const { url } = await emptyDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    await migrate(url, dir);
    const [first] = (await readdir(dir)).sort();
    await writeFile(join(dir, first!, 'migration.sql'), '-- edited\nselect 1;');
    await expect(migrate(url, dir)).rejects.toThrow(/was changed after it was applied/);
  });

  it('rolls a failing migration back whole', async () => {
    const { url } = await emptyDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    await cp(join(dir, (await readdir(dir)).sort()[0]!), join(dir, '29991231000000_broken'), { recursive: true });
    await writeFile(join(dir, '29991231000000_broken', 'migration.sql'), 'create table half_written (id int); select * from no_such_table;');
    await expect(migrate(url, dir)).rejects.toThrow(/29991231000000_broken failed/);
    expect(await query(url, "select 1 from information_schema.tables where table_name = 'half_written'")).toEqual([]);
  });
});
