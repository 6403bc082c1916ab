/**
 * Issues an adapter's client credentials and prints them as the two environment lines its
 * process reads, and nothing else:
 *   npm run --silent credentials -- --adapter <id> [--rotate]
 * `--rotate` revokes the adapter's earlier credentials (their tokens die within 5 minutes).
 * The secret is shown once: only its hash is stored. Uses DATABASE_URL, else the embedded
 * PostgreSQL of a running `npm start`.
 */
import { parseArgs } from 'node:util';
import { connectDatabase } from '../platform/db/database.js';
import { embeddedDatabaseUrl } from '../platform/db/embedded-postgres.server.js';
import { migrate } from '../platform/db/migrator.js';
import { adapterCredentialEnvNames } from '../platform/env/env.config.js';
import { loadConfig } from './app.config.js';
import { SERVICE_SPECS } from './service.catalogue.js';
import { ADAPTER_ID_PATTERN, AdapterCredentials } from '../platform/auth/adapter-credentials.repository.js';

function fail(message: string): never {
  process.stderr.write(`${message}\nusage: npm run --silent credentials -- --adapter <adapter_id> [--rotate]\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { adapter?: string; rotate?: boolean };
  try {
    ({ values } = parseArgs({ options: { adapter: { type: 'string' }, rotate: { type: 'boolean' } }, strict: true }));
  } catch (error) {
    fail((error as Error).message);
  }
  const adapterId = values.adapter;
  if (!adapterId) fail('--adapter is required');
  if (!ADAPTER_ID_PATTERN.test(adapterId)) fail('--adapter must be an adapter id: lowercase letters, digits and _');

  const config = loadConfig();
  const url = config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgresPort, 'checkout');
  await migrate(url);
  const db = connectDatabase(url, { max: 1 });
  try {
    const store = new AdapterCredentials(db.prisma);
    if (values.rotate) await store.revokeAll(adapterId);
    const { clientId, clientSecret } = await store.issue(adapterId, 'cli');
    const names = adapterCredentialEnvNames(adapterId, SERVICE_SPECS);
    process.stdout.write(`${names.clientId}=${clientId}\n${names.clientSecret}=${clientSecret}\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => fail((error as Error).message));
