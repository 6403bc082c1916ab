import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdapterKit } from '../kit/index.js';
import { errors, json } from '../kit/platform.js';
import { hookAnswers } from '../kit/callback-answers.openapi.js';
import {
  amountChangedBodySchema,
  amountChangedSchema,
  completionSchema,
  removedSchema,
  sessionSchema,
  createPaymentBodySchema,
  hookCallBodySchema,
  orderParamsSchema,
  paymentParamsSchema,
  selectMethodBodySchema,
} from './nonpsp-adapter.schemas.js';
import { onCartChanged, type HookCall } from './nonpsp-cart.hook.js';
import { completePayment } from './nonpsp-completion.service.js';
import { CART_HOOK_ROUTE, NonPspPayments } from './nonpsp-payment.service.js';
import { NonPspLifecycle } from './nonpsp-lifecycle.service.js';
import type { NonPspConfiguration } from './nonpsp.types.js';

const upstream = errors(404, 409, 502);
type OrderParams = { Params: { orderId: string } };
type PaymentParams = { Params: { orderId: string; paymentId: string } };

const paymentLocation = (orderId: string, paymentId: string) =>
  `/api/v0/checkout/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}`;

/** The adapter's endpoints (docs/adapters/nonpsp.md): storefront ones, then the platform's callbacks. */
export function registerNonPspRoutes(app: FastifyInstance, kit: AdapterKit<NonPspConfiguration>): void {
  const payments = new NonPspPayments(kit);

  app.post<OrderParams & { Body: { paymentMethod?: string } | null | undefined }>(
    '/api/v1/checkout/orders/:orderId/payments',
    { schema: { params: orderParamsSchema, body: createPaymentBodySchema, summary: 'Start a payment (optionally with a chosen method)', response: { 201: json('The payment session (Location: the order service\'s payment)', sessionSchema), ...upstream } } },
    async (request, reply) => {
      const session = await payments.create(kit.fromCaller(request), request.params.orderId, request.body?.paymentMethod);
      return reply.status(201).header('location', paymentLocation(request.params.orderId, session.paymentId)).send(session);
    },
  );

  app.get<PaymentParams>('/api/v1/checkout/orders/:orderId/payments/:paymentId', { schema: { params: paymentParamsSchema, summary: 'Read a payment session', response: { 200: json('The payment session', sessionSchema), ...upstream } } }, async (request) =>
    payments.get(kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  app.put<PaymentParams & { Body: { paymentMethod: string } }>(
    '/api/v1/checkout/orders/:orderId/payments/:paymentId',
    { schema: { params: paymentParamsSchema, body: selectMethodBodySchema, summary: 'Choose the payment method', response: { 200: json('The payment session', sessionSchema), ...upstream } } },
    async (request) => payments.select(kit.fromCaller(request), request.params.orderId, request.params.paymentId, request.body.paymentMethod),
  );

  app.post<PaymentParams>('/api/v1/checkout/orders/:orderId/payments/:paymentId/remove', { schema: { params: paymentParamsSchema, summary: 'Remove the payment', response: { 200: json('Removed', removedSchema), ...upstream } } }, async (request) =>
    payments.remove(kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  app.post<PaymentParams>('/api/v1/checkout/orders/:orderId/payments/:paymentId/complete', { schema: { params: paymentParamsSchema, summary: 'Complete the order with this payment', response: { 200: json('The order is completed', completionSchema), ...upstream } } }, async (request) =>
    completePayment(kit, kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  // Called by the platform only (a call token, checked before the body is looked at): the cart hook and amountChanged.
  const platformOnly = async (request: FastifyRequest) => void kit.fromPlatform(request);

  app.post<OrderParams & { Body: HookCall }>(
    CART_HOOK_ROUTE,
    { onRequest: platformOnly, schema: { params: orderParamsSchema, body: hookCallBodySchema, summary: 'Hook on /cart: the payment follows the total (call token)', response: hookAnswers } },
    async (request, reply) => reply.status(200).send(await onCartChanged(kit, kit.fromPlatform(request, 'hook'), request.params.orderId, request.body)),
  );

  app.post<OrderParams & { Body: { amount: number } }>(
    '/v0/orders/:orderId/amount-changed',
    { onRequest: platformOnly, schema: { params: orderParamsSchema, body: amountChangedBodySchema, summary: 'amountChanged (call token)', response: { 200: json('What the payment became', amountChangedSchema), ...upstream } } },
    async (request) => payments.amountChanged(kit.fromPlatform(request, 'amount_changed'), request.params.orderId, request.body.amount),
  );

  const lifecycle = new NonPspLifecycle(kit);
  kit.onPaymentCallback('process', (tenant, call) => lifecycle.process(tenant, call));
  kit.onPaymentCallback('capture', (tenant, call) => lifecycle.capture(tenant, call));
  kit.onPaymentCallback('cancel', () => lifecycle.cancel());
  kit.onPaymentCallback('refund', () => lifecycle.refund());
}
