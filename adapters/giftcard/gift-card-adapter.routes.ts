import type { AmountChangedRequest } from '../../contracts/callbacks.types.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GiftCardContext } from './gift-card.context.js';
import { GiftCardPayments } from './gift-card-payments.service.js';
import { GiftCardLifecycle } from './gift-card-lifecycle.service.js';
import { GiftCardCompletion } from './gift-card-completion.service.js';
import { errors, json } from '../kit/platform.js';
import { addGiftCardBody, amountChangedBody, amountChangedSchema, completionSchema, giftCardPaymentSchema, orderParams, paymentParams } from './gift-card.schemas.js';

const upstream = errors(404, 409, 502);
const orderRef = { type: 'object', required: ['id', 'payments'], description: "The order document (the order service's document: Order)" } as const;

type OrderRoute<B = unknown> = { Params: { orderId: string }; Body: B };
type PaymentRoute<B = unknown> = { Params: { orderId: string; paymentId: string }; Body: B };

/**
 * The gift card adapter's HTTP surface (docs/adapters/giftcard.md). Storefront endpoints take any
 * caller of the tenant; callbacks (amountChanged, process, abort, confirm) only the platform's
 * service token — checked before the body is looked at.
 */
export function registerGiftCardRoutes(app: FastifyInstance, context: GiftCardContext): void {
  const { kit } = context;
  const payments = new GiftCardPayments(context);
  const lifecycle = new GiftCardLifecycle(context);
  const completion = new GiftCardCompletion(context);
  const fromPlatform = { preValidation: async (request: FastifyRequest) => void kit.fromPlatform(request) };

  app.post<OrderRoute<{ cardId: string; code?: string }>>('/api/checkout/v1/orders/:orderId/payments', { schema: { params: orderParams, body: addGiftCardBody, summary: 'Add a gift card as a payment', response: { 201: json('The gift card payment (Location: the order service\'s payment)', giftCardPaymentSchema), ...upstream } } }, async (request, reply) => {
    const { orderId } = request.params;
    const added = await payments.add(kit.fromCaller(request), orderId, request.body);
    return reply
      .status(201)
      .header('location', `/api/v0/checkout/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(added.paymentId)}`)
      .send(added);
  });

  app.get<PaymentRoute>('/api/checkout/v1/orders/:orderId/payments/:paymentId', { schema: { params: paymentParams, summary: 'Read a gift card payment', response: { 200: json('The gift card payment', giftCardPaymentSchema), ...upstream } } }, async (request) =>
    payments.get(kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  app.post<PaymentRoute>('/api/checkout/v1/orders/:orderId/payments/:paymentId/remove', { schema: { params: paymentParams, summary: 'Remove a gift card', response: { 200: json('The order after the removal', orderRef), ...upstream } } }, async (request) =>
    payments.remove(kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  // An order paid entirely by gift cards: reserve, then processing → accepted → completed.
  app.post<OrderRoute>('/api/checkout/v1/orders/:orderId/complete', { schema: { params: orderParams, summary: 'Complete an order paid entirely by gift cards', response: { 200: json('The order is completed', completionSchema), ...upstream } } }, async (request) =>
    completion.complete(kit.fromCaller(request), request.params.orderId),
  );

  // The payment lifecycle the platform drives (platform calls only): reserve, release, commit.
  kit.onPaymentCallback('process', (tenant, call) => lifecycle.process(tenant, call));
  kit.onPaymentCallback('abort', (tenant, call) => lifecycle.abort(tenant, call));
  kit.onPaymentCallback('confirm', (tenant, call) => lifecycle.confirm(tenant, call));

  // amountChanged of one card (notification service, through the outbox).
  app.post<PaymentRoute<AmountChangedRequest>>('/v0/orders/:orderId/payments/:paymentId/amount-changed', { ...fromPlatform, schema: { params: paymentParams, body: amountChangedBody, summary: 'amountChanged of one card (call token)', response: { 200: json('What the payment became', amountChangedSchema), ...upstream } } }, async (request) =>
    payments.amountChanged(kit.fromPlatform(request, 'amount_changed'), request.params.orderId, request.params.paymentId, request.body.amount),
  );
}
