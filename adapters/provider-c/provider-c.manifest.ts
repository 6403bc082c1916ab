import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { createProviderCAdapter } from './provider-c-adapter.app.js';
import { API_TIMEOUT } from './provider-c.settings.js';
import { PROVIDER_C_ADAPTER_ID } from './provider-c.types.js';

/** Its sandbox's service name (sandboxes/provider-c): the demo uses it when it runs here. */
const SANDBOX = 'provider_c_sandbox';

/**
 * Provider C (the iframe checkout) as the platform, the demo data and the storefront see it
 * (adapters/kit/provider-manifest.ts); app/service.catalogue.ts's row reads it. Its browser
 * frontend is `frontend/provider-c.frontend.ts` in this folder.
 */
export const providerCManifest: AdapterProviderManifest = {
  id: PROVIDER_C_ADAPTER_ID,
  port: 4106,
  env: 'PROVIDER_C_ADAPTER',
  settings: [API_TIMEOUT],
  factory: createProviderCAdapter,
  schemaFile: new URL('./provider_c_checkout_adapter.schema.json', import.meta.url),
  storefront: {
    // The checkout's customer and shipping events (docs/adapters/provider-c.md).
    relayPaths: /^callback\/orders\/[\w-]{1,100}\/payments\/[\w-]{1,100}\/(customer-update|shipping-option-update)$/,
  },
  demo: {
    // The checkout, when its sandbox runs here; the sandbox's default merchant (docs/sandboxes.md).
    configuration: ({ urls, base, shopPages }) =>
      urls[SANDBOX]
        ? {
            ...base,
            apiSettings: { apiUrl: urls[SANDBOX], merchantId: 'pc-merchant', sharedSecret: 'provider-c-secret' },
            redirectUrls: { termsUrl: 'https://shop.example/terms', confirmationUrl: shopPages.confirmation, checkoutUrl: shopPages.checkout },
            recurring: { enabled: true },
            // Delivery the shopper may pick inside the checkout (sent as its available shipping methods).
            shipping: { methods: [{ id: 'standard', name: 'Standard parcel', price: 49 }, { id: 'pickup', name: 'Pick-up point', price: 0 }] },
          }
        : undefined,
  },
};
