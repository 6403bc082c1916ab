import { AppError, type Tenant } from '../kit/platform.js';
import { chosenAtProvider } from '../kit/index.js';
import { allocate } from '../../contracts/allocation.js';
import { sameAmount } from '../../contracts/amount.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import type { CreateOrderRequest, UpdateOrderRequest } from './provider-c.client.js';
import { providerOrderId, type ProviderCContext } from './provider-c.context.js';
import { availableShippingMethods, chosenShipping, customerInformation, orderCustomer, orderItems, providerLanguage } from './provider-c.mapper.js';
import { providerFailed } from '../kit/index.js';
import { PROVIDER_C_ADAPTER_ID, type ProviderCConfiguration } from './provider-c.types.js';

/** The VAT rate of a shipping method offered in the checkout, when the configuration names none. */
export const DEFAULT_SHIPPING_VAT = 0.25;

/**
 * The checkout's events the storefront forwards (customer-update, shipping-option-update): the
 * shopper's details and shipping choice re-read from the provider — never taken from the caller —
 * and written to the order; and the provider's order as built from ours (create: the items, what
 * the shop already knows of the shopper, the shipping methods it offers there; item updates).
 */
export class ProviderCCheckout {
  constructor(private readonly context: ProviderCContext) {}

  private get kit() {
    return this.context.kit;
  }

  /** `onCustomerInfoChanged`: the shopper's details and addresses as the provider has them, onto the order. */
  async customerUpdate(tenant: Tenant, orderId: string, paymentId: string): Promise<{ paymentId: string; customer: OrderDocument['customer'] }> {
    const { order, read } = await this.readBoth(tenant, orderId, paymentId);
    assertCheckout(order);
    const customer = orderCustomer(read);
    if (!customer.billing && !customer.shipping) return { paymentId, customer: order.customer };
    const updated = await this.kit.orders.replaceCustomer(tenant, orderId, { ...order.customer, ...customer });
    return { paymentId, customer: updated.customer };
  }

  /**
   * `onShippingMethodChanged`: the method chosen in the provider's checkout replaces the order's
   * shipping (one chosen earlier in the storefront included: the shopper's last choice is the
   * delivery, never a second fee); the payment's amount and the provider's items follow the new
   * total at once (amountChanged, when it comes, finds nothing left to do).
   */
  async shippingOptionUpdate(tenant: Tenant, orderId: string, paymentId: string): Promise<{ paymentId: string; shippings: OrderDocument['shippings']; amount: number }> {
    const { order, payment, read, configuration } = await this.readBoth(tenant, orderId, paymentId);
    assertCheckout(order);
    const shipping = chosenShipping(read, PROVIDER_C_ADAPTER_ID, configuration.shipping?.methods, configuration.shipping?.vatRate ?? DEFAULT_SHIPPING_VAT);
    if (!shipping) return { paymentId, shippings: order.shippings, amount: payment.amount };
    const updated = await this.kit.orders.replaceShippings(tenant, orderId, chosenAtProvider(order, [shipping]));
    const fresh = await this.kit.orders.getOrder(tenant, orderId);
    const current = this.kit.ownPayment(fresh, paymentId);
    const share = allocate(fresh).get(paymentId) ?? current.amount;
    if (current.state === 'intent' && !sameAmount(current.amount, share)) {
      const request = this.updateRequest(configuration, fresh, share);
      try {
        await this.updateOrder(configuration, current, request);
        await this.kit.payments.updatePayment(tenant, orderId, paymentId, { amount: share });
        await this.log(tenant, orderId, paymentId, { isSuccess: true, amount: share, requestJson: request });
      } catch (error) {
        await this.log(tenant, orderId, paymentId, { isSuccess: false, amount: share, requestJson: request, errorDetail: (error as Error).message });
        throw error;
      }
    }
    return { paymentId, shippings: updated.shippings, amount: share };
  }

  /** The provider's items at `amount` (the order's lines, less what other payments cover), with the shipping methods offered. */
  updateRequest(configuration: ProviderCConfiguration, order: OrderDocument, amount: number): UpdateOrderRequest {
    const methods = availableShippingMethods(configuration.shipping?.methods, configuration.shipping?.vatRate ?? DEFAULT_SHIPPING_VAT);
    return { OrderItems: orderItems(order, amount, { adapterId: PROVIDER_C_ADAPTER_ID, subscription: configuration.recurring?.enabled === true }), ...(methods ? { AvailableShippingMethods: methods } : {}) };
  }

  async updateOrder(configuration: ProviderCConfiguration, payment: PaymentDocument, request: UpdateOrderRequest): Promise<void> {
    await this.context
      .provider(configuration)
      .updateOrder(providerOrderId(payment), request)
      .catch((error: unknown) => {
        throw providerFailed(error, payment.id);
      });
  }

  /**
   * The provider's order for a new payment: the items, the adapter's callback addresses, what the
   * shop already knows of the shopper (so the checkout does not ask again), the shipping methods
   * the shop offers there, and — with recurring on — the address the provider tells the saved card to.
   */
  createRequest(tenant: Tenant, order: OrderDocument, payment: PaymentDocument, configuration: ProviderCConfiguration): CreateOrderRequest {
    const prefill = customerInformation(order);
    const methods = availableShippingMethods(configuration.shipping?.methods, configuration.shipping?.vatRate ?? DEFAULT_SHIPPING_VAT);
    const recurring = configuration.recurring?.enabled === true;
    return {
      MerchantReference: payment.id,
      Currency: order.currency,
      Country: order.country ?? 'NO',
      Language: providerLanguage(order, configuration.locale),
      MerchantTermsUrl: configuration.redirectUrls.termsUrl,
      MerchantConfirmationUrl: this.context.callbackUrl('confirmation', tenant, order.id, payment.id),
      MerchantCheckoutStatusPushUrl: this.context.callbackUrl('push', tenant, order.id, payment.id),
      MerchantOrderManagementStatusPushUrl: this.context.callbackUrl('event', tenant, order.id, payment.id),
      MerchantOrderValidationUrl: configuration.validation?.url ?? this.context.validationUrl(tenant, order.id, payment.id),
      ...(recurring ? { MerchantSavedCreditCardPushUrl: this.context.callbackUrl('savedCard', tenant, order.id, payment.id) } : {}),
      OrderItems: orderItems(order, payment.amount, { adapterId: PROVIDER_C_ADAPTER_ID, subscription: recurring }),
      ...(prefill ? { CustomerInformation: prefill } : {}),
      ...(methods ? { AvailableShippingMethods: methods } : {}),
    };
  }

  private async readBoth(tenant: Tenant, orderId: string, paymentId: string) {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = this.kit.ownPayment(order, paymentId);
    const configuration = await this.kit.configuration.get(tenant);
    const read = await this.context
      .provider(configuration)
      .getOrder(providerOrderId(payment))
      .catch((error: unknown) => {
        throw providerFailed(error, paymentId);
      });
    return { order, payment, read, configuration };
  }

  private async log(tenant: Tenant, orderId: string, paymentId: string, entry: { isSuccess: boolean; amount: number; requestJson?: unknown; errorDetail?: string }): Promise<void> {
    await this.kit.payments
      .logTransaction(tenant, orderId, paymentId, { event: 'update', pspEvent: 'shipping-option-update', ...entry })
      .catch((error: unknown) => this.kit.logger.error({ err: error, orderId }, 'could not log the order update'));
  }
}

/** Changes from the checkout are taken in checkout only. */
export function assertCheckout(order: OrderDocument): void {
  if (order.state.currentStatus !== 'checkout') {
    throw new AppError(409, 'order_not_in_checkout', `Order ${order.id} is ${order.state.currentStatus}; this can only be done in checkout.`);
  }
}
