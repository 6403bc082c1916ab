import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { createProviderDAdapter } from './provider-d-adapter.app.js';
import { API_TIMEOUT } from './provider-d.settings.js';
import { PROVIDER_D_ADAPTER_ID } from './provider-d.types.js';

/** Its sandbox's service name (sandboxes/provider-d): the demo and the storefront use it when it runs here. */
const SANDBOX = 'provider_d_sandbox';
/** The sandbox's default merchant account and the key it signs webhooks with (docs/sandboxes.md). */
const SANDBOX_ACCOUNT = { merchantAccount: 'SandboxMerchantECOM', apiKey: 'provider-d-sandbox-api-key', hmacKey: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056' };

/**
 * Provider D (drop-in cards and wallets) as the platform, the demo data and the storefront see it
 * (adapters/kit/provider-manifest.ts); app/service.catalogue.ts's row reads it. Its browser
 * frontend is `frontend/provider-d.frontend.ts` in this folder.
 */
export const providerDManifest: AdapterProviderManifest = {
  id: PROVIDER_D_ADAPTER_ID,
  port: 4107,
  env: 'PROVIDER_D_ADAPTER',
  settings: [API_TIMEOUT],
  factory: createProviderDAdapter,
  schemaFile: new URL('./provider_d_dropin_adapter.schema.json', import.meta.url),
  storefront: {
    // The drop-in's submit and details (docs/adapters/provider-d.md).
    relayPaths: /^orders\/[\w-]{1,100}\/payments\/[\w-]{1,100}\/(transaction|details)$/,
    // 3-D Secure 2 asks for the shopper's IP address (docs/adapters/provider-d.md).
    shopperIp: true,
    // The drop-in is the provider's script: here its sandbox's (the provider's CDN in production).
    script: (urls) => (urls[SANDBOX] ? `${urls[SANDBOX].replace(/\/+$/, '')}/dropin.js` : undefined),
  },
  demo: {
    configuration: ({ urls, base, shopPages }) =>
      urls[SANDBOX]
        ? {
            ...base,
            apiSettings: { apiUrl: urls[SANDBOX], apiKey: SANDBOX_ACCOUNT.apiKey, clientKey: 'test_DEMOCLIENTKEY', merchantAccount: SANDBOX_ACCOUNT.merchantAccount, environment: 'test', hmacKey: SANDBOX_ACCOUNT.hmacKey },
            paymentMethodsConfiguration: { card: { hasHolderName: true, holderNameRequired: false } },
            redirectUrls: { checkoutUrl: shopPages.checkout },
          }
        : undefined,
    // Provider D sends webhooks where its merchant account says (configured at the provider, not per payment).
    seed: async ({ urls, adapterUrl, send, logger }) => {
      if (!urls[SANDBOX]) return;
      const account = await send(`${urls[SANDBOX]}/api/sandbox/merchant-accounts/${SANDBOX_ACCOUNT.merchantAccount}`, 'PUT', { webhookUrl: `${adapterUrl}/api/checkout/v1/callback/provider-d/webhooks` });
      if (account.status >= 300) logger.warn({ status: account.status, error: account.body }, 'provider D sandbox webhook address not set');
    },
  },
};
