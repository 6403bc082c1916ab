/** JSON schemas of the gift card sandbox's requests (fastify validates; 400 `invalid_request`). */

const id = { type: 'string', minLength: 1, maxLength: 100 } as const;
const code = { type: 'string', minLength: 1, maxLength: 100 } as const;
const currency = { type: 'string', pattern: '^[A-Z]{3}$' } as const;

export const cardParamsSchema = {
  type: 'object',
  required: ['cardId'],
  properties: { cardId: id },
} as const;

export const balanceQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { code },
} as const;

export const reserveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['orderId', 'paymentId', 'amount'],
  properties: {
    orderId: id,
    paymentId: id,
    amount: { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000 },
    code,
    currency,
  },
} as const;

export const reservationQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { orderId: id, paymentId: id, cardId: id },
} as const;

export const createCardSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['cardId', 'balance', 'currency'],
  properties: {
    cardId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    code,
    balance: { type: 'number', minimum: 0, maximum: 100_000_000 },
    currency,
  },
} as const;
