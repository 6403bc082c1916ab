import type { FastifyRequest } from 'fastify';
import { AppError, errors, json } from '../kit/platform.js';
import { hookAnswers } from '../kit/callback-answers.openapi.js';
import { sameAmount } from '../../contracts/amount.js';
import { restToCover } from '../../contracts/allocation.js';
import type { HookRequest, NotificationRequest } from '../../contracts/callbacks.types.js';
import { fillTemplate, orderValues } from '../kit/index.js';
import { providerFailed } from '../kit/index.js';
import { fromBackOffice, PURCHASE_NOT_COMPLETE, tenantOfSigned, type ProviderAContext } from './provider-a.context.js';
import { PUSH_ORDER_PARAM } from './provider-a.session.js';
import { onShippingOptionUpdate } from './provider-a-checkout.callbacks.js';
import type { Finalizer } from './provider-a-finalize.flow.js';
import { onCartChanged, onReferenceChanged, onStateChanged } from './provider-a-order.hooks.js';
import type { ProviderAActions } from './provider-a-actions.usecase.js';
import { providerA } from './provider-a.provider.js';
import { PROVIDER_A_ADAPTER_ID, type CheckoutOrder } from './provider-a.types.js';

type OrderParams = { Params: { orderId: string } };
type PaymentParams = { Params: { orderId: string; paymentId: string } };

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const orderParams = { type: 'object', required: ['orderId'], properties: { orderId: id } } as const;
const paymentParams = { type: 'object', required: ['orderId', 'paymentId'], properties: { orderId: id, paymentId: id } } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const upstream = errors(400, 404, 409, 502);
const paymentAnswer = { 200: json('The payment as it is now', anyObject), ...upstream };
const recurringBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 }, autoCapture: { type: 'boolean' } },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The adapter's own endpoints beyond the kit runtime's (spec "Provider A adapter" table and rules). */
export function registerProviderARoutes(context: ProviderAContext, finalizer: Finalizer, actions: ProviderAActions): void {
  const { kit } = context;
  const { app } = kit;
  const provider = providerA(context);

  // PUT /orders/{order_id}/payments: the session follows what the order leaves this payment now (the UI suspends around it).
  const sync = async (request: FastifyRequest<OrderParams>) => {
    const tenant = kit.fromCaller(request);
    const { orderId } = request.params;
    const order = await kit.orders.getOrder(tenant, orderId);
    const payment = order.payments.find((p) => p.adapterId === PROVIDER_A_ADAPTER_ID && p.state === 'intent');
    if (!payment) throw new AppError(404, 'payment_not_found', `Order ${orderId} has no open ${PROVIDER_A_ADAPTER_ID} payment.`);
    const amount = restToCover(order, payment.id);
    const configuration = await kit.configuration.get(tenant);
    try {
      const result = await provider.amountChanged({ tenant, order, configuration, payment, amount });
      if (result.transaction) await context.mounted.log(tenant, orderId, payment.id, { ...result.transaction, pspEvent: 'update' });
    } catch (error) {
      const transaction = (error as { transaction?: Parameters<typeof context.mounted.log>[3] }).transaction;
      if (transaction) await context.mounted.log(tenant, orderId, payment.id, transaction);
      throw providerFailed(error, payment.id);
    }
    const updated = sameAmount(payment.amount, amount) ? payment : await kit.payments.updatePayment(tenant, orderId, payment.id, { amount });
    return { id: updated.id, amount: updated.amount, status: 'checkout_incomplete' };
  };
  const syncSchema = { params: orderParams, summary: 'Bring the provider session in step with the order (the remaining total)', response: { 200: json('The payment and its amount', anyObject), ...upstream } };
  app.put<OrderParams>('/orders/:orderId/payments', { schema: syncSchema }, sync);
  app.put<OrderParams>('/api/checkout/v1/orders/:orderId/payments', { schema: syncSchema }, sync);

  app.post<OrderParams & { Body: { token: string; autoCapture?: boolean } }>(
    '/api/checkout/v1/orders/:orderId/payments/recurring',
    { schema: { params: orderParams, body: recurringBody, summary: 'A payment from a stored customer token (no shopper)', response: { 200: json('The payment and where the order stands', anyObject), ...upstream } } },
    async (request) => actions.recurring(kit.fromCaller(request), request.params.orderId, request.body.token, request.body.autoCapture ?? false),
  );

  app.get<PaymentParams>(
    '/api/checkout/v1/orders/:orderId/payments/:paymentId/html',
    { schema: { params: paymentParams, summary: 'A test page with the snippet', response: { 200: { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } }, ...upstream } } },
    async (request, reply) => {
      const tenant = kit.fromCaller(request);
      const order = await kit.orders.getOrder(tenant, request.params.orderId);
      const payment = order.payments.find((p) => p.id === request.params.paymentId && p.adapterId === PROVIDER_A_ADAPTER_ID);
      if (!payment) throw new AppError(404, 'payment_not_found', `Order ${order.id} has no ${PROVIDER_A_ADAPTER_ID} payment ${request.params.paymentId}.`);
      const session = await provider.readSession({ tenant, order, configuration: await kit.configuration.get(tenant), payment });
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Provider A test page — order ${escapeHtml(order.id)}</title></head><body><h1>Provider A checkout (test page)</h1><p>Order <code>${escapeHtml(order.id)}</code>, payment <code>${escapeHtml(payment.id)}</code>: ${escapeHtml(session.status)}, ${payment.amount} ${escapeHtml(order.currency)}</p>${session.htmlSnippet}</body></html>`;
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );

  /** A provider call naming an order id (push, notification): it must be the payment's provider order (400 otherwise). */
  const sameProviderOrder = async (tenant: ReturnType<typeof tenantOfSigned>, params: { orderId: string; paymentId: string }, providerOrderId: string | undefined) => {
    const payment = kit.ownPayment(await kit.orders.getOrder(tenant, params.orderId), params.paymentId);
    if (providerOrderId !== undefined && providerOrderId !== payment.reference) {
      throw new AppError(400, 'provider_order_mismatch', `Provider order ${providerOrderId} is not payment ${params.paymentId}'s.`);
    }
  };

  // The provider's calls (no token: the address is signed and names the tenant).
  app.post<PaymentParams & { Body: Partial<CheckoutOrder> }>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/shipping-option-update',
    { config: { public: true }, schema: { params: paymentParams, summary: "The provider's shipping-option update (signed address): the new amounts", response: { 200: json('The new amounts in minor units', anyObject), ...errors(400, 401, 404, 409, 502) } } },
    async (request) => onShippingOptionUpdate(context, tenantOfSigned(kit, request), request.params.orderId, request.params.paymentId, request.body ?? {}),
  );

  app.get<PaymentParams>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/confirm',
    { config: { public: true }, schema: { params: paymentParams, summary: "The shopper's return from the provider (signed address): 302 to the confirmation page", response: { 302: { description: 'To the configured confirmation (or checkout) page', type: 'null' }, ...errors(400, 401, 404, 502) } } },
    async (request, reply) => {
      const tenant = tenantOfSigned(kit, request);
      const finalized = await finalizer.run(tenant, request.params.orderId, request.params.paymentId, 'confirm').catch((error: unknown) => {
        // Back before the purchase was completed (an early or reopened link): back to the checkout page.
        if (error instanceof AppError && error.code === PURCHASE_NOT_COMPLETE) return undefined;
        throw error;
      });
      const { redirectUrls } = await kit.configuration.get(tenant);
      if (!finalized) return reply.status(302).header('location', fillTemplate(redirectUrls.checkoutUrl, { orderId: request.params.orderId, ...tenant })).send();
      const { outcome, order } = finalized;
      const page = outcome === 'rejected' ? (redirectUrls.validationErrorUrl ?? redirectUrls.checkoutUrl) : redirectUrls.confirmationUrl;
      return reply.status(302).header('location', fillTemplate(page, orderValues(order))).send();
    },
  );

  // The push: no body; the provider's order id in the query (its `{checkout.order.id}`), which must be the payment's.
  app.post<PaymentParams & { Querystring: Record<string, string | undefined> }>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/push',
    { config: { public: true }, schema: { params: paymentParams, summary: "The provider's push (signed address, the provider's order id in `klarna_order_id`): confirms when no confirm came; OrderAccepted once", response: { 200: json('Where the payment stands', anyObject), ...errors(400, 401, 404, 409, 502) } } },
    async (request) => {
      const tenant = tenantOfSigned(kit, request, PUSH_ORDER_PARAM);
      await sameProviderOrder(tenant, request.params, request.query[PUSH_ORDER_PARAM]);
      const { outcome, payment } = await finalizer.run(tenant, request.params.orderId, request.params.paymentId, 'push');
      return { outcome, state: payment.state };
    },
  );

  // The provider's fraud-risk decision on a pending order (`merchant_urls.notification`): re-read and finish like a push.
  app.post<PaymentParams & { Body: { order_id: string; event_type: string } }>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/notification',
    {
      config: { public: true },
      schema: {
        params: paymentParams,
        body: { type: 'object', required: ['order_id', 'event_type'], properties: { order_id: { type: 'string', maxLength: 128 }, event_type: { type: 'string', maxLength: 64 } } },
        summary: "The provider's fraud-risk notification (signed address): the decision is read from order management, never from the body",
        response: { 200: json('Where the payment stands', anyObject), ...errors(400, 401, 404, 409, 502) },
      },
    },
    async (request) => {
      const tenant = tenantOfSigned(kit, request);
      await sameProviderOrder(tenant, request.params, request.body.order_id);
      const { outcome, payment } = await finalizer.run(tenant, request.params.orderId, request.params.paymentId, 'notification');
      return { outcome, state: payment.state };
    },
  );

  // The platform's calls (a call token).
  const hook = { onRequest: async (request: FastifyRequest) => void kit.fromPlatform(request, 'hook') };
  app.post<PaymentParams & { Body: HookRequest }>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/state-changed',
    { ...hook, schema: { params: paymentParams, body: anyObject, summary: 'Hook on /state (target /payments): no way back to checkout while the provider processes (call token)', response: hookAnswers } },
    async (request) => onStateChanged(context, kit.fromPlatform(request, 'hook'), request.params.orderId, request.params.paymentId, request.body),
  );
  app.post<PaymentParams & { Body: HookRequest }>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/cart-changed',
    { ...hook, schema: { params: paymentParams, body: anyObject, summary: 'Hook on /cart (target /payments): the payment and the session follow the total (call token)', response: hookAnswers } },
    async (request) => onCartChanged(context, kit.fromPlatform(request, 'hook'), request.params.orderId, request.params.paymentId, request.body),
  );
  app.post<PaymentParams & { Body: NotificationRequest }>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/reference-changed',
    {
      onRequest: async (request: FastifyRequest) => void kit.fromPlatform(request, 'notification'),
      schema: { params: paymentParams, body: anyObject, summary: 'Notification on /reference: the merchant reference at the provider (call token)', response: { 200: json('The merchant reference set', anyObject), ...upstream } },
    },
    async (request) => onReferenceChanged(context, kit.fromPlatform(request, 'notification'), request.params.orderId, request.params.paymentId, request.body),
  );

  // The payment's actions (back office).
  const action = (name: 'capture' | 'cancel' | 'refresh-checkout', run: (tenant: ReturnType<typeof fromBackOffice>, orderId: string, paymentId: string) => Promise<unknown>) =>
    app.post<PaymentParams>(`/api/order/v1/orders/:orderId/payments/:paymentId/${name}`, { schema: { params: paymentParams, summary: `Payment action ${name} (admin)`, response: paymentAnswer } }, async (request) =>
      run(fromBackOffice(kit, request), request.params.orderId, request.params.paymentId),
    );
  action('capture', (tenant, orderId, paymentId) => actions.capture(tenant, orderId, paymentId));
  action('cancel', (tenant, orderId, paymentId) => actions.cancel(tenant, orderId, paymentId));
  action('refresh-checkout', (tenant, orderId, paymentId) => actions.refresh(tenant, orderId, paymentId));
}
