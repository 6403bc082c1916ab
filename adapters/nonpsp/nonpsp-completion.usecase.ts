import type { Tenant } from '../kit/platform.js';
import { AppError } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { type AdapterKit, type MountedProvider, type TransactionLog, completeOrder } from '../kit/index.js';
import { assertMethodAllowed } from './nonpsp-payment.rules.js';
import type { NonPspCompletion, NonPspConfiguration } from './nonpsp.types.js';

/**
 * Completes a non-PSP payment through the kit's order moves (`completeOrder`): validate, move
 * `processing` (every `/state` hook and `process` callback may veto: the caller gets that 400 and
 * the order stays in checkout; this payment's own `process` reserves it in that move's commit —
 * an invoice is a promise to pay: authorized, settled outside the platform), then `accepted` and
 * `completed`. A failure while `processing` returns the order to `checkout`, whose `abort` puts
 * the payment back in `intent` (or, when it could not, leaves it `reserved`, which the next
 * `process` re-uses); calling complete again resumes from wherever the order stands — also after
 * a crash anywhere in the walk —, and a completion that comes while another is under way (a
 * second click) goes on with it to `completed`, never releasing what the other reserved.
 */
export async function completePayment(kit: AdapterKit<NonPspConfiguration>, mounted: MountedProvider, tenant: Tenant, orderId: string, paymentId: string): Promise<NonPspCompletion> {
  let payment: PaymentDocument | undefined;
  const log = (entry: Omit<TransactionLog, 'event' | 'pspEvent'>) => mounted.log(tenant, orderId, paymentId, { event: 'complete', pspEvent: 'complete', amount: payment?.amount, ...entry });

  const order = await completeOrder(kit, tenant, orderId, {
    async check(current) {
      payment = kit.ownPayment(current, paymentId);
      // Reserved in checkout: an earlier move back whose `abort` could not withdraw it; `process` re-uses it.
      if (payment.state !== 'intent' && payment.state !== 'reserved') throw notCompletable(current, payment);
      assertMethodAllowed(await kit.configuration.get(tenant), payment);
    },
    onRefused: (error) => log({ isSuccess: false, pspStatus: 'refused', errorDetail: messageOf(error) }),
    // `process` reserved the payment in the commit of the move (nonpsp.provider.ts): nothing to call here.
    async whileProcessing(current) {
      payment = kit.ownPayment(current, paymentId);
      if (payment.state !== 'reserved') throw notCompletable(current, payment);
    },
    // A failure while `processing`: the kit returns the order to checkout, whose `abort` releases the reservation.
    async compensate(_current, error) {
      await log({ isSuccess: false, pspStatus: 'aborted', errorDetail: messageOf(error) });
    },
  });
  const final = kit.ownPayment(order, paymentId);
  if ((order.state.currentStatus === 'completed' || order.state.currentStatus === 'delivered') && final.state !== 'reserved' && final.state !== 'captured') throw notCompletable(order, final);
  return { orderId: order.id, paymentId: final.id, orderStatus: order.state.currentStatus, paymentState: final.state };
}

const notCompletable = (order: OrderDocument, payment: PaymentDocument) =>
  new AppError(409, 'payment_not_completable', `Payment ${payment.id} is ${payment.state} and order ${order.id} is ${order.state.currentStatus}; it cannot be completed.`, {
    paymentId: payment.id,
    paymentState: payment.state,
    orderStatus: order.state.currentStatus,
  });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
