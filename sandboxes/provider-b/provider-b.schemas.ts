/** JSON schemas of provider B sandbox requests (fastify validates; 400 `invalid_request`). */

const text = (max = 200) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const amount = { type: 'number', minimum: 0, maximum: 100_000_000 } as const;
/** A line may be negative (a discount, what other payments cover). */
const lineAmount = { type: 'number', minimum: -100_000_000, maximum: 100_000_000 } as const;
const url = { type: 'string', pattern: '^https?://', maxLength: 2000 } as const;

export const purchaseParamsSchema = { type: 'object', required: ['purchaseId'], properties: { purchaseId: text(100) } } as const;

export const tokenRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['clientId', 'clientSecret'],
  properties: { clientId: text(), clientSecret: text() },
} as const;

/** An item as Avarda Checkout 3 publishes it: `amount` and `taxAmount` per unit incl. VAT, `notes` the merchant's reference. */
const item = {
  type: 'object',
  additionalProperties: false,
  required: ['description', 'amount'],
  properties: {
    description: text(500),
    notes: text(500),
    amount: lineAmount,
    taxCode: { type: 'string', maxLength: 20 },
    taxAmount: lineAmount,
    quantity: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 },
  },
} as const;
const items = { type: 'array', minItems: 1, maxItems: 500, items: item } as const;

/** Initialize payment (`POST /api/partner/payments`): the published fields the sandbox models; the language and the completed-notification address sit in `checkoutSetup`, the merchant's order id in `extraIdentifiers`. */
export const createPurchaseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    checkoutSetup: {
      type: 'object',
      additionalProperties: false,
      properties: { mode: { enum: ['B2C', 'B2B'] }, language: { enum: ['English', 'Swedish', 'Finnish', 'Norwegian', 'Estonian', 'Danish', 'Czech', 'Latvian', 'Lithuanian', 'Slovak', 'Polish'] }, completedNotificationUrl: url },
    },
    items,
    extraIdentifiers: { type: 'object', additionalProperties: false, properties: { orderReference: text(100) } },
  },
} as const;

export const updateItemsSchema = { type: 'object', additionalProperties: false, required: ['items'], properties: { items } } as const;

/** Order (delivery), `POST …/order`: the delivered items; `tranId` identifies the request (a repeat with the same one is not applied again). */
export const orderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'orderReference'],
  properties: { items, orderReference: text(20), tranId: text(36), trackingCode: { type: 'string', maxLength: 100 }, posId: text(32) },
} as const;
/** Return, `POST …/return`: the returned items (credited). */
export const returnSchema = { type: 'object', additionalProperties: false, required: ['items'], properties: { items, orderReference: text(20), tranId: text(36) } } as const;
/** Cancel, `POST …/cancel`: the reason is required. */
export const cancelSchema = { type: 'object', additionalProperties: false, required: ['reason'], properties: { reason: text(500) } } as const;

const address = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(['givenName', 'familyName', 'streetAddress', 'streetAddress2', 'postalCode', 'city', 'phone', 'email'].map((name) => [name, text()])),
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
  },
} as const;

export const shopperSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    customer: {
      type: 'object',
      additionalProperties: false,
      properties: { type: { enum: ['person', 'company'] }, email: text(), phone: text(), givenName: text(), familyName: text(), nationalIdentificationNumber: text() },
    },
    deliveryAddress: address,
    invoicingAddress: address,
    shippingOption: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'amount'],
      properties: { id: text(), name: text(), amount, vatRate: { type: 'number', minimum: 0, maximum: 1 }, carrier: text() },
    },
    paymentMethod: text(50),
    consents: { type: 'object', additionalProperties: { type: 'boolean' } },
  },
} as const;

export const completeSchema = { type: ['object', 'null'], additionalProperties: false, properties: { outcome: { enum: ['completed', 'declined'] }, sendCallback: { type: 'boolean', description: 'false: the server callback is lost on the way (send it with …/callback)' } } } as const;
