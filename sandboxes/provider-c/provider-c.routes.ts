import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import type { CartLine } from './provider-c.model.js';
import { answers } from './provider-c.openapi.js';
import { orderParamsSchema, tokenParamsSchema, createOrderSchema, recurringOrderSchema, updateOrderSchema } from './provider-c.schemas.js';
import { claimedMerchant, verifyProviderC } from './provider-c.signature.js';
import type { CreateOrderInput, ProviderCStore, RecurringOrderInput } from './provider-c.store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider C merchant whose signature a merchant API request carries. */
    providerCMerchant?: string;
  }
}

type OrderParams = { Params: { orderId: string } };

/**
 * The merchant API check: `Authorization: ProviderC base64(merchantId:hex(sha256(body + secret)))`
 * over the exact body ('' without one). Unknown merchant or a wrong signature → 401.
 */
export function requireSignature(store: ProviderCStore): preValidationAsyncHookHandler {
  return async (request, reply) => {
    const header = request.headers.authorization;
    const merchantId = claimedMerchant(header);
    const merchant = merchantId ? store.merchant(merchantId) : undefined;
    if (!merchant || !verifyProviderC(header, merchant.merchantId, merchant.secret, request.rawBody ?? '')) {
      void reply.header('www-authenticate', 'ProviderC');
      throw new AppError(401, 'unauthorized', merchantId ? 'The request signature is not valid.' : 'A signed request is required (Authorization: ProviderC …).');
    }
    request.providerCMerchant = merchant.merchantId;
  };
}

/** A missing Authorization is refused before the body is read (the signature itself is checked after). */
export const requireAuthorizationHeader: onRequestAsyncHookHandler = async (request, reply) => {
  if (!request.headers.authorization) {
    void reply.header('www-authenticate', 'ProviderC');
    throw new AppError(401, 'unauthorized', 'A signed request is required (Authorization: ProviderC …).');
  }
};

const merchantOf = (request: FastifyRequest) => request.providerCMerchant!;

/** The merchant API (signed): checkout orders, cart updates, orders from recurring tokens. */
export function registerProviderCMerchantRoutes(api: FastifyInstance, store: ProviderCStore, snippetFor: (request: FastifyRequest) => (orderId: number) => string): void {
  api.post<{ Body: CreateOrderInput }>(
    '/checkout/merchantapi/orders',
    { schema: { body: createOrderSchema, summary: 'Create a checkout order (answers its iframe snippet)', response: answers.created }, config: { operation: 'createOrder' } },
    async (request, reply) => {
      const order = store.create(merchantOf(request), request.body, snippetFor(request));
      return reply.status(201).header('location', `/checkout/merchantapi/orders/${order.OrderId}`).send(order);
    },
  );

  api.get<OrderParams>('/checkout/merchantapi/orders/:orderId', { schema: { params: orderParamsSchema, summary: 'Read a checkout order', response: answers.order }, config: { operation: 'getOrder' } }, async (request) =>
    store.get(Number(request.params.orderId), merchantOf(request)),
  );

  api.put<OrderParams & { Body: { Cart: { Items: CartLine[] } } }>(
    '/checkout/merchantapi/orders/:orderId',
    { schema: { params: orderParamsSchema, body: updateOrderSchema, summary: 'Replace the cart while the shopper is in the checkout', response: answers.updated }, config: { operation: 'updateOrder' } },
    async (request) => store.updateCart(merchantOf(request), Number(request.params.orderId), request.body.Cart),
  );

  api.post<{ Params: { token: string }; Body: RecurringOrderInput }>(
    '/checkout/merchantapi/tokens/:token/orders',
    { schema: { params: tokenParamsSchema, body: recurringOrderSchema, summary: 'Create an order from a recurring token (no shopper; three a day per token in production)', response: answers.recurring }, config: { operation: 'recurringOrder' } },
    async (request, reply) => {
      const order = store.recurringOrder(merchantOf(request), request.params.token, request.body, snippetFor(request));
      return reply.status(201).header('location', `/checkout/merchantapi/orders/${order.OrderId}`).send(order);
    },
  );
}
