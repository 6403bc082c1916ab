/** JSON schemas of the provider A sandbox's requests (fastify validates; 400 in the provider's error shape). */

const str = (maxLength = 255) => ({ type: 'string', minLength: 1, maxLength }) as const;
const minor = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const;
const url = { type: 'string', pattern: '^(https?://|about:blank)', maxLength: 2000 } as const;
const fraudStatus = { enum: ['ACCEPTED', 'PENDING', 'REJECTED'] } as const;

const orderLine = {
  type: 'object',
  required: ['name', 'quantity', 'unit_price', 'tax_rate', 'total_amount', 'total_tax_amount'],
  properties: {
    type: { enum: ['physical', 'digital', 'shipping_fee', 'discount', 'gift_card', 'surcharge', 'sales_tax'] },
    reference: str(),
    name: str(),
    quantity: { type: 'integer', minimum: 1, maximum: 100_000 },
    unit_price: { type: 'integer', minimum: -1_000_000_000, maximum: 1_000_000_000 },
    tax_rate: { type: 'integer', minimum: 0, maximum: 10_000 },
    total_amount: { type: 'integer', minimum: -1_000_000_000, maximum: 1_000_000_000 },
    total_tax_amount: { type: 'integer', minimum: -1_000_000_000, maximum: 1_000_000_000 },
    total_discount_amount: minor,
  },
} as const;

export const addressSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(['given_name', 'family_name', 'email', 'phone', 'street_address', 'street_address2', 'postal_code', 'city', 'region', 'country'].map((field) => [field, str()])),
} as const;

const shippingOption = {
  type: 'object',
  required: ['id', 'name', 'price', 'tax_amount', 'tax_rate'],
  properties: {
    id: str(),
    name: str(),
    description: { type: 'string', maxLength: 1000 },
    price: minor,
    tax_amount: minor,
    tax_rate: { type: 'integer', minimum: 0, maximum: 10_000 },
    preselected: { type: 'boolean' },
    shipping_method: str(),
  },
} as const;

const merchantUrls = {
  type: 'object',
  properties: { terms: url, checkout: url, confirmation: url, push: url, validation: url, shipping_option_update: url, notification: url },
} as const;

const amounts = {
  order_amount: minor,
  order_tax_amount: minor,
  order_lines: { type: 'array', minItems: 1, maxItems: 1000, items: orderLine },
} as const;

const orderFields = {
  purchase_country: { type: 'string', pattern: '^[A-Z]{2}$' },
  purchase_currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  locale: { type: 'string', pattern: '^[a-z]{2}(-[A-Z]{2})?$' },
  ...amounts,
  merchant_urls: merchantUrls,
  shipping_options: { type: 'array', maxItems: 50, items: shippingOption },
  shipping_countries: { type: 'array', items: { type: 'string', pattern: '^[A-Z]{2}$' } },
  merchant_reference1: str(),
  merchant_reference2: str(),
  billing_address: addressSchema,
  shipping_address: addressSchema,
} as const;

export const createOrderSchema = {
  type: 'object',
  required: ['purchase_country', 'purchase_currency', 'locale', 'order_amount', 'order_tax_amount', 'order_lines', 'merchant_urls'],
  properties: {
    ...orderFields,
    merchant_urls: { ...merchantUrls, required: ['terms', 'checkout', 'confirmation', 'push'] },
    recurring: { type: 'boolean' },
  },
} as const;

export const updateOrderSchema = { type: 'object', properties: orderFields } as const;

/** The merchant's answer to a shipping-option update: the new amounts. */
export const amountsSchema = { type: 'object', required: ['order_amount', 'order_tax_amount', 'order_lines'], properties: amounts } as const;

export const orderIdParams = { type: 'object', required: ['orderId'], properties: { orderId: str(100) } } as const;

export const captureSchema = {
  type: 'object',
  required: ['captured_amount'],
  properties: { captured_amount: { type: 'integer', minimum: 1, maximum: 1_000_000_000 }, description: { type: 'string', maxLength: 255 } },
} as const;

export const refundSchema = {
  type: 'object',
  required: ['refunded_amount'],
  properties: { refunded_amount: { type: 'integer', minimum: 1, maximum: 1_000_000_000 }, description: { type: 'string', maxLength: 255 } },
} as const;

export const merchantReferencesSchema = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: { merchant_reference1: str(), merchant_reference2: str() },
} as const;

export const tokenOrderSchema = {
  type: 'object',
  required: ['purchase_currency', 'order_amount', 'order_tax_amount', 'order_lines'],
  properties: {
    purchase_currency: orderFields.purchase_currency,
    ...amounts,
    merchant_reference1: str(),
    merchant_reference2: str(),
    auto_capture: { type: 'boolean' },
  },
} as const;

export const tokenParams = { type: 'object', required: ['token'], properties: { token: str(100) } } as const;

/** Shopper API bodies (`/api/sandbox/...`). */
export const shopperShippingSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: str() } } as const;

const shopperCustomer = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(['givenName', 'familyName', 'email', 'phone', 'streetAddress', 'streetAddress2', 'postalCode', 'city', 'region'].map((field) => [field, { type: 'string', maxLength: 255 }])),
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
  },
} as const;

export const shopperPurchaseSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { customer: shopperCustomer, fraudStatus },
} as const;

export const customerTokenSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { fraudStatus, customer: shopperCustomer },
} as const;

export const fraudStatusSchema = { type: 'object', additionalProperties: false, required: ['fraudStatus'], properties: { fraudStatus } } as const;

export const settingsSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    pushDelayMs: { type: 'integer', minimum: 0, maximum: 3_600_000 },
    pushRetryDelayMs: { type: 'integer', minimum: 0, maximum: 3_600_000 },
    pushMaxAttempts: { type: 'integer', minimum: 1, maximum: 100 },
    callTimeoutMs: { type: 'integer', minimum: 1, maximum: 120_000 },
  },
} as const;
