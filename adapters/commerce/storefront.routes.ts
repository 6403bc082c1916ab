import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdapterKit } from '../kit/adapter-kit.js';
import type { CheckoutSync } from './checkout-sync.usecase.js';
import type { CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import type { NewOrderRequest } from './new-order.factory.js';
import type { ShippingOptions } from './shipping-options.usecase.js';
import * as docs from './commerce-adapter.openapi.js';

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;

const createOrderBody = {
  type: 'object',
  required: ['cartReference', 'culture', 'currency'],
  properties: {
    cartReference: { type: 'string', minLength: 1, maxLength: 200 },
    culture: { type: 'string', pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  },
} as const;
const quantityBody = { type: 'object', required: ['quantity'], properties: { quantity: { type: 'integer', minimum: 0, maximum: 10_000 } } } as const;
const shippingChoiceBody = { type: 'object', required: ['optionId'], properties: { optionId: id } } as const;
const orderParams = { type: 'object', required: ['orderId'], properties: { orderId: id } } as const;
const itemParams = { type: 'object', required: ['orderId', 'itemId'], properties: { orderId: id, itemId: id } } as const;

type Req<B = unknown> = FastifyRequest<{ Params: { orderId: string; itemId: string }; Body: B }>;

/** Where the order service serves an order (its REST shim, docs/order-api.md). */
export const orderLocation = (orderUrl: string, orderId: string) => `${orderUrl.replace(/\/+$/, '')}/api/v0/checkout/orders/${encodeURIComponent(orderId)}`;

/**
 * The storefront's endpoints (spec, "Commerce adapter"): create, change an item's quantity, refresh.
 * The adapter serves no order itself, so a created order's `location` is the order service's
 * resource (`orderUrl`, the order service's base URL the platform is configured with).
 */
export function registerStorefrontRoutes(kit: AdapterKit<CommerceAdapterConfiguration>, sync: CheckoutSync, shipping: ShippingOptions, orderUrl: string): void {
  const app: FastifyInstance = kit.app;

  app.post('/api/v1/orders', { schema: { body: createOrderBody, summary: 'Create a checkout order from a commerce basket', response: docs.createOrderAnswers } }, async (request: Req<NewOrderRequest>, reply) => {
    const { cartReference, culture, currency } = request.body;
    const tenant = kit.fromCaller(request);
    const created = await sync.createOrder(tenant, { cartReference, culture, currency });
    // The browser's key to this order alone (docs/auth.md, "Checkout tokens"); the caller's own token stays with the server.
    const checkoutToken = await kit.orders.checkoutToken(tenant, created.id);
    return reply.status(201).header('location', orderLocation(orderUrl, created.id)).header('cache-control', 'no-store').send({ ...created, checkoutToken });
  });

  app.patch('/api/v1/orders/:orderId/cart/items/:itemId', { schema: { params: itemParams, body: quantityBody, summary: "Change an item's quantity", response: docs.updateItemAnswers } }, async (request: Req<{ quantity: number }>, reply) => {
    await sync.updateItem(kit.fromCaller(request), request.params.orderId, request.params.itemId, request.body.quantity);
    return reply.status(200).send();
  });

  app.patch('/api/v1/orders/:orderId', { schema: { params: orderParams, summary: 'Refresh the order from the basket', response: docs.refreshAnswers } }, async (request: Req) =>
    sync.refresh(kit.fromCaller(request), request.params.orderId),
  );

  // Shipping choice (docs/storefront-api.md, "Shipping"): the platform's delivery methods in full control, the configuration's options when managed.
  app.get('/api/v1/orders/:orderId/shipping-options', { schema: { params: orderParams, summary: 'The shipping options of the order', response: docs.shippingOptionsAnswers } }, async (request: Req) =>
    shipping.list(kit.fromCaller(request), request.params.orderId),
  );

  app.put('/api/v1/orders/:orderId/shipping', { schema: { params: orderParams, body: shippingChoiceBody, summary: 'Choose a shipping option', response: docs.shippingOptionsAnswers } }, async (request: Req<{ optionId: string }>) =>
    shipping.select(kit.fromCaller(request), request.params.orderId, request.body.optionId),
  );
}
