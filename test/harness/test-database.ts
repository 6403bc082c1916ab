import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrator.js';

export interface TestDatabase {
  url: string;
  /** Drops the database; call in afterAll. */
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_ADMIN_DATABASE_URL;
  if (!url) throw new Error('TEST_ADMIN_DATABASE_URL is unset: run the tests with `npm test`.');
  return url;
}

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** A fresh, empty database on the run's server, so test files never share data (`template`: a copy of that database instead). */
export async function createEmptyDatabase(template?: string): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl(), name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A fresh database with every migration applied, and a connection to it: a copy of the run's
 * migrated template (test/harness/global-setup.mjs), else migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase & { db: Database }> {
  const template = process.env.TEST_TEMPLATE_DATABASE;
  const database = await createEmptyDatabase(template);
  if (!template) await migrate(database.url);
  const db = connectDatabase(database.url, { max: 5 });
  return {
    ...database,
    db,
    async drop() {
      await db.close();
      await database.drop();
    },
  };
}
