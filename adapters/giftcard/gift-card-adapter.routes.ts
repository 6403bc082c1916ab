import type { FastifyInstance } from 'fastify';
import type { GiftCardContext } from './gift-card.context.js';
import { GiftCardPayments } from './gift-card-payments.usecase.js';
import { giftCardProvider } from './gift-card.provider.js';
import { GiftCardCompletion } from './gift-card-completion.usecase.js';
import { mountPartPaymentProvider } from '../kit/index.js';
import { errors, json } from '../kit/platform.js';
import { addGiftCardBody, completionSchema, giftCardPaymentSchema, orderParams, paymentParams } from './gift-card.schemas.js';

const upstream = errors(404, 409, 502);
const orderRef = { type: 'object', required: ['id', 'payments'], description: "The order document (the order service's document: Order)" } as const;

type OrderRoute<B = unknown> = { Params: { orderId: string }; Body: B };
type PaymentRoute<B = unknown> = { Params: { orderId: string; paymentId: string }; Body: B };

/**
 * The gift card adapter's HTTP surface (docs/adapters/giftcard.md). The kit's runtime mounts the
 * read (`GET /api/checkout/v1/orders/:orderId/payments/:paymentId`), amountChanged and the
 * lifecycle callbacks (process, abort, confirm: platform calls only); here are the storefront's
 * add, remove and complete, which take any caller of the tenant.
 */
export function registerGiftCardRoutes(app: FastifyInstance, context: GiftCardContext): void {
  const { kit } = context;
  const mounted = mountPartPaymentProvider(kit, giftCardProvider(context), { basePath: '/api/checkout/v1', schemas: { session: giftCardPaymentSchema } });
  const payments = new GiftCardPayments(context, mounted);
  const completion = new GiftCardCompletion(context);

  app.post<OrderRoute<{ cardId: string; code?: string }>>('/api/checkout/v1/orders/:orderId/payments', { schema: { params: orderParams, body: addGiftCardBody, summary: 'Add a gift card as a payment', response: { 201: json('The gift card payment (Location: the order service\'s payment)', giftCardPaymentSchema), ...upstream } } }, async (request, reply) => {
    const { orderId } = request.params;
    const added = await payments.add(kit.fromCaller(request), orderId, request.body);
    return reply
      .status(201)
      .header('location', `/api/v0/checkout/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(added.paymentId)}`)
      .send(added);
  });

  app.post<PaymentRoute>('/api/checkout/v1/orders/:orderId/payments/:paymentId/remove', { schema: { params: paymentParams, summary: 'Remove a gift card', response: { 200: json('The order after the removal', orderRef), ...upstream } } }, async (request) =>
    payments.remove(kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  // An order paid entirely by gift cards: processing (the platform reserves every card) → accepted → completed.
  app.post<OrderRoute>('/api/checkout/v1/orders/:orderId/complete', { schema: { params: orderParams, summary: 'Complete an order paid entirely by gift cards', response: { 200: json('The order is completed', completionSchema), ...upstream } } }, async (request) =>
    completion.complete(kit.fromCaller(request), request.params.orderId),
  );
}
