import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../platform/logging/logger.js';
import { FailureInjector } from '../shared/failure.injector.js';
import { registerSandboxAdminRoutes } from '../shared/sandbox-admin.routes.js';
import { createSandboxApp } from '../shared/sandbox-app.factory.js';
import { SandboxClock } from '../shared/sandbox.clock.js';
import { registerBasketRoutes } from './basket.routes.js';
import { BasketStore } from './basket.store.js';
import { registerCommerceOrderRoutes } from './commerce-order.routes.js';
import { CommerceOrderStore } from './commerce-order.store.js';
import { registerCommerceSandboxRoutes } from './commerce-sandbox.routes.js';
import { registerIdentityRoutes, requireBearer } from './identity.routes.js';
import { registerProductImageRoutes } from './product-images.routes.js';
import { DEFAULT_COMMERCE_CLIENT, IdentityStore, type IdentityClient } from './identity.store.js';
import { sandboxAuth } from '../../platform/http/api-docs.plugin.js';

export const COMMERCE_SANDBOX_PORT = 4201;

/** Operations that failures can be injected into (`POST /api/sandbox/failures {operation}`). */
export const COMMERCE_OPERATIONS = [
  'token',
  'listPaymentMethods',
  'listDeliveryMethods',
  'getBasket',
  'updateItem',
  'getBuyer',
  'setBuyer',
  'setDelivery',
  'purchase',
  'getOrder',
  'validatePayment',
  'completePayment',
  'cancelOrder',
] as const;

export interface CommerceSandboxOptions {
  logger: Logger;
  /** Identity clients; default one: `checkout` / `checkout-secret`, scope `commerce`. */
  clients?: IdentityClient[];
  /** Lifetime of access tokens (default 3600 s). */
  tokenTtlSeconds?: number;
  /** Commerce client id of seeded baskets (the adapter's `settings.clientId`); default 1001. */
  commerceClientId?: number;
  /** Currency of baskets seeded without one; default SEK. */
  defaultCurrency?: string;
  /** Time source (default the system clock); `POST /api/sandbox/clock` moves it forward. */
  now?: () => Date;
}

/** The in-memory state of one commerce sandbox (each instance has its own). */
export interface CommerceSandboxState {
  identity: IdentityStore;
  baskets: BasketStore;
  orders: CommerceOrderStore;
  failures: FailureInjector;
  clock: SandboxClock;
}

export interface CommerceSandbox {
  app: FastifyInstance;
  state: CommerceSandboxState;
}

/**
 * The commerce platform sandbox: OAuth client-credentials identity, baskets, buyers, purchase
 * and payment of commerce orders (payment method 239, delivery method 128), seeding and failure
 * injection under `/api/sandbox`. See docs/sandboxes.md.
 */
export function createCommerceSandbox(options: CommerceSandboxOptions): CommerceSandbox {
  const clock = new SandboxClock(options.now);
  const now = clock.now;
  const identity = new IdentityStore(options.clients ?? [DEFAULT_COMMERCE_CLIENT], options.tokenTtlSeconds ?? 3600, now);
  const baskets = new BasketStore({ clientId: options.commerceClientId ?? 1001, currency: options.defaultCurrency ?? 'SEK' }, now);
  const orders = new CommerceOrderStore(baskets, now);
  const failures = new FailureInjector(COMMERCE_OPERATIONS);
  const state: CommerceSandboxState = { identity, baskets, orders, failures, clock };

  const app = createSandboxApp({ name: 'commerce-sandbox', logger: options.logger, failures });
  app.decorateRequest('commerceToken', undefined);
  registerIdentityRoutes(app, identity);
  registerCommerceSandboxRoutes(app, state);
  registerSandboxAdminRoutes(app, failures, clock);
  registerProductImageRoutes(app);
  void app.register(async (api) => {
    api.addHook('onRequest', requireBearer(identity));
    api.addHook('onRoute', sandboxAuth('bearer'));
    registerBasketRoutes(api, baskets);
    registerCommerceOrderRoutes(api, orders);
  });
  return { app, state };
}
