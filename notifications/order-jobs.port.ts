import type { PaymentCallbackName } from '../contracts/callbacks.types.js';
import type { OrderDocument, PaymentDocument } from '../contracts/order.types.js';
import type { Tenant } from '../platform/auth/principal.js';
import type { CallSigner } from '../platform/outbound/call-signer.js';

/**
 * What the worker needs from the order engine for the two kinds of job the engine queues besides
 * notifications: `payment_callback` (a payment's confirm or capture) and `amount_changed`. The
 * order subgraph implements it (subgraphs/order/engine/order-jobs.ts) and the composition root
 * (app/) hands it in: notifications/ does not import the order subgraph (docs/layering.md).
 */
export interface OrderJobs {
  /** Calls one payment's callback on the order as the change that queued it committed it, and records the outcome; never throws. */
  paymentCallback(calls: CallSigner, job: PaymentCallbackJob, timeoutMs: number): Promise<PaymentCallbackOutcome>;
  /** The payment an `amount_changed` job is about (from its notification id). */
  paymentIdOfAmountChange(notificationId: string): string;
  /** Whether an `amount_changed` call is still due when it falls due, and the amount to tell. */
  decideAmountChange(due: { paymentId: string; current: OrderDocument; lastTold?: { amount: number; plannedAt: OrderDocument } }): { send: true; amount: number } | { send: false; reason: string };
}

export interface PaymentCallbackJob {
  tenant: Tenant;
  orderId: string;
  version: number;
  order: OrderDocument;
  payment: PaymentDocument;
  callback: PaymentCallbackName;
}

/** What the worker reads of a payment callback's result. */
export type PaymentCallbackOutcome = { ok: true; status: number; durationMs: number } | { ok: false; status?: number; message: string; durationMs: number };
