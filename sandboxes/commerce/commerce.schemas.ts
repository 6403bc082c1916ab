/** JSON schemas of the commerce sandbox's request bodies (fastify validates; 400 `invalid_request`). */

const text = (maxLength = 200) => ({ type: 'string', minLength: 1, maxLength }) as const;
const amount = { type: 'number', minimum: 0, maximum: 100_000_000 } as const;
const vatRate = { type: 'number', minimum: 0, maximum: 1 } as const;
const quantity = { type: 'integer', minimum: 0, maximum: 10_000 } as const;

export const addressSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['streetAddress', 'postalCode', 'city', 'country'],
  properties: {
    type: { type: 'string', enum: ['person'] },
    givenName: text(),
    familyName: text(),
    streetAddress: text(),
    streetAddress2: { type: 'string', maxLength: 200 },
    postalCode: text(20),
    city: text(),
    region: { type: 'string', maxLength: 200 },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    phone: { type: 'string', maxLength: 40 },
    email: { type: 'string', format: 'email', maxLength: 320 },
  },
} as const;

export const buyerSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['person'], default: 'person' },
    givenName: text(),
    familyName: text(),
    email: { type: 'string', format: 'email', maxLength: 320 },
    phone: { type: 'string', maxLength: 40 },
    nationalIdentificationNumber: { type: 'string', maxLength: 40 },
    billing: { anyOf: [addressSchema, { type: 'null' }], default: null },
    shipping: { anyOf: [addressSchema, { type: 'null' }], default: null },
  },
} as const;

const itemProperties = {
  sku: text(100),
  name: text(),
  quantity: { ...quantity, minimum: 1 },
  unitPrice: amount,
  vatRate,
  productId: text(100),
  image: text(500),
} as const;

const deliveryProperties = {
  name: text(),
  priceIncVat: amount,
  vatRate,
  reference: text(),
} as const;

export const createBasketSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      maxItems: 200,
      items: { type: 'object', additionalProperties: false, required: ['sku', 'name', 'quantity', 'unitPrice', 'vatRate'], properties: itemProperties },
    },
    buyer: buyerSchema,
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    clientId: { type: 'integer', minimum: 1 },
    delivery: {
      type: 'object',
      additionalProperties: false,
      required: ['deliveryMethodId'],
      properties: { deliveryMethodId: { type: 'integer' }, ...deliveryProperties },
    },
  },
} as const;

/** Sandbox PATCH of a line by SKU: quantity, plus name/unitPrice/vatRate to add a new line. */
export const patchSkuSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['quantity'],
  properties: { quantity, name: itemProperties.name, unitPrice: amount, vatRate, productId: itemProperties.productId, image: itemProperties.image },
} as const;

export const quantitySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['quantity'],
  properties: { quantity },
} as const;

export const deliverySchema = createBasketSchema.properties.delivery;

export const purchaseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['paymentMethodId', 'deliveryMethodId'],
  properties: {
    paymentMethodId: { type: 'integer' },
    deliveryMethodId: { type: 'integer' },
    externalReference: text(),
    buyer: buyerSchema,
    delivery: { type: 'object', additionalProperties: false, properties: deliveryProperties },
  },
} as const;

/** Optional body: absent, `{}`, or some of the fields. */
export const paymentSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    amount,
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    paymentReference: text(),
    externalReference: text(),
  },
} as const;

export const cancelSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { reason: text(500) },
} as const;

export const tokenSchema = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string' },
    client_id: { type: 'string' },
    client_secret: { type: 'string' },
    scope: { type: 'string' },
  },
} as const;
