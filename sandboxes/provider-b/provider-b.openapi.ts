import { errors, json } from '../../platform/http/api-docs.schemas.js';

/** What the provider B sandbox answers, for its API document (docs/api-documents.md). */

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const obj = (properties: Record<string, object>, required = Object.keys(properties)) => ({ type: 'object', required, properties }) as const;

const item = obj({ description: str, notes: str, amount: num, taxCode: str, taxAmount: num, quantity: num }, ['description', 'amount']);
const address = { type: 'object' } as const;
const purchaseProperties = {
  purchaseId: str,
  merchantReference: str,
  currency: str,
  language: str,
  items: { type: 'array', items: item },
  totalAmount: num,
  currentStep: { enum: ['Initiated', 'ShopperDataEntered', 'Completed', 'Declined', 'TimedOut'] },
  customer: nullable(address),
  deliveryAddress: nullable(address),
  invoicingAddress: nullable(address),
  shippingOption: nullable(obj({ id: str, name: str, amount: num }, ['id', 'name', 'amount'])),
  paymentMethod: nullable(str),
  consents: { type: 'object' },
  callbackUrl: nullable(str),
  management: obj({ status: str, authorizedAmount: num, deliveredAmount: num, refundedAmount: num }),
  createdUtc: str,
  expiredUtc: str,
  completedUtc: nullable(str),
};
const purchase = obj(purchaseProperties);
const callbackAttempt = obj({ url: str, at: str, status: nullable(num), error: nullable(str) });
const inspected = obj({ ...purchaseProperties, callbacks: { type: 'array', items: callbackAttempt } });

export const answers = {
  token: { 200: json('A partner token', obj({ token: str, tokenExpirationUtc: str })), ...errors(401) },
  created: { 201: json('The purchase: its id and the JWT the embedded checkout needs', obj({ purchaseId: str, jwt: str, expiredUtc: str })) },
  purchase: { 200: json('The purchase', purchase), ...errors(404, 409) },
  shopper: { 200: json('Everything about the purchase', inspected), ...errors(404, 409) },
  completed: { 200: json('The purchase and the server callback it sent (null: no callback address)', obj({ purchase: inspected, callback: nullable(callbackAttempt) })), ...errors(404, 409) },
  purchases: { 200: json('Every purchase', obj({ purchases: { type: 'array', items: inspected } })) },
  done: { 200: { description: 'Applied (no content, as published)', type: 'null' }, ...errors(400, 404, 409) },
  revoked: { 200: json('How many tokens were forgotten', obj({ revoked: num })) },
};
