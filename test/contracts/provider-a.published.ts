/**
 * Provider A's published API, written from Klarna's public references: Checkout API v3
 * (`/checkout/v3/orders`, its merchant_urls callbacks: validation, shipping_option_update, push,
 * notification), Order Management API v1 (`/ordermanagement/v1/orders/…`) and Customer Token API
 * v1 (`/customer-token/v1/tokens/{customerToken}/order`), as in Klarna's OpenAPI documents
 * (docs.klarna.com/api/checkout, /api/ordermanagement, /api/customertoken) and the KCO guides
 * (push, acknowledge, validate order, shipping). Only fields those references name; the ones they
 * require are required (plus the ones this integration relies on in answers).
 */
import { array, boolean, integer, object, oneOf, string, type JsonSchema, type PublishedOperation } from './published-api.js';

const strings = (...names: string[]): Record<string, JsonSchema> => Object.fromEntries(names.map((name) => [name, string()]));

const address = object(strings('given_name', 'family_name', 'email', 'title', 'street_address', 'street_address2', 'street_name', 'street_number', 'house_extension', 'postal_code', 'city', 'region', 'phone', 'country', 'care_of'));
const orderLine = object(
  {
    ...strings('type', 'reference', 'name', 'quantity_unit', 'merchant_data', 'product_url', 'image_url'),
    quantity: integer(),
    unit_price: integer(),
    tax_rate: integer(),
    total_amount: integer(),
    total_discount_amount: integer(),
    total_tax_amount: integer(),
  },
  ['name', 'quantity', 'unit_price', 'tax_rate', 'total_amount', 'total_tax_amount'],
);
const shippingOption = object({ ...strings('id', 'name', 'description', 'promo', 'shipping_method', 'tms_reference'), price: integer(), tax_amount: integer(), tax_rate: integer(), preselected: boolean() }, ['id', 'name', 'price', 'tax_amount', 'tax_rate']);
const merchantUrls = object(strings('terms', 'checkout', 'confirmation', 'push', 'validation', 'notification', 'cancellation_terms', 'shipping_option_update', 'address_update', 'country_change'), ['terms', 'checkout', 'confirmation', 'push']);
const customer = object(strings('type', 'gender', 'date_of_birth', 'organization_registration_id', 'vat_id'));

/** The checkout order's fields the merchant may send (create, update). */
const writable = {
  ...strings('purchase_country', 'purchase_currency', 'locale', 'merchant_reference1', 'merchant_reference2', 'merchant_data'),
  order_amount: integer(),
  order_tax_amount: integer(),
  order_lines: array(orderLine),
  merchant_urls: merchantUrls,
  billing_address: address,
  shipping_address: address,
  customer,
  shipping_countries: array(string()),
  billing_countries: array(string()),
  shipping_options: array(shippingOption),
  recurring: boolean(),
  tags: array(string()),
};
/** The checkout order as the provider answers it (and posts it to the validation URL). */
const checkoutOrder = (required: string[]) =>
  object(
    {
      ...writable,
      ...strings('order_id', 'name', 'html_snippet', 'started_at', 'completed_at', 'last_modified_at', 'recurring_token', 'recurring_description'),
      status: oneOf('checkout_incomplete', 'checkout_complete', 'created'),
      selected_shipping_option: shippingOption,
    },
    required,
  );
const answeredOrder = checkoutOrder(['order_id', 'status', 'purchase_country', 'purchase_currency', 'locale', 'order_amount', 'order_tax_amount', 'order_lines', 'html_snippet']);

const managedOrder = object(
  {
    ...strings('order_id', 'klarna_reference', 'purchase_country', 'purchase_currency', 'locale', 'merchant_reference1', 'merchant_reference2', 'merchant_data', 'created_at', 'expires_at'),
    status: oneOf('AUTHORIZED', 'PART_CAPTURED', 'CAPTURED', 'CANCELLED', 'EXPIRED', 'CLOSED'),
    fraud_status: oneOf('ACCEPTED', 'PENDING', 'REJECTED'),
    order_amount: integer(),
    original_order_amount: integer(),
    captured_amount: integer(),
    refunded_amount: integer(),
    remaining_authorized_amount: integer(),
    order_lines: array(orderLine),
    billing_address: address,
    shipping_address: address,
    customer,
    selected_shipping_option: object({ ...strings('id', 'name', 'method', 'carrier', 'class', 'type', 'tms_reference'), price: integer(), tax_amount: integer(), tax_rate: integer() }),
    captures: array(object({ ...strings('capture_id', 'captured_at', 'description', 'reference', 'klarna_reference'), captured_amount: integer(), refunded_amount: integer(), order_lines: array(orderLine), billing_address: address, shipping_address: address })),
    refunds: array(object({ ...strings('refund_id', 'refunded_at', 'description', 'reference'), refunded_amount: integer(), credit_invoice: boolean(), order_lines: array(orderLine) })),
  },
  ['order_id', 'status', 'fraud_status', 'order_amount', 'captured_amount', 'refunded_amount', 'remaining_authorized_amount', 'purchase_currency'],
);

const basicAuth = { type: 'object', required: ['authorization'] };
/** Order-management and customer-token calls that change something carry Klarna's idempotency header. */
const idempotent = { type: 'object', required: ['authorization', 'klarna-idempotency-key'] };
const noBody = object({});

export const PROVIDER_A_OPERATIONS: PublishedOperation[] = [
  { name: 'checkout: create order', direction: 'in', method: 'POST', path: '/checkout/v3/orders', headers: basicAuth, request: object(writable, ['purchase_country', 'purchase_currency', 'locale', 'order_amount', 'order_tax_amount', 'order_lines', 'merchant_urls']), responses: { 201: answeredOrder } },
  { name: 'checkout: read order', direction: 'in', method: 'GET', path: '/checkout/v3/orders/{order_id}', headers: basicAuth, responses: { 200: answeredOrder } },
  { name: 'checkout: update order', direction: 'in', method: 'POST', path: '/checkout/v3/orders/{order_id}', headers: basicAuth, request: object(writable), responses: { 200: answeredOrder } },
  { name: 'order management: get order', direction: 'in', method: 'GET', path: '/ordermanagement/v1/orders/{order_id}', headers: basicAuth, responses: { 200: managedOrder } },
  { name: 'order management: acknowledge', direction: 'in', method: 'POST', path: '/ordermanagement/v1/orders/{order_id}/acknowledge', headers: idempotent, request: noBody, otherStatuses: [204], responses: {} },
  { name: 'order management: capture', direction: 'in', method: 'POST', path: '/ordermanagement/v1/orders/{order_id}/captures', headers: idempotent, request: object({ ...strings('description', 'reference'), captured_amount: integer(), shipping_delay: integer(), order_lines: array(orderLine) }, ['captured_amount']), otherStatuses: [201], responses: {} },
  { name: 'order management: refund', direction: 'in', method: 'POST', path: '/ordermanagement/v1/orders/{order_id}/refunds', headers: idempotent, request: object({ ...strings('description', 'reference'), refunded_amount: integer(), order_lines: array(orderLine) }, ['refunded_amount']), otherStatuses: [201], responses: {} },
  { name: 'order management: cancel', direction: 'in', method: 'POST', path: '/ordermanagement/v1/orders/{order_id}/cancel', headers: idempotent, request: noBody, otherStatuses: [204], responses: {} },
  { name: 'order management: merchant references', direction: 'in', method: 'PATCH', path: '/ordermanagement/v1/orders/{order_id}/merchant-references', headers: idempotent, request: object(strings('merchant_reference1', 'merchant_reference2')), otherStatuses: [204], responses: {} },
  {
    name: 'customer token: create order',
    direction: 'in',
    method: 'POST',
    path: '/customer-token/v1/tokens/{customerToken}/order',
    headers: idempotent,
    request: object({ ...strings('purchase_currency', 'merchant_reference1', 'merchant_reference2', 'merchant_data'), order_amount: integer(), order_tax_amount: integer(), order_lines: array(orderLine), auto_capture: boolean(), shipping_address: address, merchant_urls: object(strings('confirmation', 'push'), ['confirmation']) }, ['purchase_currency', 'order_amount', 'order_tax_amount', 'order_lines']),
    // The reference's schema also lists redirect_url as required; its own example answer (and a token order, which has no shopper to redirect) has none.
    responses: { 200: object({ ...strings('order_id', 'redirect_url'), fraud_status: oneOf('ACCEPTED', 'PENDING', 'REJECTED'), authorized_payment_method: object({ type: string(), number_of_installments: integer(), number_of_days: integer() }) }, ['order_id', 'fraud_status']) },
  },
  // The provider's calls to the merchant (journal operation names).
  { name: 'callback: validation', direction: 'out', method: 'POST', path: 'validation', request: checkoutOrder(['order_id', 'status', 'purchase_country', 'purchase_currency', 'locale', 'order_amount', 'order_tax_amount', 'order_lines', 'merchant_urls']), responses: { 200: {} }, otherStatuses: [301, 302, 303, 307] },
  {
    name: 'callback: shipping option update',
    direction: 'out',
    method: 'POST',
    path: 'shipping_option_update',
    request: object({ ...strings('purchase_currency', 'merchant_data', 'merchant_reference1', 'merchant_reference2', 'locale'), order_amount: integer(), order_tax_amount: integer(), order_lines: array(orderLine), billing_address: address, shipping_address: address, selected_shipping_option: shippingOption, customer, tags: array(string()) }, ['order_amount', 'order_tax_amount', 'order_lines', 'purchase_currency']),
    responses: { 200: object({ ...strings('purchase_currency', 'merchant_data', 'locale'), order_amount: integer(), order_tax_amount: integer(), order_lines: array(orderLine), shipping_options: array(shippingOption), tags: array(string()) }, ['order_amount', 'order_tax_amount', 'order_lines', 'purchase_currency']) },
  },
  // No body: the checkout order id is in the URL (its {checkout.order.id}); the provider reads no answer.
  { name: 'callback: push', direction: 'out', method: 'POST', path: 'push', request: noBody },
  { name: 'callback: notification', direction: 'out', method: 'POST', path: 'notification', request: object({ order_id: string(), event_type: oneOf('FRAUD_RISK_ACCEPTED', 'FRAUD_RISK_REJECTED', 'FRAUD_RISK_STOPPED') }, ['order_id', 'event_type']) },
];
