import { equalAmounts } from '../kit/platform.js';
import type { OrderDocument } from '../kit/order-contract.js';
import { mapCart, mapCustomerToBuyer, mapDeliveryToShippings, mapShippingsToDelivery, shippingOwnerOf } from './basket-order.mapper.js';
import { deliveryModeOf, type CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import { CHECKOUT_PAYMENT_METHOD_ID, EXTERNAL_DELIVERY_METHOD_ID, type Basket, type PurchaseInput } from './commerce-platform.types.js';

/** The rules the adapter checks an order by, as pure functions. */

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export interface Problem {
  code: string;
  message: string;
  /** The order's members the problem is about (JSON pointers). */
  pointers?: string[];
}

/** What the billing address needs before the order may go to `processing`. */
export const REQUIRED_BILLING_FIELDS = ['givenName', 'familyName', 'streetAddress', 'postalCode', 'city', 'country', 'email'] as const;

export function missingBillingFields(customer: OrderDocument['customer'] | undefined): string[] {
  const billing = customer?.billing as Record<string, unknown> | undefined;
  return REQUIRED_BILLING_FIELDS.filter((field) => typeof billing?.[field] !== 'string' || (billing[field] as string).trim() === '');
}

/** The validation error of `checkout → processing` with missing customer data, or undefined. */
export function customerDataProblem(customer: OrderDocument['customer'] | undefined): (Problem & { fields: string[] }) | undefined {
  const fields = missingBillingFields(customer);
  if (fields.length === 0) return undefined;
  const message = customer?.billing
    ? `Customer data is missing: the billing address has no ${fields.join(', ')}.`
    : `Customer data is missing: a billing address with ${fields.join(', ')} is required.`;
  return { code: 'customer_incomplete', message, fields, pointers: fields.map((field) => `/customer/billing/${field}`) };
}

/**
 * Where the order no longer matches the basket: the basket is gone or paid, another currency,
 * other lines or totals (changed behind the checkout's back: refresh with PATCH
 * /api/v1/orders/{id}), and in full-control mode another delivery than the order's shipping.
 */
export function basketDifferences(order: Pick<OrderDocument, 'id' | 'merchant' | 'channel' | 'currency' | 'cart' | 'shippings'>, basket: Basket, configuration: CommerceAdapterConfiguration): Problem[] {
  const problems: Problem[] = [];
  if (basket.status !== 'open') problems.push({ code: 'basket_closed', message: `Basket ${basket.id} is already paid in the commerce platform.` });
  if (basket.currency !== order.currency) {
    problems.push({ code: 'currency_mismatch', message: `The basket is in ${basket.currency} but the order is in ${order.currency}.` });
  }
  const cart = mapCart(basket, configuration);
  if (!jsonEqual(cart.items, order.cart.items) || !equalAmounts(cart.total.includingVat, order.cart.total.includingVat)) {
    problems.push({ code: 'basket_changed', message: `The basket changed in the commerce platform; refresh the order (GraphQL refreshOrder, or PATCH /api/v1/orders/${order.id} on the commerce adapter).` });
  }
  if (deliveryModeOf(configuration) === 'full-control' && !jsonEqual(mapDeliveryToShippings(basket.delivery, shippingOwnerOf(order)), order.shippings)) {
    problems.push({ code: 'delivery_changed', message: `The delivery chosen in the commerce platform is not the order's shipping; refresh the order (GraphQL refreshOrder, or PATCH /api/v1/orders/${order.id} on the commerce adapter).` });
  }
  return problems;
}

/**
 * The purchase of an order: payment method 239, `externalReference` = the order id, the buyer
 * from the order's customer, and the delivery — in full-control mode the basket's own platform
 * method; otherwise (managed mode, or no platform delivery chosen) the external method 128 with
 * the checkout's shippings.
 */
export function purchaseRequest(order: Pick<OrderDocument, 'id' | 'customer' | 'shippings'>, basket: Pick<Basket, 'delivery'>, configuration: Pick<CommerceAdapterConfiguration, 'features'>): PurchaseInput {
  const base = { paymentMethodId: CHECKOUT_PAYMENT_METHOD_ID, externalReference: order.id, buyer: mapCustomerToBuyer(order.customer) };
  const platformDelivery = basket.delivery && basket.delivery.deliveryMethodId !== EXTERNAL_DELIVERY_METHOD_ID ? basket.delivery : undefined;
  if (deliveryModeOf(configuration) === 'full-control' && platformDelivery) return { ...base, deliveryMethodId: platformDelivery.deliveryMethodId };
  return { ...base, deliveryMethodId: EXTERNAL_DELIVERY_METHOD_ID, delivery: mapShippingsToDelivery(order.shippings) };
}

/** The move a `/state` hook is asked about: the status before (from the transitions) and after. */
export function transitionOf(state: Partial<OrderDocument['state']> | undefined): { from: string | undefined; to: string | undefined } {
  const transitions = state?.transitions ?? [];
  return { from: transitions.length >= 2 ? transitions[transitions.length - 2]!.status : undefined, to: state?.currentStatus };
}
