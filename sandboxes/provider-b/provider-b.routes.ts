// The provider B sandbox's partner API: the token endpoint, purchases and their order management, with Avarda's error form.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { toErrorResponse } from '../../platform/http/app.factory.js';
import type { PartnerTokenStore } from './partner-token.store.js';
import type { PurchaseItem } from './purchase.model.js';
import type { NewPurchase, PurchaseStore } from './purchase.store.js';
import { partnerView } from './purchase.views.js';
import { answers } from './provider-b.openapi.js';
import { cancelSchema, createPurchaseSchema, orderSchema, purchaseParamsSchema, returnSchema, tokenRequestSchema, updateItemsSchema } from './provider-b.schemas.js';

type PurchaseParams = { Params: { purchaseId: string } };

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner a provider B sandbox request acts for (its token's client id). */
    partnerClientId?: string;
  }
}

/** `/items/0/amount` as Avarda names the property (`Items[0].Amount`). */
const propertyOf = (pointer: string) =>
  pointer
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part[0]!.toUpperCase()}${part.slice(1)}`))
    .join('')
    .replace(/^\./, '');

/**
 * Avarda's error form (docs.avarda.com, Checkout 3 "Error codes"): `errorCode` (0: non-specific)
 * and `errorMessage`, and per field `Errors: [{Property, ErrorCode, ErrorMessage}]` — with the
 * platform's `{code, message, details?}` beside it, so every sandbox answers one documented shape.
 */
export function avardaErrorHandler(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const details = body.details as { errorCode?: unknown; pointer?: unknown } | Array<{ pointer?: unknown; message?: unknown }> | undefined;
  const errorCode = !Array.isArray(details) && typeof details?.errorCode === 'number' ? details.errorCode : 0;
  const fields = Array.isArray(details) ? details.map((d) => ({ pointer: String(d.pointer ?? ''), message: String(d.message ?? body.message) })) : typeof details?.pointer === 'string' ? [{ pointer: details.pointer, message: body.message }] : [];
  const published = {
    errorCode,
    errorMessage: body.message,
    ...(fields.length > 0 ? { Errors: fields.map((f) => ({ Property: propertyOf(f.pointer), ErrorCode: errorCode, ErrorMessage: f.message })) } : {}),
  };
  void reply.status(status).type('application/json').send({ ...published, ...body });
}

/** `Authorization: Bearer <partner token>` or 401. */
export function requirePartnerToken(tokens: PartnerTokenStore): onRequestAsyncHookHandler {
  return async (request) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const clientId = token ? tokens.verify(token) : undefined;
    if (!clientId) throw new AppError(401, token ? 'invalid_token' : 'unauthorized', token ? 'The partner token is unknown or expired.' : 'A partner token is required (POST /api/partner/tokens).');
    request.partnerClientId = clientId;
  };
}

/** The token endpoint (no auth: it takes the partner's credentials); a refusal carries `error_description`, which Avarda's Magento module reads (Gateway/Client/AvardaClient.php). */
export function registerTokenRoute(app: FastifyInstance, tokens: PartnerTokenStore): void {
  app.post<{ Body: { clientId: string; clientSecret: string } }>(
    '/api/partner/tokens',
    { schema: { body: tokenRequestSchema, summary: 'A partner token for the client credentials', response: answers.token }, config: { operation: 'token' } },
    async (request, reply) => {
      const issued = tokens.issue(request.body.clientId, request.body.clientSecret);
      if (!issued) {
        const message = 'The client id or secret is not valid.';
        return reply.status(401).send({ error: 'invalid_client', error_description: message, code: 'invalid_client', message });
      }
      return issued;
    },
  );
}

/** The partner API the adapter calls (bearer partner token): payments and their order management. */
export function registerPartnerRoutes(api: FastifyInstance, store: PurchaseStore): void {
  const client = (request: { partnerClientId?: string }) => request.partnerClientId ?? '';

  api.post<{ Body: NewPurchase }>(
    '/api/partner/payments',
    { schema: { body: createPurchaseSchema, summary: 'Initialize payment (items in major units, the shop\'s prefill of the shopper)', response: answers.created }, config: { operation: 'createPayment' } },
    async (request, reply) => {
      const { purchase, jwt } = store.create(client(request), request.body);
      return reply.status(201).header('location', `/api/partner/payments/${purchase.purchaseId}`).send({ purchaseId: purchase.purchaseId, jwt, expiredUtc: purchase.expiredUtc });
    },
  );

  api.get<PurchaseParams>(
    '/api/partner/payments/:purchaseId',
    { schema: { params: purchaseParamsSchema, summary: 'Payment status: the purchase in Avarda\'s shape (mode, b2C/b2B, step, addresses, selected payment)', response: answers.purchase }, config: { operation: 'getPayment' } },
    async (request) => partnerView(store.get(request.params.purchaseId, client(request))),
  );

  // Update items and order management answer 200 with no content; the partner reads the purchase for its state.
  api.put<PurchaseParams & { Body: { items: PurchaseItem[] } }>(
    '/api/partner/payments/:purchaseId/items',
    { schema: { params: purchaseParamsSchema, body: updateItemsSchema, summary: 'Replace the items (refused once the purchase is final)', response: answers.done }, config: { operation: 'updateItems' } },
    async (request, reply) => {
      store.updateItems(client(request), request.params.purchaseId, request.body.items);
      return reply.status(200).send();
    },
  );

  api.post<PurchaseParams & { Body: { items: PurchaseItem[]; orderReference: string; tranId?: string } }>(
    '/api/partner/payments/:purchaseId/order',
    { schema: { params: purchaseParamsSchema, body: orderSchema, summary: 'Order (deliver, capture) items of the completed purchase', response: answers.done }, config: { operation: 'deliver' } },
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
    { schema: { params: purchaseParamsSchema, body: cancelSchema, summary: 'Cancel a completed purchase not yet delivered', response: answers.done }, config: { operation: 'cancel' } },
    async (request, reply) => {
      store.cancel(client(request), request.params.purchaseId);
      return reply.status(200).send();
    },
  );
}
