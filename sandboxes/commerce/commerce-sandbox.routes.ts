import type { FastifyInstance } from 'fastify';
import type { BasketInput, BasketStore, ItemInput } from './basket.store.js';
import type { CommerceOrderStore } from './commerce-order.store.js';
import type { Buyer } from './commerce.model.js';
import { buyerSchema, createBasketSchema, patchSkuSchema } from './commerce.schemas.js';
import type { IdentityStore } from './identity.store.js';
import { answers } from './commerce.openapi.js';

type BasketParams = { Params: { basketId: string } };
type SkuPatch = { quantity: number } & Partial<Omit<ItemInput, 'sku' | 'quantity'>>;

/**
 * `/api/sandbox/*` (no auth): seed baskets, change them behind the checkout's back, see the
 * exported commerce orders, revoke tokens.
 */
export function registerCommerceSandboxRoutes(
  app: FastifyInstance,
  state: { baskets: BasketStore; orders: CommerceOrderStore; identity: IdentityStore },
): void {
  const { baskets, orders, identity } = state;

  app.post<{ Body: BasketInput }>('/api/sandbox/baskets', { schema: { body: createBasketSchema, summary: 'Seed a basket', response: answers.seeded } }, async (request, reply) => {
    const basket = baskets.create(request.body);
    return reply.status(201).header('location', `/api/v1/baskets/${basket.id}`).send(baskets.view(basket.id));
  });

  app.get<BasketParams>('/api/sandbox/baskets/:basketId', { schema: { response: answers.sandboxBasket } }, async (request) => ({
    ...baskets.view(request.params.basketId),
    buyer: baskets.get(request.params.basketId).buyer,
  }));

  app.patch<{ Params: { basketId: string; sku: string }; Body: SkuPatch }>(
    '/api/sandbox/baskets/:basketId/items/:sku',
    { schema: { body: patchSkuSchema, summary: 'Change a line by SKU behind the checkout\'s back (name, unitPrice, vatRate add a line)', response: answers.basketChange } },
    async (request) => {
      const { quantity, name, unitPrice, vatRate, productId, image } = request.body;
      const add =
        name !== undefined && unitPrice !== undefined && vatRate !== undefined
          ? { name, unitPrice, vatRate, ...(productId === undefined ? {} : { productId }), ...(image === undefined ? {} : { image }) }
          : undefined;
      return baskets.setSkuQuantity(request.params.basketId, request.params.sku, quantity, add);
    },
  );

  app.put<BasketParams & { Body: Buyer }>('/api/sandbox/baskets/:basketId/buyer', { schema: { body: buyerSchema, response: answers.buyer } }, async (request) => ({
    basketId: request.params.basketId,
    buyer: baskets.setBuyer(request.params.basketId, request.body),
  }));

  app.get<{ Querystring: { basketId?: string; externalReference?: string } }>(
    '/api/sandbox/orders',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { basketId: { type: 'string' }, externalReference: { type: 'string' } },
        },
        response: answers.orders,
      },
    },
    async (request) => ({ orders: orders.list(request.query) }),
  );

  app.get<{ Params: { orderId: string } }>('/api/sandbox/orders/:orderId', { schema: { response: answers.order } }, async (request) => orders.get(request.params.orderId));

  app.post('/api/sandbox/identity/revoke', { schema: { response: answers.revoked } }, async () => ({ revoked: identity.revokeAll() }));
}
