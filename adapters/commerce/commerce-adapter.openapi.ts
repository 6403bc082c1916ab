import { empty, errors, json } from '../kit/platform.js';
import { jsonPatchSchema } from '../kit/callback-answers.openapi.js';

/** What the commerce adapter answers, for its API document (docs/api-documents.md). */

const problems = {
  type: 'array',
  items: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, pointers: { type: 'array', items: { type: 'string' } } } },
} as const;
const upstream = errors(404, 409, 502);

export const createOrderAnswers = {
  201: json("Created (Location: the order service's resource)", { type: 'object', required: ['id'], properties: { id: { type: 'string' } } }),
  ...upstream,
};
export const updateItemAnswers = { 200: empty('The item has the quantity, in the basket and the order'), ...upstream };
export const refreshAnswers = {
  200: json('What changed (JSON pointers of the order)', { type: 'object', required: ['id', 'changes'], properties: { id: { type: 'string' }, changes: { type: 'array', items: { type: 'string' } } } }),
  ...upstream,
};
export const validateAnswers = {
  200: json('Valid', { type: 'object', required: ['valid'], properties: { valid: { const: true } } }),
  400: json('Invalid: the problems (or a refusal `{code, message}`)', { anyOf: [problems, { $ref: 'ErrorBody#' }] }),
  ...errors(404, 502),
};
export const hookAnswers = { 200: empty('Accepted'), ...upstream };
export const customerHookAnswers = { 200: json('Accepted; a JSON Patch that completes the customer (or no body)', jsonPatchSchema), ...upstream };
export const exportAnswers = {
  200: json('Exported: the commerce order reference (null when the notification is not about completion)', { type: 'object', required: ['reference'], properties: { reference: { type: ['string', 'null'] } } }),
  ...upstream,
};

const priceSchema = { type: 'object', required: ['includingVat', 'excludingVat'], properties: { includingVat: { type: 'number' }, excludingVat: { type: 'number' } } };
export const shippingOptionsAnswers = {
  200: json('The shipping options, the chosen one `selected`', {
    type: 'object',
    required: ['currency', 'mode', 'source', 'options'],
    properties: {
      currency: { type: 'string' },
      mode: { enum: ['full-control', 'managed'] },
      source: { enum: ['commerce_platform', 'configuration'] },
      options: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name', 'price', 'vatRate', 'selected'],
          properties: { id: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, price: priceSchema, vatRate: { type: 'number' }, selected: { type: 'boolean' } },
        },
      },
    },
  }),
  ...errors(400, 404, 409, 502),
};
