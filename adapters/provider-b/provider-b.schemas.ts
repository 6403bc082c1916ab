import { errors, json } from '../kit/platform.js';

/** JSON schemas of provider B adapter's routes (fastify validates; 400 `invalid_request`) and their documented answers. */

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const str = { type: 'string' } as const;
const obj = (properties: Record<string, object>, required = Object.keys(properties)) => ({ type: 'object', required, properties }) as const;

export const paymentParamsSchema = { type: 'object', required: ['orderId', 'paymentId'], properties: { orderId: id, paymentId: id } } as const;
/** The process path repeats the order id segment (spec): both must name the same order. */
export const processParamsSchema = { type: 'object', required: ['orderId', 'repeatedOrderId', 'paymentId'], properties: { orderId: id, repeatedOrderId: id, paymentId: id } } as const;
/**
 * What a browser may say to the storefront callbacks (the allow-list): the purchase id the
 * embedded script names (it must be the payment's own) and the non-identifying fields of Avarda's
 * script payloads (deliveryAddressChanged: `zip`, `country`; beforeSubmit: those and the selected
 * method's id and type), which are hints and never sent on. Anything identifying a shopper
 * (`email`, `invoicingAddress`, a customer token), a stored method or a recurring model, or the
 * purchase mode, is refused (400): the adapter reads all of it from the provider.
 */
export const browserEventBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    purchaseId: id,
    zip: { type: 'string', maxLength: 20 },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    selectedPaymentMethodId: { type: 'string', maxLength: 100 },
    selectedPaymentMethodType: { type: 'string', maxLength: 50 },
  },
} as const;
/** The provider's server callback: `{purchaseId}` as published; ignored (the purchase is read again), so anything passes. */
export const notificationBody = {} as const;

export const sessionSchema = obj({ paymentId: str, purchaseJwt: str, javascriptUrl: str, styles: { type: 'object' } });
const failureSchema = obj({ code: str, adapterId: str, message: str }, ['code', 'adapterId']);
const upstream = errors(404, 409, 502);

export const answers = {
  customer: { 200: json("The order's customer as the provider has it", obj({ orderId: str, paymentId: str, customer: { type: 'object' } })), ...upstream },
  shipping: { 200: json("The order's shippings, total and the payment's amount", obj({ orderId: str, paymentId: str, shippings: { type: 'array' }, total: { type: 'object' }, amount: { type: 'number' } })), ...upstream },
  validate: {
    200: json('The order may be submitted', obj({ orderId: str, paymentId: str, valid: { const: true } })),
    400: json('Why not: one entry per reason (spec: an array of `{code, adapterId}`); a malformed request: the error body', { anyOf: [{ type: 'array', items: failureSchema }, { $ref: 'ErrorBody#' }] }),
    ...errors(404, 502),
  },
  process: { 200: json('Order and payment are processing', obj({ orderId: str, paymentId: str, orderStatus: str, paymentState: str })), ...errors(404, 409, 502) },
  notification: {
    200: json('Order and payment match the purchase', obj({ orderId: str, paymentId: str, purchaseStep: str, orderStatus: str, paymentState: str, changed: { type: 'boolean' } })),
    ...errors(401, 404, 409, 502),
  },
};
