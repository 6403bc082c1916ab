import { errors, json } from '../../platform/http/api-docs.schemas.js';

/** What the provider C sandbox answers, for its API document (docs/api-documents.md). */

const order = { type: 'object', required: ['OrderId', 'MerchantReference', 'CustomerCheckoutStatus', 'OrderHtmlSnippet'], properties: { OrderId: { type: 'integer' }, CustomerCheckoutStatus: { enum: ['InProcess', 'OnHold', 'Completed', 'Refused'] } } } as const;
const record = { type: 'object', required: ['kind', 'url', 'status'], properties: { kind: { enum: ['validation', 'push', 'event'] } } } as const;
const token = { type: 'object', required: ['Token', 'MerchantId'], properties: { Token: { type: 'string' } } } as const;
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

export const answers = {
  created: { 201: json('The new checkout order\'s id (Location; read the order for its iframe snippet)', { type: 'object', required: ['OrderId'], properties: { OrderId: { type: 'integer' } } }), ...errors(404) },
  order: { 200: json('The checkout order', order), ...errors(404) },
  updated: { 200: json('The checkout order', order), ...errors(404, 409) },
  recurring: { 201: json('The completed order made from the token', order), ...errors(404, 429) },
  sandboxOrder: { 200: json('Everything about the order, with the calls the provider made', { ...order, properties: { ...order.properties, callbacks: { type: 'array', items: record } } }), ...errors(404) },
  orders: { 200: json('Every order', { type: 'object', required: ['orders'], properties: { orders: { type: 'array', items: order } } }) },
  shopper: { 200: json('The order with what the shopper entered', order), ...errors(404, 409) },
  purchase: { 200: json('The outcome: the order, the validation call, the pushes, where the iframe sends the shopper', { type: 'object', required: ['order', 'validation', 'pushes', 'redirectUrl'] }), ...errors(404, 409) },
  push: { 200: json('The push sent', record), ...errors(404, 409) },
  resolve: { 200: json('The order and the events sent', { type: 'object', required: ['order', 'events'] }), ...errors(404, 409) },
  token: { 201: json('A recurring token', token), ...errors(404) },
  tokenView: { 200: json('The token and the orders it made', token), ...errors(404) },
  merchant: { 201: json('The merchant (its secret is not shown)', { type: 'object', required: ['merchantId', 'mode'] }), ...errors(409) },
  frame: { 200: html('The checkout iframe'), ...errors(404) },
  page: { 200: html('A page embedding the iframe'), ...errors(404) },
};
