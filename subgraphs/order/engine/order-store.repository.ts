import type pg from 'pg';
import { AppError, conflict } from '../../../platform/errors/app-error.js';
import { cloneJson } from '../../../platform/http/json-guard.js';
import type { ChannelDelivery, PgNotifier } from '../../../platform/db/pg-notifier.js';
import type { Tenant } from '../../../platform/auth/principal.js';
import type { TransactionInput } from '../../../contracts/callbacks.types.js';
import type { OrderDocument } from '../../../contracts/order.types.js';
import { ORDER_COLUMNS, tenantCondition, toOrderRecord, type OrderRecord, type OrderRow } from '../order.model.js';
import { outboundTraceHeaders } from '../../../platform/telemetry/outbound.js';
import { RecentOrders } from './recent-orders.cache.js';
import { GroupCommitBatcher } from './group-commit.batcher.js';

export interface EventInput {
  id: string;
  type: string;
  actor: string;
  data: Record<string, unknown>;
}

export interface JobInput {
  kind: 'notification' | 'amount_changed' | 'payment_callback';
  notificationId: string;
  invoke: string;
  payload: Record<string, unknown>;
}

/** A payment transaction written in the order's own commit (a payment created whole: its first log line). */
export interface TransactionLogInput extends TransactionInput {
  paymentId: string;
  adapterId: string;
}

/** The event key was logged on the payment before: the second delivery of a provider event changes nothing. */
export const duplicateEvent = (paymentId: string | null, eventKey: string | null | undefined) =>
  new AppError(409, 'duplicate_event', `Event ${String(eventKey)} was already applied to payment ${String(paymentId)}.`, { paymentId, eventKey });

const EVENT_KEY_CONSTRAINT = 'payment_transactions_payment_id_event_key_key';

interface UpdateInput {
  current: OrderRecord;
  document: OrderDocument;
  events: EventInput[];
  /** The jobs with the committing request's trace context, taken in its own async context. */
  outbox: OutboxJob[];
  transactions: TransactionLogInput[];
}

type OutboxJob = JobInput & { traceContext: unknown };

export class VersionConflict extends Error {
  override name = 'VersionConflict';
}

/** The channel `orderChanged` subscriptions listen on; the payload names tenant, order and version. */
export const ORDER_CHANGED_CHANNEL = 'order_changed';
/** Wakes the notification workers when jobs were queued. */
export const NOTIFICATION_JOBS_CHANNEL = 'notification_jobs';
/**
 * How the store's notifications leave: the changes of one batch packed into few NOTIFYs (the
 * subscription hub reads arrays), and one wake-up for the workers however many commits queued
 * jobs (they look for due jobs themselves).
 */
export const ORDER_STORE_DELIVERIES: Record<string, ChannelDelivery> = { [ORDER_CHANGED_CHANNEL]: 'packed', [NOTIFICATION_JOBS_CHANNEL]: 'wake' };

const cacheKey = (tenant: Tenant, id: string) => `${tenant.merchant}\u0000${tenant.channel}\u0000${id}`;


/**
 * The engine's writes: each commit is one transaction holding the versioned update, the event
 * records (the first with the document as of the new version) and the outbox jobs. Subscribers and
 * workers are notified once it has committed (PgNotifier), so only committed changes are announced.
 */
export class OrderStore {
  /** The last version this process committed or read of the orders being worked on (write-through, bounded, idle ones forgotten). */
  private readonly recent: RecentOrders<OrderRecord>;
  /** Versioned updates waiting at the same moment share one statement (group commit). */
  readonly commits: GroupCommitBatcher<UpdateInput, OrderRow | undefined>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly notifier: PgNotifier,
    recent: { max?: number; idleMs?: number } = {},
  ) {
    this.recent = new RecentOrders(recent.max, recent.idleMs);
    this.commits = new GroupCommitBatcher<UpdateInput, OrderRow | undefined>({
      runOne: (input) => this.updateOne(input),
      runMany: (inputs) => this.updateMany(inputs),
      keyOf: (input) => cacheKey(input.current, input.current.id),
    });
  }

  async load(tenant: Tenant, id: string): Promise<OrderRecord | null> {
    const { rows } = await this.pool.query<OrderRow>({ ...LOAD_STATEMENT, values: [id, tenant.merchant, tenant.channel] });
    const record = rows[0] ? toOrderRecord(rows[0]) : null;
    if (record) this.remember(record);
    return record;
  }

  /**
   * The order to base a change on: the version this process last committed (or read) when it has
   * it and `reuse` accepts it, else a read; `cached` tells which. A stale cached copy is harmless:
   * the versioned update refuses it and the engine re-reads.
   */
  async loadForChange(tenant: Tenant, id: string, reuse: (order: OrderRecord) => boolean = () => true): Promise<{ order: OrderRecord | null; cached: boolean }> {
    const cached = this.recent.get(cacheKey(tenant, id));
    if (cached && reuse(cached)) return { order: { ...cached, document: cloneJson(cached.document) }, cached: true };
    return { order: await this.load(tenant, id), cached: false };
  }

  /** The last version this process committed or read of the order, if it remembers one (never ahead of the database). */
  knownVersion(tenant: Tenant, id: string): number | undefined {
    return this.recent.get(cacheKey(tenant, id))?.version;
  }

  private remember(record: OrderRecord): void {
    const key = cacheKey(record, record.id);
    this.recent.set(key, record);
  }

  async insert(document: OrderDocument, events: EventInput[], jobs: JobInput[]): Promise<OrderRecord> {
    const { rows } = await this.pool
      .query<OrderRow>(INSERT_STATEMENT, [
        document,
        document.state.currentStatus,
        document.reference ?? null,
        document.id,
        document.merchant,
        document.channel,
        JSON.stringify(events),
        outboxJobs(jobs),
        '[]',
      ])
      .catch((error: unknown) => {
        // Order ids are unique across tenants: any tenant's taken id gets the same answer.
        if ((error as { code?: string }).code === '23505') throw conflict(`Order ${document.id} already exists.`);
        throw error;
      });
    const record = toOrderRecord({ ...rows[0]!, document });
    this.published(record, jobs.length > 0);
    return record;
  }

  /** Commits a new version; throws VersionConflict when someone else committed since `version`. */
  async update(current: OrderRecord, document: OrderDocument, events: EventInput[], jobs: JobInput[], transactions: TransactionLogInput[] = []): Promise<OrderRecord> {
    const row = await this.commits.submit({ current, document, events, outbox: outboxJobValues(jobs), transactions });
    if (!row) {
      this.recent.delete(cacheKey(current, current.id));
      throw new VersionConflict(`order ${current.id} changed since version ${current.version}`);
    }
    const record = toOrderRecord({ ...row, document });
    this.published(record, jobs.length > 0);
    return record;
  }

  /** One versioned update as its own statement: the row written, or none when the version moved on. */
  private async updateOne({ current, document, events, outbox, transactions }: UpdateInput): Promise<OrderRow | undefined> {
    const { rows } = await this.pool
      .query<OrderRow>(UPDATE_STATEMENT, [document, document.state.currentStatus, document.reference ?? null, current.id, current.merchant, current.channel, JSON.stringify(events), JSON.stringify(outbox), current.version, JSON.stringify(transactions)])
      .catch((error: unknown) => {
        // A transaction's event key logged before (a provider event delivered again): nothing of this change is committed.
        if ((error as { code?: string; constraint?: string }).code === '23505' && (error as { constraint?: string }).constraint === EVENT_KEY_CONSTRAINT) {
          const keyed = transactions.find((t) => t.eventKey);
          throw duplicateEvent(keyed?.paymentId ?? null, keyed?.eventKey);
        }
        throw error;
      });
    return rows[0];
  }

  /** Versioned updates of different orders as one statement: each member's row, or none where its version moved on. */
  private async updateMany(inputs: UpdateInput[]): Promise<Array<OrderRow | undefined>> {
    const members = inputs.map(({ current, document, events, outbox, transactions }, i) => ({
      i,
      id: current.id,
      merchant: current.merchant,
      channel: current.channel,
      expected: current.version,
      document,
      status: document.state.currentStatus,
      reference: document.reference ?? null,
      events,
      jobs: outbox,
      transactions,
    }));
    const { rows } = await this.pool.query<OrderRow & { i: number }>(UPDATE_MANY_STATEMENT, [JSON.stringify(members), members.map((member) => member.id)]);
    const written: Array<OrderRow | undefined> = new Array(inputs.length).fill(undefined);
    for (const row of rows) written[row.i] = row;
    return written;
  }

  /** After commit: remember it, tell subscribers (and, when jobs were queued, the notification workers). */
  private published(record: OrderRecord, queuedJobs: boolean): void {
    this.remember(record);
    this.notifier.publish(ORDER_CHANGED_CHANNEL, JSON.stringify({ merchant: record.merchant, channel: record.channel, id: record.id, version: record.version }));
    if (queuedJobs) this.notifier.publish(NOTIFICATION_JOBS_CHANNEL, record.id);
  }

  /** An event outside any change (a veto, a validation): its own small transaction. */
  async recordEvent(tenant: Tenant, orderId: string, version: number | null, event: EventInput): Promise<void> {
    await this.pool.query(
      'insert into order_events (id, merchant, channel, order_id, type, version, actor, data) values ($1, $2, $3, $4, $5, $6, $7, $8)',
      [event.id, tenant.merchant, tenant.channel, orderId, event.type, version, event.actor, event.data],
    );
  }
}

/** Prepared once per connection (named statements): planning is not repeated per change. */
const LOAD_STATEMENT = { name: 'order-load', text: `select ${ORDER_COLUMNS} from orders where id = $1 and ${tenantCondition('$2', '$3')}` };
const INSERT_STATEMENT = {
  name: 'order-insert',
  text: commitStatement('insert into orders (id, merchant, channel, status, version, reference, document) values ($4, $5, $6, $2, 1, $3, $1) returning *', { events: '$7', jobs: '$8', transactions: '$9' }),
};
const UPDATE_STATEMENT = {
  name: 'order-update',
  text: commitStatement(
    `update orders set document = $1, status = $2, reference = $3, version = version + 1, updated_at = now()
      where id = $4 and version = $9 and ${tenantCondition('$5', '$6')} returning *`,
    { events: '$7', jobs: '$8', transactions: '$10' },
  ),
};
/**
 * Several orders' versioned updates (group commit): $1 the members as a JSON array (each with its
 * index `i`, expected version, document, events, jobs and transactions), $2 their ids, so the
 * orders are found through the primary key whatever the planner thinks of the JSON's size.
 * Members whose version moved on match no row and are not in the answer.
 */
const UPDATE_MANY_STATEMENT = {
  name: 'order-update-many',
  text: commitStatement(
    `with members as (
       select * from jsonb_to_recordset($1::jsonb) as m(i int, id text, merchant text, channel text, expected int, document jsonb, status text, reference text, events jsonb, jobs jsonb, transactions jsonb)
     )
     update orders o set document = m.document, status = m.status, reference = m.reference, version = o.version + 1, updated_at = now()
       from members m
      where o.id = any($2::text[]) and o.id = m.id and o.merchant = m.merchant and o.channel = m.channel and o.version = m.expected
     returning o.*, m.i, m.events, m.jobs, m.transactions`,
    { events: 'w.events', jobs: 'w.jobs', transactions: 'w.transactions' },
    ', w.i',
  ),
};

/** The statements that find orders by id, for the test that they go through the primary key. */
export const ORDER_STATEMENTS_BY_ID = { order_load: LOAD_STATEMENT, order_update: UPDATE_STATEMENT, order_update_many: UPDATE_MANY_STATEMENT };

/** Each job keeps the committing request's trace context: its delivery continues that trace. */
function outboxJobValues(jobs: JobInput[]): OutboxJob[] {
  const traceContext = jobs.length > 0 ? outboundTraceHeaders() : undefined;
  return jobs.map((job) => ({ ...job, traceContext }));
}

const outboxJobs = (jobs: JobInput[]): string => JSON.stringify(outboxJobValues(jobs));

/**
 * One statement, so one round trip and one implicit transaction: the order write, then the events
 * — the first carrying the document as of the new version, so a commit writes no separate
 * snapshot row — the jobs and the payment transactions, each a JSON array (a parameter, or a
 * column of the written member in the batch statement), all of which happen only for a write
 * that matched a row. Listeners are notified after commit.
 */
function commitStatement(write: string, from: { events: string; jobs: string; transactions: string }, extraColumns = ''): string {
  return `
    with written as (${write}),
    events as (
      insert into order_events (id, merchant, channel, order_id, type, version, actor, data, document)
      select e.id, w.merchant, w.channel, w.id, e.type, w.version, e.actor, e.data, case when e.n = 1 then w.document end
        from written w, rows from (jsonb_to_recordset(${from.events}::jsonb) as (id uuid, type text, actor text, data jsonb)) with ordinality as e(id, type, actor, data, n)
    ),
    jobs as (
      insert into notification_jobs (merchant, channel, order_id, order_version, kind, notification_id, invoke, payload, trace_context)
      select w.merchant, w.channel, w.id, w.version, j.kind, j."notificationId", j.invoke, j.payload, j."traceContext"
        from written w, jsonb_to_recordset(${from.jobs}::jsonb) as j(kind text, "notificationId" text, invoke text, payload jsonb, "traceContext" jsonb)
    ),
    transactions as (
      insert into payment_transactions (id, merchant, channel, order_id, payment_id, adapter_id, event, psp_event, amount, is_success, psp_status, request_json, response_json, error_detail, event_key)
      select gen_random_uuid(), w.merchant, w.channel, w.id, t."paymentId", t."adapterId", t.event, t."pspEvent", t.amount, t."isSuccess", t."pspStatus", t."requestJson", t."responseJson", t."errorDetail", t."eventKey"
        from written w, jsonb_to_recordset(${from.transactions}::jsonb) as t("paymentId" text, "adapterId" text, event text, "pspEvent" text, amount numeric, "isSuccess" boolean, "pspStatus" text, "requestJson" jsonb, "responseJson" jsonb, "errorDetail" text, "eventKey" text)
    )
    select w.id, w.merchant, w.channel, w.status, w.version, w.reference, w.created_at as "createdAt", w.updated_at as "updatedAt"${extraColumns} from written w`;
}
