/** JSON schemas of the provider C sandbox's requests (fastify validates; 400 `invalid_request`). */

const text = (max = 200) => ({ type: 'string', maxLength: max }) as const;
const url = { type: 'string', maxLength: 2000, pattern: '^https?://' } as const;
const optionalUrl = { type: 'string', maxLength: 2000, pattern: '^(https?://.*)?$' } as const;
const currency = { type: 'string', pattern: '^[A-Z]{3}$' } as const;
const country = { type: 'string', pattern: '^[A-Z]{2}$' } as const;

export const orderParamsSchema = { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string', pattern: '^[0-9]{1,12}$' } } } as const;
export const tokenParamsSchema = { type: 'object', required: ['token'], properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' } } } as const;

/** An order item as Qliro One publishes it (prices per item, major units). */
const orderItem = {
  type: 'object',
  additionalProperties: false,
  required: ['MerchantReference', 'Description', 'Type', 'Quantity', 'PricePerItemIncVat', 'PricePerItemExVat'],
  properties: {
    MerchantReference: text(200),
    Description: text(200),
    Type: { enum: ['Product', 'Discount', 'Fee', 'Shipping'] },
    Quantity: { type: 'number', exclusiveMinimum: 0, maximum: 100_000 },
    PricePerItemIncVat: { type: 'number', minimum: -100_000_000, maximum: 100_000_000 },
    PricePerItemExVat: { type: 'number', minimum: -100_000_000, maximum: 100_000_000 },
    VatRate: { type: 'number', minimum: 0, maximum: 100 },
  },
} as const;
const orderItems = { type: 'array', minItems: 1, maxItems: 500, items: orderItem } as const;
const language = { type: 'string', pattern: '^[a-z]{2}-[a-z]{2}$' } as const;

/** Create order as published (`MerchantApiKey` names the merchant); `Recurring` is the sandbox's own (docs). */
export const createOrderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['MerchantApiKey', 'MerchantReference', 'Currency', 'Country', 'Language', 'MerchantTermsUrl', 'MerchantConfirmationUrl', 'MerchantCheckoutStatusPushUrl', 'OrderItems'],
  properties: {
    MerchantApiKey: text(100),
    MerchantReference: { type: 'string', minLength: 1, maxLength: 100 },
    Currency: currency,
    Country: country,
    Language: language,
    MerchantTermsUrl: url,
    MerchantConfirmationUrl: url,
    MerchantCheckoutStatusPushUrl: url,
    MerchantOrderManagementStatusPushUrl: optionalUrl,
    MerchantOrderValidationUrl: optionalUrl,
    OrderItems: orderItems,
    Recurring: { type: 'boolean' },
  },
} as const;

/** Update order (`PUT /checkout/merchantapi/orders/{id}`): the items. */
export const updateOrderSchema = { type: 'object', additionalProperties: false, required: ['OrderItems'], properties: { MerchantApiKey: text(100), OrderItems: orderItems } } as const;

export const recurringOrderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['MerchantApiKey', 'MerchantReference', 'Currency', 'Country', 'OrderItems'],
  properties: {
    MerchantApiKey: text(100),
    MerchantReference: { type: 'string', minLength: 1, maxLength: 100 },
    Currency: currency,
    Country: country,
    Language: language,
    OrderItems: orderItems,
    MerchantOrderManagementStatusPushUrl: optionalUrl,
  },
} as const;

const addressProperties = {
  firstName: text(),
  lastName: text(),
  streetAddress: text(),
  coAddress: text(),
  postalCode: text(20),
  city: text(),
  countryCode: country,
} as const;
const customer = {
  type: 'object',
  additionalProperties: false,
  properties: { ...addressProperties, isCompany: { type: 'boolean' }, companyName: text(), email: { type: 'string', maxLength: 200, pattern: '^[^@\\s]+@[^@\\s]+$' }, phoneNumber: text(40) },
} as const;

export const shopperSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    customer,
    shippingAddress: { type: 'object', additionalProperties: false, properties: addressProperties },
    shippingOption: { type: 'object', additionalProperties: false, required: ['id', 'name', 'price'], properties: { id: text(100), name: text(), price: { type: 'number', minimum: 0, maximum: 1_000_000 } } },
  },
} as const;

export const purchaseSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    outcome: { enum: ['completed', 'pending', 'refused'] },
    pendingReason: { enum: ['AwaitingProvider', 'MissingDeliveryAddress', 'ManualApproval'] },
    pushes: { type: 'integer', minimum: 0, maximum: 5, description: 'How many checkout pushes follow (default 1; 0: the push is lost, send it with …/push)' },
  },
} as const;

export const resolveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: { decision: { enum: ['accepted', 'declined'] }, repeat: { type: 'integer', minimum: 0, maximum: 5, description: 'How many times the event is sent (default 1; 0: lost on the way)' } },
} as const;

export const tokenSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { merchantId: text(100), customer },
} as const;

export const merchantSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['merchantId', 'secret'],
  properties: {
    merchantId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    secret: { type: 'string', minLength: 8, maxLength: 200 },
    mode: { enum: ['test', 'production'] },
    shippingIntegration: { type: 'boolean' },
    validationTimeoutApproves: { type: 'boolean', description: 'A validation not answered in time counts as approved (default true): agreed per merchant' },
  },
} as const;
