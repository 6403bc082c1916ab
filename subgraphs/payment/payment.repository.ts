import type { Tenant } from '../../platform/auth/principal.js';
import type { PrismaClient } from '../../platform/db/database.js';
import { Prisma } from '../../platform/db/generated/client.js';
import { badRequest } from '../../platform/errors/app-error.js';
import type { PaymentRef } from './payment-transaction.repository.js';

/** One row of the admin listing: the payment's key and what it is sorted by. */
export interface PaymentListItem extends PaymentRef {
  hasFailedTransaction: boolean;
  lastTransactionAt: Date | null;
}

export interface PaymentPage {
  items: PaymentListItem[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

type Cursor = [hasFailed: boolean, lastAt: string | null, orderId: string, paymentId: string];

export const encodePaymentCursor = (item: PaymentListItem): string =>
  Buffer.from(JSON.stringify([item.hasFailedTransaction, item.lastTransactionAt?.toISOString() ?? null, item.orderId, item.id] satisfies Cursor)).toString('base64url');

function decodeCursor(cursor: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 4) throw new Error('bad cursor');
    const [hasFailed, lastAt, orderId, paymentId] = value as unknown[];
    const validDate = lastAt === null || (typeof lastAt === 'string' && !Number.isNaN(new Date(lastAt).getTime()));
    if (typeof hasFailed !== 'boolean' || !validDate || typeof orderId !== 'string' || typeof paymentId !== 'string') throw new Error('bad cursor');
    return [hasFailed, lastAt as string | null, orderId, paymentId];
  } catch {
    throw badRequest('invalid_cursor', 'The cursor is not one this service gave out.');
  }
}

const paymentsContain = (paymentId: string) => ({ path: ['payments'], array_contains: [{ id: paymentId }] });

/**
 * Tenant-scoped reads of payments. Payments live in the order document (`orders.document ->
 * 'payments'`), so they are found with a JSONB containment test inside the tenant's orders (no
 * GIN index: the merchant/channel index bounds the scan; see docs/payment-api.md).
 */
export class PaymentRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Ids of the tenant's orders holding a payment with this id (at most `limit`). */
  async ordersHolding(tenant: Tenant, paymentId: string, limit = 2): Promise<string[]> {
    const rows = await this.prisma.order.findMany({
      where: { merchant: tenant.merchant, channel: tenant.channel, document: paymentsContain(paymentId) },
      select: { id: true },
      orderBy: { createdAt: 'desc' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /** Whether the tenant's order `orderId` holds payment `paymentId`. */
  async exists(tenant: Tenant, orderId: string, paymentId: string): Promise<boolean> {
    const row = await this.prisma.order.findFirst({
      where: { id: orderId, merchant: tenant.merchant, channel: tenant.channel, document: paymentsContain(paymentId) },
      select: { id: true },
    });
    return row !== null;
  }

  /**
   * The admin listing: every payment of the tenant's orders, those with a failed transaction
   * first, then by their latest transaction (newest first; none last), then by order and payment
   * id. Keyset-paginated on exactly that order.
   */
  async list(tenant: Tenant, options: { first: number; after?: string }): Promise<PaymentPage> {
    const after = options.after ? decodeCursor(options.after) : undefined;
    const lastKey = Prisma.sql`coalesce(last_at, '-infinity'::timestamptz)`;
    const afterCondition = after
      ? Prisma.sql`where (has_failed, ${lastKey}) < (${after[0]}::boolean, coalesce(${after[1]}::timestamptz, '-infinity'::timestamptz))
          or ((has_failed, ${lastKey}) = (${after[0]}::boolean, coalesce(${after[1]}::timestamptz, '-infinity'::timestamptz))
              and (order_id, payment_id) > (${after[2]}::text, ${after[3]}::text))`
      : Prisma.empty;
    const rows = await this.prisma.$queryRaw<Array<{ order_id: string; payment_id: string; has_failed: boolean; last_at: Date | null }>>`
      with payments as (
        select o.id as order_id, p.value->>'id' as payment_id
        from orders o cross join lateral jsonb_array_elements(coalesce(o.document->'payments', '[]'::jsonb)) as p(value)
        where o.merchant = ${tenant.merchant} and o.channel = ${tenant.channel}
      ), logs as (
        select order_id, payment_id, bool_or(not is_success) as has_failed, max(created_at) as last_at
        from payment_transactions
        where merchant = ${tenant.merchant} and channel = ${tenant.channel}
        group by order_id, payment_id
      ), keyed as (
        select p.order_id, p.payment_id, coalesce(l.has_failed, false) as has_failed, l.last_at
        from payments p left join logs l on l.order_id = p.order_id and l.payment_id = p.payment_id
        where p.payment_id is not null
      )
      select order_id, payment_id, has_failed, last_at from keyed
      ${afterCondition}
      order by has_failed desc, ${lastKey} desc, order_id asc, payment_id asc
      limit ${options.first + 1}::int`;
    const items = rows.slice(0, options.first).map((row) => ({
      orderId: row.order_id,
      id: row.payment_id,
      hasFailedTransaction: row.has_failed,
      lastTransactionAt: row.last_at,
    }));
    const last = items.at(-1);
    return { items, pageInfo: { hasNextPage: rows.length > options.first, endCursor: last ? encodePaymentCursor(last) : null } };
  }
}
