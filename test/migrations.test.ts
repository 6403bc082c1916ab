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

  it('moves each version\'s document into its commit\'s event, keeping a version without one', async () => {
    const { url } = await emptyDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    const moving = '20261123020000_version_document_in_event';
    for (const name of (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{14}_/.test(name) && name < moving)) await cp(join(MIGRATIONS_DIR, name), join(dir, name), { recursive: true });
    await migrate(url, dir);
    const document = (version: number) => JSON.stringify({ id: 'o1', version });
    await query(
      url,
      `insert into order_versions (order_id, version, merchant, channel, document) values
         ('o1', 1, 'm', 'web', '${document(1)}'), ('o1', 2, 'm', 'web', '${document(2)}'), ('o1', 3, 'm', 'web', '${document(3)}');
       insert into order_events (id, merchant, channel, order_id, type, version, actor, data) values
         ('00000000-0000-4000-8000-000000000001', 'm', 'web', 'o1', 'order.created', 1, 'a', '{}'),
         ('00000000-0000-4000-8000-000000000002', 'm', 'web', 'o1', 'order.changed', 2, 'a', '{}'),
         ('00000000-0000-4000-8000-000000000003', 'm', 'web', 'o1', 'order.change_vetoed', 2, 'a', '{}'),
         ('00000000-0000-4000-8000-000000000004', 'm', 'web', 'o1', 'notification.delivered', 3, 'a', '{}')`,
    );
    await cp(join(MIGRATIONS_DIR, moving), join(dir, moving), { recursive: true });
    await migrate(url, dir);
    const events = await query<{ type: string; version: number; document: { version: number } | null }>(url, "select type, version, document from order_events where order_id = 'o1' order by seq");
    expect(events).toEqual([
      { type: 'order.created', version: 1, document: { id: 'o1', version: 1 } },
      { type: 'order.changed', version: 2, document: { id: 'o1', version: 2 } },
      { type: 'order.change_vetoed', version: 2, document: null },
      { type: 'notification.delivered', version: 3, document: null },
      { type: 'order.version', version: 3, document: { id: 'o1', version: 3 } },
    ]);
    expect(await query(url, "select 1 from information_schema.tables where table_name = 'order_versions'")).toEqual([]);
  });
});
