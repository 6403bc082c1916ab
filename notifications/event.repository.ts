import type { Tenant } from '../platform/auth/principal.js';
import type { PrismaClient } from '../platform/db/database.js';
import type { EventRecord } from '../contracts/notification-admin.types.js';

/** Tenant-scoped reads of order events, in commit order. */
export class EventRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async listForOrder(tenant: Tenant, orderId: string): Promise<EventRecord[]> {
    const rows = await this.prisma.orderEvent.findMany({
      where: { merchant: tenant.merchant, channel: tenant.channel, orderId },
      orderBy: { seq: 'asc' },
      // The version's document rides on the commit's event row; the events API does not answer it.
      omit: { document: true },
    });
    return rows.map(toRecord);
  }

  async find(tenant: Tenant, id: string): Promise<EventRecord | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const row = await this.prisma.orderEvent.findFirst({ where: { id, merchant: tenant.merchant, channel: tenant.channel }, omit: { document: true } });
    return row ? toRecord(row) : null;
  }

  async orderExists(tenant: Tenant, orderId: string): Promise<boolean> {
    return (await this.prisma.order.count({ where: { id: orderId, merchant: tenant.merchant, channel: tenant.channel } })) > 0;
  }
}

function toRecord(row: Omit<Awaited<ReturnType<PrismaClient['orderEvent']['findFirstOrThrow']>>, 'document'>): EventRecord {
  return {
    id: row.id,
    sequence: Number(row.seq),
    orderId: row.orderId,
    merchant: row.merchant,
    channel: row.channel,
    type: row.type,
    version: row.version,
    actor: row.actor,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  };
}
