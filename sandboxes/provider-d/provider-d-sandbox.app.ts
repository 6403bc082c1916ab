import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../platform/logging/logger.js';
import { FailureInjector } from '../shared/failure.injector.js';
import { registerSandboxAdminRoutes } from '../shared/sandbox-admin.routes.js';
import { ExchangeJournal } from '../shared/exchange.journal.js';
import { createSandboxApp } from '../shared/sandbox-app.factory.js';
import { SandboxClock } from '../shared/sandbox.clock.js';
import { IdempotencyCache } from './idempotency.cache.js';
import { WEBHOOK_TIMEOUT_MS } from './provider-d-sandbox.settings.js';
import type { MerchantAccount } from './provider-d.model.js';
import { registerProviderDRoutes } from './provider-d.routes.js';
import { registerProviderDShopperRoutes } from './provider-d-shopper.routes.js';
import { ProviderDStore } from './provider-d.store.js';
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, WebhookDispatcher } from './webhook.dispatcher.js';

export const PROVIDER_D_SANDBOX_PORT = 4206;

/** The version prefix of the provider's published API the sandbox serves (Adyen Checkout API v71: `/v71/payments`, …). */
export const PROVIDER_D_API_VERSION = 'v71';

/** The merchant account every sandbox starts with (docs/sandboxes.md). */
export const DEFAULT_PROVIDER_D_ACCOUNT: MerchantAccount = {
  merchantAccount: 'SandboxMerchantECOM',
  apiKey: 'provider-d-sandbox-api-key',
  hmacKey: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
};

/** Operations that failures can be injected into (`POST /api/sandbox/failures {operation}`). */
export const PROVIDER_D_OPERATIONS = ['paymentMethods', 'payments', 'paymentsDetails', 'captures', 'refunds', 'cancels', 'reversals'] as const;

export interface ProviderDSandboxOptions {
  logger: Logger;
  /** The first merchant account (default DEFAULT_PROVIDER_D_ACCOUNT); more with `PUT /api/sandbox/merchant-accounts/{name}`. */
  account?: MerchantAccount;
  /** Waits before each webhook retry (default 1 s, 5 s, 30 s, 2 min, 10 min). */
  webhookRetryDelaysMs?: readonly number[];
  /** A pending payment is authorised by itself after this long (default 10 s; 0 = only `…/settle`). */
  pendingSettleMs?: number;
  /** Wait before a webhook's first delivery (default 250 ms). */
  webhookDelayMs?: number;
  /** How long a webhook delivery waits for the merchant's answer (default PROVIDER_D_SANDBOX_WEBHOOK_TIMEOUT_MS's, 5 s). */
  webhookTimeoutMs?: number;
  now?: () => Date;
}

export interface ProviderDSandboxState {
  store: ProviderDStore;
  failures: FailureInjector;
  clock: SandboxClock;
}

/**
 * Provider D's sandbox (port 4206): a drop-in card and wallet provider — API-key auth, payment
 * methods, payments with actions (3-D Secure, redirect), details, stored methods and recurring
 * models, captures/refunds/cancels, HMAC-signed webhooks retried until `[accepted]`, idempotency
 * keys; a shopper API, a drop-in script and a page. Its API is served under the published version
 * prefix (`/v71/…`); every call and webhook is kept in its exchange journal. See docs/sandboxes.md.
 */
export function createProviderDSandbox(options: ProviderDSandboxOptions): { app: FastifyInstance; state: ProviderDSandboxState } {
  const clock = new SandboxClock(options.now);
  const journal = new ExchangeJournal();
  const dispatcher = new WebhookDispatcher(journal, options.logger, options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS, clock.now, options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS, options.webhookDelayMs ?? 250);
  const store = new ProviderDStore(dispatcher, clock.now, options.pendingSettleMs ?? 10_000);
  const account = options.account ?? DEFAULT_PROVIDER_D_ACCOUNT;
  store.upsertAccount(account);
  const failures = new FailureInjector(PROVIDER_D_OPERATIONS);
  const app = createSandboxApp({ name: 'provider-d-sandbox', logger: options.logger, failures, journal });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address === 'object' && address) store.baseUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  });
  app.addHook('onClose', async () => dispatcher.close());
  registerProviderDShopperRoutes(app, store, () => store.authorise(account.apiKey, account.merchantAccount));
  registerSandboxAdminRoutes(app, failures, clock);
  void app.register(async (api) => registerProviderDRoutes(api, store, new IdempotencyCache()), { prefix: `/${PROVIDER_D_API_VERSION}` });
  return { app, state: { store, failures, clock } };
}
