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

const item = {
  type: 'object',
  additionalProperties: false,
  required: ['reference', 'description', 'quantity', 'amount', 'taxAmount'],
  properties: { reference: text(), description: text(500), quantity: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 }, amount: lineAmount, taxAmount: lineAmount },
} as const;
const items = { type: 'array', minItems: 1, maxItems: 500, items: item } as const;

export const createPurchaseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['merchantReference', 'currency', 'items'],
  properties: {
    merchantReference: text(),
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    language: { type: 'string', pattern: '^[a-z]{2}(-[A-Z]{2})?$' },
    mode: { enum: ['test', 'production'] },
    items,
    callbackUrl: url,
  },
} as const;

export const updateItemsSchema = { type: 'object', additionalProperties: false, required: ['items'], properties: { items } } as const;

export const deliverSchema = { type: ['object', 'null'], additionalProperties: false, properties: { amount: { type: 'number', exclusiveMinimum: 0 } } } as const;
export const refundSchema = { type: 'object', additionalProperties: false, required: ['amount'], properties: { amount: { type: 'number', exclusiveMinimum: 0 } } } as const;

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
