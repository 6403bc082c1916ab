import type { FastifyInstance } from 'fastify';
import type { CommerceOrderStore, PaymentInput, PurchaseInput } from './commerce-order.store.js';
import { cancelSchema, paymentSchema, purchaseSchema } from './commerce.schemas.js';
import { answers } from './commerce.openapi.js';

type OrderParams = { Params: { orderId: string } };

/**
 * The commerce API's checkout part (bearer token required): purchase a basket, read the
 * commerce order, validate and complete its payment, cancel it.
 */
export function registerCommerceOrderRoutes(api: FastifyInstance, orders: CommerceOrderStore): void {
  api.post<{ Params: { basketId: string }; Body: PurchaseInput }>(
    '/api/v1/baskets/:basketId/purchase',
    { schema: { body: purchaseSchema, response: answers.purchase }, config: { operation: 'purchase' } },
    async (request, reply) => {
      const { order, created } = orders.purchase(request.params.basketId, request.body);
      if (created) void reply.header('location', `/api/v1/orders/${order.id}`);
      return reply.status(created ? 201 : 200).send({ orderId: order.id, order });
    },
  );

  api.get<OrderParams>('/api/v1/orders/:orderId', { config: { operation: 'getOrder' }, schema: { response: answers.order } }, async (request) =>
    orders.get(request.params.orderId),
  );

  api.post<OrderParams & { Body: PaymentInput | null | undefined }>(
    '/api/v1/orders/:orderId/payment/validate',
    { schema: { body: paymentSchema, response: answers.validated }, config: { operation: 'validatePayment' } },
    async (request) => {
      const order = orders.validatePayment(request.params.orderId, request.body ?? {});
      return { orderId: order.id, valid: true, status: order.status, payment: order.payment, total: order.total };
    },
  );

  api.post<OrderParams & { Body: PaymentInput | null | undefined }>(
    '/api/v1/orders/:orderId/payment/complete',
    { schema: { body: paymentSchema, response: answers.orderChange }, config: { operation: 'completePayment' } },
    async (request) => orders.completePayment(request.params.orderId, request.body ?? {}),
  );

  api.post<OrderParams & { Body: { reason?: string } | null | undefined }>(
    '/api/v1/orders/:orderId/cancel',
    { schema: { body: cancelSchema, response: answers.orderChange }, config: { operation: 'cancelOrder' } },
    async (request) => orders.cancel(request.params.orderId, request.body?.reason ?? 'Cancelled by the caller.'),
  );
}
