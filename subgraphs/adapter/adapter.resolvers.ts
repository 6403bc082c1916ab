import { readFileSync } from 'node:fs';
import type { Resolvers } from './generated/resolvers.types.js';
import type { AdapterContext } from './adapter.context.js';
import { requireOrderAccess, requireRole } from '../../platform/auth/request-auth.js';

/** The order id, once the caller may act on that order (a checkout token: its own only). */
const own = (context: AdapterContext, orderId: string): string => {
  requireOrderAccess(context.auth, orderId);
  return orderId;
};
/** Creating orders stays with servers (docs/auth.md, roles): not a checkout token, not an adapter's (403). */
const servers = <T>(context: AdapterContext, input: T): T => {
  requireOrderAccess(context.auth, undefined);
  requireRole(context.auth, 'storefront', 'admin', 'service');
  return input;
};

const schemas = new Map<string, unknown>();
/** An adapter's configuration schema, from its file (path from the repository's root), read once. */
function configurationSchema(file: string | undefined): unknown {
  if (!file) return null;
  if (!schemas.has(file)) {
    try {
      schemas.set(file, JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')));
    } catch {
      schemas.set(file, null);
    }
  }
  return schemas.get(file);
}

/** Thin: each mutation is one call to AdapterActions, answered as a reference the gateway resolves. */
export const adapterResolvers: Resolvers = {
  Query: {
    adapters: (_parent, _args, context) => context.registry.list(),
    adapter: async (_parent, { id }, context) => (await context.registry.find(id)) ?? null,
    paymentOptions: async (_parent, { orderId }, context) => context.options.paymentOptions(context.caller, own(context, orderId), await context.configuredIds()),
    shippingOptions: (_parent, { orderId }, context) => context.options.shippingOptions(context.caller, own(context, orderId)),
  },
  // Every mutation naming an order checks a checkout token's scope first; the adapter and the order service check again.
  Mutation: {
    createOrderFromBasket: (_parent, { input }, context) => context.actions.createOrderFromBasket(context.caller, servers(context, input)),
    createCheckout: (_parent, { input }, context) => context.actions.createCheckout(context.caller, servers(context, input)),
    renewCheckoutToken: (_parent, { orderId }, context) => context.actions.renewCheckoutToken(context.caller, own(context, orderId)),
    updateCartItem: (_parent, { orderId, itemId, quantity }, context) => context.actions.updateCartItem(context.caller, own(context, orderId), itemId, quantity),
    refreshOrder: (_parent, { orderId }, context) => context.actions.refreshOrder(context.caller, own(context, orderId)),
    addGiftCard: (_parent, { orderId, cardId, code }, context) => context.actions.addGiftCard(context.caller, own(context, orderId), cardId, code),
    removePayment: (_parent, { orderId, paymentId }, context) => context.actions.removePayment(context.caller, own(context, orderId), paymentId),
    startPayment: (_parent, { orderId, adapterId, paymentMethod }, context) =>
      context.actions.startPayment(context.caller, own(context, orderId), adapterId, paymentMethod),
    completePayment: (_parent, { orderId, paymentId }, context) => context.actions.completePayment(context.caller, own(context, orderId), paymentId),
    selectShippingOption: (_parent, { orderId, optionId }, context) => context.options.selectShipping(context.caller, own(context, orderId), optionId),
  },
  Adapter: {
    __resolveReference: async (reference, context) => (await context.registry.find(reference.id)) ?? null,
    configured: async (adapter, _args, context) => (await context.configuredIds()).has(adapter.id),
    configurationSchema: (adapter, _args, context) => configurationSchema(context.schemaFile(adapter.id)) ?? null,
    available: (adapter) => adapter.available,
  },
};
