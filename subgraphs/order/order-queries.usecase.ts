import type { Tenant } from '../../platform/auth/principal.js';
import { badRequest } from '../../platform/errors/app-error.js';
import type { PrismaClient } from '../../platform/db/database.js';
import { Prisma } from '../../platform/db/generated/client.js';
import type { OrderListQuery, OrderSort } from './domain/order-list.query.js';
import { ORDER_COLUMNS, toOrderRecord, type OrderDocument, type OrderRecord, type OrderRow } from './order.model.js';

export interface OrderPage {
  orders: OrderRecord[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** A page's cursor: the sort it belongs to, the last order's sort value and its id. */
type Cursor = [OrderSort, string, string];
const TOTAL = Prisma.sql`((document #>> '{total,includingVat}')::numeric)`;

function encodeCursor(sort: OrderSort, order: OrderRecord): string {
  const value = sort.startsWith('total') ? String(order.document.total?.includingVat ?? 0) : order.createdAt.toISOString();
  return Buffer.from(JSON.stringify([sort, value, order.id] satisfies Cursor)).toString('base64url');
}
function decodeCursor(cursor: string, sort: OrderSort): [string, string] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const [cursorSort, value, id] = Array.isArray(parsed) ? (parsed as unknown[]) : [];
  const valid =
    typeof value === 'string' &&
    typeof id === 'string' &&
    !id.includes('\u0000') &&
    cursorSort === sort &&
    (sort.startsWith('total') ? /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value) : !Number.isNaN(new Date(value).getTime()));
  if (!valid) throw badRequest('invalid_cursor', 'The cursor is not one this service gave out for this sort; start again from the first page.');
  return [value, id];
}

/** The conditions of a listing, tenant first; values are bound parameters. */
/** The query's filters beyond the tenant (which the statement names itself, for the partition plan's check). */
function conditions(query: OrderListQuery, after: [string, string] | undefined): Prisma.Sql {
  const where: Prisma.Sql[] = [Prisma.sql`true`];
  if (query.status) where.push(Prisma.sql`status = ${query.status}`);
  // The search text and the payments are read from the order's search row (order_search, migration 20261202092000_order_search_apart).
  const searched: Prisma.Sql[] = [];
  if (query.search) {
    const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    searched.push(
      query.searchDigits
        ? Prisma.sql`(s.search_text like ${like(query.search)} or s.search_text like ${like(query.searchDigits)})`
        : Prisma.sql`s.search_text like ${like(query.search)}`,
    );
  }
  const payment = { ...(query.paymentState ? { state: query.paymentState } : {}), ...(query.adapterId ? { adapterId: query.adapterId } : {}) };
  if (Object.keys(payment).length > 0) searched.push(Prisma.sql`s.payments @> ${JSON.stringify([payment])}::jsonb`);
  if (searched.length > 0) {
    where.push(
      Prisma.sql`exists (select 1 from order_search s where s.merchant = orders.merchant and s.channel = orders.channel and s.order_id = orders.id and ${Prisma.join(searched, ' and ')})`,
    );
  }
  if (query.createdFrom) where.push(Prisma.sql`created_at >= ${query.createdFrom}`);
  if (query.createdBefore) where.push(Prisma.sql`created_at < ${query.createdBefore}`);
  if (query.minTotal !== undefined) where.push(Prisma.sql`${TOTAL} >= ${String(query.minTotal)}::numeric`);
  if (query.maxTotal !== undefined) where.push(Prisma.sql`${TOTAL} <= ${String(query.maxTotal)}::numeric`);
  if (after) {
    const [value, id] = after;
    const key = query.sort.startsWith('total') ? TOTAL : Prisma.sql`created_at`;
    const bound = query.sort.startsWith('total') ? Prisma.sql`${value}::numeric` : Prisma.sql`${value}::timestamptz`;
    where.push(query.sort.endsWith('desc') ? Prisma.sql`(${key}, id) < (${bound}, ${id})` : Prisma.sql`(${key}, id) > (${bound}, ${id})`);
  }
  return Prisma.join(where, ' and ');
}

const ORDER_BY: Record<OrderSort, Prisma.Sql> = {
  created_desc: Prisma.sql`created_at desc, id desc`,
  created_asc: Prisma.sql`created_at asc, id asc`,
  total_desc: Prisma.sql`${TOTAL} desc, id desc`,
  total_asc: Prisma.sql`${TOTAL} asc, id asc`,
};

/** Reads of orders beyond one by id: listings (searched, filtered, sorted, keyset-paginated) and past versions. */
export class OrderQueries {
  constructor(private readonly prisma: PrismaClient) {}

  /** The tenant's orders matching the (checked) query; `after` is a cursor of the same sort. */
  async list(tenant: Tenant, query: OrderListQuery, page: { first: number; after?: string }): Promise<OrderPage> {
    const after = page.after ? decodeCursor(page.after, query.sort) : undefined;
    const rows = await this.prisma.$queryRaw<OrderRow[]>`
      select ${Prisma.raw(ORDER_COLUMNS)} from orders
      where merchant = ${tenant.merchant} and channel = ${tenant.channel} and ${conditions(query, after)}
      order by ${ORDER_BY[query.sort]}
      limit ${page.first + 1}`;
    const orders = rows.slice(0, page.first).map(toOrderRecord);
    const last = orders.at(-1);
    return { orders, pageInfo: { hasNextPage: rows.length > page.first, endCursor: last ? encodeCursor(query.sort, last) : null } };
  }

  /**
   * The one read across tenants: where an adapter's own payment is, found by the payment's provider
   * reference — on the order given (its id is unique across tenants: the primary key), or, without
   * one, on whichever order holds it (the payments' containment index). For a provider event that
   * names no tenant (a webhook carrying only the provider's references; a modification's may not
   * name the order either). Null unless exactly one order holds a payment of that adapter with that
   * reference.
   */
  async locatePayment(adapterId: string, reference: string, orderId?: string): Promise<{ merchant: string; channel: string; orderId: string; paymentId: string } | null> {
    type Holder = { id: string; merchant: string; channel: string; payments: OrderDocument['payments'] | null };
    const holders: Holder[] =
      orderId === undefined
        ? await this.prisma.$queryRaw<Holder[]>`
            select order_id as id, merchant, channel, payments from order_search
            where payments @> ${JSON.stringify([{ adapterId, reference }])}::jsonb
            limit 2`
        : await this.prisma.order
            .findUnique({ where: { id: orderId }, select: { id: true, merchant: true, channel: true, document: true } })
            .then((row) => (row ? [{ ...row, payments: (row.document as unknown as OrderDocument).payments ?? null }] : []));
    const [holder, another] = holders;
    const payment = holder?.payments?.find((p) => p.adapterId === adapterId && p.reference === reference);
    return holder && payment && !another ? { merchant: holder.merchant, channel: holder.channel, orderId: holder.id, paymentId: payment.id } : null;
  }

  /** The order as it was at a committed version (what a subscription event shows). */
  async atVersion(tenant: Tenant, orderId: string, version: number): Promise<OrderRecord | null> {
    const [current, snapshot] = await Promise.all([
      this.prisma.order.findFirst({ where: { id: orderId, merchant: tenant.merchant, channel: tenant.channel } }),
      // The commit's event holding the document as of that version (docs/database.md).
      this.prisma.orderEvent.findFirst({
        where: { orderId, version, merchant: tenant.merchant, channel: tenant.channel, document: { not: Prisma.DbNull } },
        select: { document: true, createdAt: true },
      }),
    ]);
    if (!current || !snapshot) return null;
    return { ...toOrderRecord(current), version, document: snapshot.document as unknown as OrderDocument, updatedAt: snapshot.createdAt };
  }
}
