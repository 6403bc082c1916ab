import type { Tenant } from '../kit/platform.js';
import { AppError } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { type AdapterKit, type MountedProvider, type TransactionLog, completeOrder } from '../kit/index.js';
import { assertMethodAllowed } from './nonpsp-payment.rules.js';
import { ownPayment } from './nonpsp-payment.usecase.js';
import type { NonPspCompletion, NonPspConfiguration } from './nonpsp.types.js';

/**
 * Completes a non-PSP payment through the kit's order moves (`completeOrder`): validate, move
 * `processing` (every `/state` hook and `process` callback may veto: the caller gets that 400 and
 * the order stays in checkout), reserve the payment (an invoice is a promise to pay: authorized,
 * settled outside the platform), then `accepted` and `completed`. A failure while `processing`
 * puts the payment back in `intent` and the order back in `checkout`; calling complete again
 * resumes from wherever the order stands, and a completion that comes while another is under way
 * (a second click) goes on with it to `completed`, never releasing what the other reserved.
 */
export async function completePayment(kit: AdapterKit<NonPspConfiguration>, mounted: MountedProvider, tenant: Tenant, orderId: string, paymentId: string): Promise<NonPspCompletion> {
  let payment: PaymentDocument | undefined;
  const log = (entry: Omit<TransactionLog, 'event' | 'pspEvent'>) => mounted.log(tenant, orderId, paymentId, { event: 'complete', pspEvent: 'complete', amount: payment?.amount, ...entry });

  const order = await completeOrder(kit, tenant, orderId, {
    async check(current) {
      payment = ownPayment(current, paymentId);
      if (payment.state !== 'intent') throw notCompletable(current, payment);
      assertMethodAllowed(await kit.configuration.get(tenant), payment);
    },
    onRefused: (error) => log({ isSuccess: false, pspStatus: 'refused', errorDetail: messageOf(error) }),
    async whileProcessing(current) {
      payment = ownPayment(current, paymentId);
      if (payment.state === 'intent') {
        try {
          // The move and its log line in one commit (one call).
          const transaction = { event: 'complete', pspEvent: 'complete', amount: payment.amount, isSuccess: true, pspStatus: 'reserved', responseJson: { state: 'reserved', paymentMethod: payment.attributes?.paymentMethod ?? null } };
          payment = await kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'reserved', transaction });
        } catch (error) {
          // A completion of the same payment at the same time reserved it first: nothing left to do here.
          const now = ownPayment(await kit.orders.getOrder(tenant, orderId), paymentId);
          if (now.state !== 'reserved') throw error;
          payment = now;
        }
      } else if (payment.state !== 'reserved') {
        throw notCompletable(current, payment);
      }
    },
    // Compensation while `processing`: release the reservation (the kit then returns the order to checkout).
    async compensate(_current, error) {
      if (payment?.state === 'reserved') {
        await kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'intent' }).catch((e: unknown) => kit.logger.error({ err: e, orderId }, 'could not release the payment'));
      }
      await log({ isSuccess: false, pspStatus: 'aborted', errorDetail: messageOf(error) });
    },
  });
  const final = ownPayment(order, paymentId);
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
