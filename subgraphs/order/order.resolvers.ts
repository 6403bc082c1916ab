import { pageSize } from '../../platform/graphql/query-limits.js';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { mayAccessOrder, requireOrderAccess, requireRole } from '../../platform/auth/request-auth.js';
import type { Address } from '../../contracts/order.types.js';
import { parseOrderListQuery } from './domain/order-list.query.js';
import type { Resolvers } from './generated/resolvers.types.js';
import { paymentsOf } from './order.model.js';
import { cartLineOf, cartViewOf, orderAmountsOf } from './storefront-view.js';
import { attentionOf } from './domain/order-attention.rules.js';
import { CUSTOMER_WRITERS } from './rest/order.routes.js';
import { actorOf } from '../../platform/auth/actor.js';

const contextOf = (auth: Parameters<typeof actorOf>[0]) => ({ tenant: auth.tenant, actor: actorOf(auth) });
/** Who may move an order to delivered (REST PUT …/state too): the back office and services, not adapters or shoppers. */
export const DELIVERERS = ['admin', 'service'] as const;
/** Who reads event logs and failed deliveries and replays them (the notification service's admin API too). */
const OPERATORS = ['admin', 'service'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Resolvers stay thin: every mutation is one call to the same domain commands the REST shims use. */
export const orderResolvers: Resolvers = {
  Query: {
    // Another order than a checkout token's is null, like another tenant's (the loader filters too).
    order: (_parent, { id, version }, context) =>
      !mayAccessOrder(context.auth, id) ? null : version == null ? context.orders.load(id) : context.queries.atVersion(context.auth.tenant, id, version),
    orders: (_parent, { first, after, sort, ...filters }, context) => {
      requireRole(context.auth, 'admin', 'service');
      const query = parseOrderListQuery({ ...filters, sort: sort?.toLowerCase() ?? null });
      return context.queries.list(context.auth.tenant, query, { first: pageSize(first), ...(after ? { after } : {}) });
    },
    notificationReceivers: (_parent, { status, first, after }, context) => {
      requireRole(context.auth, ...OPERATORS);
      if (after !== null && after !== undefined && (after.length === 0 || after.length > 4096)) throw badRequest('invalid_cursor', 'The cursor is not one this service gave out.');
      return context.receivers.list(context.auth.tenant, { ...(status ? { status } : {}), first: pageSize(first), ...(after ? { after } : {}) });
    },
    notificationDeliveries: (_parent, { status, orderId, first, after }, context) => {
      requireRole(context.auth, ...OPERATORS);
      if (after && !/^[1-9][0-9]{0,17}$/.test(after)) throw badRequest('invalid_cursor', 'The cursor is not one this service gave out.');
      return context.deliveries.list(
        context.auth.tenant,
        { ...(status ? { status } : {}), ...(orderId ? { orderId } : {}) },
        { first: pageSize(first), ...(after ? { after } : {}) },
      );
    },
  },
  Mutation: {
    setBillingAddress: async (_parent, { orderId, address }, context) => {
      requireRole(context.auth, ...CUSTOMER_WRITERS);
      requireOrderAccess(context.auth, orderId);
      return (await context.commands.setAddress(contextOf(context.auth), orderId, 'billing', withoutNulls(address))).order;
    },
    setShippingAddress: async (_parent, { orderId, address }, context) => {
      requireRole(context.auth, ...CUSTOMER_WRITERS);
      requireOrderAccess(context.auth, orderId);
      return (await context.commands.setAddress(contextOf(context.auth), orderId, 'shipping', withoutNulls(address))).order;
    },
    setConsents: async (_parent, { orderId, consents }, context) => {
      requireRole(context.auth, ...CUSTOMER_WRITERS);
      requireOrderAccess(context.auth, orderId);
      return (await context.commands.replace(contextOf(context.auth), orderId, 'consents', consents)).order;
    },
    validateOrder: (_parent, { orderId }, context) => {
      requireOrderAccess(context.auth, orderId);
      return context.commands.validate(contextOf(context.auth), orderId);
    },
    deliverOrder: async (_parent, { orderId }, context) => {
      requireRole(context.auth, ...DELIVERERS);
      return (await context.commands.changeStatus(contextOf(context.auth), orderId, 'delivered')).order;
    },
    replayNotificationDeliveries: (_parent, { ids }, context) => {
      requireRole(context.auth, ...OPERATORS);
      if (ids.length === 0 || ids.length > 500) throw badRequest('invalid_request', 'Give 1 to 500 delivery ids.');
      const bad = ids.find((id) => !/^[1-9][0-9]{0,17}$/.test(id));
      if (bad !== undefined) throw badRequest('invalid_request', `${bad.slice(0, 40)} is not a delivery id.`);
      return context.deliveries.replay(context.auth.tenant, { ids: [...new Set(ids)] }, context.auth.principal.subject);
    },
    resumeNotificationReceiver: async (_parent, { id }, context) => {
      requireRole(context.auth, ...OPERATORS);
      if (!UUID.test(id)) throw notFound(`Receiver ${id.slice(0, 40)} was not found.`, 'receiver_not_found');
      const outcome = await context.receivers.resume(context.auth.tenant, id, context.auth.principal.subject);
      if (outcome.kind === 'missing') throw notFound(`Receiver ${id} was not found.`, 'receiver_not_found');
      if (outcome.kind === 'not_paused') throw new AppError(409, 'receiver_not_paused', `Receiver ${outcome.receiver.url} is not paused.`, { status: outcome.receiver.status });
      return { receiver: outcome.receiver, requeued: outcome.requeued };
    },
  },
  NotificationReceiverConnection: {
    nodes: (page) => page.items,
  },
  NotificationDeliveryConnection: {
    nodes: (page) => page.items,
  },
  NotificationDelivery: {
    receiverUrl: (delivery) => delivery.receiver.url,
    receiverStatus: (delivery) => delivery.receiver.status,
  },
  NotificationReplay: {
    requeued: (outcome) => outcome.jobIds,
  },
  OrderConnection: {
    edges: (page) => page.orders.map((order) => ({ node: order, cursor: Buffer.from(JSON.stringify([order.createdAt.toISOString(), order.id])).toString('base64url') })),
    pageInfo: (page) => page.pageInfo,
  },
  Order: {
    __resolveReference: (reference, context) => context.orders.load(reference.id),
    status: (order) => order.document.state.currentStatus,
    state: (order) => order.document.state,
    culture: (order) => order.document.culture ?? null,
    currency: (order) => order.document.currency,
    country: (order) => order.document.country ?? null,
    cart: (order) => cartViewOf(order.document),
    shippings: (order) => order.document.shippings,
    payments: (order) => paymentsOf(order),
    customer: (order) => order.document.customer,
    consents: (order) => order.document.consents ?? null,
    validations: (order) => order.document.validations,
    hooks: (order) => order.document.hooks,
    notifications: (order) => order.document.notifications,
    total: (order) => order.document.total,
    amounts: (order) => orderAmountsOf(order.document),
    attention: (order) => attentionOf(order.document),
    createdAt: (order) => order.createdAt.toISOString(),
    updatedAt: (order) => order.updatedAt.toISOString(),
    events: (order, _args, context) => {
      requireRole(context.auth, ...OPERATORS);
      return context.events.listForOrder(context.auth.tenant, order.id);
    },
  },
  Cart: {
    lines: (cart) => cart.items.map((item) => cartLineOf(item, cart.currency)),
  },
  CartItem: {
    data: (item) => item,
  },
  Payment: {
    __resolveReference: async (reference, context) => {
      const order = await context.orders.load(reference.orderId);
      return (order && paymentsOf(order).find((payment) => payment.id === reference.id)) ?? null;
    },
    actions: (payment) => payment.actions ?? [],
    refundedAmount: (payment) => (typeof payment.refundedAmount === 'number' ? payment.refundedAmount : 0),
    adapter: (payment) => ({ id: payment.adapterId }),
  },
};

/** GraphQL inputs carry explicit nulls for left-out fields; the document simply omits them. */
function withoutNulls(input: object): Address {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)) as Address;
}
