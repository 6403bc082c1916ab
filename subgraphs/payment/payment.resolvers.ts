import { pageSize } from '../../platform/graphql/query-limits.js';
import { mayAccessOrder, requireRole } from '../../platform/auth/request-auth.js';
import type { PaymentContext } from './payment.context.js';
import { PAYMENT_ACTORS } from './payment-actions.usecase.js';
import { actorOf } from '../../platform/auth/actor.js';
import { encodePaymentCursor } from './payment.repository.js';
import { assertMayRead } from '../order/domain/payment.rules.js';
import type { Resolvers } from './generated/resolvers.types.js';

/** Roles that may list payments and read raw provider requests and responses. */
const PAYMENT_LISTERS = ['admin', 'service'] as const;
const RAW_LOG_READERS = ['admin', 'service', 'adapter'] as const;

const commandContext = (context: PaymentContext) => ({ tenant: context.auth.tenant, actor: actorOf(context.auth) });

/** Raw provider requests and responses: admin and service, and an adapter its own transactions only (as `GET …/transactions`). */
function mayReadRawLog(context: PaymentContext, adapterId: string | null): void {
  requireRole(context.auth, ...RAW_LOG_READERS);
  assertMayRead(actorOf(context.auth), adapterId);
}

const logOf = (payment: { orderId: string; id: string }, context: PaymentContext) =>
  context.transactions.load({ orderId: payment.orderId, paymentId: payment.id });

/** The payment subgraph: payments' logs, one payment, the admin listing. Fields of a payment come from the order subgraph. */
export const paymentResolvers: Resolvers = {
  Query: {
    payment: async (_parent, { orderId, id }, context) =>
      mayAccessOrder(context.auth, orderId) && (await context.payments.exists(context.auth.tenant, orderId, id)) ? { orderId, id } : null,
    payments: (_parent, { first, after }, context) => {
      requireRole(context.auth, ...PAYMENT_LISTERS);
      return context.payments.list(context.auth.tenant, { first: pageSize(first), ...(after ? { after } : {}) });
    },
  },
  Mutation: {
    cancelPayment: async (_parent, { orderId, paymentId }, context) => {
      requireRole(context.auth, ...PAYMENT_ACTORS);
      const { payment } = await context.actions.cancel(commandContext(context), orderId, paymentId);
      return { orderId, id: payment.id };
    },
    refundPayment: async (_parent, { orderId, paymentId, amount, reason, idempotencyKey }, context) => {
      requireRole(context.auth, ...PAYMENT_ACTORS);
      const { payment } = await context.actions.refund(commandContext(context), orderId, paymentId, amount, reason, idempotencyKey);
      return { orderId, id: payment.id };
    },
    refreshPayment: async (_parent, { orderId, paymentId }, context) => {
      requireRole(context.auth, ...PAYMENT_ACTORS);
      const { payment } = await context.actions.refresh(commandContext(context), orderId, paymentId);
      return { orderId, id: payment.id };
    },
  },
  PaymentConnection: {
    edges: (page) => page.items.map((item) => ({ cursor: encodePaymentCursor(item), node: { orderId: item.orderId, id: item.id } })),
    pageInfo: (page) => page.pageInfo,
  },
  Payment: {
    // The payment itself lives in the order subgraph; this subgraph only adds its log.
    // A checkout token resolves its own order's payments only, even when it calls this subgraph directly.
    __resolveReference: (reference, context) => (mayAccessOrder(context.auth, reference.orderId) ? { orderId: reference.orderId, id: reference.id } : null),
    transactions: (payment, _args, context) => logOf(payment, context),
    hasFailedTransaction: async (payment, _args, context) => (await logOf(payment, context)).some((transaction) => !transaction.isSuccess),
    lastTransactionAt: async (payment, _args, context) => (await logOf(payment, context)).at(-1)?.createdAt.toISOString() ?? null,
  },
  Order: {
    // The order itself lives in the order subgraph; this subgraph only adds its payment attempts (tenant-scoped by the query).
    __resolveReference: (reference, context) => (mayAccessOrder(context.auth, reference.id) ? { id: reference.id } : null),
    paymentAttempts: (order, _args, context) => context.attempts.load(order.id),
  },
  PaymentTransaction: {
    amount: (transaction) => (transaction.amount === null ? null : transaction.amount.toNumber()),
    requestJson: (transaction, _args, context) => {
      mayReadRawLog(context, transaction.adapterId);
      return transaction.requestJson;
    },
    responseJson: (transaction, _args, context) => {
      mayReadRawLog(context, transaction.adapterId);
      return transaction.responseJson;
    },
    reason: (transaction, _args, context) => {
      mayReadRawLog(context, transaction.adapterId);
      return refundReasonIn(transaction);
    },
    createdAt: (transaction) => transaction.createdAt.toISOString(),
  },
};

/** The operator's reason a platform refund call carried in its request (null for every other transaction). */
const refundReasonIn = (transaction: { event: string; pspEvent: string | null; requestJson: unknown }): string | null => {
  if (transaction.event !== 'refund' || transaction.pspEvent !== 'platform') return null;
  const request = transaction.requestJson;
  const reason = typeof request === 'object' && request !== null ? (request as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' ? reason : null;
};
