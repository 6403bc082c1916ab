// The provider B sandbox's shopper side: what Avarda's form would send, the page a person clicks, inspection and token revocation.
import type { FastifyInstance } from 'fastify';
import type { ExchangeJournal } from '../shared/exchange.journal.js';
import type { PartnerTokenStore } from './partner-token.store.js';
import type { ShopperInput } from './purchase.model.js';
import type { PurchaseStore } from './purchase.store.js';
import { sendPurchaseCallback } from './purchase-callback.sender.js';
import { sandboxView } from './purchase.views.js';
import { answers } from './provider-b.openapi.js';
import { completeSchema, purchaseParamsSchema, shopperSchema } from './provider-b.schemas.js';
import { shopperPage } from './shopper.page.js';

type PurchaseParams = { Params: { purchaseId: string } };

/**
 * The shopper's side (no auth, as every `/api/sandbox` path): what the embedded checkout would
 * send to provider B — the shopper's data, the purchase — and a page a person can click.
 */
export function registerShopperRoutes(app: FastifyInstance, store: PurchaseStore, tokens: PartnerTokenStore, callbackTimeoutMs: number, journal: ExchangeJournal): void {
  app.get('/api/sandbox/purchases', { schema: { summary: 'Every purchase', response: answers.purchases } }, async () => ({ purchases: store.list().map(sandboxView) }));

  app.get<PurchaseParams>('/api/sandbox/purchases/:purchaseId', { schema: { params: purchaseParamsSchema, summary: 'Everything about a purchase (callbacks sent included)', response: answers.shopper } }, async (request) =>
    sandboxView(store.get(request.params.purchaseId)),
  );

  app.put<PurchaseParams & { Body: ShopperInput }>(
    '/api/sandbox/purchases/:purchaseId/shopper',
    { schema: { params: purchaseParamsSchema, body: shopperSchema, summary: "What the shopper entered in the form: user inputs, addresses, shipping option, payment method, newsletter", response: answers.shopper } },
    async (request) => sandboxView(store.setShopper(request.params.purchaseId, request.body)),
  );

  app.post<PurchaseParams & { Body: { outcome?: 'completed' | 'declined'; sendCallback?: boolean } | null }>(
    '/api/sandbox/purchases/:purchaseId/complete',
    {
      schema: {
        params: purchaseParamsSchema,
        body: completeSchema,
        summary: 'The shopper buys: completed (the server callback goes to the adapter, unless sendCallback is false: lost) or declined (the method refused; the purchase stays open)',
        response: answers.completed,
      },
    },
    async (request) => {
      const outcome = request.body?.outcome ?? 'completed';
      const purchase = store.complete(request.params.purchaseId, outcome);
      const callback = outcome === 'declined' || request.body?.sendCallback === false ? null : await sendPurchaseCallback(store, purchase, callbackTimeoutMs, journal);
      return { purchase: sandboxView(store.get(purchase.purchaseId)), outcome, callback };
    },
  );

  app.post<PurchaseParams>(
    '/api/sandbox/purchases/:purchaseId/callback',
    { schema: { params: purchaseParamsSchema, summary: 'Send the server callback again (a retry or a duplicate)', response: answers.completed } },
    async (request) => {
      const purchase = store.get(request.params.purchaseId);
      const callback = await sendPurchaseCallback(store, purchase, callbackTimeoutMs, journal);
      return { purchase: sandboxView(store.get(purchase.purchaseId)), ...(purchase.step === 'Completed' ? { outcome: 'completed' as const } : {}), callback };
    },
  );

  app.get<PurchaseParams>('/api/sandbox/purchases/:purchaseId/page', { schema: { params: purchaseParamsSchema, summary: 'A page to click through the purchase as a shopper', response: { 200: { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } } } } }, async (request, reply) =>
    {
      const purchase = store.get(request.params.purchaseId);
      return reply.type('text/html; charset=utf-8').send(shopperPage(sandboxView(purchase), store.remainingMs(purchase)));
    },
  );

  app.delete('/api/sandbox/tokens', { schema: { summary: 'Forget every partner token (they must be fetched again)', response: answers.revoked } }, async () => ({ revoked: tokens.revokeAll() }));
}
