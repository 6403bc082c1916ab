import type { Prisma } from '../../platform/db/generated/client.js';
import { tenantKey, type Tenant } from '../../platform/auth/principal.js';
import type { OrderDocument, PaymentDocument } from '../../contracts/order.types.js';

export type { OrderDocument, PaymentDocument };

/** An order row: the document plus the columns kept beside it for scoping and concurrency. */
export interface OrderRecord {
  id: string;
  merchant: string;
  channel: string;
  status: string;
  version: number;
  reference: string | null;
  document: OrderDocument;
  createdAt: Date;
  updatedAt: Date;
}

export type PaymentRecord = PaymentDocument & { orderId: string; merchant: string; channel: string };

/** An order row as read by Prisma, or by raw SQL selecting ORDER_COLUMNS. */
export type OrderRow = Omit<Prisma.OrderGetPayload<object>, 'document'> & { document: unknown };

/** The columns of `orders` under the names of OrderRow, for raw SQL. */
export const ORDER_COLUMNS = 'id, merchant, channel, status, version, reference, document, created_at as "createdAt", updated_at as "updatedAt"';

/**
 * The tenant condition of a statement that finds orders by id (SQL; `merchant` and `channel` are
 * the placeholders or column references to compare with). It is wrapped in `is true` so the planner
 * cannot answer it from the tenant's listing index (merchant, channel, status, created_at): on a
 * fresh or small table that index looks as cheap as the primary key, and walking it visits every
 * order of the tenant — and, while they are being changed quickly, every dead version of each.
 * The primary key finds the one row; the tenant is then checked on it.
 */
export const tenantCondition = (merchant: string, channel: string) => `(merchant = ${merchant} and channel = ${channel}) is true`;

export function toOrderRecord(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    merchant: row.merchant,
    channel: row.channel,
    status: row.status,
    version: row.version,
    reference: row.reference,
    document: row.document as unknown as OrderDocument,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const paymentsOf = (order: OrderRecord): PaymentRecord[] =>
  (order.document.payments ?? []).map((payment) => ({ ...payment, orderId: order.id, merchant: order.merchant, channel: order.channel }));

/** An order as one string (a map key within a process): its tenant and id. */
export const orderKey = (tenant: Tenant, orderId: string): string => `${tenantKey(tenant)}\u0000${orderId}`;
