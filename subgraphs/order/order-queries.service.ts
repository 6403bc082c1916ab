import type { Tenant } from '../../platform/auth/principal.js';
import { badRequest } from '../../platform/errors/app-error.js';
import type { PrismaClient } from '../../platform/db/database.js';
import { Prisma } from '../../platform/db/generated/client.js';
import type { OrderStatus } from './domain/order-state.machine.js';
import { toOrderRecord, type OrderDocument, type OrderRecord } from './order.model.js';

export interface OrderPage {
  orders: OrderRecord[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const encodeCursor = (order: OrderRecord) => Buffer.from(JSON.stringify([order.createdAt.toISOString(), order.id])).toString('base64url');
function decodeCursor(cursor: string): [Date, string] {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || typeof id !== 'string') throw new Error('bad cursor');
    return [date, id];
  } catch {
    throw badRequest('invalid_cursor', 'The cursor is not one this service gave out.');
  }
}

/** Reads of orders beyond one by id: listings (newest first, keyset-paginated) and past versions. */
export class OrderQueries {
  constructor(private readonly prisma: PrismaClient) {}

  async list(tenant: Tenant, options: { status?: OrderStatus; search?: string; first: number; after?: string }): Promise<OrderPage> {
    const after = options.after ? decodeCursor(options.after) : undefined;
    const search = options.search?.trim();
    const rows = await this.prisma.order.findMany({
      where: {
        merchant: tenant.merchant,
        channel: tenant.channel,
        ...(options.status ? { status: options.status } : {}),
        ...(search
          ? { AND: [{ OR: [{ id: { contains: search, mode: 'insensitive' as const } }, { reference: { contains: search, mode: 'insensitive' as const } }] }] }
          : {}),
        ...(after ? { OR: [{ createdAt: { lt: after[0] } }, { createdAt: after[0], id: { lt: after[1] } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: options.first + 1,
    });
    const orders = rows.slice(0, options.first).map(toOrderRecord);
    const last = orders.at(-1);
    return { orders, pageInfo: { hasNextPage: rows.length > options.first, endCursor: last ? encodeCursor(last) : null } };
  }

  /**
   * The one read across tenants: where an adapter's own payment is, found by the order id (unique
   * across tenants: the primary key) and the payment's provider reference. For a provider event that
   * names no tenant (a webhook carrying only the provider's references). Null unless the order holds
   * a payment of that adapter with that reference.
   */
  async locatePayment(adapterId: string, orderId: string, reference: string): Promise<{ merchant: string; channel: string; orderId: string; paymentId: string } | null> {
    const row = await this.prisma.order.findUnique({ where: { id: orderId }, select: { merchant: true, channel: true, document: true } });
    const payment = (row?.document as unknown as OrderDocument | undefined)?.payments?.find((p) => p.adapterId === adapterId && p.reference === reference);
    return row && payment ? { merchant: row.merchant, channel: row.channel, orderId, paymentId: payment.id } : null;
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
