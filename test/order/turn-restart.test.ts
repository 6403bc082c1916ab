/**
 * An order's writer turn across a restart of PostgreSQL itself (docs/order-engine.md, "A holder
 * that dies"): the restart ends every session, the living holder's too, so for a moment its
 * turn's lock is free although the holder lives. On a server of the test's own (restarted here),
 * with the holder's turn session reaching it through a proxy the test cuts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderDocument } from '../../contracts/order.types.js';
import { connectDatabase, type Database } from '../../platform/db/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../platform/db/embedded-postgres.server.js';
import { migrate } from '../../platform/db/migrator.js';
import { PgNotifier } from '../../platform/db/pg-notifier.js';
import { createLogger } from '../../platform/logging/logger.js';
import { turnBound } from '../../subgraphs/order/engine/order-callouts.rules.js';
import { OrderStore } from '../../subgraphs/order/engine/order-store.repository.js';
import { OrderTurnLease } from '../../subgraphs/order/engine/order-turn.lease.js';
import { freePort } from '../harness/free-port.js';
import { eventually } from '../harness/orders.js';
import { Outage } from '../harness/tcp-outage.js';

const logger = createLogger({ level: 'silent' });
const tenant = { merchant: 'm-turn-restart', channel: 'web' };
const bound = turnBound({ hookTimeoutMs: 5_000, cascadeLimit: 16 });

let folder: string;
let port: number;
let server: EmbeddedPostgresHandle;
let url: string;
const outage = new Outage();
const opened: Array<{ close(): Promise<void> }> = [];

const start = () => startEmbeddedPostgres({ dataDir: join(folder, 'data'), port });

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'turn-restart-'));
  port = await freePort();
  server = await start();
  url = await server.ensureDatabase('turns');
  await migrate(url);
  await outage.start(new URL(url));
}, 120_000);
afterAll(async () => {
  for (const each of opened.reverse()) await each.close().catch(() => undefined);
  await outage.close();
  await server?.stop();
  await rm(folder, { recursive: true, force: true });
});

/**
 * What a process builds: its pool, and its turn session at `leaseUrl` (default: the database's own
 * address). Its takes wait a minute after a restart for a holder's session (the grace the checks
 * below run in, however loaded the machine; the platform's is LEASE_REOPEN_GRACE_MS).
 */
function process(leaseUrl = url): { db: Database; lease: OrderTurnLease; store: OrderStore } {
  const db = connectDatabase(url, { max: 2 });
  const lease = new OrderTurnLease(leaseUrl, logger, 60_000);
  opened.push(db, lease);
  return { db, lease, store: new OrderStore(db.pool, new PgNotifier(db.pool, logger), {}, lease) };
}

describe('a writer turn across a restart of PostgreSQL', () => {
  it("stays its living holder's while the holder's session reopens; a turn taken after the restart is free as soon as its holder's session ends", async () => {
    const proxied = new URL(url);
    proxied.port = String(outage.port);
    const holder = process(proxied.toString());
    const other = process();
    const id = randomUUID();
    const document = { id, ...tenant, currency: 'NOK', state: { currentStatus: 'checkout', transitions: [] }, cart: { items: [] }, payments: [], hooks: [{ id: 'h', adapterId: 'a_adapter', subscribeTo: '/customer', invoke: 'http://127.0.0.1:1/hook' }] } as unknown as OrderDocument;
    await holder.store.insert(document, [{ id: randomUUID(), type: 'order.created', actor: 'test', data: {} }], []);
    expect((await holder.store.loadTakingTurn(tenant, id, 'holder', bound)).turn).toBe('taken');
    const key = await holder.lease.key();

    // PostgreSQL restarts; the holder lives, but its session cannot come back yet.
    outage.cut();
    await server.stop();
    server = await start();
    const asOther = async () => {
      const read = await other.store.loadTakingTurn(tenant, id, 'other', bound);
      await other.store.releaseTurn(tenant, id, 'other'); // gives back its place in line (or the turn)
      return read.turn;
    };
    // Its lock is free, but the turn was taken before the restart: still the holder's.
    expect(await asOther()).toMatchObject({ holder: 'holder' });

    // The holder's session back, on its key: its turn, as before.
    outage.restore();
    await eventually(async () => (await holder.lease.key()) === key, 30_000);
    expect(await asOther()).toMatchObject({ holder: 'holder' });

    // A turn taken after the restart follows its session: free once the holder's process ends.
    await holder.store.releaseTurn(tenant, id, 'holder');
    expect((await holder.store.loadTakingTurn(tenant, id, 'holder again', bound)).turn).toBe('taken');
    await holder.lease.close();
    // Ended at the server a moment after the client let go of it.
    await eventually(async () => (await asOther()) === 'taken', 5_000);
  });
});
