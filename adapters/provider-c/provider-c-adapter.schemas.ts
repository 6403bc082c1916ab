import { empty, errors, json } from '../kit/platform.js';

/** JSON schemas of the adapter's own routes (the runtime documents the standard ones). */

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
export const paymentParamsSchema = { type: 'object', required: ['orderId', 'paymentId'], properties: { orderId: id, paymentId: id } } as const;
export const orderParamsSchema = { type: 'object', required: ['orderId'], properties: { orderId: id } } as const;
/**
 * What a browser may send with the checkout's events (the allow-list): nothing. The `q1`
 * listeners carry the shopper's own entries, which the adapter reads from the provider instead; a
 * body naming a shopper, a stored method or token, or a recurring model is refused (400) before
 * the provider is asked.
 */
export const browserEventBody = { type: ['object', 'null'], additionalProperties: false, properties: {} } as const;
export const recurringBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' } },
} as const;
/** The provider's notifications carry their own body (a notice: look again); the signed address names the rest. */
export const providerCallBodySchema = { type: ['object', 'null'] } as const;

export const sessionSchema = { type: 'object', required: ['paymentId', 'htmlSnippet'], properties: { paymentId: { type: 'string' }, htmlSnippet: { type: 'string' } } } as const;

const upstream = errors(400, 404, 409, 502);
const received = json('Taken: `{"CallbackResponse": "received"}`', { type: 'object', required: ['CallbackResponse'], properties: { CallbackResponse: { const: 'received' } } });

export const answers = {
  customer: { 200: json('The order\'s customer, as the provider has it', { type: 'object', required: ['paymentId', 'customer'] }), ...upstream },
  shipping: { 200: json('The order\'s shippings and the payment\'s amount', { type: 'object', required: ['paymentId', 'shippings', 'amount'] }), ...upstream },
  recurring: { 201: json('The payment made on the saved card; the order is completed', { type: 'object', required: ['paymentId', 'reference', 'orderStatus', 'paymentState', 'checkoutStatus'] }), ...upstream },
  providerCall: { 200: received, ...errors(400, 401, 404, 502) },
  confirmation: { 302: empty('To the configured confirmation page (Location)'), ...errors(400, 401, 404, 502) },
};
