import { inTransaction } from '../platform/db/transaction.js';
import { timeOrderedUuid } from '../platform/db/time-ordered-id.js';
import type pg from 'pg';
import type { Tenant } from '../platform/auth/principal.js';
import type { ReceiverPage, ReceiverRecord, ResumeOutcome } from '../contracts/notification-admin.types.js';

const COLUMNS = `r.id, r.url, r.status, r.consecutive_failures as "consecutiveFailures", r.failing_since as "failingSince",
  r.last_error as "lastError", r.last_failure_at as "lastFailureAt", r.last_success_at as "lastSuccessAt",
  r.paused_at as "pausedAt", r.resumed_at as "resumedAt", r.resumed_by as "resumedBy",
  (select count(*)::int from notification_jobs j
    where j.merchant = r.merchant and j.channel = r.channel and j.receiver = r.url and j.status = 'pending') as queued`;

/** Tenant-scoped reads of receivers' health, and the admin's resume. */
export class ReceiverRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** By URL; `after` is the last URL of the previous page. */
  async list(tenant: Tenant, options: { status?: 'active' | 'paused'; first: number; after?: string }): Promise<ReceiverPage> {
    const { rows } = await this.pool.query<Row>(
      `select ${COLUMNS} from notification_receivers r
        where r.merchant = $1 and r.channel = $2 and ($3::text is null or r.status = $3) and ($4::text is null or r.url > $4)
        order by r.url limit $5`,
      [tenant.merchant, tenant.channel, options.status ?? null, options.after ?? null, options.first + 1],
    );
    const items = rows.slice(0, options.first).map(toRecord);
    return { items, pageInfo: { hasNextPage: rows.length > options.first, endCursor: items.at(-1)?.url ?? null } };
  }

  async find(tenant: Tenant, id: string): Promise<ReceiverRecord | undefined> {
    const { rows } = await this.pool.query<Row>(`select ${COLUMNS} from notification_receivers r where r.id = $1 and r.merchant = $2 and r.channel = $3`, [
      id,
      tenant.merchant,
      tenant.channel,
    ]);
    return rows[0] && toRecord(rows[0]);
  }

  /**
   * Resumes a paused receiver: its run of failures starts over and every job it holds falls due
   * at once with fresh attempts. The `notification.receiver_resumed` event goes to the order
   * whose failure paused it, beside its `notification.receiver_paused`.
   *
   * Workers lock a job, then its receiver; so does this. Every queued job of the receiver is
   * locked first, waiting for one that a worker holds (an attempt's outcome being written; a claim
   * writes leases apart, notification_leases, and locks no job) to be let go: a job skipped here would keep the attempts it spent before the pause and,
   * its receiver active again, be attempted past its last.
   */
  async resume(tenant: Tenant, id: string, by: string): Promise<ResumeOutcome> {
    const outcome = await inTransaction(this.pool, async (client) => {
      const receiverRow = () =>
        client.query<{ url: string; status: string; pausedOrderId: string | null }>(
          `select url, status, paused_order_id as "pausedOrderId" from notification_receivers where id = $1 and merchant = $2 and channel = $3`,
          [id, tenant.merchant, tenant.channel],
        );
      const seen = (await receiverRow()).rows[0];
      if (!seen || seen.status !== 'paused') return { paused: false as const, exists: seen !== undefined };
      const { rows: held } = await client.query<{ id: string }>(
        `select id::text as id from notification_jobs where merchant = $1 and channel = $2 and receiver = $3 and status = 'pending' order by id for update`,
        [tenant.merchant, tenant.channel, seen.url],
      );
      await client.query('select 1 from notification_receivers where id = $1 for update', [id]);
      const receiver = (await receiverRow()).rows[0];
      // Resumed meanwhile by another admin: nothing of this transaction has changed yet.
      if (!receiver || receiver.status !== 'paused') return { paused: false as const, exists: receiver !== undefined };
      await client.query(
        `update notification_receivers set status = 'active', consecutive_failures = 0, failing_since = null, resumed_at = now(), resumed_by = $2, updated_at = now() where id = $1`,
        [id, by],
      );
      const requeued = await client.query(
        `update notification_jobs set attempts = 0, next_attempt_at = now(), updated_at = now() where id = any($1::bigint[]) and status = 'pending'`,
        [held.map((job) => job.id)],
      );
      if (receiver.pausedOrderId) {
        await client.query(
          `insert into order_events (id, merchant, channel, order_id, type, version, actor, data)
           select $1, merchant, channel, id, 'notification.receiver_resumed', version, $5, $6 from orders where id = $2 and merchant = $3 and channel = $4`,
          [timeOrderedUuid(), receiver.pausedOrderId, tenant.merchant, tenant.channel, by, { receiverId: id, url: receiver.url, requeued: requeued.rowCount ?? 0 }],
        );
      }
      await client.query('select pg_notify($1, $2)', ['notification_jobs', `receiver:${id}`]);
      return { paused: true as const, requeued: requeued.rowCount ?? 0 };
    });
    if (!outcome.paused) {
      const current = outcome.exists ? await this.find(tenant, id) : undefined;
      return current ? { kind: 'not_paused', receiver: current } : { kind: 'missing' };
    }
    return { kind: 'resumed', receiver: (await this.find(tenant, id))!, requeued: outcome.requeued };
  }
}

interface Row {
  id: string;
  url: string;
  status: 'active' | 'paused';
  consecutiveFailures: number;
  failingSince: Date | null;
  lastError: string | null;
  lastFailureAt: Date | null;
  lastSuccessAt: Date | null;
  pausedAt: Date | null;
  resumedAt: Date | null;
  resumedBy: string | null;
  queued: number;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toRecord(row: Row): ReceiverRecord {
  return {
    ...row,
    failingSince: iso(row.failingSince),
    lastFailureAt: iso(row.lastFailureAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    pausedAt: iso(row.pausedAt),
    resumedAt: iso(row.resumedAt),
  };
}
