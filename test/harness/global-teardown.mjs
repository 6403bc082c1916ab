import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  // On a server of DATABASE_URL's (an embedded one goes whole below).
  if (globalThis.__testTemplateDatabase && !globalThis.__embeddedPostgres) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${globalThis.__testTemplateDatabase}" with (force)`);
    } finally {
      await admin.end();
    }
  }
  await globalThis.__embeddedPostgres?.stop();
  if (globalThis.__embeddedPostgresParent) await rm(globalThis.__embeddedPostgresParent, { recursive: true, force: true });
}
