import { errors, json } from '../../platform/http/api-docs.schemas.js';
import { addressSchema } from './commerce.schemas.js';

/** What the commerce sandbox answers, for its API document (docs/api-documents.md). */

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const nullable = (type: string) => ({ type: [type, 'null'] }) as const;
const price = { type: 'object', required: ['includingVat', 'excludingVat'], properties: { includingVat: num, excludingVat: num } } as const;
const obj = (properties: Record<string, object>, required = Object.keys(properties)) => ({ type: 'object', required, properties }) as const;

const item = obj({ id: str, sku: str, productId: str, name: str, quantity: int, unitPrice: price, vatRate: num, total: price, image: nullable('string') });
const delivery = obj({ deliveryMethodId: int, name: str, price, vatRate: num, reference: nullable('string') });
export const basketSchema = obj({
  id: str,
  clientId: int,
  currency: str,
  currencyId: int,
  status: { enum: ['open', 'completed'] },
  version: int,
  items: { type: 'array', items: item },
  itemsTotal: price,
  delivery: { anyOf: [delivery, { type: 'null' }] },
  total: price,
  hasBuyer: { type: 'boolean' },
  orderId: nullable('string'),
  createdAt: str,
  updatedAt: str,
});
const address = { anyOf: [{ ...addressSchema, additionalProperties: true }, { type: 'null' }] };
const buyer = { type: 'object', properties: { type: str, givenName: str, familyName: str, email: str, phone: str, nationalIdentificationNumber: str, billing: address, shipping: address } } as const;
const buyerAnswer = obj({ basketId: str, buyer: { anyOf: [buyer, { type: 'null' }] } });
export const commerceOrderSchema = obj({
  id: str,
  basketId: str,
  basketVersion: int,
  clientId: int,
  status: { enum: ['pending_payment', 'paid', 'cancelled'] },
  currency: str,
  currencyId: int,
  items: { type: 'array', items: item },
  delivery,
  buyer,
  total: price,
  payment: obj({ paymentMethodId: int, name: str, status: { enum: ['pending', 'validated', 'paid', 'cancelled'] }, amount: nullable('number'), reference: nullable('string'), validatedAt: nullable('string'), paidAt: nullable('string') }),
  externalReference: nullable('string'),
  cancelledReason: nullable('string'),
  replacedBy: nullable('string'),
  createdAt: str,
  updatedAt: str,
});

const missing = errors(404);
const refused = errors(404, 409, 422);

export const answers = {
  paymentMethods: { 200: json('Payment methods', obj({ paymentMethods: { type: 'array', items: obj({ id: int, name: str, type: str, active: { type: 'boolean' } }) } })) },
  deliveryMethods: { 200: json('Delivery methods', obj({ deliveryMethods: { type: 'array', items: obj({ id: int, name: str, type: str, priceIncVat: num, vatRate: num, active: { type: 'boolean' } }) } })) },
  basket: { 200: json('The basket', basketSchema), ...missing },
  basketChange: { 200: json('The basket', basketSchema), ...refused },
  buyer: { 200: json("The basket's buyer", buyerAnswer), ...refused },
  purchase: { 200: json('Already purchased: the same order', obj({ orderId: str, order: commerceOrderSchema })), 201: json('Purchased (Location)', obj({ orderId: str, order: commerceOrderSchema })), ...refused },
  order: { 200: json('The commerce order', commerceOrderSchema), ...missing },
  orderChange: { 200: json('The commerce order', commerceOrderSchema), ...refused },
  validated: { 200: json('The payment is acceptable', obj({ orderId: str, valid: { const: true }, status: str, payment: { type: 'object' }, total: price })), ...refused },
  token: {
    200: json('An access token', obj({ access_token: str, token_type: { const: 'Bearer' }, expires_in: int, scope: str })),
    ...errors(400, 401),
  },
  seeded: { 201: json('The seeded basket (Location)', basketSchema), ...errors(409, 404) },
  sandboxBasket: { 200: json('The basket with its buyer', { ...basketSchema, properties: { ...basketSchema.properties, buyer: { anyOf: [buyer, { type: 'null' }] } } }), ...missing },
  orders: { 200: json('Exported commerce orders', obj({ orders: { type: 'array', items: commerceOrderSchema } })) },
  revoked: { 200: json('Every token is revoked', obj({ revoked: int })) },
};
