import type { ProviderOrder } from './provider-a.model.js';

/** The hosted checkout embedded in the shop's page: an iframe of the sandbox's own page. */
export function htmlSnippet(origin: string, orderId: string): string {
  const src = `${origin}/hosted/orders/${encodeURIComponent(orderId)}`;
  return `<div id="provider-a-checkout-container" data-order-id="${orderId}"><iframe src="${src}" title="Provider A checkout" style="width:100%;min-height:640px;border:0" allow="payment"></iframe></div>`;
}

/** The checkout API's view of an order (`/checkout/v3/orders/{id}`), with its snippet. */
export function checkoutView(order: ProviderOrder, origin: string) {
  const { management: _management, customer_token: _token, ...checkout } = order;
  return { ...checkout, html_snippet: htmlSnippet(origin, order.order_id) };
}

/** The order-management view (`/ordermanagement/v1/orders/{id}`); only for bought orders. */
export function managementView(order: ProviderOrder) {
  const managed = order.management!;
  return {
    order_id: order.order_id,
    status: managed.status,
    fraud_status: managed.fraud_status,
    purchase_country: order.purchase_country,
    purchase_currency: order.purchase_currency,
    locale: order.locale,
    order_amount: order.order_amount,
    order_tax_amount: order.order_tax_amount,
    captured_amount: managed.captured_amount,
    refunded_amount: managed.refunded_amount,
    remaining_authorized_amount: managed.status === 'CANCELLED' ? 0 : order.order_amount - managed.captured_amount,
    order_lines: order.order_lines,
    selected_shipping_option: order.selected_shipping_option,
    merchant_reference1: order.merchant_reference1,
    merchant_reference2: order.merchant_reference2,
    billing_address: order.billing_address,
    shipping_address: order.shipping_address,
    acknowledged: managed.acknowledged,
    recurring_token: managed.recurring_token,
    customer_token: order.customer_token,
    captures: managed.captures,
    refunds: managed.refunds,
    created_at: order.created_at,
    completed_at: order.completed_at,
  };
}
