import type { FastifyInstance } from 'fastify';
import { sandboxAuth } from '../../platform/http/api-docs.plugin.js';
import type { Logger } from '../../platform/logging/logger.js';
import { requireBasicAuth, type BasicCredentials } from '../giftcard/basic-auth.plugin.js';
import { FailureInjector } from '../shared/failure.injector.js';
import { registerSandboxAdminRoutes } from '../shared/sandbox-admin.routes.js';
import { ExchangeJournal } from '../shared/exchange.journal.js';
import { createSandboxApp } from '../shared/sandbox-app.factory.js';
import { SandboxClock } from '../shared/sandbox.clock.js';
import { DEFAULT_MERCHANT_CALL_SETTINGS, MerchantCalls, type MerchantCallSettings } from './merchant-calls.js';
import { idempotencyKeys, providerErrorHandler, registerProviderApiRoutes } from './provider-a-api.routes.js';
import { ProviderAStore } from './provider-a.store.js';
import { registerShopperRoutes } from './shopper.routes.js';
import { ShopperActions } from './shopper.usecase.js';

export const PROVIDER_A_SANDBOX_PORT = 4203;
export const DEFAULT_PROVIDER_A_CREDENTIALS: BasicCredentials = { username: 'merchant-a', password: 'provider-a-secret' };

/** Operations that failures can be injected into (`POST /api/sandbox/failures {operation}`). */
export const PROVIDER_A_OPERATIONS = [
  'createOrder',
  'readOrder',
  'updateOrder',
  'readManagedOrder',
  'acknowledge',
  'capture',
  'refund',
  'cancel',
  'updateMerchantReferences',
  'tokenOrder',
] as const;

export interface ProviderASandboxOptions {
  logger: Logger;
  /** HTTP Basic credentials of the API; default `merchant-a` / `provider-a-secret`. */
  credentials?: BasicCredentials;
  /** Push delay, retries, call time-out (default: push after 2 minutes, retried every minute, 10 attempts). */
  merchantCalls?: Partial<MerchantCallSettings>;
  now?: () => Date;
}

export interface ProviderASandboxState {
  orders: ProviderAStore;
  merchantCalls: MerchantCalls;
  failures: FailureInjector;
  clock: SandboxClock;
}

export interface ProviderASandbox {
  app: FastifyInstance;
  state: ProviderASandboxState;
}

/**
 * The provider A sandbox: a hosted-snippet checkout with a shipping assistant — checkout orders,
 * merchant callbacks (shipping-option update, validation, a delayed push), order management,
 * customer tokens; the hosted page and the shopper API under `/hosted` and `/api/sandbox`. See
 * docs/sandboxes.md.
 */
export function createProviderASandbox(options: ProviderASandboxOptions): ProviderASandbox {
  const clock = new SandboxClock(options.now);
  const orders = new ProviderAStore(clock.now);
  // One journal for the API calls the sandbox answers and the callbacks it sends.
  const journal = new ExchangeJournal();
  const merchantCalls = new MerchantCalls({ ...DEFAULT_MERCHANT_CALL_SETTINGS, ...options.merchantCalls }, options.logger, journal);
  const failures = new FailureInjector(PROVIDER_A_OPERATIONS);
  const app = createSandboxApp({ name: 'provider-a-sandbox', logger: options.logger, failures, journal });
  app.addHook('onClose', async () => merchantCalls.close());
  registerShopperRoutes(app, { store: orders, shopper: new ShopperActions(orders, merchantCalls), calls: merchantCalls });
  registerSandboxAdminRoutes(app, failures, clock);
  void app.register(async (api) => {
    api.setErrorHandler(providerErrorHandler);
    api.addHook('onRequest', requireBasicAuth(options.credentials ?? DEFAULT_PROVIDER_A_CREDENTIALS, 'provider-a'));
    api.addHook('onRoute', sandboxAuth('basic'));
    idempotencyKeys(api);
    registerProviderApiRoutes(api, orders);
  });
  return { app, state: { orders, merchantCalls, failures, clock } };
}
