import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../platform/logging/logger.js';
import { FailureInjector } from '../shared/failure.injector.js';
import { registerSandboxAdminRoutes } from '../shared/sandbox-admin.routes.js';
import { createSandboxApp } from '../shared/sandbox-app.factory.js';
import { SandboxClock } from '../shared/sandbox.clock.js';
import { requireBasicAuth, type BasicCredentials } from './basic-auth.plugin.js';
import { registerGiftCardRoutes, registerGiftCardSandboxRoutes } from './gift-card.routes.js';
import { GiftCardStore, RESERVATION_TTL_MS } from './gift-card.store.js';
import { sandboxAuth } from '../../platform/http/api-docs.plugin.js';

export const GIFTCARD_SANDBOX_PORT = 4202;
export const DEFAULT_GIFTCARD_CREDENTIALS: BasicCredentials = { username: 'giftcard', password: 'giftcard-secret' };

/** Operations that failures can be injected into (`POST /api/sandbox/failures {operation}`). */
export const GIFTCARD_OPERATIONS = [
  'getCard',
  'getCardInfo',
  'reserve',
  'listReservations',
  'getReservation',
  'cancelReservation',
  'commitReservation',
] as const;

export interface GiftCardSandboxOptions {
  logger: Logger;
  /** HTTP Basic credentials of the API; default `giftcard` / `giftcard-secret`. */
  credentials?: BasicCredentials;
  /** Reservation lifetime (default 24 h). */
  reservationTtlMs?: number;
  /** Time source (default the system clock); `POST /api/sandbox/clock` moves it forward. */
  now?: () => Date;
}

export interface GiftCardSandboxState {
  cards: GiftCardStore;
  failures: FailureInjector;
  clock: SandboxClock;
}

export interface GiftCardSandbox {
  app: FastifyInstance;
  state: GiftCardSandboxState;
}

/**
 * The gift card system sandbox: balance checks, reservations (24 h, idempotent per order and
 * payment, never over the balance), cancel and commit; seeding and failure injection under
 * `/api/sandbox`. See docs/sandboxes.md.
 */
export function createGiftCardSandbox(options: GiftCardSandboxOptions): GiftCardSandbox {
  const clock = new SandboxClock(options.now);
  const cards = new GiftCardStore(clock.now, options.reservationTtlMs ?? RESERVATION_TTL_MS);
  const failures = new FailureInjector(GIFTCARD_OPERATIONS);
  const app = createSandboxApp({ name: 'giftcard-sandbox', logger: options.logger, failures });
  registerGiftCardSandboxRoutes(app, cards);
  registerSandboxAdminRoutes(app, failures, clock);
  void app.register(async (api) => {
    api.addHook('onRequest', requireBasicAuth(options.credentials ?? DEFAULT_GIFTCARD_CREDENTIALS, 'giftcard'));
    api.addHook('onRoute', sandboxAuth('basic'));
    registerGiftCardRoutes(api, cards);
  });
  return { app, state: { cards, failures, clock } };
}
