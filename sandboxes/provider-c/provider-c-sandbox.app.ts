import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from '../../platform/logging/logger.js';
import { ExchangeJournal } from '../shared/exchange.journal.js';
import { FailureInjector } from '../shared/failure.injector.js';
import { registerSandboxAdminRoutes } from '../shared/sandbox-admin.routes.js';
import { createSandboxApp } from '../shared/sandbox-app.factory.js';
import { SandboxClock } from '../shared/sandbox.clock.js';
import { ProviderCCallbacks } from './provider-c.callbacks.js';
import type { ProviderCMerchant } from './provider-c.model.js';
import { orderSnippet } from './provider-c.pages.js';
import { ProviderCPurchases } from './provider-c-purchase.usecase.js';
import { registerProviderCMerchantRoutes, requireAuthorizationHeader, requireSignature } from './provider-c.routes.js';
import { registerProviderCShopperRoutes } from './provider-c-shopper.routes.js';
import { ProviderCStore } from './provider-c.store.js';
import { CALLBACK_TIMEOUT_MS } from './provider-c-sandbox.settings.js';

export const PROVIDER_C_SANDBOX_PORT = 4205;
/** The merchant every instance knows: production mode (the recurring limit applies), no shipping integration. */
export const DEFAULT_PROVIDER_C_MERCHANT: ProviderCMerchant = { merchantId: 'pc-merchant', secret: 'provider-c-secret', mode: 'production', shippingIntegration: false };

/** Operations that failures can be injected into (`POST /api/sandbox/failures {operation}`). */
export const PROVIDER_C_OPERATIONS = ['createOrder', 'getOrder', 'getOrderByReference', 'updateOrder', 'createMerchantPayment', 'getAdminOrder'] as const;

export interface ProviderCSandboxOptions {
  logger: Logger;
  /** Merchants known from the start; default `pc-merchant` / `provider-c-secret`, production mode. */
  merchants?: ProviderCMerchant[];
  /** How long the provider waits for the merchant's answer to a validation or notification (default PROVIDER_C_SANDBOX_CALLBACK_TIMEOUT_MS's, 5 s). */
  callbackTimeoutMs?: number;
  /** Base address the snippet's script is loaded from; default the address the merchant called. */
  publicUrl?: string;
  /** Time source (default the system clock); `POST /api/sandbox/clock` moves it forward. */
  now?: () => Date;
}

export interface ProviderCSandboxState {
  store: ProviderCStore;
  callbacks: ProviderCCallbacks;
  failures: FailureInjector;
  clock: SandboxClock;
}

export interface ProviderCSandbox {
  app: FastifyInstance;
  state: ProviderCSandboxState;
}

/**
 * The provider C sandbox (Qliro One's checkout): the signed merchant API (orders with their
 * snippet, item updates, reads) and the admin API's merchant payments on saved cards (three a day
 * per card in production), the checkout the snippet's script embeds with its `q1` listener API,
 * and the provider's calls to the merchant (validation, checkout status push, order-management
 * status push, saved credit card). See docs/sandboxes.md.
 */
export function createProviderCSandbox(options: ProviderCSandboxOptions): ProviderCSandbox {
  const clock = new SandboxClock(options.now);
  const merchants = options.merchants ?? [DEFAULT_PROVIDER_C_MERCHANT];
  const store = new ProviderCStore(clock.now, merchants);
  const journal = new ExchangeJournal();
  const callbacks = new ProviderCCallbacks(clock.now, options.callbackTimeoutMs ?? CALLBACK_TIMEOUT_MS, journal);
  const purchases = new ProviderCPurchases(store, callbacks, clock.now);
  const failures = new FailureInjector(PROVIDER_C_OPERATIONS);
  const app = createSandboxApp({ name: 'provider-c-sandbox', logger: options.logger, failures, keepRawBody: true, journal });
  const snippetFor = (request: FastifyRequest) => {
    const base = options.publicUrl ?? `${request.protocol}://${request.host}`;
    return (orderId: number) => orderSnippet(base, orderId);
  };
  registerProviderCShopperRoutes(app, { store, purchases, callbacks, defaultMerchantId: merchants[0]?.merchantId ?? DEFAULT_PROVIDER_C_MERCHANT.merchantId });
  registerSandboxAdminRoutes(app, failures, clock);
  void app.register(async (api) => {
    api.addHook('onRequest', requireAuthorizationHeader);
    api.addHook('preValidation', requireSignature(store));
    registerProviderCMerchantRoutes(api, { store, purchases, snippetFor });
  });
  return { app, state: { store, callbacks, failures, clock } };
}
