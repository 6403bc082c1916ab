import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PgListener } from '../platform/db/pg-listener.js';
import { createLogger } from '../platform/logging/logger.js';
import { eventually } from './harness/orders.js';
import { createEmptyDatabase, type TestDatabase } from './harness/test-database.js';
import { Outage } from './harness/tcp-outage.js';

let database: TestDatabase;
const outage = new Outage();
const logger = createLogger({ level: 'silent' });

beforeAll(async () => {
  database = await createEmptyDatabase();
  await outage.start(new URL(database.url));
});
afterAll(async () => {
  await outage.close();
  await database?.drop();
});

const listeners = async () => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'");
    return rows[0]!.n;
  } finally {
    await client.end();
  }
};

const notify = async (payload: string) => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("select pg_notify('outage_test', $1)", [payload]);
  await client.end();
};

describe('PgListener', () => {
  it('comes back after an outage with one connection, retrying with backoff rather than in a storm', async () => {
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(outage.port);
    const received: string[] = [];
    let reconnects = 0;
    const listener = new PgListener(proxied.toString(), 'outage_test', logger, (payload) => received.push(payload), () => (reconnects += 1));
    await listener.start();
    try {
      await notify('before');
      await eventually(async () => received.includes('before'));

      const attemptsBefore = outage.attempts;
      outage.cut();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // 250, 500, 1000 ms: a handful of tries in two seconds, not thousands.
      expect(outage.attempts - attemptsBefore).toBeLessThanOrEqual(5);
      outage.restore();

      await eventually(async () => reconnects === 1, 30_000);
      await notify('after');
      await eventually(async () => received.includes('after'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reconnects).toBe(1);
      expect(await listeners()).toBe(1);
    } finally {
      await listener.stop();
    }
    await eventually(async () => (await listeners()) === 0);
  });
});
