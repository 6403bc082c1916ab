import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit, mountPaymentProvider } from '../kit/index.js';
import { settingValue } from '../kit/provider-manifest.js';
import { clientFor, type ProviderAContext } from './provider-a.context.js';
import { onValidation } from './provider-a-checkout.callbacks.js';
import { registerProviderARoutes } from './provider-a-adapter.routes.js';
import { ProviderAActions } from './provider-a-actions.usecase.js';
import { Finalizer } from './provider-a-finalize.flow.js';
import { providerA } from './provider-a.provider.js';
import { API_TIMEOUT } from './provider-a.settings.js';
import { PROVIDER_A_ADAPTER_ID, type ProviderAConfiguration } from './provider-a.types.js';

/**
 * Provider A's adapter (port 4104): a hosted-snippet checkout with a shipping assistant, built on
 * the kit's payment-provider runtime (create, read, amountChanged, capture and refund callbacks,
 * `/callback/cancel`, `/callback/validation`) plus its own routes (shipping-option update,
 * confirmation, push, hooks, the reference notification, actions, recurring). docs/adapters/provider-a.md.
 */
export async function createProviderAAdapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<ProviderAConfiguration>({
    adapterId: PROVIDER_A_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    manifest: { kind: 'payment', name: 'Provider A checkout', routes: { createPayment: '/api/checkout/v1/orders/{orderId}/payments' } },
  });
  const context = { kit, client: clientFor(settingValue(deps.config, PROVIDER_A_ADAPTER_ID, API_TIMEOUT)!) } as ProviderAContext;
  // One finalizer (one step at a time per payment) for the shopper's return, the push and Refresh.
  const finalizer = new Finalizer(context);
  const actions = new ProviderAActions(context, finalizer);
  context.mounted = mountPaymentProvider(
    kit,
    {
      ...providerA(context),
      validationCallback: (request) => onValidation(context, request),
      // The platform's Refresh (refreshPayment): the finalizer re-reads the order at the provider and records what changed itself.
      refresh: async ({ tenant, order, payment }) => {
        await actions.refresh(tenant, order.id, payment.id);
        return {};
      },
    },
    { basePath: '/api/checkout/v1', createStatus: 200 },
  );
  registerProviderARoutes(context, finalizer, actions);
  return kit.app;
}
