import type { Tenant } from '../kit/platform.js';
import { AppError } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import type { AdapterKit, TransactionLog } from '../kit/index.js';
import { assertMethodAllowed } from './nonpsp-payment.rules.js';
import { ownPayment } from './nonpsp-payment.service.js';
import type { NonPspCompletion, NonPspConfiguration } from './nonpsp.types.js';

/**
 * Completes a non-PSP payment: validate the order, move it `processing` (every `/state` hook may
 * veto: the caller gets that 400 and the order stays in checkout), reserve the payment (an
 * invoice is a promise to pay: authorized, settled outside the platform), then `accepted` and
 * `completed` — each move its own commit. A failure while `processing` puts the payment back in
 * `intent` and the order back in `checkout`; a failure at `completed` leaves the order `accepted`
 * and calling complete again finishes it (complete resumes from wherever the order stands).
 */
export async function completePayment(kit: AdapterKit<NonPspConfiguration>, tenant: Tenant, orderId: string, paymentId: string): Promise<NonPspCompletion> {
  let order = await kit.orders.getOrder(tenant, orderId);
  let payment = ownPayment(order, paymentId);
  const log = (entry: Omit<TransactionLog, 'event' | 'pspEvent'>) =>
    kit.payments
      .logTransaction(tenant, orderId, paymentId, { event: 'complete', pspEvent: 'complete', amount: payment.amount, ...entry })
      .catch((error: unknown) => kit.logger.error({ err: error, orderId, paymentId }, 'could not log the completion'));

  if (order.state.currentStatus === 'completed' || order.state.currentStatus === 'delivered') {
    if (payment.state === 'reserved' || payment.state === 'captured') return result(order, payment);
    throw notCompletable(order, payment);
  }

  if (order.state.currentStatus === 'checkout') {
    if (payment.state !== 'intent') throw notCompletable(order, payment);
    assertMethodAllowed(await kit.configuration.get(tenant), payment);
    await kit.orders.validate(tenant, orderId); // 400 order_invalid with every failure
    try {
      order = await kit.orders.changeStatus(tenant, orderId, 'processing');
    } catch (error) {
      await log({ isSuccess: false, pspStatus: 'refused', errorDetail: messageOf(error) });
      throw error;
    }
  }

  if (order.state.currentStatus === 'processing') {
    try {
      if (payment.state === 'intent') {
        payment = await kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'reserved' });
        await log({ isSuccess: true, pspStatus: 'reserved', responseJson: { state: 'reserved', paymentMethod: payment.attributes?.paymentMethod ?? null } });
      } else if (payment.state !== 'reserved') {
        throw notCompletable(order, payment);
      }
      order = await kit.orders.changeStatus(tenant, orderId, 'accepted');
    } catch (error) {
      await abort(kit, tenant, orderId, payment);
      await log({ isSuccess: false, pspStatus: 'aborted', errorDetail: messageOf(error) });
      throw error;
    }
  }

  if (order.state.currentStatus === 'accepted') order = await kit.orders.changeStatus(tenant, orderId, 'completed');
  return result(order, payment);
}

/** Compensation while `processing`: release the reservation, return the order to checkout (best effort). */
async function abort(kit: AdapterKit<NonPspConfiguration>, tenant: Tenant, orderId: string, payment: PaymentDocument): Promise<void> {
  if (payment.state === 'reserved') {
    await kit.payments.updatePayment(tenant, orderId, payment.id, { state: 'intent' }).catch((error: unknown) => kit.logger.error({ err: error, orderId }, 'could not release the payment'));
  }
  await kit.orders.changeStatus(tenant, orderId, 'checkout').catch((error: unknown) => kit.logger.error({ err: error, orderId }, 'could not return the order to checkout'));
}

const result = (order: OrderDocument, payment: PaymentDocument): NonPspCompletion => ({
  orderId: order.id,
  paymentId: payment.id,
  orderStatus: order.state.currentStatus,
  paymentState: payment.state,
});

const notCompletable = (order: OrderDocument, payment: PaymentDocument) =>
  new AppError(409, 'payment_not_completable', `Payment ${payment.id} is ${payment.state} and order ${order.id} is ${order.state.currentStatus}; it cannot be completed.`, {
    paymentId: payment.id,
    paymentState: payment.state,
    orderStatus: order.state.currentStatus,
  });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
