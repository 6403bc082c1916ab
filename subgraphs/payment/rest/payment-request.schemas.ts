import { readFileSync } from 'node:fs';
import { transactionInputSchema } from '../../order/domain/transaction-input.validator.js';

/** Request schemas of the payment API, built on the payment definition of schemas/order.schema.json. */
const ORDER_SCHEMA = JSON.parse(readFileSync(new URL('../../../schemas/order.schema.json', import.meta.url), 'utf8')) as {
  $defs: Record<string, unknown> & { payment: { properties: Record<string, unknown> } };
};

/** Copies a schema with its local `#/$defs/…` references replaced by the definitions. */
function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline);
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) return inline(ORDER_SCHEMA.$defs[ref.slice('#/$defs/'.length)]);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inline(value)]));
}

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const hookFields = inline(ORDER_SCHEMA.$defs.hook) as { required: string[]; properties: Record<string, object> };
const { id: _id, ...paymentFields } = inline(ORDER_SCHEMA.$defs.payment.properties) as Record<string, object>;

/** The payment's fields (order schema) plus the ones the spec's bodies name beside them. */
const paymentProperties = {
  ...paymentFields,
  orderId: id,
  merchant: { type: 'string', minLength: 1 },
  channel: { type: 'string', minLength: 1 },
};

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

export const paymentParams = { type: 'object', required: ['paymentId'], properties: { paymentId: id } } as const;

/** A callback address at creation may hold `{paymentId}` / `{payment_id}` (and `{orderId}` / `{order_id}`), filled in by the platform. */
const urlTemplate = { type: 'string', minLength: 1, maxLength: 2048, format: 'uri-template' } as const;

export const createPaymentBody = {
  type: 'object',
  required: ['adapterId', 'orderId', 'amount'],
  additionalProperties: false,
  properties: {
    ...paymentProperties,
    id: { type: 'string', format: 'uuid', description: 'Optional: an id the adapter chose (a UUID) so its provider step can name the payment before it exists.' },
    callbacks: { ...(paymentFields.callbacks as object), additionalProperties: urlTemplate },
    transaction: { ...transactionInputSchema(), description: 'Optional first transaction, logged with the payment (e.g. the provider call that made it).' },
    hooks: {
      type: 'array',
      maxItems: 8,
      description: "Optional: the payment's hooks (its adapter's), registered in the same commit as the payment; one already registered under the same id is kept.",
      items: { type: 'object', required: hookFields.required.filter((key) => key !== 'id' && key !== 'adapterId'), properties: hookFields.properties },
    },
  },
} as const;

export const updatePaymentBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...paymentProperties,
    id,
    transaction: { ...transactionInputSchema(), description: 'Logged in the same commit as the change (with an eventKey: a provider event applied once). A change that changes nothing commits nothing; a transaction with an eventKey is then logged alone.' },
    refund: {
      type: 'object',
      required: ['amount'],
      additionalProperties: false,
      description: "A refund the provider reported: added to refundedAmount (captured only, never more than is left; refunded once it reaches the amount). Needs transaction.eventKey; no state.",
      properties: { amount: { type: 'number', exclusiveMinimum: 0, maximum: 99_999_999_999_999 } },
    },
  },
} as const;

export const transactionBody = transactionInputSchema({ orderId: id });

/** An attempt: a transaction of an order without a payment (a create that failed before one existed). */
export const attemptBody = {
  ...transactionBody,
  required: ['orderId', 'event', 'isSuccess'],
  properties: { ...transactionBody.properties, adapterId: id },
} as const;

export const attemptsQuery = { type: 'object', required: ['orderId'], additionalProperties: false, properties: { orderId: id } } as const;

export const transactionsQuery = { type: 'object', additionalProperties: false, properties: { orderId: id } } as const;

/** The payment as the order holds it (what create and update answer). */
export const paymentSchema = inline(ORDER_SCHEMA.$defs.payment) as object;

const nullableText = { type: ['string', 'null'] } as const;
/** A logged transaction or attempt (transactionView). */
export const transactionSchema = {
  type: 'object',
  required: ['id', 'orderId', 'paymentId', 'event', 'pspEvent', 'amount', 'isSuccess', 'pspStatus', 'requestJson', 'responseJson', 'errorDetail', 'createdAt'],
  properties: {
    id: { type: 'string' },
    orderId: { type: 'string' },
    paymentId: { type: ['string', 'null'], description: 'null for an attempt (a create that failed before any payment existed)' },
    adapterId: { type: ['string', 'null'] },
    event: { type: 'string' },
    pspEvent: nullableText,
    amount: { type: ['number', 'null'] },
    isSuccess: { type: 'boolean' },
    pspStatus: nullableText,
    requestJson: {},
    responseJson: {},
    errorDetail: nullableText,
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const cancelBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { orderId: id },
} as const;

export const refundBody = {
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: {
    orderId: id,
    amount: { type: 'number', exclusiveMinimum: 0, maximum: 99_999_999_999_999 },
    reason: { type: 'string', maxLength: 500, description: "Optional: why the operator refunds; kept in the transaction log (the refund call's request) and passed to the adapter." },
  },
} as const;
