/** JSON schemas of the gift card adapter's requests (fastify validates; 400 `invalid_request`). */

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;

export const orderParams = { type: 'object', required: ['orderId'], properties: { orderId: id } } as const;
export const paymentParams = { type: 'object', required: ['orderId', 'paymentId'], properties: { orderId: id, paymentId: id } } as const;

export const addGiftCardBody = {
  type: 'object',
  required: ['cardId'],
  additionalProperties: false,
  properties: {
    cardId: { type: 'string', minLength: 1, maxLength: 64 },
    code: { type: 'string', maxLength: 100 },
  },
} as const;

// What the adapter answers, for its API document (docs/api-documents.md).
export const giftCardPaymentSchema = {
  type: 'object',
  required: ['paymentId', 'cardId', 'amount', 'upperLimitAmount', 'state'],
  properties: {
    paymentId: { type: 'string' },
    cardId: { type: 'string' },
    code: { type: ['string', 'null'], description: 'Masked' },
    amount: { type: 'number' },
    upperLimitAmount: { type: 'number', description: "The card's balance when it was added" },
    currency: { type: 'string' },
    state: { type: 'string' },
  },
} as const;
export const completionSchema = { type: 'object', required: ['orderId', 'orderStatus'], properties: { orderId: { type: 'string' }, orderStatus: { type: 'string' } } } as const;
