import type pg from 'pg';
import { AppError, conflict } from '../../../platform/errors/app-error.js';
import type { ChannelDelivery, PgNotifier } from '../../../platform/db/pg-notifier.js';
import type { Tenant } from '../../../platform/auth/principal.js';
import type { TransactionInput } from '../../../contracts/callbacks.types.js';
import type { OrderDocument } from '../../../contracts/order.types.js';
import { ORDER_COLUMNS, orderKey, tenantCondition, toOrderRecord, type OrderRecord, type OrderRow } from '../order.model.js';
import { outboundTraceHeaders } from '../../../platform/telemetry/outbound.js';
import { RecentOrders } from './recent-orders.cache.js';
import { orderRead } from '../../../platform/db/order-reads.metrics.js';
import { GroupCommitBatcher } from './group-commit.batcher.js';
import { callsOutSql, turnUntilSql } from './order-callouts.rules.js';
import { LEASE_REOPEN_GRACE_MS, type OrderTurnLease } from './order-turn.lease.js';

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
  event: EventInput;
  /** The jobs with the committing request's trace context, taken in its own async context. */
  outbox: OutboxJob[];
  transactions: TransactionLogInput[];
  /** The commit gives back a turn other processes are to hear of (see `update`). */
  announce: boolean;
}

/** What a versioned update writes that the process did not know before: the new version and its time. */
interface Written {
  version: number;
  updatedAt: Date;
  /** The commit announced the turn itself (a writer of another process was next in line): see `update`. */
  announced: boolean;
}

type OutboxJob = JobInput & { traceContext: unknown };

/**
 * The writer's turn of an order as a change's fresh read found it (docs/order-engine.md, "Writers
 * across processes"): `taken` by this read, already held by this `mine` holder, not needed
 * (`none`: the order calls nothing out), or to wait for: held by another writer (or kept for the
 * writer next in line) until `until`; `next` when this writer is now next in line.
 */
export type Turn = 'taken' | 'taken-ahead' | 'mine' | 'none' | { holder: string | null; until: Date; next: boolean };

/** How long a writer's place next in line is kept without it asking again (it reads at least every TURN_POLL_MS). */
export const TURN_NEXT_MS = 2_000;

/** The bound a taken turn expires after: `baseMs` + `perCallMs` × (the order's hooks + 2 × payments); see turnBound. */
export interface TurnBound {
  baseMs: number;
  perCallMs: number;
}

export class VersionConflict extends Error {
  override name = 'VersionConflict';
}

/** Announces that an order's writer turn was given back (by a commit or a release); the payload names tenant and order. */
export const ORDER_TURNS_CHANNEL = 'order_turns';
/** The channel `orderChanged` subscriptions listen on; the payload names tenant, order and version. */
export const ORDER_CHANGED_CHANNEL = 'order_changed';
/** Wakes the notification workers when jobs were queued. */
export const NOTIFICATION_JOBS_CHANNEL = 'notification_jobs';
/**
 * How the store's notifications leave: the changes of one batch packed into few NOTIFYs (the
 * subscription hub reads arrays), and one wake-up for the workers however many commits queued
 * jobs (they look for due jobs themselves).
 */
export const ORDER_STORE_DELIVERIES: Record<string, ChannelDelivery> = { [ORDER_CHANGED_CHANNEL]: 'packed', [ORDER_TURNS_CHANNEL]: 'packed', [NOTIFICATION_JOBS_CHANNEL]: 'wake' };
/**
 * Under a burst of commits, the store's NOTIFYs leave at most every 5 ms (at once after a quiet
 * spell): subscribers and workers of another process hear of a change at most 5 ms later, and a
 * busy engine sends a few hundred notifying transactions a second instead of one per statement.
 */
export const ORDER_STORE_NOTIFY_INTERVAL_MS = 5;

/**
 * The engine's writes: each commit is one transaction holding the versioned update, the event
 * records (the first with the document as of the new version) and the outbox jobs. Subscribers and
 * workers are notified once it has committed (PgNotifier), so only committed changes are announced.
 */
export class OrderStore {
  /** The last version this process committed or read of the orders being worked on (write-through, bounded, idle ones forgotten). */
  private readonly recent: RecentOrders<OrderRecord>;
  /** Versioned updates waiting at the same moment share one statement (group commit). */
  readonly commits: GroupCommitBatcher<UpdateInput, Written | undefined>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly notifier: PgNotifier,
    recent: { max?: number; idleMs?: number } = {},
    /** The database session the turns this store takes are tied to (order-turn.lease.ts); without one, a turn ends only at its time bound. */
    private readonly lease?: Pick<OrderTurnLease, 'key' | 'reopenGraceMs'>,
  ) {
    this.recent = new RecentOrders(recent.max, recent.idleMs);
    this.commits = new GroupCommitBatcher<UpdateInput, Written | undefined>({
      runOne: (input) => this.updateOne(input),
      runMany: (inputs) => this.updateMany(inputs),
      keyOf: (input) => orderKey(input.current, input.current.id),
    });
  }

  async load(tenant: Tenant, id: string): Promise<OrderRecord | null> {
    const { rows } = await this.pool.query<OrderRow>({ ...LOAD_STATEMENT, values: [id, tenant.merchant, tenant.channel] });
    const record = rows[0] ? toOrderRecord(rows[0]) : null;
    if (record) this.remember(record);
    orderRead(id);
    return record;
  }

  /**
   * The copy to base a change on without a read: the version this process last committed (or
   * read) when it has it and `reuse` accepts it. A stale cached copy is harmless: the versioned
   * update refuses it and the engine re-reads. The record is the remembered one itself, as a
   * read's is: read-only to its callers (the engine drafts a change on its own copy).
   */
  cachedForChange(tenant: Tenant, id: string, reuse: (order: OrderRecord) => boolean): OrderRecord | undefined {
    const cached = this.recent.get(orderKey(tenant, id));
    return cached && reuse(cached) ? cached : undefined;
  }

  /**
   * A change's fresh read, which takes the order's writer turn for `holder` in the same statement
   * when the order calls out (callsOut) and the turn is free: nobody holds it, its holder's
   * database session is gone, or its time bound passed. The turn taken is tied to this store's
   * session (`lease`): it is free for the others once that session ends. The record is the row as
   * of the take (so the latest committed version), or, when not taken, as of the read.
   * `aheadOfNext`: a free turn is taken even when a writer of another process is next in line
   * (who stays next: `taken-ahead`); the engine asks it only within a run (OrderWriteQueue.mayKeepTurn).
   */
  async loadTakingTurn(tenant: Tenant, id: string, holder: string, bound: TurnBound, aheadOfNext = false): Promise<{ order: OrderRecord | null; turn: Turn }> {
    const { rows } = await this.pool.query<OrderRow & { taken: boolean; turnHolder: string | null; turnUntil: Date | null; turnNext: string | null; turnNextUntil: Date | null; callsOut: boolean }>({
      ...LOAD_TAKING_TURN_STATEMENT,
      values: [id, tenant.merchant, tenant.channel, holder, bound.baseMs, bound.perCallMs, aheadOfNext, (await this.lease?.key()) ?? null, this.lease?.reopenGraceMs ?? LEASE_REOPEN_GRACE_MS],
    });
    orderRead(id);
    const row = rows[0];
    if (!row) return { order: null, turn: 'none' };
    const record = toOrderRecord(row);
    this.remember(record);
    if (row.taken) return { order: record, turn: row.turnNext !== null && row.turnNext !== holder ? 'taken-ahead' : 'taken' };
    if (!row.callsOut) return { order: record, turn: 'none' };
    if (row.turnHolder === holder) return { order: record, turn: 'mine' };
    // Held by another writer, or free but kept for the writer next in line (which takes it without a notification).
    const held = row.turnHolder !== null && row.turnUntil !== null && row.turnUntil.getTime() > Date.now();
    const until = (held ? row.turnUntil : row.turnNextUntil) ?? new Date();
    return { order: record, turn: { holder: row.turnHolder, until, next: row.turnNext === holder } };
  }

  /**
   * Gives back a turn `holder` took without committing (a veto, a refusal, a no-op, an error), or
   * its place next in line (it stopped waiting), and tells the waiting writers.
   */
  async releaseTurn(tenant: Tenant, id: string, holder: string): Promise<void> {
    const { rowCount } = await this.pool.query({ ...RELEASE_TURN_STATEMENT, values: [id, tenant.merchant, tenant.channel, holder] });
    if (rowCount) this.announceTurn(tenant, id);
  }

  /** Tells the writers of other processes waiting for the order's turn that it was given back. */
  announceTurn(tenant: Tenant, id: string): void {
    this.notifier.publish(ORDER_TURNS_CHANNEL, JSON.stringify({ merchant: tenant.merchant, channel: tenant.channel, id }));
  }

  /** The last version this process committed or read of the order, if it remembers one (never ahead of the database). */
  knownVersion(tenant: Tenant, id: string): number | undefined {
    return this.recent.get(orderKey(tenant, id))?.version;
  }

  private remember(record: OrderRecord): void {
    const key = orderKey(record, record.id);
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

  /**
   * Commits a new version; throws VersionConflict when someone else committed since `version`.
   * The commit clears the order's writer turn; `announceTurn` (the change held it, and no change of
   * this process takes it next) tells the writers waiting for it. When a writer of another
   * process is next in line for the turn (a hand-over between processes), the commit statement
   * notifies itself, in its own transaction: the notification leaves at the commit, with no
   * separate NOTIFY statement and no wait for the notifier's interval on the hand-over's path
   * (docs/order-engine.md, "Hand-overs announced by the commit"). Otherwise the batched notifier
   * tells any waiter not yet in line.
   */
  async update(current: OrderRecord, document: OrderDocument, event: EventInput, jobs: JobInput[], transactions: TransactionLogInput[] = [], announceTurn = false): Promise<OrderRecord> {
    const written = await this.commits.submit({ current, document, event, outbox: outboxJobValues(jobs), transactions, announce: announceTurn });
    if (!written) {
      this.recent.delete(orderKey(current, current.id));
      throw new VersionConflict(`order ${current.id} changed since version ${current.version}`);
    }
    const record: OrderRecord = {
      id: current.id,
      merchant: current.merchant,
      channel: current.channel,
      status: document.state.currentStatus,
      version: written.version,
      reference: document.reference ?? null,
      document,
      createdAt: current.createdAt,
      updatedAt: written.updatedAt,
    };
    this.published(record, jobs.length > 0);
    if (announceTurn && !written.announced) this.announceTurn(current, current.id);
    return record;
  }

  /** One versioned update as its own statement: what it wrote, or nothing when the version moved on. */
  private async updateOne(input: UpdateInput): Promise<Written | undefined> {
    const { current, document, event, outbox, transactions, announce } = input;
    const full = writesOutbox(input);
    const values = [document, document.state.currentStatus, document.reference ?? null, current.id, current.merchant, current.channel, current.version, event.id, event.type, event.actor, event.data, announce];
    const { rows } = await this.pool
      .query<Written>(full ? { ...UPDATE_OUTBOX_STATEMENT, values: [...values, JSON.stringify(outbox), JSON.stringify(transactions)] } : { ...UPDATE_STATEMENT, values })
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

  /** Versioned updates of different orders as one statement: what each member wrote, or nothing where its version moved on. */
  private async updateMany(inputs: UpdateInput[]): Promise<Array<Written | undefined>> {
    const full = inputs.some(writesOutbox);
    const members = inputs.map(({ current, document, event, outbox, transactions, announce }, i) => ({
      i,
      id: current.id,
      merchant: current.merchant,
      channel: current.channel,
      expected: current.version,
      document,
      status: document.state.currentStatus,
      reference: document.reference ?? null,
      eventId: event.id,
      eventType: event.type,
      actor: event.actor,
      data: event.data,
      announce,
      ...(full ? { jobs: outbox, transactions } : {}),
    }));
    const { rows } = await this.pool.query<Written & { i: number }>(full ? UPDATE_MANY_OUTBOX_STATEMENT : UPDATE_MANY_STATEMENT, [JSON.stringify(members), members.map((member) => member.id)]);
    const written: Array<Written | undefined> = new Array(inputs.length).fill(undefined);
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
/**
 * The turn is free (SQL on the row `o`): nobody holds it, its time is up, or its holder's database
 * session is gone — this statement can take the advisory lock that session held while it lived
 * (order-turn.lease.ts; the lock is the statement's own and ends with it). Evaluated left to
 * right: the lock is tried only for a held turn. A turn taken before PostgreSQL itself (re)started
 * waits $9 ms from the start (LEASE_REOPEN_GRACE_MS): the restart ended every session, also
 * those of holders that live and are reopening their lease (on the same key), so its lock found
 * free says nothing until then.
 */
const TURN_FREE = `(o.turn_holder is null or o.turn_until <= now()
  or (coalesce(pg_try_advisory_xact_lock(o.turn_session), false)
      and (o.turn_taken >= pg_postmaster_start_time() or pg_postmaster_start_time() < now() - $9::int * interval '1 millisecond')))`;
/** Nobody else is next in line: no writer is, it is $4, or that writer stopped asking. */
const NEXT_OPEN = '(o.turn_next is null or o.turn_next = $4 or o.turn_next_until <= now())';
/**
 * A change's fresh read that takes the writer turn: $1–$3 the order and its tenant, $4 the holder,
 * $5–$6 the bound (turnUntilSql), $7 whether $4 may take a free turn ahead of the writer next in
 * line (who then stays next), $8 the key of the taker's database session (null without one), $9
 * how long a turn taken before a database restart waits for its holder's session (TURN_FREE). When the order calls out and nobody else is next in line (or
 * that writer stopped asking), the update takes the turn if it is free, else puts $4 next in
 * line (or keeps it there). Under concurrent writers it re-checks that on the row's latest
 * version, so two takers never both succeed, and the taker reads the version it locked
 * (`returning`). Otherwise, the order as read, with who holds its turn and whether it calls out.
 */
const LOAD_TAKING_TURN_STATEMENT = {
  name: 'order-load-taking-turn',
  text: `with taken as (
      update orders o set
             turn_holder = case when ${TURN_FREE} then $4 else o.turn_holder end,
             turn_until = case when ${TURN_FREE} then ${turnUntilSql('o.document', '$5', '$6')} else o.turn_until end,
             turn_session = case when ${TURN_FREE} then $8::bigint else o.turn_session end,
             turn_taken = case when ${TURN_FREE} then now() else o.turn_taken end,
             turn_next = case when ${TURN_FREE} then (case when ${NEXT_OPEN} then null else o.turn_next end) else $4 end,
             turn_next_until = case when ${TURN_FREE} then (case when ${NEXT_OPEN} then null else o.turn_next_until end)
                               else now() + ${TURN_NEXT_MS} * interval '1 millisecond' end
       where o.id = $1 and ${tenantCondition('$2', '$3')}
         and ${callsOutSql('o.document')} and o.turn_holder is distinct from $4
         and (${NEXT_OPEN} or ($7::boolean and ${TURN_FREE}))
      returning ${ORDER_COLUMNS}, o.turn_holder = $4 as taken, o.turn_holder as "turnHolder", o.turn_until as "turnUntil",
             o.turn_next as "turnNext", o.turn_next_until as "turnNextUntil", true as "callsOut"
    )
    select * from taken
    union all
    select ${ORDER_COLUMNS}, false, turn_holder, turn_until, turn_next, turn_next_until, ${callsOutSql('document')}
      from orders where id = $1 and ${tenantCondition('$2', '$3')} and not exists (select 1 from taken)`,
};
/** Gives back $4's turn and its place next in line, whichever it has. */
const RELEASE_TURN_STATEMENT = {
  name: 'order-release-turn',
  text: `update orders set
         turn_holder = case when turn_holder = $4 then null else turn_holder end,
         turn_until = case when turn_holder = $4 then null else turn_until end,
         turn_session = case when turn_holder = $4 then null else turn_session end,
         turn_taken = case when turn_holder = $4 then null else turn_taken end,
         turn_next = case when turn_next = $4 then null else turn_next end,
         turn_next_until = case when turn_next = $4 then null else turn_next_until end
   where id = $1 and ${tenantCondition('$2', '$3')} and (turn_holder = $4 or turn_next = $4)`,
};
const INSERT_STATEMENT = {
  name: 'order-insert',
  text: commitStatement({
    write: 'insert into orders (id, merchant, channel, status, version, reference, document) values ($4, $5, $6, $2, 1, $3, $1) returning *',
    events: { list: '$7' },
    outbox: { jobs: '$8', transactions: '$9' },
    answer: `w.id, w.merchant, w.channel, w.status, w.version, w.reference, w.created_at as "createdAt", w.updated_at as "updatedAt"`,
  }),
};
/**
 * A versioned update of one order: $1–$3 the document and the columns kept beside it, $4–$6 the
 * order and its tenant, $7 the version it was read at, $8–$11 the event (id, type, actor, data),
 * $12 whether the commit gives back a turn to announce, and in the outbox form $13 the jobs and
 * $14 the payment transactions (JSON arrays).
 */
const updateOne = (outbox?: { jobs: string; transactions: string }) =>
  commitStatement({
    write: `update orders set document = $1, status = $2, reference = $3, version = version + 1, updated_at = now(), turn_holder = null, turn_until = null, turn_session = null, turn_taken = null
      where id = $4 and version = $7 and ${tenantCondition('$5', '$6')} returning id, merchant, channel, version, document, updated_at, turn_next, turn_next_until`,
    events: { one: { id: '$8::uuid', type: '$9', actor: '$10', data: '$11::jsonb' } },
    outbox,
    announce: '$12::boolean',
    answer: 'w.version, w.updated_at as "updatedAt"',
  });
const UPDATE_STATEMENT = { name: 'order-update', text: updateOne() };
const UPDATE_OUTBOX_STATEMENT = { name: 'order-update-outbox', text: updateOne({ jobs: '$13::jsonb', transactions: '$14::jsonb' }) };
/**
 * Several orders' versioned updates (group commit): $1 the members as a JSON array (each with its
 * index `i`, expected version, document, its event's columns, whether it announces the turn it
 * gives back and, in the outbox form, its jobs and transactions), $2 their ids, so the orders are found through the primary key whatever the
 * planner thinks of the JSON's size. Members whose version moved on match no row and are not in
 * the answer.
 */
const updateMany = (outbox: boolean) =>
  commitStatement({
    write: `with members as (
       select * from jsonb_to_recordset($1::jsonb) as m(i int, id text, merchant text, channel text, expected int, document jsonb, status text, reference text,
         "eventId" uuid, "eventType" text, actor text, data jsonb, announce boolean${outbox ? ', jobs jsonb, transactions jsonb' : ''})
     )
     update orders o set document = m.document, status = m.status, reference = m.reference, version = o.version + 1, updated_at = now(), turn_holder = null, turn_until = null, turn_session = null, turn_taken = null
       from members m
      where o.id = any($2::text[]) and o.id = m.id and o.merchant = m.merchant and o.channel = m.channel and o.version = m.expected
     returning o.id, o.merchant, o.channel, o.version, o.document, o.updated_at, o.turn_next, o.turn_next_until, m.i, m."eventId", m."eventType", m.actor, m.data, m.announce${outbox ? ', m.jobs, m.transactions' : ''}`,
    events: { one: { id: 'w."eventId"', type: 'w."eventType"', actor: 'w.actor', data: 'w.data' } },
    outbox: outbox ? { jobs: 'w.jobs', transactions: 'w.transactions' } : undefined,
    announce: 'w.announce',
    answer: 'w.i, w.version, w.updated_at as "updatedAt"',
  });
const UPDATE_MANY_STATEMENT = { name: 'order-update-many', text: updateMany(false) };
const UPDATE_MANY_OUTBOX_STATEMENT = { name: 'order-update-many-outbox', text: updateMany(true) };

/** The statements that find orders by id, for the test that they go through the primary key. */
export const ORDER_STATEMENTS_BY_ID = {
  order_load: LOAD_STATEMENT,
  order_load_taking_turn: LOAD_TAKING_TURN_STATEMENT,
  order_release_turn: RELEASE_TURN_STATEMENT,
  order_update: UPDATE_STATEMENT,
  order_update_outbox: UPDATE_OUTBOX_STATEMENT,
  order_update_many: UPDATE_MANY_STATEMENT,
  order_update_many_outbox: UPDATE_MANY_OUTBOX_STATEMENT,
};

/**
 * The commit statement's `announced` answer column: when `announce` holds and a writer of another
 * process is next in line for the turn the commit cleared, the ORDER_TURNS_CHANNEL notification
 * (the payload `announceTurn` sends), sent in the commit's own transaction. CASE guarantees that
 * `pg_notify` is called for those rows only.
 */
function announced(announce: string | undefined): string {
  if (!announce) return '';
  return `,
      case when ${announce} and w.turn_next is not null and w.turn_next_until > now()
           then (select true from pg_notify('${ORDER_TURNS_CHANNEL}', json_build_object('merchant', w.merchant, 'channel', w.channel, 'id', w.id)::text))
           else false end as announced`;
}

/** A change that queues a job or logs a transaction needs the statement's outbox form. */
const writesOutbox = ({ outbox, transactions }: UpdateInput) => outbox.length > 0 || transactions.length > 0;

/** Each job keeps the committing request's trace context: its delivery continues that trace. */
function outboxJobValues(jobs: JobInput[]): OutboxJob[] {
  const traceContext = jobs.length > 0 ? outboundTraceHeaders() : undefined;
  return jobs.map((job) => ({ ...job, traceContext }));
}

const outboxJobs = (jobs: JobInput[]): string => JSON.stringify(outboxJobValues(jobs));

/**
 * One statement, so one round trip and one implicit transaction: the order write (`written`),
 * then its event — carrying the document as of the new version, so a commit writes no separate
 * snapshot row — and, in the outbox form, the jobs and the payment transactions (JSON arrays), all
 * of which happen only for a write that matched a row. A change's one event comes as columns; an
 * order's creation passes its events as a JSON array. The outbox CTEs are left out of the plain
 * form: a change that queues no job and logs no transaction (most) does not open those tables and
 * their indexes. Listeners are notified after commit, by the notifier (batched), except a
 * hand-over (`announce`, see OrderStore.update): a commit that gives back a turn while a writer
 * of another process is next in line (`turn_next`, its place still kept) sends that
 * notification itself (`pg_notify`, delivered when the transaction commits) and answers
 * `announced`. Only hand-overs notify inside a commit: a notifying transaction's commit is
 * serialised with every other one's, so the ordinary commits leave that to the batched notifier.
 */
function commitStatement(parts: {
  write: string;
  events: { one: { id: string; type: string; actor: string; data: string } } | { list: string };
  outbox: { jobs: string; transactions: string } | undefined;
  /** SQL (on the written row `w`): the commit gives back a turn to announce. Without it the statement never notifies. */
  announce?: string;
  answer: string;
}): string {
  const insertEvents = 'insert into order_events (id, merchant, channel, order_id, type, version, actor, data, document)';
  const events =
    'one' in parts.events
      ? `${insertEvents}
      select ${parts.events.one.id}, w.merchant, w.channel, w.id, ${parts.events.one.type}, w.version, ${parts.events.one.actor}, ${parts.events.one.data}, w.document from written w`
      : `${insertEvents}
      select e.id, w.merchant, w.channel, w.id, e.type, w.version, e.actor, e.data, case when e.n = 1 then w.document end
        from written w, rows from (jsonb_to_recordset(${parts.events.list}::jsonb) as (id uuid, type text, actor text, data jsonb)) with ordinality as e(id, type, actor, data, n)`;
  const outbox = parts.outbox
    ? `,
    jobs as (
      insert into notification_jobs (merchant, channel, order_id, order_version, kind, notification_id, invoke, payload, trace_context)
      select w.merchant, w.channel, w.id, w.version, j.kind, j."notificationId", j.invoke, j.payload, j."traceContext"
        from written w, jsonb_to_recordset(${parts.outbox.jobs}::jsonb) as j(kind text, "notificationId" text, invoke text, payload jsonb, "traceContext" jsonb)
    ),
    transactions as (
      insert into payment_transactions (id, merchant, channel, order_id, payment_id, adapter_id, event, psp_event, amount, is_success, psp_status, request_json, response_json, error_detail, event_key)
      select gen_random_uuid(), w.merchant, w.channel, w.id, t."paymentId", t."adapterId", t.event, t."pspEvent", t.amount, t."isSuccess", t."pspStatus", t."requestJson", t."responseJson", t."errorDetail", t."eventKey"
        from written w, jsonb_to_recordset(${parts.outbox.transactions}::jsonb) as t("paymentId" text, "adapterId" text, event text, "pspEvent" text, amount numeric, "isSuccess" boolean, "pspStatus" text, "requestJson" jsonb, "responseJson" jsonb, "errorDetail" text, "eventKey" text)
    )`
    : '';
  return `
    with written as (${parts.write}),
    events as (
      ${events}
    )${outbox}
    select ${parts.answer}${announced(parts.announce)} from written w`;
}
