import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyCache } from './idempotency.cache.js';
import type { DetailsRequest, ModificationRequest, PaymentRequest, ProviderDStore } from './provider-d.store.js';
import type { Amount } from './provider-d.model.js';
import { answers } from './provider-d.openapi.js';
import { detailsBody, modificationBody, paymentMethodsBody, paymentsBody, pspParams } from './provider-d.schemas.js';

type PspParams = { Params: { pspReference: string } };
const apiKeyOf = (request: FastifyRequest) => {
  const header = request.headers['x-api-key'];
  return typeof header === 'string' ? header : undefined;
};
const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' ? header : undefined;
};

/**
 * Provider D's API (`x-api-key`), as the adapter calls it: payment methods, payments, details,
 * and the modifications (captures, refunds, cancels, reversals). Every POST honours `idempotency-key`.
 */
export function registerProviderDRoutes(api: FastifyInstance, store: ProviderDStore, idempotency: IdempotencyCache): void {
  /** Checks the API key against the named account, then runs `work` once per idempotency key. */
  const mutate = async (request: FastifyRequest, reply: FastifyReply, status: number, work: () => unknown) => {
    const apiKey = apiKeyOf(request);
    store.authorise(apiKey, (request.body as { merchantAccount?: string }).merchantAccount);
    const done = await idempotency.run({ apiKey: apiKey!, path: request.url, key: idempotencyKeyOf(request), body: request.body }, async () => ({ status, answer: work() }));
    if (done.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.status(done.status).send(done.answer);
  };

  api.post<{ Body: { merchantAccount: string; amount?: Amount; shopperReference?: string; countryCode?: string } }>(
    '/paymentMethods',
    { schema: { body: paymentMethodsBody, summary: 'The payment methods (and the shopper\'s stored ones) for an amount', response: answers.paymentMethods }, config: { operation: 'paymentMethods' } },
    async (request) => store.paymentMethods(store.authorise(apiKeyOf(request), request.body.merchantAccount), request.body),
  );

  api.post<{ Body: PaymentRequest }>('/payments', { schema: { body: paymentsBody, summary: 'Make a payment: a resultCode, and an action when the shopper must act', response: answers.payment }, config: { operation: 'payments' } }, async (request, reply) =>
    mutate(request, reply, 200, () => store.pay(store.authorise(apiKeyOf(request), request.body.merchantAccount), request.body)),
  );

  api.post<{ Body: DetailsRequest & { merchantAccount?: string } }>(
    '/payments/details',
    { schema: { body: detailsBody, summary: 'The details the drop-in collected after an action', response: answers.payment }, config: { operation: 'paymentsDetails' } },
    async (request, reply) => mutate(request, reply, 200, () => store.details(apiKeyOf(request)!, request.body)),
  );

  for (const [path, operation, run] of [
    ['captures', 'captures', store.capture.bind(store)],
    ['refunds', 'refunds', store.refund.bind(store)],
    ['cancels', 'cancels', store.cancel.bind(store)],
    ['reversals', 'reversals', store.reverse.bind(store)],
  ] as const) {
    api.post<PspParams & { Body: ModificationRequest }>(
      `/payments/:pspReference/${path}`,
      { schema: { params: pspParams, body: modificationBody, summary: `${operation} (answered "received"; the webhook tells the outcome)`, response: answers.modification }, config: { operation } },
      async (request, reply) => mutate(request, reply, 201, () => run(store.authorise(apiKeyOf(request), request.body.merchantAccount), request.params.pspReference, request.body)),
    );
  }
}
