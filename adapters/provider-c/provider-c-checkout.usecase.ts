import { AppError, type Tenant } from '../kit/platform.js';
import { chosenAtProvider } from '../kit/index.js';
import { allocate } from '../../contracts/allocation.js';
import { sameAmount } from '../../contracts/amount.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import type { CreateOrderRequest } from './provider-c.client.js';
import { ownPayment, providerOrderId, type ProviderCContext } from './provider-c.context.js';
import { orderCustomer, orderShipping, providerLines, providerLocale } from './provider-c.mapper.js';
import { providerFailure } from './provider-c.errors.js';
import { PROVIDER_C_ADAPTER_ID, type ProviderCConfiguration, type ProviderOrder } from './provider-c.types.js';

const DEFAULT_SHIPPING_VAT = 0.25;

/**
 * The iframe's events, forwarded by the storefront (customer-update, shipping-option-update): the
 * shopper's details and shipping choice re-read from the provider — never taken from the caller —
 * and written to the order; and the provider's order as built from ours (create, cart updates).
 */
export class ProviderCCheckout {
  constructor(private readonly context: ProviderCContext) {}

  private get kit() {
    return this.context.kit;
  }

  /** The iframe's customer events: the shopper's details and addresses as the provider has them, onto the order. */
  async customerUpdate(tenant: Tenant, orderId: string, paymentId: string): Promise<{ paymentId: string; customer: OrderDocument['customer'] }> {
    const { order, providerOrder } = await this.readBoth(tenant, orderId, paymentId);
    assertCheckout(order);
    const customer = orderCustomer(providerOrder);
    if (!customer.billing && !customer.shipping) return { paymentId, customer: order.customer };
    const updated = await this.kit.orders.replaceCustomer(tenant, orderId, { ...order.customer, ...customer });
    return { paymentId, customer: updated.customer };
  }

  /**
   * `shippingConfirmed`: the chosen option replaces the order's shipping (one chosen earlier in
   * the storefront included: the shopper's last choice is the delivery, never a second fee); the
   * payment's amount and the provider's cart follow the new total at once (amountChanged, when it
   * comes, finds nothing left to do).
   */
  async shippingOptionUpdate(tenant: Tenant, orderId: string, paymentId: string): Promise<{ paymentId: string; shippings: OrderDocument['shippings']; amount: number }> {
    const { order, payment, providerOrder, configuration } = await this.readBoth(tenant, orderId, paymentId);
    assertCheckout(order);
    const shipping = orderShipping(providerOrder, PROVIDER_C_ADAPTER_ID, configuration.shipping?.vatRate ?? DEFAULT_SHIPPING_VAT);
    if (!shipping) return { paymentId, shippings: order.shippings, amount: payment.amount };
    const updated = await this.kit.orders.replaceShippings(tenant, orderId, chosenAtProvider(order, [shipping]));
    const fresh = await this.kit.orders.getOrder(tenant, orderId);
    const current = ownPayment(fresh, paymentId);
    const share = allocate(fresh).get(paymentId) ?? current.amount;
    if (current.state === 'intent' && !sameAmount(current.amount, share)) {
      const lines = providerLines(fresh, share);
      try {
        const answer = await this.updateCart(configuration, current, fresh, share);
        await this.kit.payments.updatePayment(tenant, orderId, paymentId, { amount: share });
        await this.log(tenant, orderId, paymentId, { isSuccess: true, amount: share, pspStatus: answer.CustomerCheckoutStatus, requestJson: { Items: lines }, responseJson: { OrderAmount: answer.OrderAmount } });
      } catch (error) {
        await this.log(tenant, orderId, paymentId, { isSuccess: false, amount: share, requestJson: { Items: lines }, errorDetail: (error as Error).message });
        throw error;
      }
    }
    return { paymentId, shippings: updated.shippings, amount: share };
  }

  /** The provider's cart at `amount` (the order's lines, less what other payments cover). */
  async updateCart(configuration: ProviderCConfiguration, payment: PaymentDocument, order: OrderDocument, amount: number): Promise<ProviderOrder> {
    return this.context
      .provider(configuration)
      .updateCart(providerOrderId(payment), providerLines(order, amount))
      .catch((error: unknown) => {
        throw providerFailure(error, payment.id);
      });
  }

  /** The provider's order for a new payment: lines, the adapter's callback addresses, recurring and shipping switches. */
  createRequest(tenant: Tenant, order: OrderDocument, payment: PaymentDocument, configuration: ProviderCConfiguration): CreateOrderRequest {
    return {
      MerchantReference: payment.id,
      Currency: order.currency,
      Country: order.country ?? 'NO',
      Language: providerLocale(order, configuration.locale).toLowerCase(),
      MerchantTermsUrl: configuration.redirectUrls.termsUrl,
      MerchantConfirmationUrl: this.context.callbackUrl('confirmation', tenant, order.id, payment.id),
      MerchantCheckoutStatusPushUrl: this.context.callbackUrl('push', tenant, order.id, payment.id),
      MerchantOrderManagementStatusPushUrl: this.context.callbackUrl('event', tenant, order.id, payment.id),
      MerchantOrderValidationUrl: configuration.validation?.url ?? this.context.validationUrl(tenant, order.id, payment.id),
      lines: providerLines(order, payment.amount),
      ...(configuration.recurring?.enabled ? { Recurring: true } : {}),
    };
  }

  private async readBoth(tenant: Tenant, orderId: string, paymentId: string) {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = ownPayment(order, paymentId);
    const configuration = await this.kit.configuration.get(tenant);
    const providerOrder = await this.context.provider(configuration).getOrder(providerOrderId(payment)).catch((error: unknown) => {
      throw providerFailure(error, paymentId);
    });
    return { order, payment, providerOrder, configuration };
  }

  private async log(tenant: Tenant, orderId: string, paymentId: string, entry: { isSuccess: boolean; amount: number; pspStatus?: string; requestJson?: unknown; responseJson?: unknown; errorDetail?: string }): Promise<void> {
    await this.kit.payments
      .logTransaction(tenant, orderId, paymentId, { event: 'update', pspEvent: 'shipping-option-update', ...entry })
      .catch((error: unknown) => this.kit.logger.error({ err: error, orderId }, 'could not log the cart update'));
  }
}

/** Changes from the iframe are taken in checkout only. */
export function assertCheckout(order: OrderDocument): void {
  if (order.state.currentStatus !== 'checkout') {
    throw new AppError(409, 'order_not_in_checkout', `Order ${order.id} is ${order.state.currentStatus}; this can only be done in checkout.`);
  }
}

export const attributesOf = (providerOrder: ProviderOrder): Record<string, unknown> => ({
  providerOrderId: providerOrder.OrderId,
  checkoutStatus: providerOrder.CustomerCheckoutStatus,
  ...(providerOrder.PendingReason ? { pendingReason: providerOrder.PendingReason } : {}),
});
