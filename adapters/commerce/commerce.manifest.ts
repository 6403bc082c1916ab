import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { createCommerceAdapter } from './commerce-adapter.app.js';
import { COMMERCE_ADAPTER_ID } from './commerce-adapter.config.js';
import { IDENTITY_TIMEOUT, PLATFORM_TIMEOUT } from './commerce-adapter.settings.js';

/** Its sandbox's service name (sandboxes/commerce): the demo configuration points at it. */
const SANDBOX = 'commerce_sandbox';

/**
 * The commerce adapter as the platform and the demo data see it (adapters/kit/provider-manifest.ts);
 * app/service.catalogue.ts's row reads it. Not a payment adapter: its kind is `commerce` (it
 * turns the commerce platform's baskets into checkout orders).
 */
export const commerceManifest: AdapterProviderManifest = {
  id: COMMERCE_ADAPTER_ID,
  kind: 'commerce',
  port: 4101,
  settings: [PLATFORM_TIMEOUT, IDENTITY_TIMEOUT],
  factory: createCommerceAdapter,
  schemaFile: new URL('./commerce_adapter.schema.json', import.meta.url),
  demo: {
    // The sandbox's default client (docs/sandboxes.md).
    configuration: ({ urls, base }) => ({
      ...base,
      settings: { clientId: 1001, applicationId: 1 },
      api: { identityAddress: `${urls[SANDBOX]}/connect/token`, identityClientId: 'checkout', identityClientSecret: 'checkout-secret', identityScope: 'commerce' },
      application: { productUrlPattern: 'https://shop.example/products/{productId}', imageBaseUrl: `${urls[SANDBOX]}/images/{clientId}/` },
      country: { defaultCountry: 'NO' },
      // Managed by the checkout (spec item 10): the checkout's shipping (a payment provider's
      // shipping assistant) goes to the basket as delivery 128. false: full control, the basket's delivery
      // becomes the order's shipping (and a checkout-side shipping is refused at processing).
      features: { shippingChangedHookEnabled: true },
      // What the storefront offers in managed mode (a provider's shipping assistant offers its own).
      shippingOptions: [
        { id: 'standard', name: 'Standard parcel', description: 'Delivered in 2–3 days', price: 4900, taxRate: 2500 },
        { id: 'pickup', name: 'Pick-up in store', price: 0, taxRate: 2500 },
      ],
    }),
  },
};
