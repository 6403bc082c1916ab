import type { Tenant } from '../kit/platform.js';
import { AppError } from '../kit/platform.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import type { AdapterKit } from '../kit/index.js';
import { chooseMethod, sessionOf } from './nonpsp-payment.rules.js';
import { type NonPspConfiguration, type NonPspPaymentSession } from './nonpsp.types.js';

/**
 * What the storefront does to a non-PSP payment beyond the runtime's create, read and remove
 * (kit/payment-provider.runtime.ts): change the method.
 */
export class NonPspPayments {
  constructor(private readonly kit: AdapterKit<NonPspConfiguration>) {}

  /** Changes the selected method of an open payment. */
  async select(tenant: Tenant, orderId: string, paymentId: string, requested: string): Promise<NonPspPaymentSession> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = this.kit.ownPayment(order, paymentId);
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

export const notChangeable = (payment: PaymentDocument) =>
  new AppError(409, 'payment_not_changeable', `Payment ${payment.id} is ${payment.state}; only a payment in intent can change.`, { paymentId: payment.id, state: payment.state });
