import { errors, json } from '../../platform/http/api-docs.schemas.js';

/** What the provider D sandbox answers, for its API document (docs/api-documents.md). Documents only: bodies are never filtered. */

const open = (required: string[] = [], properties: Record<string, object> = {}) => ({ type: 'object', required, properties, additionalProperties: true }) as const;
const amount = open(['value', 'currency'], { value: { type: 'integer' }, currency: { type: 'string' } });
const payment = open(['pspReference', 'resultCode'], { pspReference: { type: 'string' }, resultCode: { type: 'string' }, merchantReference: { type: 'string' }, amount, action: open(['type']) });
const modification = open(['pspReference', 'paymentPspReference', 'status'], { pspReference: { type: 'string' }, paymentPspReference: { type: 'string' }, status: { const: 'received' } });
const account = open(['merchantAccount', 'webhookUrl', 'hmacKey'], { merchantAccount: { type: 'string' }, webhookUrl: { type: ['string', 'null'] }, hmacKey: { type: 'string' } });
const record = open(['pspReference', 'status', 'webhooks'], { pspReference: { type: 'string' }, status: { type: 'string' }, webhooks: { type: 'array' } });

export const answers = {
  paymentMethods: { 200: json('The payment methods and the shopper\'s stored ones', open(['paymentMethods', 'storedPaymentMethods'])), ...errors(401, 403) },
  payment: { 200: json('The payment: a resultCode, and an action when the shopper must act', payment), ...errors(401, 403, 422) },
  modification: { 201: json('Received; the webhook tells the outcome', modification), ...errors(401, 403, 422) },
  challenge: { 200: json('The details payload the drop-in sends to /payments/details', open(['details', 'pspReference'])), ...errors(404, 409) },
  subscription: { 201: json('A stored token for the shopper reference', open(['storedPaymentMethodId', 'shopperReference'])), ...errors(404) },
  payments: { 200: json('Every payment', open(['payments'])) },
  paymentRecord: { 200: json('Everything about the payment, webhooks sent included', record), ...errors(404) },
  settled: { 200: json('The payment, decided', record), ...errors(404, 409) },
  account: { 200: json('The merchant account', account), ...errors(404) },
};
