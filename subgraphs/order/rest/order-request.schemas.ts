import { readFileSync } from 'node:fs';

/** The definitions of schemas/order.schema.json, shared with the request schemas of the REST shims. */
export const ORDER_DEFS_ID = 'order-defs';

// Local references (#/$defs/x) are made absolute so the definitions can be copied into route schemas.
const ORDER_SCHEMA = JSON.parse(
  readFileSync(new URL('../../../schemas/order.schema.json', import.meta.url), 'utf8').replaceAll('"#/$defs/', `"${ORDER_DEFS_ID}#/$defs/`),
) as { $defs: Record<string, unknown> };

export const orderDefs = { $id: ORDER_DEFS_ID, $defs: ORDER_SCHEMA.$defs };
const def = (name: string) => ({ $ref: `${ORDER_DEFS_ID}#/$defs/${name}` });

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
export const orderParams = { type: 'object', required: ['orderId'], properties: { orderId: id } } as const;
export const paymentParams = { type: 'object', required: ['orderId', 'paymentId'], properties: { orderId: id, paymentId: id } } as const;
/** An adapter's own payment by order id and provider reference (the cross-tenant location read). */
/** `reference` alone finds the payment across orders (a provider event that names neither tenant nor order); with `orderId`, on that order only. */
export const paymentLocationQuery = { type: 'object', required: ['reference'], additionalProperties: false, properties: { orderId: id, reference: { type: 'string', minLength: 1, maxLength: 256 } } } as const;
export const paymentLocation = {
  type: 'object',
  required: ['merchant', 'channel', 'orderId', 'paymentId'],
  properties: { merchant: { type: 'string' }, channel: { type: 'string' }, orderId: { type: 'string' }, paymentId: { type: 'string' } },
} as const;
export const entryParams = { type: 'object', required: ['orderId', 'entryId'], properties: { orderId: id, entryId: id } } as const;

export const addressBody = def('address');
export const cartBody = {
  type: 'object',
  required: ['items', 'total'],
  properties: { reference: { type: 'string' }, items: { type: 'array', items: def('cartItem') }, total: def('amount'), attributes: { type: 'object' } },
} as const;
export const shippingsBody = { type: 'array', items: def('shipping') } as const;
export const customerBody = { type: 'object', properties: { type: { type: 'string' }, billing: def('address'), shipping: def('address') } } as const;
export const referenceBody = { type: 'object', required: ['reference'], additionalProperties: false, properties: { reference: { type: 'string', minLength: 1 } } } as const;
export const statusBody = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: def('orderStatus') },
} as const;

const withOptional = (name: string, optional: string[]) => {
  const schema = ORDER_SCHEMA.$defs[name] as { required: string[]; properties: Record<string, unknown> };
  return { type: 'object', required: schema.required.filter((key) => !optional.includes(key)), properties: schema.properties };
};
export const hookBody = withOptional('hook', ['id', 'adapterId']);
export const notificationBody = withOptional('notification', ['id']);
export const validationBody = withOptional('validation', ['id', 'adapterId']);
export const paymentBody = withOptional('payment', ['id', 'state']);
export const paymentUpdateBody = { type: 'object', properties: (ORDER_SCHEMA.$defs.payment as { properties: object }).properties } as const;

export const createOrderBody = {
  type: 'object',
  required: ['currency'],
  properties: {
    id,
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    culture: { type: 'string' },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    reference: { type: 'string' },
    cart: cartBody,
    shippings: shippingsBody,
    customer: customerBody,
    consents: {},
    payments: { type: 'array', items: paymentBody },
    hooks: { type: 'array', items: hookBody },
    notifications: { type: 'array', items: notificationBody },
    validations: { type: 'array', items: validationBody },
  },
} as const;

export const listQuery = {
  type: 'object',
  properties: {
    status: def('orderStatus'),
    // Query strings are text (the platform's ajv does not coerce types): 1–200, read as a number by the route.
    first: { type: 'string', pattern: '^(?:[1-9][0-9]?|1[0-9]{2}|200)$', default: '50', description: 'page size, 1 to 200' },
    after: { type: 'string', maxLength: 512 },
    // The filters: checked by parseOrderListQuery (domain/order-list.query.ts), as GraphQL's are, so both say the same words.
    search: { type: 'string', maxLength: 200, description: 'text in the id, reference, customer name, e-mail or phone' },
    paymentState: { type: 'string', maxLength: 40, description: 'orders with a payment in this state' },
    adapterId: { type: 'string', maxLength: 100, description: 'orders with a payment of this adapter' },
    createdFrom: { type: 'string', maxLength: 40, description: 'created at or after (ISO 8601 with zone)' },
    createdBefore: { type: 'string', maxLength: 40, description: 'created before (ISO 8601 with zone)' },
    minTotal: { type: 'string', maxLength: 40, description: 'total including VAT at least (major units)' },
    maxTotal: { type: 'string', maxLength: 40, description: 'total including VAT at most (major units)' },
    sort: { type: 'string', maxLength: 20, description: 'created_desc (default), created_asc, total_desc, total_asc' },
  },
} as const;

/** The order document (schemas/order.schema.json) as a shared schema: what the order routes answer. */
export const ORDER_ID = 'Order';
export const orderSchema = {
  $id: ORDER_ID,
  title: ORDER_ID,
  description: (ORDER_SCHEMA as unknown as { description: string }).description,
  type: 'object',
  required: (ORDER_SCHEMA as unknown as { required: string[] }).required,
  properties: (ORDER_SCHEMA as unknown as { properties: object }).properties,
} as const;
export const orderRef = { $ref: `${ORDER_ID}#` } as const;
export const paymentRef = def('payment');
export const registryEntryRef = (kind: 'hooks' | 'notifications' | 'validations') => def(kind.slice(0, -1));

export const orderPageSchema = {
  type: 'object',
  required: ['items', 'pageInfo'],
  properties: {
    items: { type: 'array', items: orderRef },
    pageInfo: {
      type: 'object',
      required: ['hasNextPage', 'endCursor'],
      properties: { hasNextPage: { type: 'boolean' }, endCursor: { type: ['string', 'null'], description: 'pass as `after` for the next page' } },
    },
  },
} as const;

export const validationReportSchema = {
  type: 'object',
  required: ['valid', 'failures'],
  properties: { valid: { const: true }, failures: { type: 'array', maxItems: 0 } },
} as const;
