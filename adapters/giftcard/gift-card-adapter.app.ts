import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit } from '../kit/index.js';
import { settingValue } from '../kit/provider-manifest.js';
import { CardCodeVault } from './card-code.vault.js';
import { registerGiftCardRoutes } from './gift-card-adapter.routes.js';
import { giftCardSystemFor, type GiftCardConfiguration } from './gift-card.context.js';
import { GIFTCARD_ADAPTER_ID } from './gift-card.domain.js';
import { SYSTEM_TIMEOUT } from './gift-card.settings.js';

/**
 * The gift card adapter (port 4103): gift cards as part payments — several per order, each
 * covering what remains, reserved when the order goes to processing, committed when it
 * completes. Built on the adapter kit; see docs/adapters/giftcard.md.
 */
export async function createGiftCardAdapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<GiftCardConfiguration>({
    adapterId: GIFTCARD_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    manifest: {
      kind: 'giftcard',
      name: 'Gift card',
      routes: {
        addGiftCard: '/api/checkout/v1/orders/{orderId}/payments',
        removePayment: '/api/checkout/v1/orders/{orderId}/payments/{paymentId}/remove',
        // Completes an order paid entirely by gift cards (any of its cards names it).
        completePayment: '/api/checkout/v1/orders/{orderId}/complete',
      },
    },
  });
  registerGiftCardRoutes(kit.app, { kit, vault: new CardCodeVault(kit.ownSecret), giftCardSystem: giftCardSystemFor(settingValue(deps.config, GIFTCARD_ADAPTER_ID, SYSTEM_TIMEOUT)!) });
  return kit.app;
}

