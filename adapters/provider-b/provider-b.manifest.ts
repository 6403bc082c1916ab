import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { createProviderBAdapter } from './provider-b-adapter.app.js';
import { API_TIMEOUT } from './provider-b.settings.js';
import { PROVIDER_B_ADAPTER_ID } from './provider-b.types.js';

/** Its sandbox's service name (sandboxes/provider-b): the demo points at it. */
const SANDBOX = 'provider_b_sandbox';

/**
 * Provider B (the checkout embedded with a script and a purchase token) as the platform, the demo
 * data and the storefront see it (adapters/kit/provider-manifest.ts); app/service.catalogue.ts's
 * row reads it. Its browser frontend is `frontend/provider-b.frontend.ts` in this folder.
 */
export const providerBManifest: AdapterProviderManifest = {
  id: PROVIDER_B_ADAPTER_ID,
  port: 4105,
  env: 'PROVIDER_B_ADAPTER',
  settings: [API_TIMEOUT],
  factory: createProviderBAdapter,
  schemaFile: new URL('./provider_b_checkout_adapter.schema.json', import.meta.url),
  storefront: {
    // The script's callbacks (docs/adapters/provider-b.md); the process path names the order twice (`callback/orders/{id}/{id}/payments/…/process`).
    relayPaths: /^callback\/orders\/([\w-]{1,100})\/(?:payments\/[\w-]{1,100}\/(?:customer-update|shipping-option-update|validate)|\1\/payments\/[\w-]{1,100}\/process)$/,
  },
  demo: {
    // The sandbox's default partner (docs/sandboxes.md).
    configuration: ({ urls, base }) => ({
      ...base,
      apiSettings: { apiUrl: urls[SANDBOX], clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' },
      checkout: { language: 'nb', mode: 'test', checkoutUrl: 'http://localhost:3000/checkout', styles: { buttonColor: '#1a73e8' } },
    }),
  },
};
