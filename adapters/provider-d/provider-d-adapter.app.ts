import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit, mountPaymentProvider } from '../kit/index.js';
import { settingValue } from '../kit/provider-manifest.js';
import { registerProviderDRoutes } from './provider-d-adapter.routes.js';
import { providerDClients } from './provider-d-api.client.js';
import { providerD } from './provider-d.provider.js';
import { shopperIpResolver } from './shopper-ip.js';
import { API_TIMEOUT } from './provider-d.settings.js';
import { PROVIDER_D_ADAPTER_ID, type ProviderDConfiguration } from './provider-d.types.js';

/**
 * Provider D's adapter (port 4107): the drop-in card and wallet provider on the kit's provider
 * runtime, plus the drop-in's transaction and details and the subscription endpoint. See
 * docs/adapters/provider-d.md.
 */
export async function createProviderDAdapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<ProviderDConfiguration>({
    adapterId: PROVIDER_D_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    manifest: {
      kind: 'payment',
      name: 'Provider D (cards and wallets)',
      routes: { createPayment: '/api/checkout/v1/{orderId}/payments' },
    },
  });
  const clientOf = providerDClients(settingValue(deps.config, PROVIDER_D_ADAPTER_ID, API_TIMEOUT)!);
  const mounted = mountPaymentProvider(kit, providerD(clientOf, { locate: kit.orders.locatePayment.bind(kit.orders), logger: kit.logger }), {
    basePath: '/api/checkout/v1',
    createPaths: ['/api/checkout/v1/:orderId/payments'],
    readPaths: ['/api/v1/checkout/:orderId/payments/:paymentId'],
  });
  registerProviderDRoutes(kit.app, kit, (orderId) => mounted.callbackUrls(orderId), clientOf, shopperIpResolver(deps.verifier));
  return kit.app;
}
