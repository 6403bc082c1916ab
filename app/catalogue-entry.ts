import type { FastifyInstance } from 'fastify';
import type { ServiceSpec } from '../platform/env/env.config.js';
import type { ServiceDeps } from '../platform/service-deps.js';

export type ServiceFactory = (deps: ServiceDeps) => Promise<FastifyInstance>;

/**
 * A service of the catalogue: kind `subgraph` (federated by the gateway), `platform` (gateway,
 * notifications), `adapter`, `sandbox` or `web` (a browser app: the storefront and its backend, the admin app). `factory` builds it; the gateway is built by the
 * system runner (it needs the subgraphs first). An adapter without a factory is known by
 * address only (hosted elsewhere, `<env>_URL`).
 */
export interface CatalogueEntry extends Omit<ServiceSpec, 'runs'> {
  factory?: ServiceFactory;
}
