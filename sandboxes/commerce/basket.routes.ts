import type { FastifyInstance } from 'fastify';
import type { BasketStore, DeliveryInput } from './basket.store.js';
import type { Buyer } from './commerce.model.js';
import { buyerSchema, deliverySchema, quantitySchema } from './commerce.schemas.js';
import { DELIVERY_METHODS, PAYMENT_METHODS } from './method.catalog.js';
import { answers } from './commerce.openapi.js';

type BasketParams = { Params: { basketId: string } };

/**
 * The commerce API the adapter calls (bearer token required, set by the caller's scope):
 * methods, baskets, items, buyer and delivery.
 */
export function registerBasketRoutes(api: FastifyInstance, baskets: BasketStore): void {
  api.get('/api/v1/payment-methods', { config: { operation: 'listPaymentMethods' }, schema: { response: answers.paymentMethods } }, async () => ({ paymentMethods: PAYMENT_METHODS }));
  api.get('/api/v1/delivery-methods', { config: { operation: 'listDeliveryMethods' }, schema: { response: answers.deliveryMethods } }, async () => ({ deliveryMethods: DELIVERY_METHODS }));

  api.get<BasketParams>('/api/v1/baskets/:basketId', { config: { operation: 'getBasket' }, schema: { response: answers.basket } }, async (request) =>
    baskets.view(request.params.basketId),
  );

  api.patch<{ Params: { basketId: string; itemId: string }; Body: { quantity: number } }>(
    '/api/v1/baskets/:basketId/items/:itemId',
    { schema: { body: quantitySchema, response: answers.basketChange }, config: { operation: 'updateItem' } },
    async (request) => baskets.setItemQuantity(request.params.basketId, request.params.itemId, request.body.quantity),
  );

  api.get<BasketParams>('/api/v1/baskets/:basketId/buyer', { config: { operation: 'getBuyer' }, schema: { response: answers.buyer } }, async (request) => ({
    basketId: request.params.basketId,
    buyer: baskets.get(request.params.basketId).buyer,
  }));

  api.put<BasketParams & { Body: Buyer }>(
    '/api/v1/baskets/:basketId/buyer',
    { schema: { body: buyerSchema, response: answers.buyer }, config: { operation: 'setBuyer' } },
    async (request) => ({ basketId: request.params.basketId, buyer: baskets.setBuyer(request.params.basketId, request.body) }),
  );

  api.put<BasketParams & { Body: DeliveryInput }>(
    '/api/v1/baskets/:basketId/delivery',
    { schema: { body: deliverySchema, response: answers.basketChange }, config: { operation: 'setDelivery' } },
    async (request) => baskets.setDelivery(request.params.basketId, request.body),
  );
}
