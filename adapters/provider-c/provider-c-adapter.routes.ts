import type { FastifyInstance } from 'fastify';
import { badRequest } from '../kit/platform.js';
import { verifyProviderCall } from './provider-c-callback.verifier.js';
import type { ProviderCCheckout } from './provider-c-checkout.usecase.js';
import { CALLBACK_ROUTES, confirmationPage, type ProviderCContext } from './provider-c.context.js';
import type { ProviderCRecurring } from './provider-c-recurring.usecase.js';
import type { ProviderCSettlement, SavedCardNotice } from './provider-c-settlement.usecase.js';
import { answers, browserEventBody, orderParamsSchema, paymentParamsSchema, providerCallBodySchema, recurringBodySchema } from './provider-c-adapter.schemas.js';

type PaymentParams = { Params: { orderId: string; paymentId: string } };
const RECEIVED = { CallbackResponse: 'received' } as const;

/**
 * The adapter's provider-specific routes (the runtime mounts create, read, amountChanged and the
 * validation callback): the checkout's events the storefront forwards, recurring, and the
 * provider's notifications — the checkout status push, the order-management status push, the
 * saved credit card — and the shopper's return to the confirmation address.
 */
export function registerProviderCRoutes(app: FastifyInstance, deps: { context: ProviderCContext; checkout: ProviderCCheckout; settlement: ProviderCSettlement; recurring: ProviderCRecurring }): void {
  const { context, checkout, settlement, recurring } = deps;
  const { kit } = context;

  app.post<PaymentParams>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/customer-update',
    { schema: { params: paymentParamsSchema, body: browserEventBody, summary: "The checkout's onCustomerInfoChanged: the customer as the provider has it, onto the order", response: answers.customer } },
    async (request) => checkout.customerUpdate(kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  app.post<PaymentParams>(
    '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/shipping-option-update',
    { schema: { params: paymentParamsSchema, body: browserEventBody, summary: "The checkout's onShippingMethodChanged: the chosen method as the order's shipping; the payment follows the total", response: answers.shipping } },
    async (request) => checkout.shippingOptionUpdate(kit.fromCaller(request), request.params.orderId, request.params.paymentId),
  );

  app.post<{ Params: { orderId: string }; Body: { token: string } }>(
    '/api/checkout/v1/orders/:orderId/payments/recurring',
    // A stored token is the merchant's word, never a browser's: a shopper's checkout token may not name one (403).
    { config: { roles: ['storefront', 'admin', 'service'] }, schema: { params: orderParamsSchema, body: recurringBodySchema, summary: "A payment on a saved card (the provider's merchant payment; no shopper; storefront, admin, service): the order completed", response: answers.recurring } },
    async (request, reply) => reply.status(201).send(await recurring.create(kit.fromCaller(request), request.params.orderId, request.body.token)),
  );

  // The provider's calls: a signed address (tenant, order, payment) and a signed request.
  app.post<PaymentParams>(
    CALLBACK_ROUTES.push,
    { config: { public: true }, schema: { params: paymentParamsSchema, body: providerCallBodySchema, summary: 'Checkout push: the adapter re-reads the provider and applies its status (duplicates change nothing)', response: answers.providerCall } },
    async (request) => {
      const { tenant } = await verifyProviderCall(kit, request);
      await settlement.settle(tenant, request.params.orderId, request.params.paymentId, 'push');
      return RECEIVED;
    },
  );

  app.post<PaymentParams & { Body: SavedCardNotice | null }>(
    CALLBACK_ROUTES.savedCard,
    { config: { public: true }, schema: { params: paymentParamsSchema, body: providerCallBodySchema, summary: 'The card a purchase saved: its id becomes the payment\'s recurring token', response: answers.providerCall } },
    async (request) => {
      const { tenant } = await verifyProviderCall(kit, request);
      await settlement.saveCard(tenant, request.params.orderId, request.params.paymentId, request.body ?? {});
      return RECEIVED;
    },
  );

  app.post(
    CALLBACK_ROUTES.event,
    { config: { public: true }, schema: { body: providerCallBodySchema, summary: "The order-management status push (a payment transaction's status): the adapter re-reads the provider and applies it (duplicates change nothing)", response: answers.providerCall } },
    async (request) => {
      const { tenant, query } = await verifyProviderCall(kit, request);
      if (!query.orderId || !query.paymentId) throw badRequest('invalid_request', 'The event address names no order or payment.');
      await settlement.settle(tenant, query.orderId, query.paymentId, 'event');
      return RECEIVED;
    },
  );

  app.get<PaymentParams>(
    CALLBACK_ROUTES.confirmation,
    { config: { public: true }, schema: { params: paymentParamsSchema, summary: 'The shopper sent back by the checkout (MerchantConfirmationUrl): the payment is settled (as the push would) and the browser sent to the confirmation page', response: answers.confirmation } },
    async (request, reply) => {
      const { tenant, configuration } = await verifyProviderCall(kit, request);
      const { orderId, paymentId } = request.params;
      await settlement.settle(tenant, orderId, paymentId, 'confirmation');
      return reply.status(302).header('location', confirmationPage(configuration, tenant, orderId, paymentId)).send();
    },
  );
}
