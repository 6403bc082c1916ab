// The provider B sandbox: partner API, shopper side, embedded script and the server callback, as one Fastify app.
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../platform/logging/logger.js';
import { sandboxAuth } from '../../platform/http/api-docs.plugin.js';
import { ExchangeJournal } from '../shared/exchange.journal.js';
import { FailureInjector } from '../shared/failure.injector.js';
import { registerSandboxAdminRoutes } from '../shared/sandbox-admin.routes.js';
import { createSandboxApp } from '../shared/sandbox-app.factory.js';
import { SandboxClock } from '../shared/sandbox.clock.js';
import { DEFAULT_PROVIDER_B_CLIENT, PARTNER_TOKEN_TTL_SECONDS, PartnerTokenStore, type PartnerClient } from './partner-token.store.js';
import { PURCHASE_TTL_MS, PurchaseStore } from './purchase.store.js';
import { avardaErrorHandler, registerPartnerRoutes, registerTokenRoute, requirePartnerToken } from './provider-b.routes.js';
import { registerShopperRoutes } from './provider-b-shopper.routes.js';
import { CHECKOUT_SCRIPT } from './checkout.script.js';
import { CALLBACK_TIMEOUT_MS } from './provider-b-sandbox.settings.js';

export const PROVIDER_B_SANDBOX_PORT = 4204;

/** Operations that failures can be injected into (`POST /api/sandbox/failures {operation}`). */
export const PROVIDER_B_OPERATIONS = ['token', 'createPayment', 'getPayment', 'updateItems', 'deliver', 'refund', 'cancel'] as const;

export interface ProviderBSandboxOptions {
  logger: Logger;
  /** Partners that may ask for tokens; default `provider-b-partner` / `provider-b-secret`. */
  clients?: readonly PartnerClient[];
  tokenTtlSeconds?: number;
  /** How long a purchase session lives before it times out (default 30 minutes, as Avarda's). */
  purchaseTtlMs?: number;
  /** How long the server callback waits for the merchant's answer (default PROVIDER_B_SANDBOX_CALLBACK_TIMEOUT_MS's, 5 s). */
  callbackTimeoutMs?: number;
  now?: () => Date;
  /** The checkout site's currency and country (Avarda configures them per client; initialize payment names neither); default NOK, NO. */
  site?: { currency: string; country: string };
}

export interface ProviderBSandboxState {
  purchases: PurchaseStore;
  tokens: PartnerTokenStore;
  failures: FailureInjector;
  clock: SandboxClock;
}

/**
 * Provider B's sandbox: a checkout embedded with a script and a purchase token. Partner tokens,
 * purchases (create, read, update items), the shopper's side and the server callback after the
 * purchase, order management (deliver, refund, cancel); seeding, failures and the clock under
 * `/api/sandbox`. See docs/sandboxes.md, "Provider B sandbox".
 */
export function createProviderBSandbox(options: ProviderBSandboxOptions): { app: FastifyInstance; state: ProviderBSandboxState } {
  const clock = new SandboxClock(options.now);
  const purchases = new PurchaseStore(clock.now, options.purchaseTtlMs ?? PURCHASE_TTL_MS, options.site);
  const tokens = new PartnerTokenStore(options.clients ?? [DEFAULT_PROVIDER_B_CLIENT], options.tokenTtlSeconds ?? PARTNER_TOKEN_TTL_SECONDS, clock.now);
  const failures = new FailureInjector(PROVIDER_B_OPERATIONS);
  const journal = new ExchangeJournal();
  const app = createSandboxApp({
    name: 'provider-b-sandbox',
    logger: options.logger,
    failures,
    journal,
    document: { title: 'Provider B sandbox', description: "Stand-in for provider B: partner tokens, purchases, order management; `/api/sandbox` is the shopper's side, failures and the clock (docs/sandboxes.md)." },
  });
  registerTokenRoute(app, tokens);
  registerShopperRoutes(app, purchases, tokens, options.callbackTimeoutMs ?? CALLBACK_TIMEOUT_MS, journal);
  registerSandboxAdminRoutes(app, failures, clock);
  app.get('/checkout.js', { schema: { summary: 'The embedded checkout script (javascriptUrl)', response: { 200: { description: 'JavaScript', content: { 'application/javascript': { schema: { type: 'string' } } } } } } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(CHECKOUT_SCRIPT),
  );
  void app.register(async (api) => {
    api.setErrorHandler(avardaErrorHandler);
    api.addHook('onRequest', requirePartnerToken(tokens));
    api.addHook('onRoute', sandboxAuth('bearer'));
    registerPartnerRoutes(api, purchases);
  });
  return { app, state: { purchases, tokens, failures, clock } };
}

