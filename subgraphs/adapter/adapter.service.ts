import type { FastifyInstance } from 'fastify';
import { createServiceApp } from '../../platform/http/app.factory.js';
import { mountSubgraph } from '../../platform/graphql/subgraph.server.js';
import { subgraphSdl } from '../subgraph.catalog.js';
import type { ServiceDeps } from '../../platform/service-deps.js';
import { adapterSchemaFile } from '../../platform/env/env.config.js';
import { AdapterActions } from './adapter-actions.usecase.js';
import { AdapterRegistry } from './adapter.registry.js';
import { StorefrontOptions } from './storefront-options.usecase.js';
import { createAdapterContext } from './adapter.context.js';
import { adapterResolvers } from './adapter.resolvers.js';

export const ADAPTER_SDL = subgraphSdl('adapter');

/** The adapter service: the adapter registry and the storefront mutations that drive adapters. */
export async function createAdapterService(deps: ServiceDeps): Promise<FastifyInstance> {
  const app = createServiceApp('adapter', deps);
  const registry = new AdapterRegistry({ ...deps.config.adapterUrls }, {
    timeoutMs: deps.config.timeouts.adapterManifestMs,
    kinds: Object.fromEntries(deps.config.catalogue.flatMap((spec) => (spec.adapterKind ? [[spec.name, spec.adapterKind]] : []))),
  });
  const actions = new AdapterActions(registry, deps.config.urls.order);
  const options = new StorefrontOptions(registry, deps.config.urls.order);
  await mountSubgraph({ app, sdl: ADAPTER_SDL, resolvers: adapterResolvers, limits: deps.config.graphql, context: (auth, headers) => createAdapterContext(actions, options, registry, deps.db.prisma, auth, headers, (id) => adapterSchemaFile(deps.config.catalogue, id)) });
  return app;
}
