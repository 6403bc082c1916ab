import type { FastifyInstance } from 'fastify';
import type { ProviderCMerchant } from './provider-c.model.js';
import { answers } from './provider-c.openapi.js';
import { demoPage, framePage } from './provider-c.pages.js';
import type { ProviderCCallbacks } from './provider-c.callbacks.js';
import type { ProviderCPurchases, PurchaseInput } from './provider-c-purchase.usecase.js';
import { merchantSchema, orderParamsSchema, purchaseSchema, resolveSchema, shopperSchema, tokenParamsSchema, tokenSchema } from './provider-c.schemas.js';
import type { ProviderCStore, ShopperInput } from './provider-c.store.js';

type OrderParams = { Params: { orderId: string } };

/**
 * `/api/sandbox/*` and the iframe (no auth): what the shopper does in the iframe (enter details,
 * purchase), what the provider does later (resolve a pending purchase, push again), tokens,
 * merchants, and everything about an order.
 */
export function registerProviderCShopperRoutes(
  app: FastifyInstance,
  deps: { store: ProviderCStore; purchases: ProviderCPurchases; callbacks: ProviderCCallbacks; defaultMerchantId: string },
): void {
  const { store, purchases, callbacks } = deps;
  const id = (params: { orderId: string }) => Number(params.orderId);

  app.get('/api/sandbox/orders', { schema: { response: answers.orders } }, async () => ({ orders: store.list() }));

  app.get<OrderParams>('/api/sandbox/orders/:orderId', { schema: { params: orderParamsSchema, summary: 'Everything about an order, with the calls the provider made', response: answers.sandboxOrder } }, async (request) => ({
    ...store.get(id(request.params)),
    callbacks: callbacks.recordsOf(id(request.params)),
  }));

  app.put<OrderParams & { Body: ShopperInput }>(
    '/api/sandbox/orders/:orderId/shopper',
    { schema: { params: orderParamsSchema, body: shopperSchema, summary: 'What the shopper entered in the iframe (customer, delivery address, shipping option)', response: answers.shopper } },
    async (request) => store.setShopper(id(request.params), request.body),
  );

  app.post<OrderParams & { Body: PurchaseInput | null | undefined }>(
    '/api/sandbox/orders/:orderId/purchase',
    { schema: { params: orderParamsSchema, body: purchaseSchema, summary: 'The purchase click: validation callback, outcome, checkout push(es)', response: answers.purchase } },
    async (request) => purchases.purchase(id(request.params), request.body ?? {}),
  );

  app.post<OrderParams>('/api/sandbox/orders/:orderId/push', { schema: { params: orderParamsSchema, summary: 'Send the checkout push again (a duplicate)', response: answers.push } }, async (request) => purchases.push(id(request.params)));

  app.post<OrderParams & { Body: { decision: 'accepted' | 'declined'; repeat?: number } }>(
    '/api/sandbox/orders/:orderId/resolve',
    { schema: { params: orderParamsSchema, body: resolveSchema, summary: 'Accept or decline a pending (OnHold) purchase: sends the order-management event', response: answers.resolve } },
    async (request) => purchases.resolve(id(request.params), request.body.decision, request.body.repeat),
  );

  app.post<{ Body: { merchantId?: string; customer?: ShopperInput['customer'] } | null | undefined }>(
    '/api/sandbox/tokens',
    { schema: { body: tokenSchema, summary: 'A recurring token (a shopper who agreed to recurring payments)', response: answers.token } },
    async (request, reply) => reply.status(201).send(store.createToken(request.body?.merchantId ?? deps.defaultMerchantId, request.body?.customer)),
  );

  app.get<{ Params: { token: string } }>('/api/sandbox/tokens/:token', { schema: { params: tokenParamsSchema, response: answers.tokenView } }, async (request) => store.token(request.params.token));

  app.post<{ Body: { merchantId: string; secret: string; mode?: 'test' | 'production'; shippingIntegration?: boolean } }>(
    '/api/sandbox/merchants',
    { schema: { body: merchantSchema, summary: 'Add a merchant (its id, secret, mode and shipping integration)', response: answers.merchant } },
    async (request, reply) => {
      const merchant: ProviderCMerchant = { mode: 'production', shippingIntegration: false, ...request.body };
      const { secret: _secret, ...shown } = store.addMerchant(merchant);
      return reply.status(201).send(shown);
    },
  );

  app.get<OrderParams>('/checkout/frame/:orderId', { schema: { params: orderParamsSchema, summary: 'The checkout iframe', response: answers.frame } }, async (request, reply) => {
    store.get(id(request.params));
    return reply.type('text/html; charset=utf-8').send(framePage(id(request.params)));
  });

  app.get<OrderParams>('/api/sandbox/orders/:orderId/page', { schema: { params: orderParamsSchema, summary: 'A page embedding the iframe, to click through a purchase', response: answers.page } }, async (request, reply) => {
    const order = store.get(id(request.params));
    return reply.type('text/html; charset=utf-8').send(demoPage(order.OrderId, order.OrderHtmlSnippet));
  });
}
