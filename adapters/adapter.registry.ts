import type { FastifyInstance } from 'fastify';
import type { ServiceName } from '../platform/env/env.config.js';
import type { ServiceDeps } from '../platform/service-deps.js';
import { createCommerceAdapter } from './commerce/commerce-adapter.app.js';
import { createNonPspAdapter } from './nonpsp/nonpsp-adapter.app.js';
import { createGiftCardAdapter } from './giftcard/gift-card-adapter.app.js';
import { createCommerceSandbox } from '../sandboxes/commerce/commerce-sandbox.app.js';
import { createGiftCardSandbox } from '../sandboxes/giftcard/gift-card-sandbox.app.js';

/**
 * The services that run beside the platform in one process (`npm start`): the adapters and the
 * sandboxes. Each gets the platform's settings with every service's real address in
 * `config.urls` (ports 0 resolved). Adapters talk to the platform only over HTTP.
 */
export const EDGE_SERVICES: Partial<Record<ServiceName, (deps: ServiceDeps) => Promise<FastifyInstance>>> = {
  commerce_sandbox: async (deps) => createCommerceSandbox({ logger: deps.logger }).app,
  giftcard_sandbox: async (deps) => createGiftCardSandbox({ logger: deps.logger }).app,
  commerce_adapter: createCommerceAdapter,
  nonpsp_adapter: createNonPspAdapter,
  giftcard_adapter: createGiftCardAdapter,
};
