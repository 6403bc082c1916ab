import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit } from '../kit/adapter-kit.js';
import { settingValue } from '../kit/provider-manifest.js';
import { ShippingOptions } from './shipping-options.usecase.js';
import { CheckoutSync } from './checkout-sync.usecase.js';
import { COMMERCE_ADAPTER_ID, type CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import { IDENTITY_TIMEOUT, PLATFORM_TIMEOUT } from './commerce-adapter.settings.js';
import { CommercePlatformClients } from './commerce-platform.client.js';
import { OrderLifecycle } from './order-lifecycle.usecase.js';
import { registerPlatformCallbackRoutes } from './platform-callback.routes.js';
import { registerStorefrontRoutes } from './storefront.routes.js';

/**
 * The commerce adapter (`commerce_adapter`, port 4101): turns a basket of the commerce platform
 * into a checkout order, keeps the two in step, purchases at `processing` and exports on
 * `completed`. Built on the adapter kit; see docs/adapters/commerce.md.
 */
export async function createCommerceAdapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<CommerceAdapterConfiguration>({
    adapterId: COMMERCE_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    manifest: {
      kind: 'commerce',
      name: 'Commerce platform',
      routes: {
        createOrder: '/api/v1/orders',
        updateCartItem: '/api/v1/orders/{orderId}/cart/items/{itemId}',
        refreshOrder: '/api/v1/orders/{orderId}',
        shippingOptions: '/api/v1/orders/{orderId}/shipping-options',
        selectShipping: '/api/v1/orders/{orderId}/shipping',
      },
    },
  });
  const clients = new CommercePlatformClients({ timeoutMs: settingValue(deps.config, COMMERCE_ADAPTER_ID, PLATFORM_TIMEOUT)!, identityTimeoutMs: settingValue(deps.config, COMMERCE_ADAPTER_ID, IDENTITY_TIMEOUT)! });
  const sync = new CheckoutSync(kit, clients);
  registerStorefrontRoutes(kit, sync, new ShippingOptions(kit, clients, sync), deps.config.urls.order);
  registerPlatformCallbackRoutes(kit, new OrderLifecycle(kit, clients));
  return kit.app;
}

