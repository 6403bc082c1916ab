/**
 * What the partition plan (docs/scaling.md, "Past one database") leaves as it is, and what today's
 * schema and SQL still owe it. test/partition/partition-plan.test.ts fails on any table or
 * statement that breaks the plan and is not listed here, and on an entry here that no longer
 * matches anything (the step was done: take it off the list, and off the docs' steps).
 */

/** Tables with no merchant column: reference data every merchant's rows may be read with (in Citus: reference tables, copied to every node). */
export const GLOBAL_TABLES: Record<string, string> = {
  adapter_credentials:
    'client credentials the platform issues to an adapter (a deployment of adapter code), not to a merchant: one adapter serves every merchant that configured it; read by client id at token exchange, never joined with tenant rows',
  platform_signing_key:
    "the one signing key every platform process must hold (docs/scaling.md, \"Signing key\"): the platform's own, the same for every merchant; read by key id, never joined with tenant rows",
  platform_key_checks:
    "fingerprints of the platform's shared keys (CONFIG_ENCRYPTION_KEY) that a starting process compares its own with: platform-wide, one row per key, never joined with tenant rows",
};

/** The steps of the plan still to do, numbered as in docs/scaling.md. */
export const STEPS = {
  1: 'keys lead with the merchant: primary keys (merchant, id), unique and main indexes merchant first',
  2: 'every statement finds its rows by merchant and id, not by a globally unique id alone',
  3: 'every join and correlated subquery between tenant tables equates the merchant',
  4: 'work across merchants (the outbox claim, its next-due time, its counts) runs once per shard, each run within one shard',
  5: 'group commit groups the changes it carries in one statement by merchant',
} as const;
export type Step = keyof typeof STEPS;

export interface PendingKey {
  table: string;
  kind: 'primary key' | 'unique' | 'index';
  columns: string[];
  step: Step;
}

/** Keys that do not lead with the merchant today. */
export const PENDING_KEYS: PendingKey[] = [
  { table: 'orders', kind: 'primary key', columns: ['id'], step: 1 },
  { table: 'order_events', kind: 'primary key', columns: ['id'], step: 1 },
  { table: 'notification_jobs', kind: 'primary key', columns: ['id'], step: 1 },
  { table: 'notification_receivers', kind: 'primary key', columns: ['id'], step: 1 },
  // A lease is its job's: (merchant, job_id) with the job's key.
  { table: 'notification_leases', kind: 'primary key', columns: ['job_id'], step: 1 },
  { table: 'payment_transactions', kind: 'primary key', columns: ['id'], step: 1 },
  // The webhook dedupe's arbiter (on conflict (payment_id, event_key)): becomes (merchant, payment_id, event_key).
  { table: 'payment_transactions', kind: 'unique', columns: ['payment_id', 'event_key'], step: 1 },
  // Serve the per-order ordering condition (receiver-ordering.sql.ts; one of them partial, pending jobs only): become (merchant, order_id, id).
  { table: 'notification_jobs', kind: 'index', columns: ['order_id', 'id'], step: 1 },
  // The retention sweep, across merchants.
  { table: 'notification_jobs', kind: 'index', columns: ['updated_at'], step: 4 },
  // The claim's walk over pending jobs in id order, and the dead letters' count (partial: pending jobs, dead jobs); per shard (step 4) they stay as they are.
  { table: 'notification_jobs', kind: 'index', columns: ['id'], step: 4 },
  { table: 'notification_receivers', kind: 'index', columns: ['status'], step: 4 },
];

export type Breach = 'join' | 'merchant';

export interface PendingStatement {
  file: string;
  /** A piece of the statement's text (lower case, whitespace collapsed) that tells it apart in its file. */
  statement: string;
  breaches: Breach[];
  step: Step;
}

/** Statements that break the plan today: `join` — tenant tables not tied by merchant; `merchant` — no one merchant named. */
export const PENDING_STATEMENTS: PendingStatement[] = [
  // The notification worker (notifications/notification-queue.repository.ts, its claim in notifications/notification-claim.sql.ts).
  { file: 'notifications/notification-claim.sql.ts', statement: 'with leased as', breaches: ['join', 'merchant'], step: 4 },
  { file: 'notifications/notification-queue.repository.ts', statement: 'select extract(epoch from (min(greatest(j.next_attempt_at', breaches: ['join', 'merchant'], step: 4 },
  { file: 'notifications/notification-queue.repository.ts', statement: 'delete from notification_jobs where id in', breaches: ['join', 'merchant'], step: 4 },
  { file: 'notifications/notification-queue.repository.ts', statement: 'delete from notification_leases where lease_until <', breaches: ['merchant'], step: 4 },
  { file: 'notifications/notification-queue.repository.ts', statement: 'select o.document as current', breaches: ['join', 'merchant'], step: 3 },
  { file: 'notifications/notification-queue.repository.ts', statement: 'with d as', breaches: ['join', 'merchant'], step: 3 },
  { file: 'notifications/notification-queue.repository.ts', statement: 'delete from notification_leases where job_id = any', breaches: ['merchant'], step: 2 },
  { file: 'notifications/notification-queue.repository.ts', statement: 'delete from notification_leases where job_id = $1', breaches: ['merchant'], step: 2 },
  { file: 'notifications/notification-queue.repository.ts', statement: "update notification_jobs set status = 'skipped'", breaches: ['merchant'], step: 2 },
  { file: 'notifications/notification-queue.repository.ts', statement: 'update notification_jobs set attempts = attempts + 1', breaches: ['merchant'], step: 2 },
  { file: 'notifications/notification-queue.repository.ts', statement: "update notification_jobs set status = 'dead'", breaches: ['merchant'], step: 2 },
  { file: 'notifications/notification-queue.repository.ts', statement: "update notification_receivers set status = 'paused'", breaches: ['merchant'], step: 2 },
  { file: 'notifications/notification-queue.repository.ts', statement: "update notification_jobs set status = 'pending', attempts = 0", breaches: ['merchant'], step: 2 },
  // The outbox's counts (readiness and metrics), across merchants by design.
  { file: 'notifications/outbox-stats.repository.ts', statement: 'select count(*) filter', breaches: ['merchant'], step: 4 },
  { file: 'notifications/outbox-stats.repository.ts', statement: 'select count(*)::int as paused', breaches: ['merchant'], step: 4 },
  // Resuming a receiver: its jobs were read by merchant in the same transaction, then changed by id.
  { file: 'notifications/receiver.repository.ts', statement: 'select 1 from notification_receivers where id = $1 for update', breaches: ['merchant'], step: 2 },
  { file: 'notifications/receiver.repository.ts', statement: "update notification_receivers set status = 'active'", breaches: ['merchant'], step: 2 },
  { file: 'notifications/receiver.repository.ts', statement: 'update notification_jobs set attempts = 0', breaches: ['merchant'], step: 2 },
  // Bulk replay of deliveries: picked by merchant, then updated by id.
  { file: 'notifications/delivery-admin.repository.ts', statement: 'with picked as', breaches: ['join', 'merchant'], step: 2 },
  // An adapter's payment located by its provider reference alone (a provider's modification webhook may name neither tenant
  // nor order): across merchants by design; per shard it is each shard's own lookup (at most one answers).
  { file: 'subgraphs/order/order-queries.usecase.ts', statement: 'select order_id as id, merchant, channel, payments from order_search', breaches: ['merchant'], step: 4 },
  // Group commit: several orders' changes in one statement (members m), and the events it writes from them.
  { file: 'subgraphs/order/engine/order-store.repository.ts', statement: 'with members as', breaches: ['merchant'], step: 5 },
  { file: 'subgraphs/order/engine/order-store.repository.ts', statement: 'insert into order_events (id, merchant, channel, order_id, type, version, actor, data, document) select', breaches: ['merchant'], step: 5 },
];
