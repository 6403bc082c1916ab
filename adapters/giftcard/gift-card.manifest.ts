import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { createGiftCardAdapter } from './gift-card-adapter.app.js';
import { GIFTCARD_ADAPTER_ID } from './gift-card.domain.js';
import { SYSTEM_TIMEOUT } from './gift-card.settings.js';

/** Its sandbox's service name (sandboxes/giftcard): the demo configuration points at it. */
const SANDBOX = 'giftcard_sandbox';

/**
 * The gift card adapter as the platform and the demo data see it (adapters/kit/provider-manifest.ts);
 * app/service.catalogue.ts's row reads it. Not a payment provider: its runtime manifest's kind is
 * `giftcard` (gift cards as part payments, added with the storefront's addGiftCard).
 */
export const giftCardManifest: AdapterProviderManifest = {
  id: GIFTCARD_ADAPTER_ID,
  kind: 'giftcard',
  port: 4103,
  settings: [SYSTEM_TIMEOUT],
  factory: createGiftCardAdapter,
  schemaFile: new URL('./giftcard_adapter.schema.json', import.meta.url),
  demo: {
    // The sandbox's default API credentials (docs/sandboxes.md).
    configuration: ({ urls, base }) => ({ ...base, api: { baseUrl: urls[SANDBOX], username: 'giftcard', password: 'giftcard-secret', shopId: 'demo' } }),
  },
};
