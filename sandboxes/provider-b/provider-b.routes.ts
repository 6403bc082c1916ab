import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import type { PartnerTokenStore } from './partner-token.store.js';
import type { Purchase, PurchaseItem } from './purchase.model.js';
import type { NewPurchase, PurchaseStore } from './purchase.store.js';
import { answers } from './provider-b.openapi.js';
import { cancelSchema, createPurchaseSchema, orderSchema, purchaseParamsSchema, returnSchema, tokenRequestSchema, updateItemsSchema } from './provider-b.schemas.js';

type PurchaseParams = { Params: { purchaseId: string } };

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner a provider B sandbox request acts for (its token's client id). */
    partnerClientId?: string;
  }
}

/** What a partner sees of a purchase: everything but the sandbox's own bookkeeping. */
export const partnerView = (purchase: Purchase) => {
  const { callbacks: _callbacks, clientId: _clientId, ...view } = purchase;
  return view;
};
/** What the sandbox pages show: everything but the partner's id. */
export const inspectionView = (purchase: Purchase) => {
  const { clientId: _clientId, ...view } = purchase;
  return view;
};

/** `Authorization: Bearer <partner token>` or 401. */
export function requirePartnerToken(tokens: PartnerTokenStore): onRequestAsyncHookHandler {
  return async (request) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const clientId = token ? tokens.verify(token) : undefined;
    if (!clientId) throw new AppError(401, token ? 'invalid_token' : 'unauthorized', token ? 'The partner token is unknown or expired.' : 'A partner token is required (POST /api/partner/tokens).');
    request.partnerClientId = clientId;
  };
}

/** The token endpoint (no auth: it takes the partner's credentials). */
export function registerTokenRoute(app: FastifyInstance, tokens: PartnerTokenStore): void {
  app.post<{ Body: { clientId: string; clientSecret: string } }>(
    '/api/partner/tokens',
    { schema: { body: tokenRequestSchema, summary: 'A partner token for the client credentials', response: answers.token }, config: { operation: 'token' } },
    async (request) => {
      const issued = tokens.issue(request.body.clientId, request.body.clientSecret);
      if (!issued) throw new AppError(401, 'invalid_client', 'The client id or secret is not valid.');
      return issued;
    },
  );
}

/** The partner API the adapter calls (bearer partner token): payments and their order management. */
export function registerPartnerRoutes(api: FastifyInstance, store: PurchaseStore): void {
  const client = (request: { partnerClientId?: string }) => request.partnerClientId ?? '';

  api.post<{ Body: NewPurchase }>(
    '/api/partner/payments',
    { schema: { body: createPurchaseSchema, summary: 'Start a purchase (items in major units)', response: answers.created }, config: { operation: 'createPayment' } },
    async (request, reply) => {
      const { purchase, jwt } = store.create(client(request), request.body);
      return reply.status(201).header('location', `/api/partner/payments/${purchase.purchaseId}`).send({ purchaseId: purchase.purchaseId, jwt, expiredUtc: purchase.expiredUtc });
    },
  );

  api.get<PurchaseParams>(
    '/api/partner/payments/:purchaseId',
    { schema: { params: purchaseParamsSchema, summary: 'The purchase: current step, customer, addresses, method', response: answers.purchase }, config: { operation: 'getPayment' } },
    async (request) => partnerView(store.get(request.params.purchaseId, client(request))),
  );

  api.put<PurchaseParams & { Body: { items: PurchaseItem[] } }>(
    '/api/partner/payments/:purchaseId/items',
    { schema: { params: purchaseParamsSchema, body: updateItemsSchema, summary: 'Replace the items (refused once final)', response: answers.purchase }, config: { operation: 'updateItems' } },
    async (request) => partnerView(store.updateItems(client(request), request.params.purchaseId, request.body.items)),
  );

  // Order management as published: 200 with no content; the partner reads the purchase for its state.
  api.post<PurchaseParams & { Body: { items: PurchaseItem[]; orderReference: string; tranId?: string } }>(
    '/api/partner/payments/:purchaseId/order',
    { schema: { params: purchaseParamsSchema, body: orderSchema, summary: 'Order (deliver, capture) items of the authorized purchase', response: answers.done }, config: { operation: 'deliver' } },
    async (request, reply) => {
      store.deliver(client(request), request.params.purchaseId, request.body.items, request.body.tranId);
      return reply.status(200).send();
    },
  );

  api.post<PurchaseParams & { Body: { items: PurchaseItem[]; tranId?: string } }>(
    '/api/partner/payments/:purchaseId/return',
    { schema: { params: purchaseParamsSchema, body: returnSchema, summary: 'Return (refund) items of what was delivered', response: answers.done }, config: { operation: 'refund' } },
    async (request, reply) => {
      store.refund(client(request), request.params.purchaseId, request.body.items, request.body.tranId);
      return reply.status(200).send();
    },
  );

  api.post<PurchaseParams & { Body: { reason: string } }>(
    '/api/partner/payments/:purchaseId/cancel',
    { schema: { params: purchaseParamsSchema, body: cancelSchema, summary: 'Cancel an authorized purchase not yet delivered', response: answers.done }, config: { operation: 'cancel' } },
    async (request, reply) => {
      store.cancel(client(request), request.params.purchaseId);
      return reply.status(200).send();
    },
  );
}
