import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { createNonPspAdapter } from './nonpsp-adapter.app.js';
import { NONPSP_ADAPTER_ID } from './nonpsp.types.js';

/**
 * The non-PSP adapter (payments that need no payment provider: invoice, pay in store) as the
 * platform and the demo data see it (adapters/kit/provider-manifest.ts); app/service.catalogue.ts's
 * row reads it. It has no sandbox and no settings.
 */
export const nonPspManifest: AdapterProviderManifest = {
  id: NONPSP_ADAPTER_ID,
  port: 4102,
  factory: createNonPspAdapter,
  schemaFile: new URL('./nonpsp_adapter.schema.json', import.meta.url),
  demo: {
    configuration: ({ base }) => ({
      ...base,
      paymentMethods: [
        { identifier: 'invoice', name: 'Invoice' },
        { identifier: 'pay-in-store', name: 'Pay in store' },
      ],
    }),
  },
};
