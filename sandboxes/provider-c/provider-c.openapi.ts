import { errors, json } from '../../platform/http/api-docs.schemas.js';

/** What the provider C sandbox answers, for its API document (docs/api-documents.md). */

const status = { enum: ['InProcess', 'OnHold', 'Completed', 'Refused'] } as const;
const order = { type: 'object', required: ['OrderId', 'MerchantReference', 'TotalPrice', 'CustomerCheckoutStatus', 'OrderHtmlSnippet', 'OrderItems'], properties: { OrderId: { type: 'integer' }, CustomerCheckoutStatus: status } } as const;
const transactions = { type: 'array', items: { type: 'object', required: ['PaymentTransactionId', 'Status'] } } as const;
const adminOrder = { type: 'object', required: ['OrderId', 'MerchantReference', 'TotalPrice', 'PaymentTransactions'], properties: { OrderId: { type: 'integer' }, PaymentTransactions: transactions } } as const;
const record = { type: 'object', required: ['OrderId', 'kind', 'CustomerCheckoutStatus'], properties: { OrderId: { type: 'integer' }, CustomerCheckoutStatus: status } } as const;
const call = { type: 'object', required: ['kind', 'url', 'status'], properties: { kind: { enum: ['validation', 'push', 'omPush', 'savedCard'] } } } as const;
const card = { type: 'object', required: ['Id', 'MerchantId'], properties: { Id: { type: 'string' } } } as const;
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const script = (description: string) => ({ description, content: { 'text/javascript': { schema: { type: 'string' } } } });
/** The published error form (`{ErrorCode, ErrorMessage, ErrorReference}`). */
const published = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((code) => [code, json('The published error form', { type: 'object', required: ['ErrorCode', 'ErrorMessage', 'ErrorReference'] })]));

export const answers = {
  created: { 201: json("The new checkout order's id (Location; read the order for its snippet)", { type: 'object', required: ['OrderId'], properties: { OrderId: { type: 'integer' } } }), ...published(400, 401, 404) },
  order: { 200: json('The checkout order as published', order), ...published(400, 401, 404) },
  updated: { 200: json('Taken', { type: 'object' }), ...published(400, 401, 404) },
  merchantPayment: { 200: json('The order made and its payment transaction', { type: 'object', required: ['OrderId', 'PaymentTransactions'], properties: { OrderId: { type: 'integer' }, PaymentTransactions: transactions } }), ...published(400, 401) },
  adminOrder: { 200: json('The order with its payment transactions', adminOrder), ...published(401, 404) },
  sandboxOrder: { 200: json("Everything about the order (the sandbox's record), with the calls the provider made", { ...record, properties: { ...record.properties, callbacks: { type: 'array', items: call } } }), ...errors(404) },
  orders: { 200: json('Every order', { type: 'object', required: ['orders'], properties: { orders: { type: 'array', items: record } } }) },
  shopper: { 200: json('The order with what the shopper entered', record), ...errors(400, 404) },
  purchase: { 200: json('The outcome: the order, the validation call, the pushes, the saved card notification, where the checkout sends the shopper', { type: 'object', required: ['order', 'validation', 'pushes', 'redirectUrl'] }), ...errors(400, 404, 409) },
  push: { 200: json('The push sent', call), ...errors(404, 409) },
  resolve: { 200: json('The order and the pushes sent', { type: 'object', required: ['order', 'events'] }), ...errors(404, 409) },
  card: { 201: json('A saved card', card), ...errors(404) },
  cardView: { 200: json('The saved card and the payments it made', card), ...errors(404) },
  merchant: { 201: json('The merchant (its secret is not shown)', { type: 'object', required: ['merchantId', 'mode'] }), ...errors(409) },
  frame: { 200: html('The checkout iframe'), ...errors(404) },
  loader: { 200: script('The checkout script the snippet loads (`window.q1`, `q1Ready`)') },
  page: { 200: html('A page embedding the snippet'), ...errors(404) },
};
