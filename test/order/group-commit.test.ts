import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../platform/logging/logger.js';
import { PgNotifier } from '../../platform/db/pg-notifier.js';
import { ORDER_READ_STATEMENTS_BY_ID } from '../../subgraphs/order/order.repository.js';
import { ORDER_STATEMENTS_BY_ID, OrderStore, VersionConflict, type EventInput, type TransactionLogInput } from '../../subgraphs/order/engine/order-store.repository.js';
import type { OrderDocument } from '../../contracts/order.types.js';
import type { OrderRecord } from '../../subgraphs/order/order.model.js';
import { createTestDatabase } from '../harness/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let store: OrderStore;
const tenant = { merchant: 'm-group', channel: 'web' };

beforeAll(async () => {
  database = await createTestDatabase();
  store = new OrderStore(database.db.pool, new PgNotifier(database.db.pool, createLogger({ level: 'silent' })));
  // One statement at a time: every commit that arrives meanwhile waits and joins the next one.
  Object.assign(store.commits.limits, { maxInFlight: 1, maxBatch: 32 });
});
afterAll(() => database?.drop());

const event = (action: string): EventInput => ({ id: randomUUID(), type: 'order.changed', actor: 'test', data: { action } });
const documentOf = (id: string, reference: string) =>
  ({ id, ...tenant, currency: 'NOK', reference, state: { currentStatus: 'checkout', transitions: [] }, cart: { items: [] }, payments: [], hooks: [] }) as unknown as OrderDocument;

async function newOrder(): Promise<OrderRecord> {
  const id = randomUUID();
  return store.insert(documentOf(id, 'r0'), [{ ...event('created'), type: 'order.created' }], []);
}

/**
 * Runs `work` while the store's only statement slot is taken by a commit blocked on a row lock, so
 * every commit `work` submits waits, and they leave together once the lock is let go.
 */
async function holdingTheSlot<T>(work: () => Promise<T>, expectedWaiting: number): Promise<T> {
  const holder = await newOrder();
  const lock = await database.db.pool.connect();
  try {
    await lock.query('begin');
    await lock.query('select 1 from orders where id = $1 for update', [holder.id]);
    const held = store.update(holder, documentOf(holder.id, 'holder'), event('hold'), []);
    // The holder's statement leaves on the next turn of the event loop, alone; then it waits on the lock.
    while (store.commits.waitingCount > 0) await new Promise((resolve) => setImmediate(resolve));
    const outcome = work();
    expect(store.commits.waitingCount).toBe(expectedWaiting);
    await lock.query('commit');
    await held;
    return await outcome;
  } finally {
    lock.release();
  }
}

describe('group commit of changes to different orders', () => {
  it('commits changes that wait together in one statement, each order at its own next version with its event and document', async () => {
    const orders = await Promise.all(Array.from({ length: 5 }, () => newOrder()));
    const before = { ...store.commits.stats };
    const updated = await holdingTheSlot(() => Promise.all(orders.map((order, i) => store.update(order, documentOf(order.id, `r${i + 1}`), event(`change ${i}`), []))), 5);
    expect(updated.map((order) => [order.version, order.reference])).toEqual(orders.map((_, i) => [2, `r${i + 1}`]));
    expect(store.commits.stats.batched - before.batched).toBe(5);
    const { rows } = await database.db.pool.query<{ order_id: string; version: number; reference: string }>(
      `select e.order_id, e.version, e.document->>'reference' as reference from order_events e where e.order_id = any($1) and e.type = 'order.changed'`,
      [orders.map((order) => order.id)],
    );
    expect(rows.map((row) => [row.order_id, row.version, row.reference]).sort()).toEqual(orders.map((order, i) => [order.id, 2, `r${i + 1}`]).sort());
    const stored = await database.db.pool.query<{ id: string; version: number }>('select id, version from orders where id = any($1)', [orders.map((order) => order.id)]);
    expect(stored.rows.every((row) => row.version === 2)).toBe(true);
  });

  it('refuses only the member whose version moved on; the others commit', async () => {
    const orders = await Promise.all(Array.from({ length: 3 }, () => newOrder()));
    await database.db.pool.query('update orders set version = version + 1 where id = $1', [orders[1]!.id]);
    const outcomes = await holdingTheSlot(() => Promise.allSettled(orders.map((order) => store.update(order, documentOf(order.id, 'changed'), event('change'), []))), 3);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflict);
    const { rows } = await database.db.pool.query<{ id: string; reference: string }>(`select id, document->>'reference' as reference from orders where id = any($1)`, [orders.map((order) => order.id)]);
    expect(new Map(rows.map((row) => [row.id, row.reference]))).toEqual(new Map([[orders[0]!.id, 'changed'], [orders[1]!.id, 'r0'], [orders[2]!.id, 'changed']]));
  });

  it('a member repeating a logged event key gets 409 duplicate_event and changes nothing; the others commit', async () => {
    const orders = await Promise.all(Array.from({ length: 3 }, () => newOrder()));
    const logged = (order: OrderRecord): TransactionLogInput => ({ paymentId: `p-${order.id}`, adapterId: 'nonpsp_adapter', event: 'update', isSuccess: true, eventKey: 'provider-event-1' });
    const first = await store.update(orders[1]!, documentOf(orders[1]!.id, 'first delivery'), event('first'), [], [logged(orders[1]!)]);
    const current = [orders[0]!, first, orders[2]!];
    const statementsBefore = store.commits.stats.retriedAlone;
    const outcomes = await holdingTheSlot(() =>
      Promise.allSettled(current.map((order, i) => store.update(order, documentOf(order.id, 'again'), event('again'), [], i === 1 ? [logged(order)] : []))),
      3,
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'duplicate_event' });
    expect(store.commits.stats.retriedAlone - statementsBefore).toBe(3);
    const { rows } = await database.db.pool.query<{ id: string; version: number }>('select id, version from orders where id = any($1)', [current.map((order) => order.id)]);
    expect(new Map(rows.map((row) => [row.id, row.version]))).toEqual(new Map([[orders[0]!.id, 2], [orders[1]!.id, 2], [orders[2]!.id, 2]]));
    const transactions = await database.db.pool.query('select 1 from payment_transactions where order_id = $1', [orders[1]!.id]);
    expect(transactions.rowCount).toBe(1);
  });

  it('finds an order by its primary key, not by walking its tenant, whatever the parameters', async () => {
    const order = await newOrder();
    const client = await database.db.pool.connect();
    try {
      // A generic plan (the parameters unknown) on a fresh table: where a tenant's listing index looks as cheap as the key.
      await client.query('begin');
      await client.query('set local plan_cache_mode = force_generic_plan');
      // A tiny table is best read whole (autovacuum's statistics decide when that shows): what is
      // asked here is which index the planner walks when it walks one.
      await client.query('set local enable_seqscan = off');
      for (const [name, statement] of Object.entries({ ...ORDER_STATEMENTS_BY_ID, ...ORDER_READ_STATEMENTS_BY_ID })) {
        await client.query(`prepare ${name} as ${statement.text}`);
        const parameters = new Set(statement.text.match(/\$\d+/g)).size;
        const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain execute ${name}(${Array.from({ length: parameters }, () => 'null').join(', ')})`)).rows.map((row) => row['QUERY PLAN']).join('\n');
        // The batch finds its orders by a join on ids (the key, or a scan of a tiny table), never through the tenant's index.
        expect([name, plan.includes('orders_merchant_channel_status_created_at_idx')]).toEqual([name, false]);
        if (!name.startsWith('order_update_many')) expect([name, plan.includes('orders_pkey')]).toEqual([name, true]);
      }
      await client.query('rollback');
    } finally {
      client.release();
    }
    await expect(store.load(tenant, order.id)).resolves.toMatchObject({ id: order.id });
    await expect(store.load({ merchant: 'someone-else', channel: 'web' }, order.id)).resolves.toBeNull();
  });
});
