import type { FastifyInstance } from 'fastify';
import { PgNotifier } from '../../platform/db/pg-notifier.js';
import { createServiceApp } from '../../platform/http/app.factory.js';
import { mountSubgraph } from '../../platform/graphql/subgraph.server.js';
import type { ServiceDeps } from '../../platform/service-deps.js';
import { subgraphSdl } from '../subgraph.catalog.js';
import { OrderEngine } from './engine/order-engine.js';
import { ORDER_STORE_DELIVERIES, ORDER_STORE_NOTIFY_INTERVAL_MS, OrderStore } from './engine/order-store.repository.js';
import { callSignerFor } from '../../platform/outbound/call-signer.js';
import { PaymentCallbackLog } from './engine/payment-callback.log.js';
import { PaymentLifecycle } from './engine/payment-lifecycle.js';
import { OrderTurnWaiters } from './engine/order-turn.waiters.js';
import { OrderTurnLease } from './engine/order-turn.lease.js';
import { processWriteQueue } from './engine/order-write.queue.js';
import { CHECKOUT_TOKEN_LIFETIME_S } from '../../platform/auth/platform-tokens.js';
import { platformSigningKey } from '../../platform/auth/signing-key.js';
import { CheckoutTokens } from './checkout-token.usecase.js';
import { OrderCommands, type StaticNotificationSource } from './order-commands.usecase.js';
import { createOrderContext, type NotificationAdmin } from './order.context.js';
import { OrderQueries } from './order-queries.usecase.js';
import { OrderRepository } from './order.repository.js';
import { orderResolvers } from './order.resolvers.js';
import { registerOrderRoutes } from './rest/order.routes.js';

export const ORDER_SDL = subgraphSdl('order');

/** The order engine and its use cases, built from the platform's dependencies. */
export function createOrderDomain(deps: ServiceDeps, options: { staticNotifications?: StaticNotificationSource } = {}) {
  // The database session this domain's writer turns are tied to: they end with it (the process dies).
  const lease = new OrderTurnLease(deps.db.url, deps.logger);
  const store = new OrderStore(deps.db.pool, new PgNotifier(deps.db.pool, deps.logger, ORDER_STORE_DELIVERIES, ORDER_STORE_NOTIFY_INTERVAL_MS), {}, lease);
  const calls = callSignerFor(deps.config);
  const lifecycle = new PaymentLifecycle(calls, new PaymentCallbackLog(deps.db.pool, deps.logger), deps.config.engine.hookTimeoutMs);
  // Waits for order turns held by other processes; the service that builds the domain closes it (`close`).
  const turns = new OrderTurnWaiters(deps.db.url, deps.logger);
  const engine = new OrderEngine(store, calls, deps.logger, { ...deps.config.engine, maxAttempts: 25 }, lifecycle, processWriteQueue, turns);
  const commands = new OrderCommands(engine, store, calls, deps.logger, {
    validationTimeoutMs: deps.config.engine.validationTimeoutMs,
    ...(options.staticNotifications ? { staticNotifications: options.staticNotifications } : {}),
  });
  const { auth, dataDir } = deps.config;
  const checkoutTokens = new CheckoutTokens(commands, {
    key: () => platformSigningKey({ signingKey: auth.signingKey, dataDir }),
    issuer: auth.issuer,
    audience: auth.audience,
    lifetimeS: auth.checkoutTokenLifetimeS ?? CHECKOUT_TOKEN_LIFETIME_S,
  });
  return {
    store,
    engine,
    turns,
    /** Stops waiting for turns and ends the turn session (what this domain still holds is free for the others). */
    close: async () => {
      await turns.close();
      await lease.close();
    },
    commands,
    checkoutTokens,
    queries: new OrderQueries(deps.db.prisma),
    repository: new OrderRepository(deps.db.pool),
  };
}

/**
 * The order service: the order subgraph and the order REST shims (OpenAPI at /openapi.json).
 * `notificationAdmin`: the notification outbox its admin fields read (the composition root builds it).
 */
export async function createOrderService(
  deps: ServiceDeps,
  options: { staticNotifications?: StaticNotificationSource; notificationAdmin: NotificationAdmin },
): Promise<FastifyInstance> {
  const app = createServiceApp('order', deps);
  const domain = createOrderDomain(deps, options.staticNotifications ? { staticNotifications: options.staticNotifications } : {});
  app.addHook('onClose', () => domain.close());

  registerOrderRoutes(app, domain.commands, domain.queries, domain.checkoutTokens);

  await mountSubgraph({
    app,
    sdl: ORDER_SDL,
    resolvers: orderResolvers,
    limits: deps.config.graphql,
    context: (auth) => createOrderContext({ ...domain, ...options.notificationAdmin }, auth),
  });
  return app;
}
