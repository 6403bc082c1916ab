/** A platform process whose signing key is not the one the platform publishes is not ready, and says why (docs/scaling.md, "Signing key"). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../app/app.config.js';
import { startSystem, type RunningSystem } from '../app/system.js';
import { PublishedSigningKey } from '../platform/auth/published-signing-key.js';
import { platformSigningKey } from '../platform/auth/signing-key.js';
import { createLogger } from '../platform/logging/logger.js';
import { eventually } from './harness/orders.js';
import { rest } from './harness/http.js';
import { createTestDatabase } from './harness/test-database.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

let system: TestSystem;
let dataDir: string;
const others: RunningSystem[] = [];

beforeAll(async () => {
  // The first process: AUTH_SIGNING_KEY set (the harness sets one), so it publishes that key.
  system = await startTestSystem({ services: ['order'] });
  dataDir = await mkdtemp(join(tmpdir(), 'signing-key-'));
});
afterAll(async () => {
  for (const other of others) await other.close();
  await system?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Another process of the order service on the same database; its log lines collected. */
async function replica(env: NodeJS.ProcessEnv): Promise<{ url: string; lines: Array<Record<string, unknown>> }> {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: system.db.url,
    AUTH_JWT_SECRET: system.secret,
    DATA_DIR: dataDir,
    SERVICES: 'order',
    ORDER_PORT: '0',
    ...env,
  });
  const running = await startSystem(config, { logger: createLogger({ level: 'info', destination }) });
  others.push(running);
  return { url: running.urls.order!, lines };
}

describe('two processes of the platform on one database', () => {
  it('with the same AUTH_SIGNING_KEY both are ready', async () => {
    const second = await replica({ AUTH_SIGNING_KEY: system.config.auth.signingKey });
    expect((await rest(system.urls.order!, 'GET', '/readyz')).status).toBe(200);
    expect((await rest(second.url, 'GET', '/readyz')).status).toBe(200);
  });

  it('one that generates its own key answers /readyz 503 signing_key_mismatch naming both keys, logged once at start; the first stays ready', async () => {
    const published = await platformSigningKey({ signingKey: system.config.auth.signingKey, dataDir: system.config.dataDir });
    const own = await platformSigningKey({ dataDir });
    expect(own.kid).not.toBe(published.kid);

    const second = await replica({});
    for (let probe = 0; probe < 2; probe++) {
      const ready = await rest(second.url, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'signing_key_mismatch', details: { kid: own.kid, publishedKid: published.kid } });
      expect((ready.body as { message: string }).message).toMatch(/AUTH_SIGNING_KEY/);
    }
    const logged = second.lines.filter((line) => line.code === 'signing_key_mismatch');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, kid: own.kid, publishedKid: published.kid });
    expect((await rest(system.urls.order!, 'GET', '/readyz')).status).toBe(200);
    // What readiness protects against: the tokens of the published key are refused by the other key's process.
    const token = await system.token({ merchant: 'm-key', channels: ['web'], role: 'admin' });
    expect((await rest(second.url, 'GET', '/api/v0/checkout/orders/none', { token, merchant: 'm-key', channel: 'web' })).status).toBe(401);
  });
});

describe('the published key', () => {
  const key = (jwk: string) => platformSigningKey({ signingKey: jwk, dataDir });
  const newJwk = () => JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));

  it('passes to another key only once no process has renewed it for a lease (every holder stopped)', async () => {
    // A database of its own: no running system renews a key on it.
    const database = await createTestDatabase();
    const logger = createLogger({ level: 'silent' });
    const first = new PublishedSigningKey(database.db.pool, await key(newJwk()), 400);
    const second = new PublishedSigningKey(database.db.pool, await key(newJwk()), 400);
    try {
      await expect(first.start(logger)).resolves.toMatchObject({ published: true });
      await expect(second.start(logger)).resolves.toMatchObject({ published: false });
      await expect(second.readiness()).rejects.toMatchObject({ status: 503, code: 'signing_key_mismatch' });
      // The first keeps renewing: the second stays refused once the first has renewed past two more leases.
      const heldUntil = async () => (await database.db.pool.query<{ at: Date }>('select held_until as at from platform_signing_key')).rows[0]!.at.getTime();
      const firstHeldUntil = await heldUntil();
      await eventually(async () => (await heldUntil()) > firstHeldUntil + 800, 10_000, 50);
      await expect(second.readiness()).rejects.toMatchObject({ code: 'signing_key_mismatch' });
      await expect(first.readiness()).resolves.toBeUndefined();
      // The first stops (its process ended): once its lease runs out the second publishes its key and is ready.
      first.stop();
      await eventually(async () => (await second.readiness().then(() => true, () => false)) || undefined, 10_000, 50);
      await expect(first.publish()).resolves.toMatchObject({ published: false });
    } finally {
      first.stop();
      second.stop();
      await database.drop();
    }
  });
});
