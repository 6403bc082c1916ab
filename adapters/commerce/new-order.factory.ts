import { randomUUID } from 'node:crypto';
import type { Tenant } from '../kit/platform.js';
import type { NewHook, NewNotification, NewValidation } from '../kit/order-service.client.js';
import { countryOf, mapBuyerToCustomer, mapCart, mapDeliveryToShippings } from './basket-order.mapper.js';
import { deliveryModeOf, type CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import type { Basket, Buyer } from './commerce-platform.types.js';

export interface NewOrderRequest {
  cartReference: string;
  culture: string;
  currency: string;
}

/** Where the platform calls this adapter back for one order. */
export const callbackUrls = (publicUrl: string, orderId: string) => {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/v1/orders/${encodeURIComponent(orderId)}`;
  return {
    validate: `${base}/validate`,
    shippingChanged: `${base}/shipping-changed`,
    stateChanged: `${base}/state-changed`,
    customerChanged: `${base}/customer-changed`,
    exportOrder: `${base}/export-order`,
  };
};

export const EXPORT_NOTIFICATION_DESCRIPTION = 'Completes the payment in the commerce platform and sets the order reference when the order is completed.';

/**
 * The hooks, notification and validation the commerce adapter adds to every order it creates:
 * `/state` (purchase at `processing`), `/customer` with target `/cart` (push the buyer, follow
 * buyer-dependent prices), `/shippings` only in managed mode (in full-control mode the commerce
 * platform's delivery is authoritative, so the checkout's shipping is never pushed back), the
 * export notification on `completed`, and the validation callback.
 */
export function orderCallbacks(publicUrl: string, orderId: string, configuration: Pick<CommerceAdapterConfiguration, 'features'>, reference: string = randomUUID()) {
  const urls = callbackUrls(publicUrl, orderId);
  const hooks: NewHook[] = [
    { subscribeTo: '/state', invoke: urls.stateChanged },
    { subscribeTo: '/customer', target: '/cart', invoke: urls.customerChanged },
    ...(deliveryModeOf(configuration) === 'managed' ? [{ subscribeTo: '/shippings', invoke: urls.shippingChanged } satisfies NewHook] : []),
  ];
  const notifications: NewNotification[] = [
    { description: EXPORT_NOTIFICATION_DESCRIPTION, reference, scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: urls.exportOrder },
  ];
  const validations: NewValidation[] = [{ url: urls.validate }];
  return { hooks, notifications, validations };
}

/**
 * The order-service body of a new order made from a basket: its id (chosen here so the
 * callback URLs can name it), currency and culture as asked, country, the cart, the shippings
 * (full-control mode only), the customer from the buyer, and the callbacks.
 */
export function newOrderFromBasket(input: {
  orderId: string;
  /** The merchant and channel the order is created for (its shippings carry them). */
  tenant: Tenant;
  request: NewOrderRequest;
  basket: Basket;
  buyer: Buyer | null;
  configuration: CommerceAdapterConfiguration;
  publicUrl: string;
}): Record<string, unknown> {
  const { orderId, request, basket, buyer, configuration, tenant } = input;
  const country = countryOf(buyer, configuration);
  return {
    id: orderId,
    currency: request.currency,
    culture: request.culture,
    ...(country ? { country } : {}),
    cart: mapCart(basket, configuration),
    shippings: deliveryModeOf(configuration) === 'managed' ? [] : mapDeliveryToShippings(basket.delivery, { ...tenant, orderId }),
    customer: mapBuyerToCustomer(buyer),
    ...orderCallbacks(input.publicUrl, orderId, configuration),
  };
}
