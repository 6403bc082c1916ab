import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PgListener } from '../platform/db/pg-listener.js';
import { PgNotifier } from '../platform/db/pg-notifier.js';
import { connectDatabase, type Database } from '../platform/db/database.js';
import { createLogger } from '../platform/logging/logger.js';
import { eventually } from './harness/orders.js';
import { createEmptyDatabase, type TestDatabase } from './harness/test-database.js';

let database: TestDatabase;
let db: Database;
let listener: PgListener;
const heard: unknown[] = [];
const logger = createLogger({ level: 'silent' });

beforeAll(async () => {
  database = await createEmptyDatabase();
  db = connectDatabase(database.url, { max: 4 });
  listener = new PgListener(database.url, 'changes', logger, (payload) => heard.push(...(JSON.parse(payload) as unknown[])));
  await listener.start();
});
afterAll(async () => {
  await listener?.stop();
  await db?.close();
  await database?.drop();
});

describe('PgNotifier under a burst', () => {
  it('sends a notification after a quiet spell at once, and what a burst publishes in few statements, losing nothing', async () => {
    const notifier = new PgNotifier(db.pool, logger, { changes: 'packed' }, 1_000);
    const started = performance.now();
    notifier.publish('changes', '0');
    await eventually(async () => heard.length === 1);
    expect(heard).toEqual([0]);
    // "At once" is judged against the 1 s interval with room for a loaded CI machine.
    expect(performance.now() - started).toBeLessThan(500);
    expect(notifier.stats.statements).toBe(1);

    // Within the interval: everything published meanwhile waits for one statement.
    for (let i = 1; i <= 50; i++) notifier.publish('changes', String(i));
    await notifier.drain();
    expect(notifier.stats).toEqual({ statements: 2, published: 51 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
    await eventually(async () => heard.length === 51);
    expect(heard).toEqual(Array.from({ length: 51 }, (_, i) => i));
  });
});
