/** JSON schemas of the non-PSP adapter's requests (fastify validates; 400 `invalid_request`). */

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const identifier = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const orderParamsSchema = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: id },
} as const;

export const paymentParamsSchema = {
  type: 'object',
  required: ['orderId', 'paymentId'],
  properties: { orderId: id, paymentId: id },
} as const;

/** Create: no body, or the method to select (default: the first configured). */
export const createPaymentBodySchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { paymentMethod: identifier },
} as const;

export const selectMethodBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['paymentMethod'],
  properties: { paymentMethod: identifier },
} as const;

/** The order service's hook call: only `total` is needed (and `payments` when it is part of the change). */
export const hookCallBodySchema = {
  type: 'object',
  required: ['total'],
  properties: {
    total: { type: 'object', required: ['includingVat'], properties: { includingVat: { type: 'number' } } },
    payments: { type: 'array', items: { type: 'object', required: ['id', 'adapterId', 'state', 'amount'] } },
  },
} as const;

// What the adapter answers, for its API document (docs/api-documents.md).
const paymentMethod = { type: 'object', required: ['identifier', 'name'], properties: { identifier: { type: 'string' }, name: { type: 'string' } } } as const;
export const paymentMethodsSchema = { type: 'object', required: ['paymentMethods'], properties: { paymentMethods: { type: 'array', items: paymentMethod } } } as const;
export const sessionSchema = {
  type: 'object',
  required: ['paymentId', 'paymentMethods', 'selectedPaymentMethod', 'amount', 'state'],
  properties: {
    paymentId: { type: 'string' },
    paymentMethods: { type: 'array', items: paymentMethod },
    selectedPaymentMethod: { type: 'string' },
    amount: { type: 'number' },
    state: { type: 'string' },
  },
} as const;
export const completionSchema = {
  type: 'object',
  required: ['orderId', 'paymentId', 'orderStatus', 'paymentState'],
  properties: { orderId: { type: 'string' }, paymentId: { type: 'string' }, orderStatus: { type: 'string' }, paymentState: { type: 'string' } },
} as const;
