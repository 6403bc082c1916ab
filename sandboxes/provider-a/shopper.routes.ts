import type { FastifyInstance } from 'fastify';
import { hostedPage } from './hosted-page.js';
import { KCO_BOOTSTRAP_SCRIPT } from './kco-bootstrap.script.js';
import type { MerchantCallSettings, MerchantCalls } from './merchant-calls.js';
import type { FraudStatus } from './provider-a.model.js';
import { shopperAnswers as answers } from './provider-a.openapi.js';
import { customerTokenSchema, fraudStatusSchema, orderIdParams, settingsSchema, shopperPurchaseSchema, shopperShippingSchema } from './provider-a.schemas.js';
import type { ProviderAStore } from './provider-a.store.js';
import { toProviderAddress, type ShopperActions, type ShopperCustomer } from './shopper.usecase.js';

type OrderParams = { Params: { orderId: string } };

/**
 * The shopper's side (no auth, like every `/api/sandbox` path): the hosted page and the calls it
 * makes — choose a shipping option, buy — plus inspection, customer tokens and the push schedule.
 */
export function registerShopperRoutes(app: FastifyInstance, deps: { store: ProviderAStore; shopper: ShopperActions; calls: MerchantCalls }): void {
  const { store, shopper, calls } = deps;

  app.get<OrderParams>('/hosted/orders/:orderId', { schema: { params: orderIdParams, summary: 'The hosted checkout page (the snippet\'s iframe)', response: answers.page } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(hostedPage(store.get(request.params.orderId))),
  );

  app.get('/hosted/kco.js', { schema: { summary: "The snippet's bootstrap: the checkout's iframe and the _klarnaCheckout JavaScript API", response: answers.script } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(KCO_BOOTSTRAP_SCRIPT),
  );

  const view = (orderId: string) => ({ order: store.get(orderId), merchantCalls: calls.of(orderId), pushes: calls.of(orderId).filter((call) => call.kind === 'push') });
  app.get<OrderParams>('/api/sandbox/orders/:orderId', { schema: { params: orderIdParams, summary: 'Everything the sandbox holds about an order', response: answers.order } }, async (request) => view(request.params.orderId));

  app.post<OrderParams & { Body: { id: string } }>(
    '/api/sandbox/orders/:orderId/shipping-option',
    { schema: { params: orderIdParams, body: shopperShippingSchema, summary: 'The shopper picks a shipping option (the merchant is asked for the new amounts)', response: answers.order } },
    async (request) => {
      await shopper.chooseShipping(request.params.orderId, request.body.id);
      return view(request.params.orderId);
    },
  );

  app.post<OrderParams & { Body: { customer?: ShopperCustomer; fraudStatus?: FraudStatus } | undefined }>(
    '/api/sandbox/orders/:orderId/purchase',
    { schema: { params: orderIdParams, body: shopperPurchaseSchema, summary: 'The shopper buys (the merchant validates; the push follows)', response: answers.purchase } },
    async (request) => shopper.purchase(request.params.orderId, request.body ?? {}),
  );

  app.post<OrderParams & { Body: { fraudStatus: FraudStatus } }>(
    '/api/sandbox/orders/:orderId/fraud-status',
    { schema: { params: orderIdParams, body: fraudStatusSchema, summary: 'The risk check decides a pending order (the merchant is notified)', response: answers.order } },
    async (request) => {
      await shopper.changeFraudStatus(request.params.orderId, request.body.fraudStatus);
      return view(request.params.orderId);
    },
  );

  app.post<{ Body: { fraudStatus?: FraudStatus; customer?: ShopperCustomer } | undefined }>(
    '/api/sandbox/customer-tokens',
    { schema: { body: customerTokenSchema, summary: 'A customer token for recurring orders', response: answers.token } },
    async (request, reply) => {
      const body = request.body ?? {};
      const token = store.createToken({ ...(body.fraudStatus ? { fraudStatus: body.fraudStatus } : {}), ...(body.customer ? { billingAddress: toProviderAddress(body.customer) } : {}) });
      return reply.status(201).send(token);
    },
  );

  app.get('/api/sandbox/settings', { schema: { summary: 'The push schedule and call time-out', response: answers.settings } }, async () => ({ ...calls.settings }));
  app.put<{ Body: Partial<MerchantCallSettings> }>('/api/sandbox/settings', { schema: { body: settingsSchema, summary: 'Change the push schedule or call time-out', response: answers.settings } }, async (request) => {
    Object.assign(calls.settings, request.body);
    return { ...calls.settings };
  });
}
