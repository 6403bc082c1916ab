/**
 * Where a change's time goes, step by step: the CPU steps of the engine on a journey-sized order
 * (µs per call, in the stack process), and the commit statement's shapes on the database (the
 * same 8 held connections as the raw anchor, phases alternating). Part of the `engine` figure.
 */
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { assertSafeJson, cloneJson } from '../platform/http/json-guard.js';
import { orderSchemaViolations, orderSchemaViolationsOfMembers } from '../subgraphs/order/domain/order-schema.validator.js';
import { deriveFields } from '../subgraphs/order/domain/order-totals.js';
import { planAmountChanges } from '../subgraphs/order/engine/amount-change.planner.js';
import { changedPointers } from '../subgraphs/order/engine/order-engine.js';
import { planNotifications } from '../subgraphs/order/engine/notification-planner.js';
import type { OrderDocument } from '../contracts/order.types.js';
import { report, round } from './bench-system.js';

/** An order as a journey leaves it in checkout: five lines, billing, two payments, commerce hooks, a notification, a validation. */
function journeyOrder(): OrderDocument {
  const url = 'http://127.0.0.1:1/x';
  const order = {
    id: 'o1', merchant: 'm', channel: 'web', currency: 'NOK', culture: 'nb-NO', country: 'NO',
    state: { currentStatus: 'checkout', transitions: [{ status: 'checkout', timeStamp: new Date().toISOString() }] },
    cart: { reference: 'b1', items: Array.from({ length: 5 }, (_, i) => ({ id: `i${i}`, sku: `S${i}`, name: 'Shoes', quantity: 2, unitPrice: 99.95 })), total: { includingVat: 999.5, excludingVat: 799.6 } },
    customer: { billing: { givenName: 'Kari', familyName: 'Nordmann', city: 'Oslo', country: 'NO' } },
    shippings: [], consents: [],
    payments: [
      { id: 'p1', adapterId: 'giftcard_adapter', amount: 100, state: 'reserved', type: 'giftcard', currency: 'NOK', merchant: 'm', channel: 'web', orderId: 'o1', upperLimitAmount: 100, callbacks: { amountChanged: url, process: url } },
      { id: 'p2', adapterId: 'nonpsp_adapter', amount: 899.5, state: 'intent', type: 'invoice', currency: 'NOK', merchant: 'm', channel: 'web', orderId: 'o1' },
    ],
    hooks: ['/state', '/customer', '/shippings', '/cart'].map((subscribeTo, i) => ({ id: `h${i}`, adapterId: 'commerce_adapter', subscribeTo, invoke: url })),
    notifications: [{ id: 'n1', adapterId: 'commerce_adapter', scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: url }],
    validations: [{ id: 'v1', adapterId: 'commerce_adapter', url }],
    total: { includingVat: 999.5, excludingVat: 799.6 },
  } as unknown as OrderDocument;
  deriveFields(order);
  return order;
}

export function measureEngineSteps(quick: boolean): void {
  const order = journeyOrder();
  const draft = cloneJson(order);
  draft.customer.billing = { ...draft.customer.billing, familyName: 'Writer' } as OrderDocument['customer']['billing'];
  const n = quick ? 500 : 5_000;
  const timeUs = (work: () => unknown) => {
    for (let i = 0; i < n / 10; i++) work();
    const started = performance.now();
    for (let i = 0; i < n; i++) work();
    return round(((performance.now() - started) / n) * 1000);
  };
  const steps = {
    copyStructuredClone: timeUs(() => structuredClone(order)),
    copyJsonClone: timeUs(() => cloneJson(order)),
    hazardWalkWholeOrder: timeUs(() => assertSafeJson(draft, 'x')),
    hazardWalkChangedMember: timeUs(() => assertSafeJson({ customer: draft.customer }, 'x')),
    schemaWholeOrder: timeUs(() => orderSchemaViolations(draft)),
    schemaChangedMember: timeUs(() => orderSchemaViolationsOfMembers(draft, ['customer'])),
    deriveTotals: timeUs(() => deriveFields(draft)),
    diff: timeUs(() => changedPointers(order, draft)),
    planJobs: timeUs(() => [planNotifications(order, draft), planAmountChanges(order, draft, undefined)]),
    serializeDocument: timeUs(() => JSON.stringify(draft)),
  };
  report('engine_change_cpu_steps_us', Object.values(steps).reduce((a, b) => a + b, 0), 'us', { ...steps, orderBytes: JSON.stringify(order).length, note: 'a change copies once (its draft; the remembered version is shared read-only) and walks and validates only changed members; copyStructuredClone, hazardWalkWholeOrder and schemaWholeOrder are what it did before' });
}

/**
 * The commit statement taken apart on the database: the raw anchor, the document update alone,
 * with an event, the shape before the version document moved into the event row (a separate
 * snapshot row, in a copy of the old `order_versions` table made for the bench) and the engine's
 * shape now (the event row carrying the document), both without jobs.
 */
export async function measureCommitShapes(connections: pg.PoolClient[], orderIds: string[], quick: boolean): Promise<void> {
  const { rows } = await connections[0]!.query<{ id: string; document: OrderDocument }>('select id, document from orders where id = any($1)', [orderIds]);
  const documents = orderIds.map((id) => rows.find((row) => row.id === id)!.document);
  await connections[0]!.query(`create table if not exists bench_order_versions (order_id text not null, version integer not null, merchant text not null, channel text not null,
      document jsonb not null, created_at timestamptz(3) not null default current_timestamp, primary key (order_id, version))`);
  const event = () => JSON.stringify([{ id: randomUUID(), type: 'order.changed', actor: 'bench', data: { action: 'cart.replaced', changes: ['/cart'], hooks: [], notificationsQueued: [], amountChangesQueued: [] } }]);
  const write = 'update orders set document = $2, version = version + 1, updated_at = now() where id = $1';
  const snapshot = 'snapshot as (insert into bench_order_versions (order_id, version, merchant, channel, document) select id, version, merchant, channel, document from written)';
  const events = (withDocument: boolean) => `events as (insert into order_events (id, merchant, channel, order_id, type, version, actor, data, document)
      select e.id, w.merchant, w.channel, w.id, e.type, w.version, e.actor, e.data, ${withDocument ? 'case when e.n = 1 then w.document end' : 'null'}
        from written w, rows from (jsonb_to_recordset($3::jsonb) as (id uuid, type text, actor text, data jsonb)) with ordinality as e(id, type, actor, data, n))`;
  const shapes: Record<string, (i: number) => pg.QueryConfig> = {
    raw: (i) => ({ name: 'bench-shape-raw', text: 'update orders set version = version + 1, updated_at = now() where id = $1', values: [orderIds[i]] }),
    document: (i) => ({ name: 'bench-shape-document', text: write, values: [orderIds[i], documents[i]] }),
    documentEvent: (i) => ({ name: 'bench-shape-event', text: `with written as (${write} returning *), ${events(false)} select version from written`, values: [orderIds[i], documents[i], event()] }),
    snapshotRowAndEvent: (i) => ({ name: 'bench-shape-before', text: `with written as (${write} returning *), ${snapshot}, ${events(false)} select version from written`, values: [orderIds[i], documents[i], event()] }),
    eventCarryingDocument: (i) => ({ name: 'bench-shape-after', text: `with written as (${write} returning *), ${events(true)} select version from written`, values: [orderIds[i], documents[i], event()] }),
  };
  const phaseMs = quick ? 200 : 600;
  const rounds = quick ? 2 : 4;
  const run = async (shape: string) => {
    let made = 0;
    const until = performance.now() + phaseMs;
    await Promise.all(connections.map(async (connection, i) => {
      while (performance.now() < until) {
        await connection.query(shapes[shape]!(i));
        made++;
      }
    }));
    return made;
  };
  const totals: Record<string, number> = {};
  try {
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? Object.keys(shapes) : Object.keys(shapes).reverse();
      for (const shape of order) totals[shape] = (totals[shape] ?? 0) + (await run(shape));
    }
  } finally {
    await connections[0]!.query('drop table if exists bench_order_versions');
  }
  const perSecond = (shape: string) => round(totals[shape]! / ((rounds * phaseMs) / 1000), 0);
  report('engine_commit_shapes_per_second', perSecond('eventCarryingDocument'), 'tx/s', {
    ...Object.fromEntries(Object.keys(shapes).map((shape) => [shape, perSecond(shape)])),
    ratiosToRaw: Object.fromEntries(Object.keys(shapes).map((shape) => [shape, round(totals[shape]! / totals.raw!)])),
    afterToBefore: round(totals.eventCarryingDocument! / totals.snapshotRowAndEvent!),
    clients: connections.length,
  });
}

/**
 * What the engine's commit statements and the raw updates are doing while they run: the database's
 * own view (`pg_stat_activity`, sampled about every 2 ms from a connection of its own) during a
 * phase of each, outside the measured rounds. Each active sample counts as its wait event (the
 * WAL flush, `IO:WalSync`; waiting for another backend's flush, `LWLock:WALWrite`; …) or as
 * `CPU` when it waits for nothing. Shares of the samples, per side.
 */
export async function measureStatementWaits(pool: pg.Pool, phases: { changes: (ms: number) => Promise<number>; updates: (ms: number) => Promise<number> }, quick: boolean): Promise<void> {
  const sampler = await pool.connect();
  const sample = async (phase: (ms: number) => Promise<number>, statement: string) => {
    const counts = new Map<string, number>();
    let running = true;
    const sampling = (async () => {
      while (running) {
        const { rows } = await sampler.query<{ wait: string }>({
          name: 'bench-statement-waits',
          text: `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait from pg_stat_activity
                  where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid() and position($1 in query) > 0`,
          values: [statement],
        });
        for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    try {
      await phase(quick ? 500 : 1_500);
    } finally {
      running = false;
      await sampling;
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    return { samples: total, shares: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([wait, n]) => [wait, round(n / Math.max(1, total))])) };
  };
  try {
    const engine = await sample(phases.changes, 'with written as');
    const raw = await sample(phases.updates, 'update orders set version = version + 1');
    report('engine_statement_waits', engine.shares['CPU'] ?? 0, 'share', { engine, raw, note: 'value: the share of the engine statements samples on the CPU; the rest waits (IO:WalSync the WAL flush, LWLock:WALWrite another backend flushing)' });
  } finally {
    sampler.release();
  }
}
