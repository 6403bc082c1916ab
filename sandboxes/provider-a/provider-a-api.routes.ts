import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { toErrorResponse } from '../../platform/http/app.factory.js';
import type { OrderInput, OrderUpdate, TokenOrderInput } from './provider-a.model.js';
import { providerAnswers as answers } from './provider-a.openapi.js';
import {
  captureSchema,
  createOrderSchema,
  merchantReferencesSchema,
  orderIdParams,
  refundSchema,
  tokenOrderSchema,
  tokenParams,
  updateOrderSchema,
} from './provider-a.schemas.js';
import type { ProviderAStore } from './provider-a.store.js';
import { checkoutView, managementView } from './provider-a.views.js';

type OrderParams = { Params: { orderId: string } };

/** Where the shopper's browser reaches this sandbox (the snippet's iframe). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The provider's error body `{error_code, error_messages, correlation_id}`, with the platform's
 * `{code, message, details?}` beside it so every sandbox answers one documented shape.
 */
export function providerErrorHandler(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  void reply
    .status(status)
    .type('application/json')
    .send({ error_code: body.code.toUpperCase(), error_messages: [body.message], correlation_id: request.id, ...body });
}

/** The idempotency header Klarna's order-management and customer-token APIs read. */
export const IDEMPOTENCY_HEADER = 'klarna-idempotency-key';

/**
 * `Klarna-Idempotency-Key` on mutating calls: the first answer (below 500) to a key is stored and
 * replayed for a repeat of the same method, path and body; the key on another call is 409. A repeat
 * arriving while the first is still being answered (a caller that gave up waiting and tried again)
 * waits for that answer and replays it: the operation is done once.
 */
export function idempotencyKeys(api: FastifyInstance): void {
  const answers = new Map<string, { call: string; status: number; body: string; headers: Record<string, string> }>();
  const inFlight = new Map<string, { owner: FastifyRequest; done: Promise<void>; finish: () => void }>();
  /** The first request of a key has its answer (stored when below 500): the repeats waiting for it go on. */
  const settle = (request: FastifyRequest) => {
    const key = keyOf(request);
    const pending = key === undefined ? undefined : inFlight.get(key);
    if (pending?.owner !== request) return;
    inFlight.delete(key!);
    pending.finish();
  };
  const keyOf = (request: FastifyRequest) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return request.method !== 'GET' && typeof key === 'string' && key !== '' ? key : undefined;
  };
  const callOf = (request: FastifyRequest) => `${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`;
  api.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (key === undefined) return;
    // No await between the last wait and taking the key: one request at a time holds it.
    while (inFlight.has(key)) await inFlight.get(key)!.done;
    const stored = answers.get(key);
    if (!stored) {
      let finish: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (finish = resolve));
      inFlight.set(key, { owner: request, done, finish });
      return;
    }
    if (stored.call !== callOf(request)) throw new AppError(409, 'idempotency_key_reused', `Klarna-Idempotency-Key ${key} was used for another request (${stored.call.split(' ', 2).join(' ')}).`);
    return reply.status(stored.status).headers(stored.headers).send(stored.body === '' ? undefined : stored.body);
  });
  // However the first request ends (answered, failed, its connection dropped), the repeats stop waiting.
  api.addHook('onResponse', async (request) => settle(request));
  api.addHook('onRequestAbort', async (request) => settle(request));
  api.addHook('onSend', async (request, reply, payload) => {
    const key = keyOf(request);
    if (key !== undefined && !answers.has(key) && reply.statusCode < 500) {
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'location', 'capture-id', 'refund-id']) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      answers.set(key, { call: callOf(request), status: reply.statusCode, body: typeof payload === 'string' ? payload : '', headers });
    }
    settle(request);
    return payload;
  });
}

/** The provider's API (HTTP Basic): checkout orders, order management, customer-token orders. */
export function registerProviderApiRoutes(api: FastifyInstance, store: ProviderAStore): void {
  api.post<{ Body: OrderInput }>(
    '/checkout/v3/orders',
    { schema: { body: createOrderSchema, summary: 'Create a checkout order', response: answers.created }, config: { operation: 'createOrder' } },
    async (request, reply) => {
      const order = store.create(request.body);
      return reply.status(201).header('location', `/checkout/v3/orders/${order.order_id}`).send(checkoutView(order, originOf(request)));
    },
  );
  api.get<OrderParams>('/checkout/v3/orders/:orderId', { schema: { params: orderIdParams, summary: 'Read a checkout order', response: answers.checkout }, config: { operation: 'readOrder' } }, async (request) =>
    checkoutView(store.get(request.params.orderId), originOf(request)),
  );
  api.post<OrderParams & { Body: OrderUpdate }>(
    '/checkout/v3/orders/:orderId',
    { schema: { params: orderIdParams, body: updateOrderSchema, summary: 'Update a checkout order (refused once complete)', response: answers.checkout }, config: { operation: 'updateOrder' } },
    async (request) => checkoutView(store.update(request.params.orderId, request.body), originOf(request)),
  );

  const managed = '/ordermanagement/v1/orders/:orderId';
  api.get<OrderParams>(managed, { schema: { params: orderIdParams, summary: 'Read a bought order', response: answers.managed }, config: { operation: 'readManagedOrder' } }, async (request) =>
    managementView(store.getManaged(request.params.orderId)),
  );
  api.post<OrderParams>(`${managed}/acknowledge`, { schema: { params: orderIdParams, summary: 'Acknowledge the order', response: answers.done }, config: { operation: 'acknowledge' } }, async (request, reply) => {
    store.acknowledge(request.params.orderId);
    return reply.status(204).send();
  });
  api.post<OrderParams & { Body: { captured_amount: number; description?: string } }>(
    `${managed}/captures`,
    { schema: { params: orderIdParams, body: captureSchema, summary: 'Capture (part of) the authorization', response: answers.capture }, config: { operation: 'capture' } },
    async (request, reply) => {
      const id = store.capture(request.params.orderId, request.body.captured_amount, request.body.description);
      return reply.status(201).header('location', `/ordermanagement/v1/orders/${request.params.orderId}/captures/${id}`).header('capture-id', id).send();
    },
  );
  api.post<OrderParams & { Body: { refunded_amount: number; description?: string } }>(
    `${managed}/refunds`,
    { schema: { params: orderIdParams, body: refundSchema, summary: 'Refund (part of) what was captured', response: answers.refund }, config: { operation: 'refund' } },
    async (request, reply) => {
      const id = store.refund(request.params.orderId, request.body.refunded_amount, request.body.description);
      return reply.status(201).header('location', `/ordermanagement/v1/orders/${request.params.orderId}/refunds/${id}`).header('refund-id', id).send();
    },
  );
  api.post<OrderParams>(`${managed}/cancel`, { schema: { params: orderIdParams, summary: 'Cancel the authorization (403 once captured)', response: answers.done }, config: { operation: 'cancel' } }, async (request, reply) => {
    store.cancel(request.params.orderId);
    return reply.status(204).send();
  });
  api.patch<OrderParams & { Body: { merchant_reference1?: string; merchant_reference2?: string } }>(
    `${managed}/merchant-references`,
    { schema: { params: orderIdParams, body: merchantReferencesSchema, summary: "Set the merchant's references", response: answers.done }, config: { operation: 'updateMerchantReferences' } },
    async (request, reply) => {
      store.setMerchantReferences(request.params.orderId, request.body);
      return reply.status(204).send();
    },
  );

  api.post<{ Params: { token: string }; Body: TokenOrderInput }>(
    '/customer-token/v1/tokens/:token/order',
    { schema: { params: tokenParams, body: tokenOrderSchema, summary: 'Place an order with a customer token', response: answers.tokenOrder }, config: { operation: 'tokenOrder' } },
    async (request) => {
      const order = store.tokenOrder(request.params.token, request.body);
      return { order_id: order.order_id, fraud_status: order.management!.fraud_status };
    },
  );
}
