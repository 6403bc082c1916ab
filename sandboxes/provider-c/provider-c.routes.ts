import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { toErrorResponse } from '../../platform/http/app.factory.js';
import { answers } from './provider-c.openapi.js';
import { createOrderSchema, merchantPaymentSchema, orderParamsSchema, referenceQuerySchema, updateOrderSchema } from './provider-c.schemas.js';
import { PROVIDER_C_SCHEME, verifyProviderC } from './provider-c.signature.js';
import { adminOrderRead, orderRead, type PublishedCreateOrder, type PublishedMerchantPayment, type PublishedUpdateOrder } from './merchant-api.mapper.js';
import type { ProviderCPurchases } from './provider-c-purchase.usecase.js';
import type { ProviderCStore } from './provider-c.store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider C merchant whose token a merchant or admin API request carries. */
    providerCMerchant?: string;
  }
}

type OrderParams = { Params: { orderId: string } };

/**
 * The API check, as published: `Authorization: Qliro base64(sha256(body + secret))` over the exact
 * body ('' without one). The merchant is the body's `MerchantApiKey`; a request without one (a
 * read) is the merchant whose secret made the token. Unknown merchant or a wrong token → 401.
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

/**
 * Errors in the published form (developers.qliro.com, "Checkout basics"): `{ErrorCode,
 * ErrorMessage, ErrorReference}`, the code in capitals (`ORDER_NOT_FOUND`, `INVALID_REQUEST`,
 * `OPERATION_NOT_SUPPORTED` …).
 */
export function answerErrorsAsPublished(api: FastifyInstance): void {
  api.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).type('application/json').send({ ErrorCode: body.code.toUpperCase(), ErrorMessage: body.message, ErrorReference: randomUUID() });
  });
}

const merchantOf = (request: FastifyRequest) => request.providerCMerchant!;

/** The merchant API and the admin API's merchant payments (signed): orders, their reads and updates, payments on saved cards. */
export function registerProviderCMerchantRoutes(api: FastifyInstance, deps: { store: ProviderCStore; purchases: ProviderCPurchases; snippetFor: (request: FastifyRequest) => (orderId: number) => string }): void {
  const { store, purchases, snippetFor } = deps;
  answerErrorsAsPublished(api);

  api.post<{ Body: PublishedCreateOrder }>(
    '/checkout/merchantapi/orders',
    { schema: { body: createOrderSchema, summary: 'Create a checkout order: answers its `OrderId` (read the order for its snippet)', response: answers.created }, config: { operation: 'createOrder' } },
    async (request, reply) => {
      const order = store.create(merchantOf(request), request.body, snippetFor(request));
      return reply.status(201).header('location', `/checkout/merchantapi/orders/${order.OrderId}`).send({ OrderId: order.OrderId });
    },
  );

  api.get<{ Querystring: { merchantReference: string } }>(
    '/checkout/merchantapi/orders',
    { schema: { querystring: referenceQuerySchema, summary: 'Read a checkout order by its MerchantReference', response: answers.order }, config: { operation: 'getOrderByReference' } },
    async (request) => orderRead(store.byReference(merchantOf(request), request.query.merchantReference)),
  );

  api.get<OrderParams>('/checkout/merchantapi/orders/:orderId', { schema: { params: orderParamsSchema, summary: 'Read a checkout order', response: answers.order }, config: { operation: 'getOrder' } }, async (request) =>
    orderRead(store.get(Number(request.params.orderId), merchantOf(request))),
  );

  api.put<OrderParams & { Body: PublishedUpdateOrder }>(
    '/checkout/merchantapi/orders/:orderId',
    { schema: { params: orderParamsSchema, body: updateOrderSchema, summary: 'Replace the items (and the shipping methods offered) while the shopper is in the checkout', response: answers.updated }, config: { operation: 'updateOrder' } },
    async (request) => {
      store.update(merchantOf(request), Number(request.params.orderId), request.body);
      return {};
    },
  );

  api.post<{ Body: PublishedMerchantPayment }>(
    '/checkout/adminapi/v2/merchantpayment',
    { schema: { body: merchantPaymentSchema, summary: 'Charge a saved card without the shopper (three a day per card in production)', response: answers.merchantPayment }, config: { operation: 'createMerchantPayment' } },
    async (request) => {
      const order = await purchases.merchantPayment(merchantOf(request), request.body, snippetFor(request));
      return { OrderId: order.OrderId, PaymentTransactions: order.PaymentTransactions };
    },
  );

  api.get<OrderParams>('/checkout/adminapi/v2/orders/:orderId', { schema: { params: orderParamsSchema, summary: 'Read an order with its payment transactions (admin API)', response: answers.adminOrder }, config: { operation: 'getAdminOrder' } }, async (request) =>
    adminOrderRead(store.get(Number(request.params.orderId), merchantOf(request))),
  );
}
