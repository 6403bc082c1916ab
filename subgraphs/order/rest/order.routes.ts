import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseOrderListQuery, type OrderListInput } from '../domain/order-list.query.js';
import { AppError, badRequest } from '../../../platform/errors/app-error.js';
import type { OrderStatus } from '../../../contracts/order-state.machine.js';
import type { Address, OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import type { ChangeResult } from '../engine/order-engine.js';
import { actorOf } from '../../../platform/auth/actor.js';
import type { CheckoutTokens } from '../checkout-token.usecase.js';
import type { OrderCommands } from '../order-commands.usecase.js';
import type { OrderRecord } from '../order.model.js';
import type { OrderQueries } from '../order-queries.usecase.js';
import { errors, json } from '../../../platform/http/api-docs.schemas.js';
import * as s from './order-request.schemas.js';
import { ifMatchVersion } from '../../../platform/http/if-match.js';
import { assertNewPayment, assertPaymentUpdate } from '../domain/payment.rules.js';

type PaymentInput = Partial<PaymentDocument> & Pick<PaymentDocument, 'adapterId' | 'amount'>;
type Params = { orderId: string; paymentId: string; entryId: string };
type Req<B = unknown, Q = unknown> = FastifyRequest<{ Params: Params; Body: B; Querystring: Q }>;

const checkoutTokenSchema = {
  type: 'object',
  required: ['token', 'orderId', 'expiresAt', 'expiresIn'],
  properties: { token: { type: 'string' }, orderId: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, expiresIn: { type: 'integer', description: 'Seconds' } },
} as const;

const BASE = '/api/v0/checkout/orders';
const WRITERS = ['adapter', 'admin', 'service'] as const;
/** The shopper's own data; a checkout token (`shopper`) only on its order (the app's preValidation hook). */
export const CUSTOMER_WRITERS = ['storefront', 'shopper', 'adapter', 'admin', 'service'] as const;

/** Documented answers (docs/api-documents.md): every write may meet a missing order, a conflict, a veto. */
const ORDER_ANSWER = { 200: json('The order after the change (ETag: its version)', s.orderRef), ...errors(404, 409, 502) };
const READ_ANSWER = { 200: json('The order (ETag: its version)', s.orderRef), ...errors(404) };

const contextOf = (request: FastifyRequest) => ({ tenant: request.auth.tenant, actor: actorOf(request.auth), expectedVersion: ifMatchVersion(request) });

function sendOrder(reply: FastifyReply, order: OrderRecord, status = 200) {
  return reply.status(status).header('etag', `"${order.version}"`).send(order.document);
}
const sendChange = (reply: FastifyReply, result: ChangeResult) => sendOrder(reply, result.order);

/** The order service's REST shims: the spec's paths and the ones adapters need (docs/order-api.md). */
export function registerOrderRoutes(app: FastifyInstance, commands: OrderCommands, queries: OrderQueries, checkoutTokens: CheckoutTokens): void {
  app.addSchema(s.orderDefs);
  app.addSchema(s.orderSchema);
  const writers = { roles: WRITERS };

  for (const url of [`${BASE}/:orderId`, '/checkout/orders/:orderId']) {
    app.get(url, { schema: { params: s.orderParams, tags: ['orders'], summary: 'Read an order', response: READ_ANSWER } }, async (request: Req, reply) =>
      sendOrder(reply, await commands.get(request.auth, request.params.orderId)),
    );
  }

  app.get(BASE, { config: { roles: ['admin', 'service'] }, schema: { querystring: s.listQuery, tags: ['orders'], summary: 'List, search and filter orders of the channel (admin, service)', response: { 200: json('A page of orders, newest first unless sorted otherwise', s.orderPageSchema) } } }, async (request: Req<unknown, OrderListInput & { first: string; after?: string }>) => {
    const { first, after, ...filters } = request.query;
    const page = await queries.list(request.auth.tenant, parseOrderListQuery(filters), { first: Number(first), ...(after ? { after } : {}) });
    return { items: page.orders.map((order) => order.document), pageInfo: page.pageInfo };
  });

  app.post(BASE, { config: writers, schema: { body: s.createOrderBody, tags: ['orders'], summary: 'Create an order', response: { 201: json('The created order (Location, ETag)', s.orderRef), ...errors(409, 502) } } }, async (request: Req<Parameters<OrderCommands['create']>[1]>, reply) => {
    const order = await commands.create(contextOf(request), request.body);
    return sendOrder(reply.header('location', `${BASE}/${order.id}`), order, 201);
  });

  for (const kind of ['billing', 'shipping'] as const) {
    app.put(`${BASE}/:orderId/customer/${kind}`, { config: { roles: CUSTOMER_WRITERS }, schema: { params: s.orderParams, body: s.addressBody, tags: ['orders'], summary: `Set the ${kind} address`, response: ORDER_ANSWER } }, async (request: Req<object>, reply) => {
      return sendChange(reply, await commands.setAddress(contextOf(request), request.params.orderId, kind, request.body as Address));
    });
  }
  app.put(`${BASE}/:orderId/consents`, { config: { roles: CUSTOMER_WRITERS }, schema: { params: s.orderParams, tags: ['orders'], summary: 'Replace the consents (any JSON)', response: ORDER_ANSWER } }, async (request: Req, reply) => {
    if (request.body === undefined) throw badRequest('invalid_request', 'The consents are the request body (any JSON value).');
    return sendChange(reply, await commands.replace(contextOf(request), request.params.orderId, 'consents', request.body));
  });

  const parts = [
    ['cart', s.cartBody],
    ['shippings', s.shippingsBody],
    ['customer', s.customerBody],
  ] as const;
  for (const [part, body] of parts) {
    app.put(`${BASE}/:orderId/${part}`, { config: writers, schema: { params: s.orderParams, body, tags: ['orders'], summary: `Replace the ${part}`, response: ORDER_ANSWER } }, async (request: Req<never>, reply) => {
      return sendChange(reply, await commands.replace(contextOf(request), request.params.orderId, part, request.body as OrderDocument[typeof part]));
    });
  }

  app.put(`${BASE}/:orderId/reference`, { config: writers, schema: { params: s.orderParams, body: s.referenceBody, tags: ['orders'], summary: "Set the order's reference", response: ORDER_ANSWER } }, async (request: Req<{ reference: string }>, reply) => {
    return sendChange(reply, await commands.setReference(contextOf(request), request.params.orderId, request.body.reference));
  });

  app.put(`${BASE}/:orderId/state`, { config: writers, schema: { params: s.orderParams, body: s.statusBody, tags: ['orders'], summary: 'Move the order to another status', response: ORDER_ANSWER } }, async (request: Req<{ status: OrderStatus }>, reply) => {
    return sendChange(reply, await commands.changeStatus(contextOf(request), request.params.orderId, request.body.status));
  });

  app.post(`${BASE}/:orderId/validate`, { schema: { params: s.orderParams, tags: ['orders'], summary: 'Validate the order (built-in rules and registered validations)', response: { 200: json('The order is valid', s.validationReportSchema), ...errors(404) } } }, async (request: Req, reply) => {
    const report = await commands.validate(contextOf(request), request.params.orderId);
    if (report.valid) return reply.send(report);
    throw new AppError(400, 'order_invalid', `The order is not valid: ${report.failures.map((f) => f.code).join(', ')}.`, report.failures);
  });

  app.post(`${BASE}/:orderId/payments`, { config: writers, schema: { params: s.orderParams, body: s.paymentBody, tags: ['payments'], summary: 'Add a payment', response: { 201: json('The payment (Location, ETag: the order version)', s.paymentRef), ...errors(400, 403, 404, 409, 502) } } }, async (request: Req<never>, reply) => {
    const context = contextOf(request);
    // The payment API's rules hold on this path too (payment.rules.ts).
    const { result, payment } = await commands.addPayment(context, request.params.orderId, request.body as PaymentInput, { assert: (draft, added) => assertNewPayment(context.actor, draft, added!) });
    return reply.status(201).header('etag', `"${result.order.version}"`).header('location', `${BASE}/${request.params.orderId}/payments/${payment.id}`).send(payment);
  });
  // An adapter's own payment across tenants (its adapter id from the token; the token's tenant is not used): for
  // provider events that name no tenant. Only the location is answered, never the order.
  app.get('/api/v0/checkout/payment-locations', { config: { roles: ['adapter'] }, schema: { querystring: s.paymentLocationQuery, tags: ['payments'], summary: "Where an adapter's own payment is (tenant, order, payment), by its provider reference, on one order when orderId is given (adapter)", response: { 200: json('The payment\'s tenant and ids', s.paymentLocation), ...errors(404) } } }, async (request: Req<unknown, { orderId?: string; reference: string }>) => {
    const { orderId, reference } = request.query;
    const found = await queries.locatePayment(request.auth.principal.adapterId ?? '', reference, orderId);
    if (!found) throw new AppError(404, 'payment_not_found', `No payment of this adapter with reference ${reference}${orderId === undefined ? '' : ` on order ${orderId}`}.`);
    return found;
  });
  app.get(`${BASE}/:orderId/payments/:paymentId`, { schema: { params: s.paymentParams, tags: ['payments'], summary: 'Read a payment', response: { 200: json('The payment', s.paymentRef), ...errors(404) } } }, async (request: Req) => {
    const order = await commands.get(request.auth, request.params.orderId);
    const payment = order.document.payments.find((p) => p.id === request.params.paymentId);
    if (!payment) throw new AppError(404, 'payment_not_found', `Payment ${request.params.paymentId} was not found on order ${order.id}.`);
    return payment;
  });
  app.put(`${BASE}/:orderId/payments/:paymentId`, { config: writers, schema: { params: s.paymentParams, body: s.paymentUpdateBody, tags: ['payments'], summary: 'Update a payment (present fields replace stored ones)', response: { 200: json('The payment (ETag: the order version)', s.paymentRef), ...errors(400, 403, 404, 409, 502) } } }, async (request: Req<object>, reply) => {
    const fields = request.body as Partial<PaymentDocument>;
    if (fields.id !== undefined && fields.id !== request.params.paymentId) {
      throw badRequest('immutable_field', `A payment keeps its id: the body names ${fields.id}, the path ${request.params.paymentId}.`, [{ pointer: '/id' }]);
    }
    const context = contextOf(request);
    const { orderId, paymentId } = request.params;
    const { result, payment } = await commands.updatePayment(context, orderId, paymentId, (current) => ({ ...current, ...fields }), {
      assert: (draft) => {
        const current = draft.payments.find((candidate) => candidate.id === paymentId);
        if (current) assertPaymentUpdate(context.actor, draft, orderId, current, fields);
      },
    });
    return reply.header('etag', `"${result.order.version}"`).send(payment);
  });
  app.delete(`${BASE}/:orderId/payments/:paymentId`, { config: writers, schema: { params: s.paymentParams, tags: ['payments'], summary: 'Remove a payment', response: ORDER_ANSWER } }, async (request: Req, reply) => {
    return sendChange(reply, await commands.removePayment(contextOf(request), request.params.orderId, request.params.paymentId));
  });

  // A checkout token for a browser: issued to servers, renewed by the token itself (docs/auth.md).
  app.post(`${BASE}/:orderId/checkout-token`, { schema: { params: s.orderParams, tags: ['orders'], summary: 'Issue or renew a checkout token for a browser', response: { 201: json('The checkout token (Cache-Control: no-store)', checkoutTokenSchema), ...errors(404, 409) } } }, async (request: Req, reply) =>
    reply.header('cache-control', 'no-store').status(201).send(await checkoutTokens.issue(request.auth, request.params.orderId)),
  );

  const registries = [
    ['hooks', s.hookBody],
    ['notifications', s.notificationBody],
    ['validations', s.validationBody],
  ] as const;
  for (const [kind, body] of registries) {
    app.post(`${BASE}/:orderId/${kind}`, { config: writers, schema: { params: s.orderParams, body, tags: ['callbacks'], summary: `Register one of the order's ${kind}`, response: { 201: json('The registered entry', s.registryEntryRef(kind)), ...errors(404, 409, 502) } } }, async (request: Req<never>, reply) => {
      const { result, registered } = await commands.register(contextOf(request), request.params.orderId, kind, request.body as never);
      return reply.status(201).header('etag', `"${result.order.version}"`).send(registered);
    });
    app.delete(`${BASE}/:orderId/${kind}/:entryId`, { config: writers, schema: { params: s.entryParams, tags: ['callbacks'], summary: `Remove one of the order's ${kind}`, response: ORDER_ANSWER } }, async (request: Req, reply) => {
      return sendChange(reply, await commands.unregister(contextOf(request), request.params.orderId, kind, request.params.entryId));
    });
  }
}
