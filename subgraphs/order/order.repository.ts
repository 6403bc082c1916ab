import type { Tenant } from '../../platform/auth/principal.js';
import type { PrismaClient } from '../../platform/db/database.js';
import { toOrderRecord, type OrderRecord } from './order.model.js';

/** Batched, tenant-scoped reads of orders for GraphQL (the engine reads through OrderStore). */
export class OrderRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** One query for a whole batch; the result is in the order of `ids`, null where missing. */
  async findByIds(tenant: Tenant, ids: readonly string[]): Promise<Array<OrderRecord | null>> {
    const rows = await this.prisma.order.findMany({
      where: { id: { in: [...ids] }, merchant: tenant.merchant, channel: tenant.channel },
    });
    const byId = new Map(rows.map((row) => [row.id, toOrderRecord(row)]));
    return ids.map((id) => byId.get(id) ?? null);
  }
}
