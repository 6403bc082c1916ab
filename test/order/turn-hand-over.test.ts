/**
 * A hand-over between processes is announced by the commit itself (docs/order-engine.md,
 * "Hand-overs announced by the commit"): a commit that gives back a turn while a writer of another
 * process is next in line notifies in its own statement, and the batched notifier sends nothing
 * for it; every other announcement still goes through the notifier.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PgNotifier } from '../../platform/db/pg-notifier.js';
import { ORDER_TURNS_CHANNEL, OrderStore, type EventInput, type JobInput } from '../../subgraphs/order/engine/order-store.repository.js';
import type { OrderDocument } from '../../contracts/order.types.js';
import type { OrderRecord } from '../../subgraphs/order/order.model.js';
import { createTestDatabase } from '../harness/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let store: OrderStore;
/** What the store handed to its notifier, channel and payload. */
const published: Array<[string, string]> = [];
/** The ORDER_TURNS_CHANNEL payloads PostgreSQL delivered, in commit order. */
const heard: string[] = [];
let listener: pg.PoolClient;
const tenant = { merchant: 'm-hand-over', channel: 'web' };

beforeAll(async () => {
  database = await createTestDatabase();
  store = new OrderStore(database.db.pool, { publish: (channel: string, payload: string) => published.push([channel, payload]) } as unknown as PgNotifier);
  Object.assign(store.commits.limits, { maxInFlight: 1, maxBatch: 32 });
  listener = await database.db.pool.connect();
  listener.on('notification', (message) => {
    if (message.channel === ORDER_TURNS_CHANNEL) heard.push(message.payload ?? '');
  });
  await listener.query(`listen ${ORDER_TURNS_CHANNEL}`);
});
afterAll(async () => {
  listener?.release();
  await database?.drop();
});

const event = (): EventInput => ({ id: randomUUID(), type: 'order.changed', actor: 'test', data: {} });
const documentOf = (id: string, reference: string) =>
  ({ id, ...tenant, currency: 'NOK', reference, state: { currentStatus: 'checkout', transitions: [] }, cart: { items: [] }, payments: [], hooks: [] }) as unknown as OrderDocument;
const job: JobInput = { kind: 'notification', notificationId: 'n1', invoke: 'http://127.0.0.1:1/n', payload: {} };

async function newOrder(): Promise<OrderRecord> {
  const id = randomUUID();
  return store.insert(documentOf(id, 'r0'), [{ ...event(), type: 'order.created' }], []);
}

/** The order's turn held by `holder`; `next` (a writer of another process) next in line, its place kept or lapsed. */
async function holdTurn(order: OrderRecord, next: 'kept' | 'lapsed' | 'none'): Promise<void> {
  await database.db.pool.query(
    `update orders set turn_holder = 'holder', turn_until = now() + interval '1 minute', turn_taken = now(),
            turn_next = case when $2 = 'none' then null else 'next' end,
            turn_next_until = case $2 when 'kept' then now() + interval '2 seconds' when 'lapsed' then now() - interval '1 second' end
      where id = $1`,
    [order.id, next],
  );
}

/**
 * The ORDER_TURNS_CHANNEL notifications committed so far, read up to a marker sent after them:
 * notifications arrive in commit order, so once the marker is here nothing earlier is still on its way.
 */
async function heardSoFar(): Promise<string[]> {
  const marker = `marker-${randomUUID()}`;
  await database.db.pool.query('select pg_notify($1, $2)', [ORDER_TURNS_CHANNEL, marker]);
  while (!heard.includes(marker)) await new Promise((resolve) => setImmediate(resolve));
  const before = heard.splice(0, heard.length);
  return before.slice(0, before.indexOf(marker)).map((payload) => (JSON.parse(payload) as { id: string }).id);
}

const turnsPublished = () => published.splice(0, published.length).filter(([channel]) => channel === ORDER_TURNS_CHANNEL).map(([, payload]) => (JSON.parse(payload) as { id: string }).id);

describe('a commit that hands the turn to another process announces it itself', () => {
  it('notifies in its own statement when a writer of another process is next in line, and publishes nothing more', async () => {
    const order = await newOrder();
    await holdTurn(order, 'kept');
    await heardSoFar();
    turnsPublished();
    const updated = await store.update(order, documentOf(order.id, 'r1'), event(), [], [], true);
    expect(updated.version).toBe(2);
    expect(await heardSoFar()).toEqual([order.id]);
    expect(turnsPublished()).toEqual([]);
    const { rows } = await database.db.pool.query('select turn_holder, turn_next from orders where id = $1', [order.id]);
    expect(rows[0]).toEqual({ turn_holder: null, turn_next: 'next' });
  });

  it('the outbox form of the commit (jobs queued) does the same', async () => {
    const order = await newOrder();
    await holdTurn(order, 'kept');
    await heardSoFar();
    turnsPublished();
    await store.update(order, documentOf(order.id, 'r1'), event(), [job], [], true);
    expect(await heardSoFar()).toEqual([order.id]);
    expect(turnsPublished()).toEqual([]);
  });

  it('with nobody next in line, or a place next in line that lapsed, the notifier announces it, batched', async () => {
    for (const next of ['none', 'lapsed'] as const) {
      const order = await newOrder();
      await holdTurn(order, next);
      await heardSoFar();
      turnsPublished();
      await store.update(order, documentOf(order.id, 'r1'), event(), [], [], true);
      expect([next, await heardSoFar()]).toEqual([next, []]);
      expect([next, turnsPublished()]).toEqual([next, [order.id]]);
    }
  });

  it('a commit that does not give the turn back (a change of the same process takes it next) announces nothing', async () => {
    const order = await newOrder();
    await holdTurn(order, 'kept');
    await heardSoFar();
    turnsPublished();
    await store.update(order, documentOf(order.id, 'r1'), event(), [], [], false);
    expect(await heardSoFar()).toEqual([]);
    expect(turnsPublished()).toEqual([]);
  });

  it('in a group commit, only the members that hand over notify in the statement; the others as alone', async () => {
    const [handOver, kept, nobodyNext, blocker] = await Promise.all(Array.from({ length: 4 }, () => newOrder()));
    await holdTurn(handOver!, 'kept');
    await holdTurn(kept!, 'kept');
    await holdTurn(nobodyNext!, 'none');
    await heardSoFar();
    turnsPublished();
    // The store's one statement slot is taken by a commit waiting on a row lock: the three commits below wait and leave together.
    const lock = await database.db.pool.connect();
    try {
      await lock.query('begin');
      await lock.query('select 1 from orders where id = $1 for update', [blocker!.id]);
      const blocked = store.update(blocker!, documentOf(blocker!.id, 'b'), event(), []);
      while (store.commits.waitingCount > 0) await new Promise((resolve) => setImmediate(resolve));
      const batchedBefore = store.commits.stats.batched;
      const committed = Promise.all([
        store.update(handOver!, documentOf(handOver!.id, 'r1'), event(), [job], [], true),
        store.update(kept!, documentOf(kept!.id, 'r1'), event(), [], [], false),
        store.update(nobodyNext!, documentOf(nobodyNext!.id, 'r1'), event(), [], [], true),
      ]);
      expect(store.commits.waitingCount).toBe(3);
      await lock.query('commit');
      await blocked;
      expect((await committed).map((order) => order.version)).toEqual([2, 2, 2]);
      expect(store.commits.stats.batched - batchedBefore).toBe(3);
    } finally {
      lock.release();
    }
    expect(await heardSoFar()).toEqual([handOver!.id]);
    expect(turnsPublished()).toEqual([nobodyNext!.id]);
  });
});
