import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdapterKit } from '../kit/index.js';
import { badRequest, type Tenant } from '../kit/platform.js';
import type { ProviderBCheckout } from './provider-b-checkout.usecase.js';
import type { ProviderBNotifications } from './provider-b-notification.usecase.js';
import { answers, browserEventBody, notificationBody, paymentParamsSchema, processParamsSchema } from './provider-b.schemas.js';
import type { ProviderBConfiguration } from './provider-b.types.js';

type BrowserBody = { purchaseId?: string } | null;
type PaymentRoute = { Params: { orderId: string; paymentId: string }; Body: BrowserBody };
const CALLBACKS = '/api/checkout/v1/callback/orders/:orderId';

/**
 * Provider B's callback endpoints (spec "Provider B adapter"): the storefront forwards the
 * embedded script's events (customer-update, shipping-option-update, validate, process: the
 * storefront's or the shopper's checkout token); provider B calls notification at the signed
 * address it was given (no token: the signature of the address names the tenant).
 */
export function registerProviderBRoutes(app: FastifyInstance, kit: AdapterKit<ProviderBConfiguration>, checkout: ProviderBCheckout, notifications: ProviderBNotifications): void {
  app.post<PaymentRoute>(`${CALLBACKS}/payments/:paymentId/customer-update`, { schema: { params: paymentParamsSchema, body: browserEventBody, summary: 'The shopper changed customer data at the provider: copy it to the order', response: answers.customer } }, async (request) =>
    checkout.customerUpdate(kit.fromCaller(request), request.params.orderId, request.params.paymentId, request.body?.purchaseId),
  );

  app.post<PaymentRoute>(
    `${CALLBACKS}/payments/:paymentId/shipping-option-update`,
    { schema: { params: paymentParamsSchema, body: browserEventBody, summary: 'The shopper chose a shipping option at the provider: the order shipping and costs follow', response: answers.shipping } },
    async (request) => checkout.shippingOptionUpdate(kit.fromCaller(request), request.params.orderId, request.params.paymentId, request.body?.purchaseId),
  );

  app.post<PaymentRoute>(`${CALLBACKS}/payments/:paymentId/validate`, { schema: { params: paymentParamsSchema, body: browserEventBody, summary: 'beforeSubmit: may the order be submitted?', response: answers.validate } }, async (request, reply) => {
    const { orderId, paymentId } = request.params;
    const failures = await checkout.validate(kit.fromCaller(request), orderId, paymentId, request.body?.purchaseId);
    return failures.length === 0 ? { orderId, paymentId, valid: true } : reply.status(400).send(failures);
  });

  app.post<{ Params: { orderId: string; repeatedOrderId: string; paymentId: string }; Body: BrowserBody }>(
    `${CALLBACKS}/:repeatedOrderId/payments/:paymentId/process`,
    { schema: { params: processParamsSchema, body: browserEventBody, summary: 'The submit goes on: refuse a changed order, write consents and addresses, move to processing', response: answers.process } },
    async (request) => {
      const { orderId, repeatedOrderId, paymentId } = request.params;
      if (repeatedOrderId !== orderId) throw badRequest('order_mismatch', 'The process path names the order twice; both must be the same order.');
      return checkout.process(kit.fromCaller(request), orderId, paymentId, request.body?.purchaseId);
    },
  );

  app.post<{ Params: PaymentRoute['Params']; Querystring: Record<string, string> }>(
    `${CALLBACKS}/payments/:paymentId/notification`,
    { config: { public: true }, schema: { params: paymentParamsSchema, body: notificationBody, summary: "Provider B's server callback after a purchase (signed address; the body is ignored, the purchase re-read)", response: answers.notification } },
    async (request) => notifications.handle(signedTenant(kit, request), request.params.orderId, request.params.paymentId),
  );
}

/** The tenant the signed notification address names (401 when forged, changed or expired). */
function signedTenant(kit: AdapterKit<ProviderBConfiguration>, request: FastifyRequest<{ Querystring: Record<string, string> }>): Tenant {
  return kit.callbacks.tenantOf(request.url).tenant;
}
