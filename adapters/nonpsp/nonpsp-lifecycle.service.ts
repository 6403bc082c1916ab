import type { Tenant } from '../../platform/auth/principal.js';
import type { PaymentAnswer } from '../../subgraphs/order/engine/payment-callback.caller.js';
import type { AdapterKit, PaymentCallbackRequest } from '../kit/index.js';
import { chooseMethod } from './nonpsp-payment.rules.js';
import { NONPSP_ADAPTER_ID, type NonPspConfiguration } from './nonpsp.types.js';

/**
 * The callbacks a non-PSP payment registers (docs/adapters/nonpsp.md, "Lifecycle"). Nothing is
 * reserved anywhere (the money is settled outside the platform), so there is no `abort`, and it is
 * the main payment, so no `confirm`: `process` is the final check at purchase, `capture` marks the
 * invoice due once the order is delivered, `cancel` voids it, `refund` issues a credit.
 */
export class NonPspLifecycle {
  constructor(private readonly kit: AdapterKit<NonPspConfiguration>) {}

  /** The selected method must still be offered in the channel; else 400, which vetoes processing. */
  async process(tenant: Tenant, call: PaymentCallbackRequest): Promise<PaymentAnswer> {
    const payment = call.order.payments.find((candidate) => candidate.id === call.paymentId);
    const method = payment?.attributes?.paymentMethod;
    chooseMethod(await this.kit.configuration.get(tenant), typeof method === 'string' ? method : undefined);
    return {};
  }

  /** Order delivered: a reserved (promised) payment becomes captured (the invoice is due); anything else is left. */
  async capture(tenant: Tenant, call: PaymentCallbackRequest): Promise<PaymentAnswer> {
    const order = await this.kit.orders.getOrder(tenant, call.orderId);
    const payment = order.payments.find((candidate) => candidate.id === call.paymentId && candidate.adapterId === NONPSP_ADAPTER_ID);
    if (!payment || payment.state !== 'reserved') return {};
    await this.kit.payments.updatePayment(tenant, call.orderId, payment.id, { state: 'captured' });
    await this.kit.payments
      .logTransaction(tenant, call.orderId, payment.id, { event: 'capture', pspEvent: 'invoice-due', amount: payment.amount, isSuccess: true, pspStatus: 'captured' })
      .catch((error: unknown) => this.kit.logger.error({ err: error, orderId: call.orderId }, 'could not log the capture'));
    return {};
  }

  /** The invoice is voided; the platform records the payment cancelled. */
  cancel(): Promise<PaymentAnswer> {
    return Promise.resolve({ pspStatus: 'voided' });
  }

  /** A credit for the amount; the platform records the refund. */
  refund(): Promise<PaymentAnswer> {
    return Promise.resolve({ pspStatus: 'credited' });
  }
}

/** The lifecycle callbacks a non-PSP payment registers at creation. */
export const NONPSP_CALLBACKS = ['process', 'capture', 'cancel', 'refund'] as const;
