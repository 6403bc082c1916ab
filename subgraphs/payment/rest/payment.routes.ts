import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireRole } from '../../../platform/auth/request-auth.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import type { CommandContext } from '../../order/order-commands.usecase.js';
import { actorOf } from '../../../platform/auth/actor.js';
import type { CreatePaymentBody, LogAttemptBody, LogTransactionBody, PaymentCommands, PaymentWrite, UpdatePaymentBody } from '../payment-commands.usecase.js';
import type { PaymentTransactionRecord } from '../payment-transaction.model.js';
import { errors, json } from '../../../platform/http/api-docs.schemas.js';
import { PAYMENT_ACTORS, type PaymentActions } from '../payment-actions.usecase.js';
import { ifMatchVersion } from '../../../platform/http/if-match.js';
import { idempotencyKeyOf } from '../../../platform/http/idempotency-key.js';
import * as s from './payment-request.schemas.js';

const BASE = '/api/v0/payments';
/** Roles that may write payments (docs/payment-api.md); storefronts go through the adapters. */
export const PAYMENT_WRITERS = ['adapter', 'service', 'admin'] as const;

type Req<B = unknown> = FastifyRequest<{ Params: { paymentId: string }; Body: B }>;

const contextOf = (request: FastifyRequest): CommandContext => {
  const version = ifMatchVersion(request);
  return { tenant: request.auth.tenant, actor: actorOf(request.auth), ...(version === undefined ? {} : { expectedVersion: version }) };
};

const sendPayment = (reply: FastifyReply, write: PaymentWrite, status = 200) =>
  reply.status(status).header('etag', `"${write.version}"`).send(write.payment);

/** A logged transaction as the API answers it: amounts as numbers, times in ISO 8601. */
export const transactionView = (record: PaymentTransactionRecord) => ({
  id: record.id,
  orderId: record.orderId,
  paymentId: record.paymentId,
  adapterId: record.adapterId,
  event: record.event,
  pspEvent: record.pspEvent,
  amount: record.amount === null ? null : record.amount.toNumber(),
  isSuccess: record.isSuccess,
  pspStatus: record.pspStatus,
  requestJson: record.requestJson,
  responseJson: record.responseJson,
  errorDetail: record.errorDetail,
  createdAt: record.createdAt.toISOString(),
});

/**
 * The payment API used by adapters (docs/payment-api.md). Roles are checked before the body is
 * looked at; bodies are validated by their JSON schema; the work is PaymentCommands'.
 */
export function registerPaymentRoutes(app: FastifyInstance, commands: PaymentCommands, actions: PaymentActions): void {
  const writers = { preValidation: async (request: FastifyRequest) => requireRole(request.auth, ...PAYMENT_WRITERS) };
  // Logs are read by the same roles that write them; an adapter reads only its own adapter's.
  const readers = writers;
  const actors = { preValidation: async (request: FastifyRequest) => requireRole(request.auth, ...PAYMENT_ACTORS) };

  app.post(BASE, { ...writers, schema: { body: s.createPaymentBody, tags: ['payments'], summary: 'Create a payment on an order', response: { 201: json('The payment (Location, ETag: the order version)', s.paymentSchema), ...errors(404, 409, 502) } } }, async (request: Req<CreatePaymentBody>, reply) => {
    const write = await commands.create(contextOf(request), request.body);
    return sendPayment(reply.header('location', `${BASE}/${write.payment.id}`), write, 201);
  });

  app.put(
    `${BASE}/:paymentId`,
    { ...writers, schema: { params: s.paymentParams, body: s.updatePaymentBody, tags: ['payments'], summary: 'Update a payment (present fields replace stored ones)', response: { 200: json('The payment (ETag: the order version)', s.paymentSchema), ...errors(404, 409, 502) } } },
    async (request: Req<UpdatePaymentBody>, reply) => sendPayment(reply, await commands.update(contextOf(request), request.params.paymentId, request.body)),
  );

  // The payment's actions[].url for Cancel, Refund and Refresh (docs/payment-api.md, "Cancel and refund"):
  // each finds the payment's order (or takes the one named) and runs the adapter's callback.
  const action = <B extends { orderId?: string }>(name: string, body: object, summary: string, run: (context: CommandContext, orderId: string, paymentId: string, body: B, request: Req) => Promise<PaymentWrite>) =>
    app.post(
      `${BASE}/:paymentId/${name}`,
      { ...actors, schema: { params: s.paymentParams, body, tags: ['payments'], summary, response: { 200: json(`The payment as the ${name} left it (ETag: the order version)`, s.paymentSchema), ...errors(404, 409, 502) } } },
      async (request: Req, reply) => {
        const body = request.body as B | undefined;
        const context = contextOf(request);
        const orderId = await commands.orderOf(context.tenant, request.params.paymentId, body?.orderId);
        return sendPayment(reply, await run(context, orderId, request.params.paymentId, body as B, request));
      },
    );
  action('cancel', s.cancelBody, "Cancel a payment through its adapter's cancel callback", (context, orderId, paymentId) => actions.cancel(context, orderId, paymentId));
  action<{ orderId?: string; amount: number; reason?: string }>('refund', s.refundBody, "Refund part or all of a captured payment through its adapter's refund callback (an Idempotency-Key header names the refund: asked again, the money moves once)", (context, orderId, paymentId, body, request) =>
    actions.refund(context, orderId, paymentId, body.amount, body.reason, idempotencyKeyOf(request)),
  );
  action('refresh', s.cancelBody, 'Refresh a payment: its adapter re-reads it at the provider (refresh callback) and what changed is recorded', (context, orderId, paymentId) =>
    actions.refresh(context, orderId, paymentId),
  );

  app.post(
    `${BASE}/:paymentId/transactions`,
    { ...writers, schema: { params: s.paymentParams, body: s.transactionBody, tags: ['payments'], summary: "Log a transaction in the payment's log", response: { 201: json('The logged transaction', s.transactionSchema), ...errors(404) } } },
    async (request: Req<LogTransactionBody>, reply) => {
      const record = await commands.logTransaction(contextOf(request), request.params.paymentId, request.body);
      return reply.status(201).send(transactionView(record));
    },
  );

  app.get<{ Params: { paymentId: string }; Querystring: { orderId?: string } }>(
    `${BASE}/:paymentId/transactions`,
    { ...readers, schema: { params: s.paymentParams, querystring: s.transactionsQuery, tags: ['payments'], summary: "The payment's log, oldest first", response: { 200: json('Transactions, oldest first', { type: 'array', items: s.transactionSchema }), ...errors(404) } } },
    async (request) =>
      (await commands.transactionsOf(contextOf(request), request.params.paymentId, request.query.orderId)).map(transactionView),
  );

  // Attempts: creates that failed before a payment existed, kept with the order (docs/payment-api.md).
  app.post(`${BASE}/attempts`, { ...writers, schema: { body: s.attemptBody, tags: ['payments'], summary: 'Log a failed create that left no payment', response: { 201: json('The logged attempt', s.transactionSchema), ...errors(404) } } }, async (request: FastifyRequest<{ Body: LogAttemptBody }>, reply) => {
    const record = await commands.logAttempt(contextOf(request), request.body);
    return reply.status(201).send(transactionView(record));
  });

  app.get<{ Querystring: { orderId: string } }>(
    `${BASE}/attempts`,
    { ...readers, schema: { querystring: s.attemptsQuery, tags: ['payments'], summary: "An order's attempts (transactions without a payment), oldest first", response: { 200: json('Attempts, oldest first', { type: 'array', items: s.transactionSchema }), ...errors(404) } } },
    async (request) => (await commands.attemptsOf(contextOf(request), request.query.orderId)).map(transactionView),
  );
}
