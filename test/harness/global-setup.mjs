// Jest runs global setup outside its ESM transform, so this file is plain JS and loads the
// platform's TypeScript through tsx.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

/**
 * One PostgreSQL server for the run: DATABASE_URL's when given, else an embedded throw-away one.
 * Each test file then creates its own database on it (test/harness/test-database.ts).
 */
export default async function globalSetup() {
  // Apollo's gateway otherwise probes cloud metadata addresses (169.254.169.254 and the like) and
  // reports usage to Apollo from every system a test starts: outbound calls that hang until their
  // own timeouts on a machine without those hosts, and print MetadataLookupWarning lines.
  // (Set here, the test workers inherit it.)
  process.env.APOLLO_TELEMETRY_DISABLED ??= 'true';
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
  } else {
    const { startEmbeddedPostgres } = await tsImport('../../platform/db/embedded-postgres.server.ts', import.meta.url);
    const parent = await mkdtemp(join(tmpdir(), 'checkout-test-pg-'));
    await chmod(parent, 0o755); // as root, Postgres runs as its own user and must reach its data
    const dataDir = join(parent, 'data');
    globalThis.__embeddedPostgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), ephemeral: true });
    globalThis.__embeddedPostgresParent = parent;
    process.env.TEST_ADMIN_DATABASE_URL = globalThis.__embeddedPostgres.adminUrl;
  }
  await createTemplate(process.env.TEST_ADMIN_DATABASE_URL);
}

/**
 * Every migration applied once, to a template database that each test file's database is copied
 * from (test/harness/test-database.ts): a copy takes about 0.1 s where applying the migrations
 * again takes 0.3-1.8 s on a loaded machine. Nothing connects to the template after this (a
 * copy needs it unused). test/migrations.test.ts still applies them to empty databases.
 */
async function createTemplate(adminUrl) {
  const { default: pg } = await import('pg');
  const { migrate } = await tsImport('../../platform/db/migrator.ts', import.meta.url);
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  globalThis.__testTemplateDatabase = name;
  process.env.TEST_TEMPLATE_DATABASE = name;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
