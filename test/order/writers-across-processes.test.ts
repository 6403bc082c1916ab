/** Writers of one order in different processes take turns through the database (docs/order-engine.md, "Writers across processes"). */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { connectDatabase, type Database } from '../../platform/db/database.js';
import { PgNotifier } from '../../platform/db/pg-notifier.js';
import { observeOrderReads } from '../../platform/db/order-reads.metrics.js';
import { createLogger } from '../../platform/logging/logger.js';
import { callSignerFor } from '../../platform/outbound/call-signer.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OrderDocument } from '../../contracts/order.types.js';
import { OrderEngine, type ChangeRequest } from '../../subgraphs/order/engine/order-engine.js';
import { ORDER_STORE_DELIVERIES, ORDER_STORE_NOTIFY_INTERVAL_MS, OrderStore } from '../../subgraphs/order/engine/order-store.repository.js';
import { OrderWriteQueue, TURN_RUN_LIMIT } from '../../subgraphs/order/engine/order-write.queue.js';
import { OrderTurnWaiters } from '../../subgraphs/order/engine/order-turn.waiters.js';
import { OrderTurnLease } from '../../subgraphs/order/engine/order-turn.lease.js';
import { callsOut, callsOutSql, turnBound, turnBoundMs, turnUntilSql } from '../../subgraphs/order/engine/order-callouts.rules.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { rest } from '../harness/http.js';
import { startBenchProcess, type BenchProcess } from '../../bench/bench-process.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/**
 * Two engines on one database, each with what a process of its own has: its own write queue (the
 * only in-process turn), store (its cache of recent versions, its group commit, its notifier),
 * connection pool and turn waiters. Orders are created through the system's REST shim; every
 * change under test goes through the two engines. Counts only, no timings, except where a wait
 * must end at the holder's expiry.
 */

interface Replica {
  db: Database;
  store: OrderStore;
  turns: OrderTurnWaiters;
  lease: OrderTurnLease;
  engine: OrderEngine;
}

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let receiver: TestAdapter;
let replicas: Replica[];
const tenant = { merchant: 'm-replicas', channel: 'web' };
const HOOKS = ['a', 'b', 'c'];
const logger = createLogger({ level: 'silent' });

/** What one process builds; `listen: false` as a process whose waiters only poll. */
function replica(options: { pollMs?: number; listen?: boolean } = {}): Replica {
  const db = connectDatabase(system.config.databaseUrl!, { max: 5 });
  const lease = new OrderTurnLease(db.url, logger);
  const store = new OrderStore(db.pool, new PgNotifier(db.pool, logger, ORDER_STORE_DELIVERIES, ORDER_STORE_NOTIFY_INTERVAL_MS), {}, lease);
  const turns = new OrderTurnWaiters(options.listen === false ? undefined : db.url, logger, options.pollMs);
  const engine = new OrderEngine(store, callSignerFor(system.config), logger, { ...system.config.engine, maxAttempts: 25 }, undefined, new OrderWriteQueue(), turns);
  return { db, store, turns, lease, engine };
}
/** Ends what `replica` built, as the process's end would. */
async function closeReplica({ turns, lease, db }: Replica): Promise<void> {
  await turns.close();
  await lease.close();
  await db.close();
}

beforeAll(async () => {
  // A hook waiting on its own order's write would wait out this timeout: long enough to be told apart from a slow machine.
  system = await startTestSystem({ services: ['order'], env: { HOOK_TIMEOUT_MS: '30000' } });
  admin = await orderClient(system, tenant, 'admin');
  receiver = await TestAdapter.start();
  replicas = [replica(), replica()];
});
afterAll(async () => {
  for (const each of replicas ?? []) await closeReplica(each);
  await receiver?.close();
  await system?.close();
});

async function hookedOrder(prefix: string): Promise<string> {
  for (const name of HOOKS) receiver.on(`/${prefix}-${name}`, () => ({ status: 200, delayMs: 5 }));
  const created = await admin.call(
    'POST',
    '',
    sampleOrder({ hooks: HOOKS.map((name) => ({ adapterId: `${name}_adapter`, subscribeTo: '/customer', invoke: `${receiver.url}/${prefix}-${name}` })) }),
  );
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}
/** The first call to `path` is answered only once the returned function is called; later calls at once. */
function holdFirstCall(path: string): () => void {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let first = true;
  receiver.on(path, async () => {
    if (first) {
      first = false;
      await gate;
    }
    return { status: 200 };
  });
  return open;
}
const hookCalls = (prefix: string) => receiver.calls.filter((call) => call.path.startsWith(`/${prefix}-`));

const billing = (orderId: string, familyName: string, expectedVersion?: number): ChangeRequest => ({
  tenant,
  orderId,
  actor: { role: 'admin', subject: 'replica-test' },
  action: 'customer.billing.set',
  apply: (draft) => {
    draft.customer = { ...draft.customer, billing: { givenName: 'Kari', familyName, city: 'Oslo', country: 'NO' } };
  },
  ...(expectedVersion === undefined ? {} : { expectedVersion }),
});

async function turnOf(orderId: string) {
  const { rows } = await system.db.pool.query<{ version: number; holder: string | null; until: Date | null }>('select version, turn_holder as holder, turn_until as until from orders where id = $1', [orderId]);
  return rows[0]!;
}
const holdTurn = (orderId: string, holder: string, forMs: number) =>
  system.db.pool.query(`update orders set turn_holder = $2, turn_until = now() + $3::int * interval '1 millisecond' where id = $1`, [orderId, holder, forMs]);

describe('writers of one hooked order in two processes', () => {
  it('10 concurrent writers without If-Match over both: all accepted, no 409, hook calls = accepted changes × hooks, one version each', async () => {
    const orderId = await hookedOrder('ten');
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => replicas[i % 2]!.engine.change(billing(orderId, `Writer ${i}`))));
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as AppError).status ?? String(result.reason)] : []));
    expect(refused).toEqual([]);
    expect(hookCalls('ten')).toHaveLength(10 * HOOKS.length);
    const versions = results.map((result) => (result.status === 'fulfilled' ? result.value.order.version : 0));
    expect(versions.sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    // Each hook call saw the billing its writer sent: no call for a change that was not committed.
    const seen = hookCalls('ten').map((call) => call.body.customer.billing.familyName as string);
    for (let i = 0; i < 10; i++) expect(seen.filter((name) => name === `Writer ${i}`)).toHaveLength(HOOKS.length);
    expect(await turnOf(orderId)).toMatchObject({ version: 11, holder: null, until: null });
  });

  it('concurrent writers pinning the same version over both: one applied, the others 409 without calling any hook', async () => {
    const orderId = await hookedOrder('pinned');
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => replicas[i % 2]!.engine.change(billing(orderId, `Pinned ${i}`, 1))));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as AppError).status] : []));
    expect(refused).toEqual([409, 409, 409, 409, 409]);
    expect(hookCalls('pinned')).toHaveLength(HOOKS.length);
    expect(await turnOf(orderId)).toMatchObject({ version: 2, holder: null });
  });

  it('a writer waiting in another process goes after at most one run of the holding process queue, before the rest of it', async () => {
    const orderId = await hookedOrder('fair');
    const open = holdFirstCall('/fair-a');
    // The other process hears of nothing and reads again every 500 ms: its writer can only go
    // by its place in line, never by being quicker than this process's next writer.
    const other = replica({ listen: false, pollMs: 500 });
    const queued = TURN_RUN_LIMIT + 2;
    const here = Array.from({ length: 1 + queued }, (_, i) => replicas[0]!.engine.change(billing(orderId, `Here ${i}`)));
    // The first writer here holds the turn, inside its first hook call; the others wait in this process's queue.
    await eventually(async () => receiver.calls.some((call) => call.path === '/fair-a'));
    const there = other.engine.change(billing(orderId, 'There'));
    await eventually(async () => other.turns.count === 1);
    open();
    const [thereResult, ...hereResults] = await Promise.all([there, ...here]).finally(() => closeReplica(other));
    // Version 2 is the first writer here; then a run of TURN_RUN_LIMIT more from this process's
    // queue; then the writer next in line; then the rest of the queue.
    const thereVersion = 2 + TURN_RUN_LIMIT + 1;
    expect(thereResult.order.version).toBe(thereVersion);
    const all = Array.from({ length: queued + 2 }, (_, i) => i + 2);
    expect(hereResults.map((result) => result.order.version).sort((a, b) => a - b)).toEqual(all.filter((version) => version !== thereVersion));
    expect(hookCalls('fair')).toHaveLength((queued + 2) * HOOKS.length);
    expect(await turnOf(orderId)).toMatchObject({ version: queued + 3, holder: null, until: null });
  });

  it('a writer of another process is told when a run ends in a change that takes no turn (the order stopped calling out)', async () => {
    const orderId = await hookedOrder('settled');
    const open = holdFirstCall('/settled-a');
    // Hears of the turn by notification only: without one it would wait for the holder's bound.
    const patient = replica({ pollMs: 600_000 });
    try {
      const holding = replicas[0]!.engine.change(billing(orderId, 'Holding'));
      await eventually(async () => receiver.calls.some((call) => call.path === '/settled-a'));
      // Queued behind it here: one change that removes the hooks (it takes the turn within the
      // run, and its commit leaves the turn to the next change here), then one that needs no turn.
      const unhook = replicas[0]!.engine.change({ ...billing(orderId, 'Unhook'), action: 'hooks.set', apply: (draft) => void (draft.hooks = []) });
      const unhooked = replicas[0]!.engine.change(billing(orderId, 'Unhooked'));
      const there = patient.engine.change(billing(orderId, 'There'));
      await eventually(async () => patient.turns.count === 1);
      open();
      await Promise.all([holding, unhook, unhooked]);
      await expect(there).resolves.toMatchObject({ order: { version: 5 } });
    } finally {
      await closeReplica(patient);
    }
  });

  it('a turn is tied to its holder\'s database session: kept while the session lives, taken over at once when it ends', async () => {
    const orderId = await hookedOrder('session');
    // The holder: another process's turn session, holding its lock as OrderTurnLease does; its turn far from its bound.
    const holder = new pg.Client({ connectionString: system.config.databaseUrl });
    holder.on('error', () => undefined); // its end, below
    await holder.connect();
    const key = randomBytes(8).readBigInt64BE().toString();
    await holder.query('select pg_advisory_lock($1::bigint)', [key]);
    await system.db.pool.query(`update orders set turn_holder = 'other-process', turn_until = now() + interval '10 minutes', turn_session = $2, turn_taken = now() where id = $1`, [orderId, key]);
    const polling = replica({ pollMs: 50, listen: false });
    let reads = 0;
    const stopObserving = observeOrderReads((id) => void (id === orderId && reads++));
    try {
      const change = polling.engine.change(billing(orderId, 'After the holder died'));
      // The writer reads again and again and finds the turn held each time: its holder lives.
      await eventually(async () => reads >= 5);
      expect(hookCalls('session')).toHaveLength(0);
      expect(await turnOf(orderId)).toMatchObject({ version: 1, holder: 'other-process' });
      // The holder's process dies, and its session with it: no release, no announcement.
      const died = Date.now();
      await holder.query('select pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
      await expect(change).resolves.toMatchObject({ order: { version: 2 } });
      expect(Date.now() - died).toBeLessThan(5_000);
      expect(hookCalls('session')).toHaveLength(HOOKS.length);
      expect(await turnOf(orderId)).toMatchObject({ version: 2, holder: null, until: null });
    } finally {
      stopObserving();
      await closeReplica(polling);
      await holder.end().catch(() => undefined);
    }
  });

  it('a process\'s turn session comes back after it was lost, and the turns taken then are tied to it', async () => {
    const lost = replica();
    try {
      const key = await lost.lease.key();
      expect(key).not.toBeNull();
      const backend = async () =>
        (await system.db.pool.query<{ pid: number }>(`select pid from pg_locks where locktype = 'advisory' and objsubid = 1 and granted and ((classid::bigint << 32) | objid::bigint) = $1::bigint`, [key])).rows[0]?.pid;
      const pid = await backend();
      expect(pid).toBeDefined();
      await system.db.pool.query('select pg_terminate_backend($1)', [pid]);
      // Reopened, on the same key (nobody else holds it), by another backend; and the lease knows it (asked after the lock is seen taken).
      await eventually(async () => ![undefined, pid].includes(await backend()) && (await lost.lease.key()) === key, 10_000);
      const orderId = await hookedOrder('relost');
      const open = holdFirstCall('/relost-a');
      const holding = lost.engine.change(billing(orderId, 'Holding'));
      await eventually(async () => receiver.calls.some((call) => call.path === '/relost-a'));
      expect((await system.db.pool.query('select turn_session::text as session from orders where id = $1', [orderId])).rows[0]).toEqual({ session: key });
      // The holder lives: another process's writer waits for it, and goes after it.
      const waiting = replicas[1]!.engine.change(billing(orderId, 'After'));
      await eventually(async () => replicas[1]!.turns.count === 1);
      open();
      await expect(holding).resolves.toMatchObject({ order: { version: 2 } });
      await expect(waiting).resolves.toMatchObject({ order: { version: 3 } });
      expect(hookCalls('relost')).toHaveLength(2 * HOOKS.length);
    } finally {
      await closeReplica(lost);
    }
  });

  it('a turn held without a session (a holder that had none) is taken over once it expires', async () => {
    const expired = await hookedOrder('expired');
    await holdTurn(expired, 'dead-process', -1_000);
    await expect(replicas[0]!.engine.change(billing(expired, 'After an expired turn'))).resolves.toMatchObject({ order: { version: 2 } });
    expect(hookCalls('expired')).toHaveLength(HOOKS.length);

    const held = await hookedOrder('held');
    await holdTurn(held, 'dying-process', 1_500);
    const started = Date.now();
    await expect(replicas[1]!.engine.change(billing(held, 'After the holder died'))).resolves.toMatchObject({ order: { version: 2 } });
    // Nothing gives the turn back: the writer waited for it to expire, then took it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(hookCalls('held')).toHaveLength(HOOKS.length);
    expect(await turnOf(held)).toMatchObject({ version: 2, holder: null });
  });

  it('a waiting writer is woken when the turn is given back, not by its poll', async () => {
    const orderId = await hookedOrder('woken');
    const patient = replica({ pollMs: 600_000 });
    try {
      await holdTurn(orderId, 'other-process', 600_000);
      const change = patient.engine.change(billing(orderId, 'Woken'));
      await eventually(async () => patient.turns.count === 1);
      expect(hookCalls('woken')).toHaveLength(0);
      await replicas[0]!.store.releaseTurn(tenant, orderId, 'other-process');
      await expect(change).resolves.toMatchObject({ order: { version: 2 } });
      expect(hookCalls('woken')).toHaveLength(HOOKS.length);
    } finally {
      await closeReplica(patient);
    }
  });

  it('without LISTEN (no database URL, or a missed notification) a waiting writer finds the turn by its poll', async () => {
    const orderId = await hookedOrder('polled');
    const polling = replica({ pollMs: 50, listen: false });
    const { turns, engine } = polling;
    try {
      await holdTurn(orderId, 'other-process', 600_000);
      const change = engine.change(billing(orderId, 'Polled'));
      await eventually(async () => turns.count === 1);
      // Given back without a NOTIFY: only a read finds out.
      await system.db.pool.query('update orders set turn_holder = null, turn_until = null where id = $1', [orderId]);
      await expect(change).resolves.toMatchObject({ order: { version: 2 } });
      expect(hookCalls('polled')).toHaveLength(HOOKS.length);
    } finally {
      await closeReplica(polling);
    }
  });

  it('a vetoed change gives its turn back; a pinned writer waiting for a turn is refused as soon as the version moved on', async () => {
    const orderId = await hookedOrder('veto');
    receiver.on('/veto-b', () => ({ status: 500 }));
    await expect(replicas[0]!.engine.change(billing(orderId, 'Vetoed'))).rejects.toMatchObject({ status: 400, code: 'hook_vetoed' });
    expect(await turnOf(orderId)).toMatchObject({ version: 1, holder: null, until: null });

    receiver.on('/veto-b', () => ({ status: 200 }));
    await replicas[1]!.engine.change(billing(orderId, 'Accepted'));
    await holdTurn(orderId, 'other-process', 600_000);
    const before = hookCalls('veto').length;
    await expect(replicas[0]!.engine.change(billing(orderId, 'Stale pin', 1))).rejects.toMatchObject({ status: 409 });
    expect(hookCalls('veto')).toHaveLength(before);
  });

  it('an order that calls nothing out takes no turn: its changes are not held up by one', async () => {
    const created = await admin.call('POST', '', sampleOrder());
    const orderId = (created.body as { id: string }).id;
    await holdTurn(orderId, 'other-process', 600_000);
    await expect(replicas[1]!.engine.change(billing(orderId, 'Unhooked'))).resolves.toMatchObject({ order: { version: 2 } });
  });
});

describe('writers of one hooked order through two processes of the order service', () => {
  let replicaProcess: BenchProcess;
  let replicaUrl: string;
  beforeAll(async () => {
    // The same database, secrets and settings as the system's order service; a process of its own.
    replicaProcess = await startBenchProcess('../test/harness/order-replica.process.ts', {
      NODE_ENV: 'test',
      DATABASE_URL: system.config.databaseUrl,
      AUTH_JWT_SECRET: system.secret,
      AUTH_SIGNING_KEY: system.config.auth.signingKey,
      SERVICES: 'order',
      ORDER_PORT: '0',
      HOOK_TIMEOUT_MS: '30000',
      LOG_LEVEL: 'silent',
    });
    replicaUrl = (await replicaProcess.call<Record<string, string>>('urls')).order!;
  }, 120_000);
  afterAll(() => replicaProcess?.stop());

  it('10 concurrent REST writers without If-Match, half on each process: all 200, hook calls = accepted changes × hooks', async () => {
    const orderId = await hookedOrder('procs');
    const bases = [system.urls.order!, replicaUrl];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        rest(bases[i % 2]!, 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, { token: admin.token, ...tenant, body: { givenName: 'Kari', familyName: `Process writer ${i}`, city: 'Oslo', country: 'NO' } }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(10).fill(200));
    expect(hookCalls('procs')).toHaveLength(10 * HOOKS.length);
    expect(results.map((result) => Number(result.headers.get('etag')!.replace(/"/g, ''))).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    expect(await turnOf(orderId)).toMatchObject({ version: 11, holder: null, until: null });
  });
});

describe('which orders call out', () => {
  it('the SQL condition and turn expiry agree with the engine on every kind of order', async () => {
    const hook = { id: 'h1', adapterId: 'a', subscribeTo: '/customer', invoke: 'https://hooks.example/a' };
    const payment = (callbacks?: Record<string, string>) => ({ id: 'p1', adapterId: 'a', state: 'intent', ...(callbacks ? { callbacks } : {}) });
    const documents = [
      { hooks: [], payments: [] },
      { hooks: [hook], payments: [] },
      { hooks: [], payments: [payment()] },
      { hooks: [], payments: [payment({ process: 'https://psp.example/process' })] },
      { hooks: [], payments: [payment(), payment({ abort: 'https://psp.example/abort' })] },
      { hooks: [], payments: [payment({ amountChanged: 'https://psp.example/amount', capture: 'https://psp.example/capture' })] },
    ] as unknown as OrderDocument[];
    const { rows } = await system.db.pool.query<{ out: boolean }>(`select ${callsOutSql('d')} as out from jsonb_array_elements($1::jsonb) as t(d)`, [JSON.stringify(documents)]);
    expect(rows.map((row) => row.out)).toEqual(documents.map(callsOut));
    expect(documents.map(callsOut)).toEqual([false, true, false, true, true, false]);

    // The expiry a taken turn gets in SQL is the bound the engine waits for.
    const limits = { hookTimeoutMs: 5_000, cascadeLimit: 16 };
    const { baseMs, perCallMs } = turnBound(limits);
    const bounds = await system.db.pool.query<{ ms: number }>(
      `select (extract(epoch from ${turnUntilSql('d', '$2', '$3')} - now()) * 1000)::int as ms from jsonb_array_elements($1::jsonb) as t(d)`,
      [JSON.stringify(documents), baseMs, perCallMs],
    );
    expect(bounds.rows.map((row) => row.ms)).toEqual(documents.map((document) => turnBoundMs(document, limits)));
    // Three hooks and one payment with the defaults: 5 s × (3 + 2 × 1 + 16) + 10 s.
    expect(turnBoundMs({ hooks: [hook, hook, hook], payments: [payment()] } as unknown as OrderDocument, limits)).toBe(115_000);
  });
});
