import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../platform/auth/principal.js';
import type { PrismaClient } from '../../platform/db/database.js';
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
  constructor(private readonly prisma: PrismaClient) {}

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

  /** Whether the provider event `eventKey` was already logged on the payment (applied once). */
  async hasEvent(tenant: Tenant, paymentId: string, eventKey: string): Promise<boolean> {
    const row = await this.prisma.paymentTransaction.findFirst({ where: { merchant: tenant.merchant, channel: tenant.channel, paymentId, eventKey }, select: { id: true } });
    return row !== null;
  }

  /** Attempts of many orders in one query (transactions without a payment), in the order of `orderIds`, oldest first. */
  async listAttempts(tenant: Tenant, orderIds: readonly string[], adapterId?: string): Promise<PaymentTransactionRecord[][]> {
    const rows = await this.prisma.paymentTransaction.findMany({
      where: { merchant: tenant.merchant, channel: tenant.channel, orderId: { in: [...orderIds] }, paymentId: null, ...(adapterId ? { adapterId } : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return orderIds.map((orderId) => rows.filter((row) => row.orderId === orderId));
  }

  /** The logs of many payments in one query, in the order of `keys`, oldest transaction first. */
  async listForPayments(tenant: Tenant, keys: readonly PaymentKey[]): Promise<PaymentTransactionRecord[][]> {
    const rows = await this.prisma.paymentTransaction.findMany({
      where: {
        merchant: tenant.merchant,
        channel: tenant.channel,
        OR: keys.map((key) => ({ orderId: key.orderId, paymentId: key.paymentId })),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    const grouped = new Map<string, PaymentTransactionRecord[]>();
    for (const row of rows) {
      const key = keyOf({ orderId: row.orderId, paymentId: row.paymentId ?? '' });
      grouped.set(key, [...(grouped.get(key) ?? []), row]);
    }
    return keys.map((key) => grouped.get(keyOf(key)) ?? []);
  }
}

export const keyOf = (key: PaymentKey): string => `${key.orderId}\u0000${key.paymentId}`;
