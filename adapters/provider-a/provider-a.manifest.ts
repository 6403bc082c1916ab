import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { createProviderAAdapter } from './provider-a-adapter.app.js';
import { API_TIMEOUT } from './provider-a.settings.js';
import { PROVIDER_A_ADAPTER_ID } from './provider-a.types.js';

/** Its sandbox's service name (sandboxes/provider-a): the demo points at it. */
const SANDBOX = 'provider_a_sandbox';

/**
 * Provider A (the hosted-snippet checkout with a shipping assistant) as the platform, the demo
 * data and the storefront see it (adapters/kit/provider-manifest.ts); app/service.catalogue.ts's
 * row reads it. Its browser frontend is `frontend/provider-a.frontend.ts` in this folder.
 */
export const providerAManifest: AdapterProviderManifest = {
  id: PROVIDER_A_ADAPTER_ID,
  port: 4104,
  env: 'PROVIDER_A_ADAPTER',
  settings: [API_TIMEOUT],
  factory: createProviderAAdapter,
  schemaFile: new URL('./provider_a_checkout_adapter.schema.json', import.meta.url),
  demo: {
    // The sandbox's default merchant (docs/sandboxes.md); the shopper comes back to the shop's pages.
    configuration: ({ urls, base, shopPages }) => ({
      ...base,
      apiSettings: { apiUrl: urls[SANDBOX], username: 'merchant-a', password: 'provider-a-secret' },
      redirectUrls: {
        termsUrl: 'https://shop.example/terms',
        checkoutUrl: shopPages.checkout,
        confirmationUrl: shopPages.confirmation,
        validationErrorUrl: `${shopPages.checkout}?error=validation`,
      },
      shippingCountries: ['NO', 'SE', 'DK'],
      shippingOptions: [
        { id: 'post', name: 'Post', description: 'Delivered in 2–3 days', price: 4900, taxAmount: 980, taxRate: 2500, preselected: true, shippingMethod: 'PostalService' },
        { id: 'express', name: 'Express', description: 'Delivered tomorrow', price: 9900, taxAmount: 1980, taxRate: 2500, shippingMethod: 'Express' },
        { id: 'pickup', name: 'Pick-up point', price: 0, taxAmount: 0, taxRate: 2500, shippingMethod: 'PickUpPoint' },
      ],
      providesShipping: true,
      recurringEnabled: true,
    }),
  },
};
