import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit, mountPaymentProvider } from '../kit/index.js';
import { settingValue } from '../kit/provider-manifest.js';
import { registerProviderCRoutes } from './provider-c-adapter.routes.js';
import { sessionSchema } from './provider-c-adapter.schemas.js';
import { ProviderCCheckout } from './provider-c-checkout.usecase.js';
import { ADAPTER_BASE, ProviderCContext } from './provider-c.context.js';
import { providerCProvider } from './provider-c.provider.js';
import { ProviderCRecurring } from './provider-c-recurring.usecase.js';
import { ProviderCSettlement } from './provider-c-settlement.usecase.js';
import { API_TIMEOUT } from './provider-c.settings.js';
import { PROVIDER_C_ADAPTER_ID, type ProviderCConfiguration } from './provider-c.types.js';

/**
 * The provider C adapter (port 4106): the iframe checkout with pending payments and recurring
 * tokens. The kit's runtime mounts the spec's standard routes (its `{adapter_url}` is
 * `/api/checkout/v1`; create and GET also at the spec's `/api/v1/checkout/{order_id}/payments`);
 * the adapter adds the iframe events, recurring and the provider's callbacks. See docs/adapters/provider-c.md.
 */
export async function createProviderCAdapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<ProviderCConfiguration>({
    adapterId: PROVIDER_C_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    manifest: {
      kind: 'payment',
      name: 'Provider C Checkout',
      routes: {
        createPayment: '/api/v1/checkout/{orderId}/payments',
      },
    },
  });
  const context = new ProviderCContext(kit, settingValue(deps.config, PROVIDER_C_ADAPTER_ID, API_TIMEOUT)!);
  const checkout = new ProviderCCheckout(context);
  const settlement = new ProviderCSettlement(context);
  const mounted = mountPaymentProvider(kit, providerCProvider(context, checkout, settlement), {
    basePath: ADAPTER_BASE,
    createPaths: ['/api/v1/checkout/:orderId/payments'],
    readPaths: ['/api/v1/checkout/:orderId/payments/:paymentId'],
    schemas: { session: sessionSchema },
  });
  registerProviderCRoutes(kit.app, { context, checkout, settlement, recurring: new ProviderCRecurring(context, settlement, (orderId) => mounted.callbackUrls(orderId)) });
  return kit.app;
}
