import { inTransaction } from '../platform/db/transaction.js';
import type pg from 'pg';
import type { Tenant } from '../platform/auth/principal.js';
import type { DeliveryFilter, DeliveryPage, DeliveryRecord, DeliveryStatus, ReplayOutcome } from '../contracts/notification-admin.types.js';

const STATUS_CONDITION: Record<DeliveryStatus | 'any', string> = {
  failed: `j.status = 'pending' and j.attempts > 0`,
  dead: `j.status = 'dead'`,
  any: `(j.status = 'dead' or (j.status = 'pending' and j.attempts > 0))`,
};

/** The tenant, status and filter conditions on `j` (jobs) and `r` (receivers); parameters $1–$5. */
function where(tenant: Tenant, filter: DeliveryFilter): { sql: string; params: unknown[] } {
  return {
    sql: `j.merchant = $1 and j.channel = $2 and ${STATUS_CONDITION[filter.status ?? 'any']}
      and ($3::text is null or j.order_id = $3) and ($4::text is null or r.id = $4) and ($5::text is null or j.notification_id = $5)`,
    params: [tenant.merchant, tenant.channel, filter.orderId ?? null, filter.receiverId ?? null, filter.notificationId ?? null],
  };
}

const FROM = `notification_jobs j left join notification_receivers r on r.merchant = j.merchant and r.channel = j.channel and r.url = j.receiver`;

/** Failed and dead-lettered deliveries across orders, and their bulk replay; tenant-scoped. */
export class DeliveryAdminRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** Newest first; `after` is the id of the previous page's last delivery. */
  async list(tenant: Tenant, filter: DeliveryFilter, page: { first: number; after?: string }): Promise<DeliveryPage> {
    const { sql, params } = where(tenant, filter);
    const { rows } = await this.pool.query<Row>(
      `select j.id::text as id, j.order_id as "orderId", j.order_version as "orderVersion", j.kind, j.notification_id as "notificationId",
              j.invoke, j.receiver as url, r.id as "receiverId", coalesce(r.status, 'active') as "receiverStatus", j.status, j.attempts,
              j.last_error as "lastError", j.next_attempt_at as "nextAttemptAt", j.created_at as "createdAt", j.updated_at as "updatedAt"
         from ${FROM}
        where ${sql} and ($6::bigint is null or j.id < $6)
        order by j.id desc limit $7`,
      [...params, page.after ?? null, page.first + 1],
    );
    const items = rows.slice(0, page.first).map(toRecord);
    return { items, pageInfo: { hasNextPage: rows.length > page.first, endCursor: items.at(-1)?.id ?? null } };
  }

  /**
   * Puts failed and dead deliveries back in the queue with fresh attempts: the ones named by `ids`,
   * or up to `limit` (oldest first) matching `filter`. One `notification.retry_requested` event per
   * job, in the same transaction; jobs being delivered at this moment are left alone.
   */
  async replay(tenant: Tenant, selection: { ids: string[] } | { filter: DeliveryFilter; limit: number }, actor: string): Promise<ReplayOutcome> {
    const byIds = 'ids' in selection;
    const { sql, params } = where(tenant, byIds ? {} : selection.filter);
    const limit = byIds ? selection.ids.length : selection.limit;
    const { rows, hasMore } = await inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: string; held: boolean }>(
        `with picked as (
           select j.id, coalesce(r.status, 'active') = 'paused' as held from ${FROM}
            where ${sql} and ($6::bigint[] is null or j.id = any($6))
            order by j.id limit $7
            for update of j skip locked
         ), replayed as (
           update notification_jobs t set status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
             from picked where t.id = picked.id
           returning t.id, t.merchant, t.channel, t.order_id, t.order_version, picked.held
         ), events as (
           insert into order_events (id, merchant, channel, order_id, type, version, actor, data)
           select gen_random_uuid(), merchant, channel, order_id, 'notification.retry_requested', order_version, $8,
                  jsonb_build_object('jobId', id::text, 'replay', true)
             from replayed
         )
         select replayed.id::text as id, held from replayed order by replayed.id`,
        [...params, byIds ? selection.ids : null, limit, actor],
      );
      let hasMore = false;
      if (!byIds && rows.length === limit) {
        const more = await client.query(`select 1 from ${FROM} where ${sql} limit 1`, params);
        hasMore = (more.rowCount ?? 0) > 0;
      }
      if (rows.length > 0) await client.query('select pg_notify($1, $2)', ['notification_jobs', 'replay']);
      return { rows, hasMore };
    });
    const jobIds = rows.map((row) => row.id);
    return {
      jobIds,
      held: rows.filter((row) => row.held).map((row) => row.id),
      notReplayed: byIds ? selection.ids.filter((id) => !jobIds.includes(id)) : [],
      hasMore,
    };
  }
}

interface Row {
  id: string;
  orderId: string;
  orderVersion: number;
  kind: string;
  notificationId: string;
  invoke: string;
  url: string;
  receiverId: string | null;
  receiverStatus: 'active' | 'paused';
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

function toRecord(row: Row): DeliveryRecord {
  const dead = row.status === 'dead';
  return {
    id: row.id,
    orderId: row.orderId,
    orderVersion: row.orderVersion,
    kind: row.kind,
    notificationId: row.notificationId,
    invoke: row.invoke,
    receiver: { id: row.receiverId, url: row.url, status: row.receiverStatus },
    status: dead ? 'dead' : 'failed',
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: dead || row.receiverStatus === 'paused' ? null : row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
