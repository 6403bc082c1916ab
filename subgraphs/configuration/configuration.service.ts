import type { FastifyInstance } from 'fastify';
import { createServiceApp } from '../../platform/http/app.factory.js';
import { mountSubgraph } from '../../platform/graphql/subgraph.server.js';
import { subgraphSdl } from '../subgraph.catalog.js';
import type { ServiceDeps } from '../../platform/service-deps.js';
import { createConfigurationContext } from './configuration.context.js';
import { createConfigurationDomain } from './configuration.domain.js';
import { configurationResolvers } from './configuration.resolvers.js';
import { registerConfigurationRoutes } from './configuration.routes.js';

export const CONFIGURATION_SDL = subgraphSdl('configuration');

/** The configuration service: the configuration REST paths and the configuration subgraph. */
export async function createConfigurationService(deps: ServiceDeps): Promise<FastifyInstance> {
  const app = createServiceApp('configuration', deps);
  const domain = createConfigurationDomain(deps.config, deps.db.prisma);
  registerConfigurationRoutes(app, domain);
  await mountSubgraph({
    app,
    sdl: CONFIGURATION_SDL,
    resolvers: configurationResolvers,
    limits: deps.config.graphql,
    context: (auth) => createConfigurationContext(domain, auth),
  });
  return app;
}
