import type { CallSigner } from '../../../platform/outbound/call-signer.js';
import type { Tenant } from '../../../platform/auth/principal.js';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { decideDueAmountChange, paymentIdOfAmountChangeJob } from './amount-change.planner.js';
import { callPaymentCallback, type PaymentCallbackName, type PaymentCallbackResult } from './payment-callback.caller.js';
import type { PaymentCallbackLog } from './payment-callback.log.js';

/**
 * The order engine's side of the jobs it queues for the notification worker (`payment_callback`,
 * `amount_changed`): the worker's `OrderJobs` (notifications/order-jobs.port.ts), handed to it by
 * the composition root. Outcomes of payment callbacks go to `log` (event and payment transaction).
 */
export function orderJobs(log?: PaymentCallbackLog) {
  return {
    async paymentCallback(
      calls: CallSigner,
      job: { tenant: Tenant; orderId: string; version: number; order: OrderDocument; payment: PaymentDocument; callback: PaymentCallbackName },
      timeoutMs: number,
    ): Promise<PaymentCallbackResult> {
      const { tenant, order, payment, callback } = job;
      const result = await callPaymentCallback(calls, { tenant, order, payment, callback, extra: { afterCommit: true } }, timeoutMs);
      await log?.record({ tenant, orderId: job.orderId, version: job.version, actor: 'notification-service', payment, result });
      return result;
    },
    paymentIdOfAmountChange: paymentIdOfAmountChangeJob,
    decideAmountChange: decideDueAmountChange,
  };
}
