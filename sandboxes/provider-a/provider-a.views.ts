import type { ProviderOrder } from './provider-a.model.js';

/**
 * The checkout's HTML snippet, as Klarna's is built (docs.klarna.com, KCO "Render the checkout"):
 * a container and the snippet's own script, which defines `window._klarnaCheckout` as a queue with
 * its `config` (the container, the order's hosted page) and loads the bootstrap (`/hosted/kco.js`,
 * kco-bootstrap.script.ts) that renders the checkout's iframe and answers the JavaScript API. The
 * merchant's page runs the snippet's scripts, as it must for Klarna's.
 */
export function htmlSnippet(origin: string, orderId: string): string {
  const config = { ORDER_URL: `${origin}/hosted/orders/${encodeURIComponent(orderId)}`, BOOTSTRAP_SRC: `${origin}/hosted/kco.js` };
  return `<div id="klarna-checkout-container" style="overflow-x: hidden;"><script type="text/javascript">
/* <![CDATA[ */
(function (w, k, i, d, c, s) {
  w[k] = w[k] || function () { (w[k].q = w[k].q || []).push(arguments); };
  c = w[k].config = ${JSON.stringify(config).replace(/</g, '\\u003c')};
  c.container = d.getElementById(i);
  s = d.createElement('script');
  s.async = true;
  s.src = c.BOOTSTRAP_SRC;
  c.container.appendChild(s);
})(window, '_klarnaCheckout', 'klarna-checkout-container', document);
/* ]]> */
</script><noscript>Please enable JavaScript to buy.</noscript></div>`;
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
