import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AdapterKit, mountPaymentProvider } from '../kit/index.js';
import { errors, json } from '../kit/platform.js';
import { hookAnswers } from '../kit/callback-answers.openapi.js';
import { completionSchema, sessionSchema, createPaymentBodySchema, hookCallBodySchema, orderParamsSchema, paymentMethodsSchema, paymentParamsSchema, selectMethodBodySchema } from './nonpsp-adapter.schemas.js';
import { onCartChanged, type HookCall } from './nonpsp-cart.hooks.js';
import { CART_HOOK_ROUTE } from './nonpsp-cart-hook.registration.js';
import { completePayment } from './nonpsp-completion.usecase.js';
import { NonPspPayments } from './nonpsp-payment.usecase.js';
import { nonPspProvider } from './nonpsp.provider.js';
import type { NonPspConfiguration } from './nonpsp.types.js';

const upstream = errors(404, 409, 502);
type OrderParams = { Params: { orderId: string } };
type PaymentParams = { Params: { orderId: string; paymentId: string } };

/**
 * The adapter's endpoints (docs/adapters/nonpsp.md). The kit's runtime mounts the contract's
 * routes — create and read at the spec's `/api/v1/checkout/orders/…/payments` (its
 * `{adapter_url}` is `/api/v1/checkout`), remove, amountChanged and the lifecycle callbacks; here
 * are what only this adapter has: choose the method, complete, and its cart hook.
 */
export function registerNonPspRoutes(app: FastifyInstance, kit: AdapterKit<NonPspConfiguration>): void {
  const mounted = mountPaymentProvider(kit, nonPspProvider(kit.publicUrl), { basePath: '/api/v1/checkout', schemas: { createBody: createPaymentBodySchema, session: sessionSchema } });
  const payments = new NonPspPayments(kit);

  // Before any payment exists: what the storefront may offer (its configuration's methods; the order must be readable by the caller).
  app.get<OrderParams>(
    '/api/v1/checkout/orders/:orderId/payment-methods',
    { schema: { params: orderParamsSchema, summary: 'The payment methods the order can use', response: { 200: json('The methods, in the configured order', paymentMethodsSchema), ...upstream } } },
    async (request) => {
      const tenant = kit.fromCaller(request);
      const [configuration] = await Promise.all([kit.configuration.get(tenant), kit.orders.getOrder(tenant, request.params.orderId)]);
      return { paymentMethods: (configuration.paymentMethods ?? []).map(({ identifier, name }) => ({ identifier, name })) };
    },
  );

  app.put<PaymentParams & { Body: { paymentMethod: string } }>(
    '/api/v1/checkout/orders/:orderId/payments/:paymentId',
    { schema: { params: paymentParamsSchema, body: selectMethodBodySchema, summary: 'Choose the payment method', response: { 200: json('The payment session', sessionSchema), ...upstream } } },
    async (request) => payments.select(kit.fromCaller(request), request.params.orderId, request.params.paymentId, request.body.paymentMethod),
  );

  app.post<PaymentParams>('/api/v1/checkout/orders/:orderId/payments/:paymentId/complete', { schema: { params: paymentParamsSchema, summary: 'Complete the order with this payment', response: { 200: json('The order is completed', completionSchema), ...upstream } } }, async (request) =>
    completePayment(kit, mounted, kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  // Called by the platform only (a call token, checked before the body is looked at).
  app.post<OrderParams & { Body: HookCall }>(
    CART_HOOK_ROUTE,
    { onRequest: async (request: FastifyRequest) => void kit.fromPlatform(request), schema: { params: orderParamsSchema, body: hookCallBodySchema, summary: 'Hook on /cart: the payment follows the total (call token)', response: hookAnswers } },
    async (request, reply) => reply.status(200).send(await onCartChanged(kit, kit.fromPlatform(request, 'hook'), request.params.orderId, request.body)),
  );
}
