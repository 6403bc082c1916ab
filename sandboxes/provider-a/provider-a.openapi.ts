import { json } from '../../platform/http/api-docs.schemas.js';

/** What the provider A sandbox answers, for its API document (docs/api-documents.md). Loose on purpose: documents, never filters. */
const obj = (properties: Record<string, object>) => ({ type: 'object', required: Object.keys(properties), properties }) as const;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

const checkoutOrder = obj({ order_id: str, status: { enum: ['checkout_incomplete', 'checkout_complete'] }, order_amount: int, order_tax_amount: int, order_lines: { type: 'array' }, html_snippet: str });
const managedOrder = obj({ order_id: str, status: str, fraud_status: { enum: ['ACCEPTED', 'PENDING', 'REJECTED'] }, order_amount: int, captured_amount: int, refunded_amount: int });
const none = { description: 'Done (no body)', type: 'null' } as const;

export const providerAnswers = {
  created: { 201: json('The checkout order (Location)', checkoutOrder) },
  checkout: { 200: json('The checkout order', checkoutOrder) },
  managed: { 200: json('The order as order management sees it', managedOrder) },
  done: { 204: none },
  capture: { 201: { description: 'Captured (Location, Capture-Id)', type: 'null' } },
  refund: { 201: { description: 'Refunded (Location, Refund-Id)', type: 'null' } },
  tokenOrder: { 200: json('The order placed with the token', obj({ order_id: str, fraud_status: str })) },
};

export const shopperAnswers = {
  order: { 200: json('Everything the sandbox holds about the order', obj({ order: { type: 'object' }, merchantCalls: { type: 'array' } })) },
  purchase: { 200: json('The purchase outcome; `redirectUrl` is where a browser goes next', obj({ status: { enum: ['checkout_complete', 'refused'] }, redirectUrl: str })) },
  token: { 201: json('A customer token', obj({ token: str, status: str, fraud_status: str })) },
  settings: { 200: json('The push schedule and call time-out', obj({ pushDelayMs: int, pushRetryDelayMs: int, pushMaxAttempts: int, callTimeoutMs: int })) },
  page: { 200: { description: 'The hosted checkout page (HTML)', content: { 'text/html': { schema: str } } } },
  script: { 200: { description: 'JavaScript', content: { 'application/javascript': { schema: str } } } },
};
