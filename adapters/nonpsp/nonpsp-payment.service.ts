import type { Tenant } from '../../platform/auth/principal.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { money } from '../../platform/money/money.js';
import type { OrderDocument, PaymentDocument } from '../../subgraphs/order/domain/order.types.js';
import { type AdapterKit, PlatformCallError, createPayment } from '../kit/index.js';
import { amountToCover, chooseMethod, openPaymentOf, sessionOf } from './nonpsp-payment.rules.js';
import { NONPSP_CALLBACKS } from './nonpsp-lifecycle.service.js';
import { NONPSP_ADAPTER_ID, type NonPspConfiguration, type NonPspPaymentSession } from './nonpsp.types.js';

/** Id of the one `/cart` hook (target `/payments`) the adapter keeps on an order. */
export const CART_HOOK_ID = `${NONPSP_ADAPTER_ID}-cart-changed`;

/** The route of the cart hook, and the address registered for one order. */
export const CART_HOOK_ROUTE = '/api/v1/orders/:orderId/cart-changed';
export const cartHookPath = (orderId: string) => CART_HOOK_ROUTE.replace(':orderId', encodeURIComponent(orderId));

/** The storefront's side of a non-PSP payment: create, read, change the method; and amountChanged. */
export class NonPspPayments {
  constructor(private readonly kit: AdapterKit<NonPspConfiguration>) {}

  /**
   * The kit's create steps with nothing to call at a provider: the "provider step" chooses the
   * method and registers the cart hook. The amount is what the other active payments leave.
   */
  async create(tenant: Tenant, orderId: string, requested: string | undefined): Promise<NonPspPaymentSession> {
    // Read first so a bad method (or a missing configuration) leaves no payment behind; cached, so the flow's read is free.
    const configuration = await this.kit.configuration.get(tenant);
    const method = chooseMethod(configuration, requested);
    const { payment } = await createPayment(this.kit, tenant, orderId, {
      name: method.name,
      // The kit asks for the amount before creating anything, so refusing here leaves nothing behind.
      amount: (order) => {
        if (order.state.currentStatus !== 'checkout') {
          throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}; a payment can only be added in checkout.`);
        }
        return amountToCover(order.total.includingVat, order.payments);
      },
      // amountChanged at the spec's order-level address; the lifecycle callbacks per payment.
      callbacks: () => ({ amountChanged: `${this.kit.publicUrl}/v0/orders/${encodeURIComponent(orderId)}/amount-changed`, ...this.kit.paymentCallbacks(orderId, NONPSP_CALLBACKS) }),
      callProvider: async ({ order, payment: created }) => {
        await this.ensureCartHook(tenant, order);
        return {
          payment: { attributes: { ...created.attributes, paymentMethod: method.identifier } },
          response: null,
          pspStatus: 'created',
          requestJson: { paymentMethod: requested ?? null },
          responseJson: { paymentMethod: method.identifier, amount: created.amount },
        };
      },
    });
    return sessionOf(configuration, payment);
  }

  async get(tenant: Tenant, orderId: string, paymentId: string): Promise<NonPspPaymentSession> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    return sessionOf(await this.kit.configuration.get(tenant), ownPayment(order, paymentId));
  }

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

  /**
   * Drops an open payment during checkout (the shopper changes their mind): it stays on the order
   * as `removed`, and the other payments' amountChanged calls follow. Removing it again is a no-op.
   */
  async remove(tenant: Tenant, orderId: string, paymentId: string): Promise<{ paymentId: string; state: string }> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = ownPayment(order, paymentId);
    if (payment.state === 'removed') return { paymentId, state: payment.state };
    if (order.state.currentStatus !== 'checkout') {
      throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}; a payment can only be removed in checkout.`);
    }
    if (payment.state !== 'intent') throw notChangeable(payment);
    const removed = await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'removed' });
    await this.kit.payments
      .logTransaction(tenant, orderId, paymentId, { event: 'remove', pspEvent: 'remove', amount: payment.amount, isSuccess: true, requestJson: null, responseJson: { state: removed.state } })
      .catch((error: unknown) => this.kit.logger.error({ err: error, orderId }, 'could not log the removal'));
    return { paymentId, state: removed.state };
  }

  /** The amountChanged callback: the open payment takes the amount the order engine allotted it. */
  async amountChanged(tenant: Tenant, orderId: string, amount: number): Promise<{ paymentId: string | null; amount: number; updated: boolean }> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = openPaymentOf(order.payments);
    if (!payment) {
      const settled = order.payments.find((p) => p.adapterId === NONPSP_ADAPTER_ID && p.state === 'reserved');
      if (settled) throw notChangeable(settled);
      return { paymentId: null, amount, updated: false };
    }
    if (money(payment.amount).equals(amount)) return { paymentId: payment.id, amount, updated: false };
    const updated = await this.kit.payments.updatePayment(tenant, orderId, payment.id, { amount });
    await this.kit.payments
      .logTransaction(tenant, orderId, payment.id, { event: 'update', pspEvent: 'amount-changed', amount, isSuccess: true, requestJson: { amount }, responseJson: { previousAmount: payment.amount } })
      .catch((error: unknown) => this.kit.logger.error({ err: error, orderId }, 'could not log the amount change'));
    return { paymentId: updated.id, amount: updated.amount, updated: true };
  }

  /** Registers the `/cart` hook (target `/payments`) once per order; a concurrent registration is fine. */
  private async ensureCartHook(tenant: Tenant, order: OrderDocument): Promise<void> {
    if (order.hooks.some((hook) => hook.id === CART_HOOK_ID)) return;
    try {
      await this.kit.orders.registerHook(tenant, order.id, {
        id: CART_HOOK_ID,
        subscribeTo: '/cart',
        target: '/payments',
        invoke: `${this.kit.publicUrl}${cartHookPath(order.id)}`,
      });
    } catch (error) {
      if (error instanceof PlatformCallError && error.httpStatus === 409 && error.code === 'conflict') return;
      throw error;
    }
  }
}

/** A payment of this adapter on the order; anything else is 404. */
export function ownPayment(order: OrderDocument, paymentId: string): PaymentDocument {
  const payment = order.payments.find((p) => p.id === paymentId && p.adapterId === NONPSP_ADAPTER_ID);
  if (!payment) throw notFound(`Order ${order.id} has no ${NONPSP_ADAPTER_ID} payment ${paymentId}.`, 'payment_not_found');
  return payment;
}

const notChangeable = (payment: PaymentDocument) =>
  new AppError(409, 'payment_not_changeable', `Payment ${payment.id} is ${payment.state}; only a payment in intent can change.`, { paymentId: payment.id, state: payment.state });
