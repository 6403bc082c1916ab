import type pg from 'pg';
import { tenantKey, type Tenant } from '../../platform/auth/principal.js';
import { cloneJson } from '../../platform/http/json-guard.js';
import { TurnReadBatcher } from '../../platform/db/turn-read.batcher.js';
import { orderRead } from '../../platform/db/order-reads.metrics.js';
import { ORDER_COLUMNS, tenantCondition, toOrderRecord, type OrderRecord, type OrderRow } from './order.model.js';

/**
 * The orders of a batch, found through the primary key and checked against the tenant; prepared
 * once per connection. A plain statement rather than Prisma: this is every GraphQL order read,
 * and Prisma's own work per query cost more than the query (docs/benchmarks.md).
 */
const FIND_BY_IDS_STATEMENT = { name: 'order-find-by-ids', text: `select ${ORDER_COLUMNS} from orders where id = any($1::text[]) and ${tenantCondition('$2', '$3')}` };

/** The read statements that find orders by id, for the test that they go through the primary key. */
export const ORDER_READ_STATEMENTS_BY_ID = { order_find_by_ids: FIND_BY_IDS_STATEMENT };

/** Batched, tenant-scoped reads of orders for GraphQL (the engine reads through OrderStore). */
export class OrderRepository {
  /** The batches of every request of a tenant asked for in one turn, read as one query (platform/db/turn-read.batcher.ts). */
  readonly reads: TurnReadBatcher<Tenant, string, OrderRecord>;

  constructor(private readonly pool: pg.Pool) {
    this.reads = new TurnReadBatcher<Tenant, string, OrderRecord>({
      load: (tenant, ids) => this.query(tenant, ids),
      groupKeyOf: tenantKey,
      keyOf: (id) => id,
      copy: (order) => ({ ...order, document: cloneJson(order.document) }),
    });
  }

  /** A request's batch, in the order of `ids`, null where missing; one query with the other requests' batches of this turn. */
  async findByIds(tenant: Tenant, ids: readonly string[]): Promise<Array<OrderRecord | null>> {
    const found = await this.reads.read(tenant, ids);
    return found.map((order) => order ?? null);
  }

  private async query(tenant: Tenant, ids: string[]): Promise<Map<string, OrderRecord>> {
    const { rows } = await this.pool.query<OrderRow>({ ...FIND_BY_IDS_STATEMENT, values: [ids, tenant.merchant, tenant.channel] });
    orderRead(...ids);
    return new Map(rows.map((row) => [row.id, toOrderRecord(row)]));
  }
}
