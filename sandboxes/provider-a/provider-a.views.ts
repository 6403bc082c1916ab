import type { ProviderOrder } from './provider-a.model.js';

/** The hosted checkout embedded in the shop's page: an iframe of the sandbox's own page. */
export function htmlSnippet(origin: string, orderId: string): string {
  const src = `${origin}/hosted/orders/${encodeURIComponent(orderId)}`;
  return `<div id="provider-a-checkout-container" data-order-id="${orderId}"><iframe src="${src}" title="Provider A checkout" style="width:100%;min-height:640px;border:0" allow="payment"></iframe></div>`;
}

/** The order as Klarna's checkout order publishes it (no snippet): what the validation callback carries. */
export function checkoutOrder(order: ProviderOrder) {
  const { management: _management, customer_token: _token, created_at: startedAt, recurring_token: recurringToken, ...checkout } = order;
  // Absent fields are left out, as the provider does (no nulls).
  const present = Object.fromEntries(Object.entries({ ...checkout, started_at: startedAt, recurring_token: recurringToken }).filter(([, value]) => value !== null));
  return present;
}

/** The checkout API's view of an order (`/checkout/v3/orders/{id}`), with its snippet. */
export function checkoutView(order: ProviderOrder, origin: string) {
  return { ...checkoutOrder(order), html_snippet: htmlSnippet(origin, order.order_id) };
}

/** What the shipping-option update callback carries (Klarna's published request: the cart, addresses, the chosen option). */
export function shippingUpdateView(order: ProviderOrder) {
  return {
    order_amount: order.order_amount,
    order_tax_amount: order.order_tax_amount,
    order_lines: order.order_lines,
    purchase_currency: order.purchase_currency,
    locale: order.locale,
    ...(order.billing_address ? { billing_address: order.billing_address } : {}),
    ...(order.shipping_address ? { shipping_address: order.shipping_address } : {}),
    ...(order.selected_shipping_option ? { selected_shipping_option: order.selected_shipping_option } : {}),
    ...(order.merchant_reference1 ? { merchant_reference1: order.merchant_reference1 } : {}),
    ...(order.merchant_reference2 ? { merchant_reference2: order.merchant_reference2 } : {}),
  };
}

/** The order-management view (`/ordermanagement/v1/orders/{id}`), only for bought orders: the fields Klarna publishes there. */
export function managementView(order: ProviderOrder) {
  const managed = order.management!;
  const option = order.selected_shipping_option;
  return {
    order_id: order.order_id,
    status: managed.status,
    fraud_status: managed.fraud_status,
    purchase_country: order.purchase_country,
    purchase_currency: order.purchase_currency,
    locale: order.locale,
    order_amount: order.order_amount,
    original_order_amount: order.order_amount,
    captured_amount: managed.captured_amount,
    refunded_amount: managed.refunded_amount,
    remaining_authorized_amount: managed.status === 'CANCELLED' ? 0 : order.order_amount - managed.captured_amount,
    order_lines: order.order_lines,
    ...(option
      ? { selected_shipping_option: { id: option.id, name: option.name, price: option.price, tax_amount: option.tax_amount, tax_rate: option.tax_rate, ...(option.shipping_method ? { method: option.shipping_method } : {}) } }
      : {}),
    ...(order.merchant_reference1 ? { merchant_reference1: order.merchant_reference1 } : {}),
    ...(order.merchant_reference2 ? { merchant_reference2: order.merchant_reference2 } : {}),
    ...(order.billing_address ? { billing_address: order.billing_address } : {}),
    ...(order.shipping_address ? { shipping_address: order.shipping_address } : {}),
    captures: managed.captures,
    refunds: managed.refunds,
    created_at: order.completed_at ?? order.created_at,
  };
}
