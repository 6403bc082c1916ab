import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  await globalThis.__embeddedPostgres?.stop();
  if (globalThis.__embeddedPostgresParent) await rm(globalThis.__embeddedPostgresParent, { recursive: true, force: true });
}
