import { pageSize } from '../../platform/graphql/query-limits.js';
import { mayAccessOrder, requireOrderAccess, requireRole } from '../../platform/auth/request-auth.js';
import type { Address } from './domain/order.types.js';
import type { OrderStatus } from './domain/order-state.machine.js';
import type { Resolvers } from './generated/resolvers.types.js';
import { paymentsOf } from './order.model.js';
import { actorOf, CUSTOMER_WRITERS } from './rest/order.routes.js';

const contextOf = (auth: Parameters<typeof actorOf>[0]) => ({ tenant: auth.tenant, actor: actorOf(auth) });
/** Who may move an order to delivered (REST PUT …/state too): the back office and services, not adapters or shoppers. */
export const DELIVERERS = ['admin', 'service'] as const;

/** Resolvers stay thin: every mutation is one call to the same domain commands the REST shims use. */
export const orderResolvers: Resolvers = {
  Query: {
    // Another order than a checkout token's is null, like another tenant's (the loader filters too).
    order: (_parent, { id, version }, context) =>
      !mayAccessOrder(context.auth, id) ? null : version == null ? context.orders.load(id) : context.queries.atVersion(context.auth.tenant, id, version),
    orders: (_parent, { status, first, after }, context) => {
      requireRole(context.auth, 'admin', 'service');
      return context.queries.list(context.auth.tenant, {
        ...(status ? { status: status as OrderStatus } : {}),
        first: pageSize(first),
        ...(after ? { after } : {}),
      });
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
    validateOrder: (_parent, { orderId }, context) => {
      requireOrderAccess(context.auth, orderId);
      return context.commands.validate(contextOf(context.auth), orderId);
    },
    deliverOrder: async (_parent, { orderId }, context) => {
      requireRole(context.auth, ...DELIVERERS);
      return (await context.commands.changeStatus(contextOf(context.auth), orderId, 'delivered')).order;
    },
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
    cart: (order) => order.document.cart,
    shippings: (order) => order.document.shippings,
    payments: (order) => paymentsOf(order),
    customer: (order) => order.document.customer,
    consents: (order) => order.document.consents ?? null,
    validations: (order) => order.document.validations,
    hooks: (order) => order.document.hooks,
    notifications: (order) => order.document.notifications,
    total: (order) => order.document.total,
    createdAt: (order) => order.createdAt.toISOString(),
    updatedAt: (order) => order.updatedAt.toISOString(),
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
