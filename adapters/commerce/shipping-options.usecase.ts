import type { Tenant } from '../kit/platform.js';
import { AppError, badRequest, money, toAmount } from '../kit/platform.js';
import type { OrderDocument, Shipping } from '../kit/order-contract.js';
import type { AdapterKit } from '../kit/adapter-kit.js';
import { mapShippingsToDelivery, shippingOwnerOf } from './basket-order.mapper.js';
import type { CheckoutSync } from './checkout-sync.usecase.js';
import { deliveryModeOf, type CommerceAdapterConfiguration, type DeliveryMode } from './commerce-adapter.config.js';
import type { CommercePlatformClients } from './commerce-platform.client.js';
import { EXTERNAL_DELIVERY_METHOD_ID, type DeliveryMethod } from './commerce-platform.types.js';

type Kit = AdapterKit<CommerceAdapterConfiguration>;
type ConfiguredOption = NonNullable<CommerceAdapterConfiguration['shippingOptions']>[number];

/** One shipping option as the storefront shows it; amounts in major units. */
export interface ShippingOptionView {
  id: string;
  name: string;
  description?: string;
  price: { includingVat: number; excludingVat: number };
  vatRate: number;
  selected: boolean;
}

/** Where the options come from: the commerce platform's delivery methods, or the adapter's configuration. */
export type ShippingSource = 'commerce_platform' | 'configuration';

export interface ShippingOptionsView {
  /** The order's currency, the options' prices are in. */
  currency: string;
  mode: DeliveryMode;
  source: ShippingSource;
  options: ShippingOptionView[];
}

const excludingVat = (includingVat: number, vatRate: number) => toAmount(money(includingVat).div(money(1).plus(vatRate)).toDecimalPlaces(2));

/** Full control: the platform's delivery methods but the external one (128), which is the checkout's. */
export function platformOptions(methods: readonly DeliveryMethod[], selectedMethodId: number | undefined): ShippingOptionView[] {
  return methods
    .filter((method) => method.active && method.id !== EXTERNAL_DELIVERY_METHOD_ID)
    .map((method) => ({
      id: String(method.id),
      name: method.name,
      price: { includingVat: method.priceIncVat, excludingVat: excludingVat(method.priceIncVat, method.vatRate) },
      vatRate: method.vatRate,
      selected: method.id === selectedMethodId,
    }));
}

/** Managed mode: the configured options (minor units, hundredths of a percent) in the order's terms. */
export function configuredOptions(configured: readonly ConfiguredOption[], selectedId: string | undefined): ShippingOptionView[] {
  return configured.map((option) => {
    const vatRate = toAmount(money(option.taxRate ?? 2500).div(10_000));
    const includingVat = toAmount(money(option.price).div(100));
    return {
      id: option.id,
      name: option.name,
      ...(option.description ? { description: option.description } : {}),
      price: { includingVat, excludingVat: excludingVat(includingVat, vatRate) },
      vatRate,
      selected: option.id === selectedId,
    };
  });
}

/** The order's shipping for a configured option (managed mode); the `/shippings` hook passes it on to the basket. */
export function shippingOf(option: ShippingOptionView, order: Pick<OrderDocument, 'id' | 'merchant' | 'channel'>): Shipping {
  return {
    id: option.id,
    ...shippingOwnerOf(order),
    state: 'intent',
    reference: option.id,
    adapterId: 'commerce_adapter',
    name: option.name,
    total: option.price,
    vatRate: option.vatRate,
    attributes: { shippingOptionId: option.id },
  };
}

/**
 * The storefront's shipping choice (docs/storefront-api.md, "Shipping"). Full-control mode: the
 * options are the commerce platform's delivery methods and choosing one sets the basket's
 * delivery, which the order then follows (refresh). Managed mode: the options are the
 * configuration's `shippingOptions` and choosing one replaces the order's shippings.
 */
export class ShippingOptions {
  constructor(
    private readonly kit: Kit,
    private readonly clients: CommercePlatformClients,
    private readonly sync: CheckoutSync,
  ) {}

  async list(tenant: Tenant, orderId: string): Promise<ShippingOptionsView> {
    const configuration = await this.kit.configuration.get(tenant);
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const mode = deliveryModeOf(configuration);
    if (mode === 'managed') return { currency: order.currency, mode, source: 'configuration', options: configuredOptions(configuration.shippingOptions ?? [], order.shippings[0]?.id) };
    const reference = order.cart.reference;
    if (!reference) throw badRequest('not_a_basket_order', `Order ${orderId} was not made from a commerce basket.`);
    const client = this.clients.for(configuration);
    const [methods, basket] = await Promise.all([client.listDeliveryMethods(), client.getBasket(reference)]);
    return { currency: order.currency, mode, source: 'commerce_platform', options: platformOptions(methods, basket.delivery?.deliveryMethodId) };
  }

  async select(tenant: Tenant, orderId: string, optionId: string): Promise<ShippingOptionsView> {
    const configuration = await this.kit.configuration.get(tenant);
    const order = await this.kit.orders.getOrder(tenant, orderId);
    if (order.state.currentStatus !== 'checkout') {
      throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}; its shipping can only change while it is in checkout.`);
    }
    const current = await this.list(tenant, orderId);
    const option = current.options.find((candidate) => candidate.id === optionId);
    if (!option) throw badRequest('shipping_option_unknown', `There is no shipping option ${optionId} for this order.`, { optionIds: current.options.map((candidate) => candidate.id) });
    if (deliveryModeOf(configuration) === 'managed') {
      // The basket first (a refusal changes nothing), then the order: its /shippings hook is this adapter's own, not called for its own change.
      const shipping = shippingOf(option, order);
      await this.clients.for(configuration).setDelivery(order.cart.reference!, { deliveryMethodId: EXTERNAL_DELIVERY_METHOD_ID, ...mapShippingsToDelivery([shipping]) });
      await this.kit.orders.replaceShippings(tenant, orderId, [shipping]);
    } else {
      await this.clients.for(configuration).setDelivery(order.cart.reference!, { deliveryMethodId: Number(option.id) });
      await this.sync.refresh(tenant, orderId);
    }
    return this.list(tenant, orderId);
  }
}
