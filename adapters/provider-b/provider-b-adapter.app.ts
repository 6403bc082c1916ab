import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit, mountPaymentProvider } from '../kit/index.js';
import { settingValue } from '../kit/provider-manifest.js';
import { ProviderBCheckout } from './provider-b-checkout.usecase.js';
import { ProviderBNotifications } from './provider-b-notification.usecase.js';
import { ProviderBProvider } from './provider-b.provider.js';
import { ProviderBApiClient } from './provider-b-api.client.js';
import { registerProviderBRoutes } from './provider-b-adapter.routes.js';
import { sessionSchema } from './provider-b.schemas.js';
import { API_TIMEOUT } from './provider-b.settings.js';
import { PROVIDER_B_ADAPTER_ID, type ProviderBConfiguration } from './provider-b.types.js';

/**
 * Provider B's adapter (port 4105): the checkout embedded with a script and a purchase token.
 * The kit's runtime mounts the provider (create at the spec's path and the contract's, read,
 * amountChanged, capture/cancel/refund, the cancel callback); the embedded checkout's callbacks
 * and the provider's notification are this adapter's own routes. See docs/adapters/provider-b.md.
 */
export async function createProviderBAdapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<ProviderBConfiguration>({
    adapterId: PROVIDER_B_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    document: { title: 'Provider B adapter', description: 'The checkout embedded with a script and a purchase token (docs/adapters/provider-b.md).' },
    manifest: {
      kind: 'payment',
      name: 'Provider B checkout',
      routes: { createPayment: '/api/checkout/v1/{orderId}/payments' },
    },
  });
  const provider = new ProviderBProvider(kit, new ProviderBApiClient(settingValue(deps.config, PROVIDER_B_ADAPTER_ID, API_TIMEOUT)!));
  // {adapter_url} = …/api/checkout/v1; the spec's create path has no `orders` segment.
  const mounted = mountPaymentProvider(kit, provider, { basePath: '/api/checkout/v1', createPaths: ['/api/checkout/v1/:orderId/payments'], schemas: { session: sessionSchema } });
  const checkout = new ProviderBCheckout(kit, provider);
  registerProviderBRoutes(kit.app, kit, checkout, new ProviderBNotifications(kit, provider, checkout, mounted));
  return kit.app;
}
