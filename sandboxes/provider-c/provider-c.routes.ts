import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { answers } from './provider-c.openapi.js';
import { orderParamsSchema, tokenParamsSchema, createOrderSchema, recurringOrderSchema, updateOrderSchema } from './provider-c.schemas.js';
import { PROVIDER_C_SCHEME, verifyProviderC } from './provider-c.signature.js';
import { cartLines, createInput, recurringInput, type OrderItem, type PublishedCreateOrder, type PublishedRecurringOrder } from './merchant-api.mapper.js';
import type { ProviderCStore } from './provider-c.store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider C merchant whose signature a merchant API request carries. */
    providerCMerchant?: string;
  }
}

type OrderParams = { Params: { orderId: string } };

/**
 * The merchant API check, as published: `Authorization: Qliro base64(sha256(body + secret))` over
 * the exact body ('' without one). The merchant is the body's `MerchantApiKey`; a request without
 * one (a read) is the merchant whose secret made the token. Unknown merchant or a wrong token → 401.
 */
export function requireSignature(store: ProviderCStore): preValidationAsyncHookHandler {
  return async (request, reply) => {
    const header = request.headers.authorization;
    const body = request.rawBody ?? '';
    const named = (request.body as { MerchantApiKey?: unknown } | undefined)?.MerchantApiKey;
    const candidates = typeof named === 'string' ? [store.merchant(named)].filter((m) => m !== undefined) : store.allMerchants();
    const merchant = candidates.find((candidate) => verifyProviderC(header, candidate.secret, body));
    if (!merchant) {
      void reply.header('www-authenticate', PROVIDER_C_SCHEME);
      throw new AppError(401, 'unauthorized', 'The request token is not valid (Authorization: Qliro base64(sha256(body + secret))).');
    }
    request.providerCMerchant = merchant.merchantId;
  };
}

/** A missing Authorization is refused before the body is read (the token itself is checked after). */
export const requireAuthorizationHeader: onRequestAsyncHookHandler = async (request, reply) => {
  if (!request.headers.authorization) {
    void reply.header('www-authenticate', PROVIDER_C_SCHEME);
    throw new AppError(401, 'unauthorized', 'A request token is required (Authorization: Qliro …).');
  }
};

const merchantOf = (request: FastifyRequest) => request.providerCMerchant!;

/** The merchant API (signed): checkout orders, cart updates, orders from recurring tokens. */
export function registerProviderCMerchantRoutes(api: FastifyInstance, store: ProviderCStore, snippetFor: (request: FastifyRequest) => (orderId: number) => string): void {
  api.post<{ Body: PublishedCreateOrder }>(
    '/checkout/merchantapi/orders',
    { schema: { body: createOrderSchema, summary: 'Create a checkout order: answers its `OrderId` (read the order for its iframe snippet)', response: answers.created }, config: { operation: 'createOrder' } },
    async (request, reply) => {
      const order = store.create(merchantOf(request), createInput(request.body), snippetFor(request));
      return reply.status(201).header('location', `/checkout/merchantapi/orders/${order.OrderId}`).send({ OrderId: order.OrderId });
    },
  );

  api.get<OrderParams>('/checkout/merchantapi/orders/:orderId', { schema: { params: orderParamsSchema, summary: 'Read a checkout order', response: answers.order }, config: { operation: 'getOrder' } }, async (request) =>
    store.get(Number(request.params.orderId), merchantOf(request)),
  );

  api.put<OrderParams & { Body: { OrderItems: OrderItem[] } }>(
    '/checkout/merchantapi/orders/:orderId',
    { schema: { params: orderParamsSchema, body: updateOrderSchema, summary: 'Replace the cart while the shopper is in the checkout', response: answers.updated }, config: { operation: 'updateOrder' } },
    async (request) => store.updateCart(merchantOf(request), Number(request.params.orderId), { Items: cartLines(request.body.OrderItems) }),
  );

  api.post<{ Params: { token: string }; Body: PublishedRecurringOrder }>(
    '/checkout/merchantapi/tokens/:token/orders',
    { schema: { params: tokenParamsSchema, body: recurringOrderSchema, summary: 'Create an order from a recurring token (no shopper; three a day per token in production)', response: answers.recurring }, config: { operation: 'recurringOrder' } },
    async (request, reply) => {
      const order = store.recurringOrder(merchantOf(request), request.params.token, recurringInput(request.body), snippetFor(request));
      return reply.status(201).header('location', `/checkout/merchantapi/orders/${order.OrderId}`).send(order);
    },
  );
}
