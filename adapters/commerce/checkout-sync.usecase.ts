import { randomUUID } from 'node:crypto';
import type { Tenant } from '../kit/platform.js';
import { AppError, badRequest } from '../kit/platform.js';
import type { OrderDocument } from '../kit/order-contract.js';
import type { AdapterKit } from '../kit/adapter-kit.js';
import { PlatformCallError } from '../kit/platform-call.js';
import { mapBuyerToCustomer, mapCart, mapDeliveryToShippings, mergeCustomer, shippingOwnerOf } from './basket-order.mapper.js';
import { jsonEqual } from './checkout.rules.js';
import { deliveryModeOf, type CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import type { CommercePlatformClient, CommercePlatformClients } from './commerce-platform.client.js';
import { EXTERNAL_DELIVERY_METHOD_ID } from './commerce-platform.types.js';
import { newOrderFromBasket, type NewOrderRequest } from './new-order.factory.js';

type Kit = AdapterKit<CommerceAdapterConfiguration>;

/**
 * The storefront's side (directly or through the adapter subgraph): create an order from a
 * basket, change an item's quantity, and refresh the order from the commerce platform.
 */
export class CheckoutSync {
  constructor(
    private readonly kit: Kit,
    private readonly clients: CommercePlatformClients,
  ) {}

  async createOrder(tenant: Tenant, request: NewOrderRequest): Promise<{ id: string }> {
    const configuration = await this.kit.configuration.get(tenant);
    const client = this.clients.for(configuration);
    const reference = request.cartReference;
    const [found, buyer] = await Promise.all([client.getBasket(reference), client.getBuyer(reference)]).catch(basketNotFoundAsBadRequest(reference));
    let basket = found;
    if (basket.status !== 'open') throw new AppError(409, 'basket_closed', `Basket ${reference} is already paid in the commerce platform.`);
    if (basket.clientId !== configuration.settings.clientId) {
      throw badRequest('basket_client_mismatch', `Basket ${reference} belongs to commerce client ${basket.clientId}, not to this channel's client ${configuration.settings.clientId}.`);
    }
    if (basket.currency !== request.currency) throw badRequest('currency_mismatch', `Basket ${reference} is in ${basket.currency}, not in ${request.currency}.`);
    if (deliveryModeOf(configuration) === 'managed' && basket.delivery?.deliveryMethodId !== EXTERNAL_DELIVERY_METHOD_ID) {
      // Managed by the checkout: the basket uses the external delivery until the checkout picks a shipping.
      basket = await client.setDelivery(reference, { deliveryMethodId: EXTERNAL_DELIVERY_METHOD_ID, priceIncVat: 0 });
    }
    const order = await this.kit.orders.createOrder(
      tenant,
      newOrderFromBasket({ orderId: randomUUID(), tenant, request, basket, buyer, configuration, publicUrl: this.kit.publicUrl }),
    );
    return { id: order.id };
  }

  async updateItem(tenant: Tenant, orderId: string, itemId: string, quantity: number): Promise<void> {
    const { configuration, client, order, reference } = await this.context(tenant, orderId);
    const basket = await client.updateItem(reference, itemId, quantity);
    const cart = mapCart(basket, configuration);
    if (!jsonEqual(cart, order.cart)) await this.kit.orders.replaceCart(tenant, orderId, cart);
  }

  /** Re-reads basket and buyer and applies what changed: cart, customer, and (full control) shippings. */
  async refresh(tenant: Tenant, orderId: string): Promise<{ id: string; changes: string[] }> {
    const { configuration, client, order, reference } = await this.context(tenant, orderId);
    const [basket, buyer] = await Promise.all([client.getBasket(reference), client.getBuyer(reference)]);
    const changes: string[] = [];
    const cart = mapCart(basket, configuration);
    if (!jsonEqual(cart, order.cart)) {
      await this.kit.orders.replaceCart(tenant, orderId, cart);
      changes.push('/cart');
    }
    if (buyer) {
      const customer = mergeCustomer(order.customer, mapBuyerToCustomer(buyer));
      if (!jsonEqual(customer, order.customer)) {
        await this.kit.orders.replaceCustomer(tenant, orderId, customer);
        changes.push('/customer');
      }
    }
    if (deliveryModeOf(configuration) === 'full-control') {
      const shippings = mapDeliveryToShippings(basket.delivery, shippingOwnerOf(order));
      if (!jsonEqual(shippings, order.shippings)) {
        await this.kit.orders.replaceShippings(tenant, orderId, shippings);
        changes.push('/shippings');
      }
    }
    return { id: orderId, changes };
  }

  /** The order (in `checkout`, made from a basket), the configuration and the platform client. */
  private async context(tenant: Tenant, orderId: string): Promise<{ configuration: CommerceAdapterConfiguration; client: CommercePlatformClient; order: OrderDocument; reference: string }> {
    const configuration = await this.kit.configuration.get(tenant);
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const reference = order.cart.reference;
    if (!reference) throw badRequest('not_a_basket_order', `Order ${orderId} was not made from a commerce basket.`);
    if (order.state.currentStatus !== 'checkout') {
      throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}; its basket can only change while it is in checkout.`);
    }
    return { configuration, client: this.clients.for(configuration), order, reference };
  }
}

/** An unknown basket named in a request body is a bad request, not a missing route. */
function basketNotFoundAsBadRequest(reference: string) {
  return (error: unknown): never => {
    if (error instanceof PlatformCallError && error.httpStatus === 404) {
      throw badRequest('basket_not_found', `Basket ${reference} was not found in the commerce platform.`);
    }
    throw error;
  };
}
