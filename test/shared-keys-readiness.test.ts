/** A platform process whose signing key (or, running the configuration service, whose CONFIG_ENCRYPTION_KEY) is not the one the platform has is not ready, and says why (docs/scaling.md). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../app/app.config.js';
import { startSystem, type RunningSystem } from '../app/system.js';
import { PublishedSigningKey } from '../platform/auth/published-signing-key.js';
import { keyFingerprint } from '../platform/crypto/shared-key.check.js';
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

/** Another process (of the order service unless `SERVICES` says otherwise) on the same database; its base URL and log lines. */
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
  return { url: (running.urls.order ?? running.urls.configuration)!, lines };
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
    const refused = await rest(second.url, 'GET', '/api/v0/checkout/orders/none', { token, merchant: 'm-key', channel: 'web' });
    expect(refused.status).toBe(401);
    // …and it says it is the key, not the algorithm.
    expect((refused.body as { message: string }).message).toBe(
      `The token is signed by a key this service does not know (key id ${published.kid}): no key of the platform's public keys matches it. It comes from another installation, or this service runs with another AUTH_SIGNING_KEY than the one that signed it.`,
    );
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

describe('the published key, two processes starting at once on an empty table', () => {
  it('exactly one publishes', async () => {
    const database = await createTestDatabase();
    const jwk = () => JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));
    try {
      const keys = await Promise.all([jwk(), jwk()].map((text) => platformSigningKey({ signingKey: text, dataDir })));
      const standings = await Promise.all(keys.map((k) => new PublishedSigningKey(database.db.pool, k).publish()));
      expect(standings.filter((standing) => standing.published)).toHaveLength(1);
      const { rows } = await database.db.pool.query<{ kid: string }>('select kid from platform_signing_key');
      expect(rows).toEqual([{ kid: standings.find((standing) => standing.published)!.kid }]);
    } finally {
      await database.drop();
    }
  });
});

describe('a configuration service process with another CONFIG_ENCRYPTION_KEY', () => {
  it('answers /readyz 503 config_key_mismatch and logs it once; with the same key it is ready', async () => {
    const key = randomBytes(32).toString('base64url');
    const first = await replica({ SERVICES: 'configuration', CONFIGURATION_PORT: '0', CONFIG_ENCRYPTION_KEY: key, AUTH_SIGNING_KEY: system.config.auth.signingKey });
    expect((await rest(first.url, 'GET', '/readyz')).status).toBe(200);
    const { rows } = await system.db.pool.query<{ fingerprint: string }>(`select fingerprint from platform_key_checks where name = 'config_encryption_key'`);
    expect(rows[0]!.fingerprint).toBe(keyFingerprint('config_encryption_key', Buffer.from(key, 'base64url')));
    expect(first.lines.filter((line) => line.code === 'config_key_mismatch')).toEqual([]);

    const other = await replica({ SERVICES: 'configuration', CONFIGURATION_PORT: '0', CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64url'), AUTH_SIGNING_KEY: system.config.auth.signingKey });
    const ready = await rest(other.url, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'config_key_mismatch', details: { key: 'config_encryption_key' } });
    expect(other.lines.filter((line) => line.code === 'config_key_mismatch')).toHaveLength(1);

    const same = await replica({ SERVICES: 'configuration', CONFIGURATION_PORT: '0', CONFIG_ENCRYPTION_KEY: key, AUTH_SIGNING_KEY: system.config.auth.signingKey });
    expect((await rest(same.url, 'GET', '/readyz')).status).toBe(200);
  });
});
