import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit } from '../kit/index.js';
import { registerNonPspRoutes } from './nonpsp-adapter.routes.js';
import { NONPSP_ADAPTER_ID, type NonPspConfiguration } from './nonpsp.types.js';

/**
 * The non-PSP adapter (port 4102): payments that need no payment provider (invoice, pay in
 * store). Built on the adapter kit; see docs/adapters/nonpsp.md.
 */
export async function createNonPspAdapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<NonPspConfiguration>({
    adapterId: NONPSP_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    manifest: {
      kind: 'payment',
      name: 'Non-PSP payment',
      routes: {
        createPayment: '/api/v1/checkout/orders/{orderId}/payments',
        completePayment: '/api/v1/checkout/orders/{orderId}/payments/{paymentId}/complete',
        listPaymentMethods: '/api/v1/checkout/orders/{orderId}/payment-methods',
      },
    },
  });
  registerNonPspRoutes(kit.app, kit);
  return kit.app;
}

