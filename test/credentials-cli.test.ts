import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { AdapterCredentials } from '../platform/auth/adapter-credentials.repository.js';
import { createTestDatabase, type TestDatabase } from './harness/test-database.js';
import type { Database } from '../platform/db/database.js';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;

let database: TestDatabase & { db: Database };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const credentials = (...args: string[]) =>
  run('npm', ['run', '--silent', 'credentials', '--', ...args], { cwd: ROOT, env: { PATH: process.env.PATH, DATABASE_URL: database.url } });

describe('npm run credentials', () => {
  it('prints only the two environment lines of new credentials the platform accepts; --rotate revokes the earlier ones', async () => {
    const first = await credentials('--adapter', 'provider_a_checkout_adapter');
    expect(first.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    const match = /^PROVIDER_A_ADAPTER_CLIENT_ID=(\S+)\nPROVIDER_A_ADAPTER_CLIENT_SECRET=(\S+)\n$/.exec(first.stdout);
    expect(match).not.toBeNull();
    const store = new AdapterCredentials(database.db.prisma);
    expect(await store.verify(match![1]!, match![2]!)).toBe('provider_a_checkout_adapter');
    expect(await store.verify(match![1]!, `${match![2]!}x`)).toBeUndefined();
    // Only the hash is kept.
    expect(JSON.stringify(await database.db.prisma.adapterCredential.findMany())).not.toContain(match![2]!);

    const rotated = await credentials('--adapter', 'provider_a_checkout_adapter', '--rotate');
    const [, clientId, clientSecret] = /_CLIENT_ID=(\S+)\n\S+_CLIENT_SECRET=(\S+)\n$/.exec(rotated.stdout)!;
    expect(await store.verify(clientId!, clientSecret!)).toBe('provider_a_checkout_adapter');
    expect(await store.verify(match![1]!, match![2]!)).toBeUndefined();
  }, 120_000);

  it('refuses a missing or malformed adapter id with a usage message and exit 2', async () => {
    for (const args of [[], ['--adapter', 'Not An Id']]) {
      await expect(credentials(...args)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run --silent credentials') });
    }
  }, 120_000);
});
