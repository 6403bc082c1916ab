import type { FastifyInstance } from 'fastify';
import type { ProviderCMerchant } from './provider-c.model.js';
import { answers } from './provider-c.openapi.js';
import { checkoutPage } from './provider-c-checkout.page.js';
import { demoPage } from './provider-c.pages.js';
import { Q1_SCRIPT } from './provider-c-q1.script.js';
import type { ProviderCCallbacks } from './provider-c.callbacks.js';
import type { ProviderCPurchases, PurchaseInput } from './provider-c-purchase.usecase.js';
import { cardParamsSchema, merchantSchema, orderParamsSchema, purchaseSchema, resolveSchema, savedCardSchema, shopperSchema } from './provider-c.schemas.js';
import type { ProviderCStore, ShopperInput } from './provider-c.store.js';

type OrderParams = { Params: { orderId: string } };

/**
 * `/api/sandbox/*`, the checkout frame and its script (no auth): what the shopper does in the
 * checkout (enter details, choose delivery and payment method, purchase), what the provider does
 * later (decide a pending purchase, push again), saved cards, merchants, and everything about an
 * order.
 */
export function registerProviderCShopperRoutes(
  app: FastifyInstance,
  deps: { store: ProviderCStore; purchases: ProviderCPurchases; callbacks: ProviderCCallbacks; defaultMerchantId: string },
): void {
  const { store, purchases, callbacks } = deps;
  const id = (params: { orderId: string }) => Number(params.orderId);

  app.get('/api/sandbox/orders', { schema: { response: answers.orders } }, async () => ({ orders: store.list() }));

  app.get<OrderParams>('/api/sandbox/orders/:orderId', { schema: { params: orderParamsSchema, summary: "Everything about an order (the sandbox's record), with the calls the provider made", response: answers.sandboxOrder } }, async (request) => ({
    ...store.get(id(request.params)),
    callbacks: callbacks.recordsOf(id(request.params)),
  }));

  app.put<OrderParams & { Body: ShopperInput }>(
    '/api/sandbox/orders/:orderId/shopper',
    { schema: { params: orderParamsSchema, body: shopperSchema, summary: 'What the shopper entered or chose in the checkout (customer, delivery address, shipping method, payment method)', response: answers.shopper } },
    async (request) => store.setShopper(id(request.params), request.body),
  );

  app.post<OrderParams & { Body: PurchaseInput | null | undefined }>(
    '/api/sandbox/orders/:orderId/purchase',
    { schema: { params: orderParamsSchema, body: purchaseSchema, summary: 'The purchase click: validation, outcome, checkout push(es), saved card notification', response: answers.purchase } },
    async (request) => purchases.purchase(id(request.params), request.body ?? {}),
  );

  app.post<OrderParams>('/api/sandbox/orders/:orderId/push', { schema: { params: orderParamsSchema, summary: 'Send the checkout push again (a duplicate)', response: answers.push } }, async (request) => purchases.push(id(request.params)));

  app.post<OrderParams & { Body: { decision: 'accepted' | 'declined'; repeat?: number } }>(
    '/api/sandbox/orders/:orderId/resolve',
    { schema: { params: orderParamsSchema, body: resolveSchema, summary: 'Accept or decline a pending (OnHold) purchase: its new status is pushed', response: answers.resolve } },
    async (request) => purchases.resolve(id(request.params), request.body.decision, request.body.repeat),
  );

  app.post<{ Body: { merchantId?: string } | null | undefined }>(
    '/api/sandbox/saved-cards',
    { schema: { body: savedCardSchema, summary: 'A card a shopper saved with the merchant (what merchant payments charge)', response: answers.card } },
    async (request, reply) => reply.status(201).send(store.saveCard(request.body?.merchantId ?? deps.defaultMerchantId)),
  );

  app.get<{ Params: { id: string } }>('/api/sandbox/saved-cards/:id', { schema: { params: cardParamsSchema, response: answers.cardView } }, async (request) => store.savedCard(request.params.id));

  app.post<{ Body: { merchantId: string; secret: string; mode?: 'test' | 'production'; shippingIntegration?: boolean } }>(
    '/api/sandbox/merchants',
    { schema: { body: merchantSchema, summary: 'Add a merchant (its id, secret, mode and shipping integration)', response: answers.merchant } },
    async (request, reply) => {
      const merchant: ProviderCMerchant = { mode: 'production', shippingIntegration: false, ...request.body };
      const { secret: _secret, ...shown } = store.addMerchant(merchant);
      return reply.status(201).send(shown);
    },
  );

  app.get('/checkout/q1.js', { schema: { summary: 'The checkout script the snippet loads', response: answers.loader } }, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(Q1_SCRIPT));

  app.get<OrderParams>('/checkout/frame/:orderId', { schema: { params: orderParamsSchema, summary: 'The checkout frame', response: answers.frame } }, async (request, reply) => {
    store.get(id(request.params));
    return reply.type('text/html; charset=utf-8').send(checkoutPage(id(request.params)));
  });

  app.get<OrderParams>('/api/sandbox/orders/:orderId/page', { schema: { params: orderParamsSchema, summary: "A merchant's page embedding the snippet, to click through a purchase", response: answers.page } }, async (request, reply) => {
    const order = store.get(id(request.params));
    return reply.type('text/html; charset=utf-8').send(demoPage(order.OrderId, order.OrderHtmlSnippet));
  });
}
