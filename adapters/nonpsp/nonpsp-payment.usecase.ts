import type { Tenant } from '../kit/platform.js';
import { AppError, notFound } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import type { AdapterKit } from '../kit/index.js';
import { chooseMethod, sessionOf } from './nonpsp-payment.rules.js';
import { NONPSP_ADAPTER_ID, type NonPspConfiguration, type NonPspPaymentSession } from './nonpsp.types.js';

/**
 * What the storefront does to a non-PSP payment beyond the runtime's create, read and remove
 * (kit/payment-provider.runtime.ts): change the method.
 */
export class NonPspPayments {
  constructor(private readonly kit: AdapterKit<NonPspConfiguration>) {}

  /** Changes the selected method of an open payment. */
  async select(tenant: Tenant, orderId: string, paymentId: string, requested: string): Promise<NonPspPaymentSession> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = ownPayment(order, paymentId);
    if (payment.state !== 'intent') throw notChangeable(payment);
    const configuration = await this.kit.configuration.get(tenant);
    const method = chooseMethod(configuration, requested);
    const updated = await this.kit.payments.updatePayment(tenant, orderId, paymentId, {
      name: method.name,
      attributes: { ...payment.attributes, paymentMethod: method.identifier },
    });
    return sessionOf(configuration, updated);
  }
}

/** A payment of this adapter on the order; anything else is 404. */
export function ownPayment(order: OrderDocument, paymentId: string): PaymentDocument {
  const payment = order.payments.find((p) => p.id === paymentId && p.adapterId === NONPSP_ADAPTER_ID);
  if (!payment) throw notFound(`Order ${order.id} has no ${NONPSP_ADAPTER_ID} payment ${paymentId}.`, 'payment_not_found');
  return payment;
}

export const notChangeable = (payment: PaymentDocument) =>
  new AppError(409, 'payment_not_changeable', `Payment ${payment.id} is ${payment.state}; only a payment in intent can change.`, { paymentId: payment.id, state: payment.state });
