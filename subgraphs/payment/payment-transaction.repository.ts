import { randomUUID } from 'node:crypto';
import { tenantKey, type Tenant } from '../../platform/auth/principal.js';
import { TurnReadBatcher } from '../../platform/db/turn-read.batcher.js';
import { cloneJson } from '../../platform/http/json-guard.js';
import type pg from 'pg';
import type { PrismaClient } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { Prisma } from '../../platform/db/generated/client.js';
import { duplicateEvent } from '../order/engine/order-store.repository.js';
import type { PaymentTransactionRecord } from './payment-transaction.model.js';

export interface PaymentKey {
  orderId: string;
  paymentId: string;
}

/** An order as this subgraph knows it: its id (its attempts are looked up by it). */
export interface OrderRef {
  id: string;
}

/** Where a logged transaction belongs: a payment of an order, or (paymentId null) the order's attempts. */
export interface LogKey {
  orderId: string;
  paymentId: string | null;
  /** The adapter whose call it was. */
  adapterId: string;
}

/** A payment as this subgraph knows it: only its key (its fields live in the order subgraph). */
export interface PaymentRef {
  orderId: string;
  id: string;
}

import type { TransactionInput } from '../../contracts/callbacks.types.js';
export type { TransactionInput };

const json = (value: unknown) => (value === undefined || value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue));

/** Tenant-scoped access to the payment transaction log. */
export class PaymentTransactionRepository {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly pool: pg.Pool,
  ) {}

  /**
   * Appends one transaction (one insert: logged entirely or not at all): to a payment's log, or
   * with `paymentId` null as an attempt — a create that failed before any payment existed.
   */
  async insert(tenant: Tenant, key: LogKey, input: TransactionInput): Promise<PaymentTransactionRecord> {
    return this.prisma.paymentTransaction.create({
      data: {
        id: randomUUID(),
        merchant: tenant.merchant,
        channel: tenant.channel,
        orderId: key.orderId,
        paymentId: key.paymentId,
        adapterId: key.adapterId,
        event: input.event,
        pspEvent: input.pspEvent ?? null,
        amount: input.amount ?? null,
        isSuccess: input.isSuccess,
        pspStatus: input.pspStatus ?? null,
        requestJson: json(input.requestJson),
        responseJson: json(input.responseJson),
        errorDetail: input.errorDetail ?? null,
        eventKey: input.eventKey ?? null,
      },
    }).catch((error: unknown) => {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw duplicateEvent(key.paymentId, input.eventKey);
      throw error;
    });
  }

  /**
   * What a refused write that carried a provider event's key really was: 409 `duplicate_event` when
   * the key is already on the payment's log (another delivery of the event moved the payment first,
   * in the commit that logged the key), else the refusal itself. Failures (5xx, not AppErrors) pass.
   */
  async refusalOf(error: unknown, tenant: Tenant, paymentId: string, eventKey: string | null | undefined): Promise<unknown> {
    if (!eventKey || !(error instanceof AppError) || error.status >= 500 || error.code === 'duplicate_event') return error;
    return (await this.hasEvent(tenant, paymentId, eventKey)) ? duplicateEvent(paymentId, eventKey) : error;
  }

  /** Whether the provider event `eventKey` was already logged on the payment (applied once). */
  async hasEvent(tenant: Tenant, paymentId: string, eventKey: string): Promise<boolean> {
    const row = await this.prisma.paymentTransaction.findFirst({ where: { merchant: tenant.merchant, channel: tenant.channel, paymentId, eventKey }, select: { id: true } });
    return row !== null;
  }

  /** Attempts of many orders in one query (transactions without a payment), in the order of `orderIds`, oldest first. */
  async listAttempts(tenant: Tenant, orderIds: readonly string[], adapterId?: string): Promise<PaymentTransactionRecord[][]> {
    const { rows } = await this.pool.query<TransactionRow>({
      name: 'payment-attempts',
      text: `select ${TRANSACTION_COLUMNS} from payment_transactions
        where merchant = $1 and channel = $2 and order_id = any($3::text[]) and payment_id is null and ($4::text is null or adapter_id = $4)
        order by created_at, id`,
      values: [tenant.merchant, tenant.channel, [...new Set(orderIds)], adapterId ?? null],
    });
    const grouped = groupBy(rows, (row) => row.orderId);
    return orderIds.map((orderId) => grouped.get(orderId) ?? []);
  }

  /**
   * The logs of many payments, in the order of `keys`, oldest transaction first: one query with
   * the other requests' keys of the tenant asked for in this turn (platform/db/turn-read.batcher.ts).
   * Raw and prepared: this is the read behind every federated `Payment.transactions` (one per
   * gateway request that asks for it), where Prisma's own per-query work cost more than the query.
   */
  async listForPayments(tenant: Tenant, keys: readonly PaymentKey[]): Promise<PaymentTransactionRecord[][]> {
    const found = await this.logReads.read(tenant, keys);
    return found.map((log) => log ?? []);
  }

  /** The batches of every request of a tenant asked for in one turn (`listForPayments`). */
  readonly logReads = new TurnReadBatcher<Tenant, PaymentKey, PaymentTransactionRecord[]>({
    load: async (tenant, keys) => {
      const { rows } = await this.pool.query<TransactionRow>({
        name: 'payment-logs',
        text: `select ${TRANSACTION_COLUMNS} from payment_transactions
          where merchant = $1 and channel = $2 and (order_id, payment_id) in (select * from unnest($3::text[], $4::text[]))
          order by created_at, id`,
        values: [tenant.merchant, tenant.channel, keys.map((key) => key.orderId), keys.map((key) => key.paymentId)],
      });
      return groupBy(rows, (row) => keyOf({ orderId: row.orderId, paymentId: row.paymentId ?? '' }));
    },
    groupKeyOf: tenantKey,
    keyOf,
    copy: (log) => log.map((record) => ({ ...record, requestJson: cloneJson(record.requestJson), responseJson: cloneJson(record.responseJson) })),
  });
}

/** The columns of a transaction as Prisma names them; `amount` as text, made a Decimal as Prisma would. */
const TRANSACTION_COLUMNS = `id, merchant, channel, order_id as "orderId", payment_id as "paymentId", adapter_id as "adapterId", event,
  psp_event as "pspEvent", amount::text as amount, is_success as "isSuccess", psp_status as "pspStatus", request_json as "requestJson",
  response_json as "responseJson", error_detail as "errorDetail", event_key as "eventKey", created_at as "createdAt"`;

type TransactionRow = Omit<PaymentTransactionRecord, 'amount'> & { amount: string | null };

function groupBy(rows: TransactionRow[], keyOfRow: (row: TransactionRow) => string): Map<string, PaymentTransactionRecord[]> {
  const grouped = new Map<string, PaymentTransactionRecord[]>();
  for (const row of rows) {
    const record: PaymentTransactionRecord = { ...row, amount: row.amount === null ? null : new Prisma.Decimal(row.amount) };
    const key = keyOfRow(row);
    const list = grouped.get(key);
    if (list) list.push(record);
    else grouped.set(key, [record]);
  }
  return grouped;
}

export const keyOf = (key: PaymentKey): string => `${key.orderId}\u0000${key.paymentId}`;
