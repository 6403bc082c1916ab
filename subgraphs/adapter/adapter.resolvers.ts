import { readFileSync } from 'node:fs';
import { ADAPTER_ROUTES } from './adapter-routes.js';
import { ADAPTERS, findAdapter } from './adapter.registry.js';
import type { Resolvers } from './generated/resolvers.types.js';

const schemas = new Map<string, unknown>();
function configurationSchema(id: string): unknown {
  if (!schemas.has(id)) {
    try {
      schemas.set(id, JSON.parse(readFileSync(new URL(`../../schemas/adapters/${id}.schema.json`, import.meta.url), 'utf8')));
    } catch {
      schemas.set(id, null);
    }
  }
  return schemas.get(id);
}

/** Thin: each mutation is one call to AdapterActions, answered as a reference the gateway resolves. */
export const adapterResolvers: Resolvers = {
  Query: {
    adapters: () => [...ADAPTERS],
    adapter: (_parent, { id }) => findAdapter(id) ?? null,
  },
  Mutation: {
    createOrderFromBasket: (_parent, { input }, context) => context.actions.createOrderFromBasket(context.caller, input),
    updateCartItem: (_parent, { orderId, itemId, quantity }, context) => context.actions.updateCartItem(context.caller, orderId, itemId, quantity),
    refreshOrder: (_parent, { orderId }, context) => context.actions.refreshOrder(context.caller, orderId),
    addGiftCard: (_parent, { orderId, cardId, code }, context) => context.actions.addGiftCard(context.caller, orderId, cardId, code),
    removePayment: (_parent, { orderId, paymentId }, context) => context.actions.removePayment(context.caller, orderId, paymentId),
    startPayment: (_parent, { orderId, adapterId, paymentMethod }, context) => context.actions.startPayment(context.caller, orderId, adapterId, paymentMethod),
    completePayment: (_parent, { orderId, paymentId }, context) => context.actions.completePayment(context.caller, orderId, paymentId),
  },
  Adapter: {
    __resolveReference: (reference) => findAdapter(reference.id) ?? null,
    configured: async (adapter, _args, context) => (await context.configuredIds()).has(adapter.id),
    configurationSchema: (adapter) => configurationSchema(adapter.id) ?? null,
    available: (adapter) => adapter.id in ADAPTER_ROUTES,
  },
};
