import type { FastifyInstance } from 'fastify';
import { createServiceApp } from '../../platform/http/app.factory.js';
import { mountSubgraph } from '../../platform/graphql/subgraph.server.js';
import { subgraphSdl } from '../subgraph.catalog.js';
import type { ServiceDeps } from '../../platform/service-deps.js';
import { createConfigurationContext } from './configuration.context.js';
import { createConfigurationDomain } from './configuration.domain.js';
import { configurationResolvers } from './configuration.resolvers.js';
import { registerConfigurationRoutes } from './configuration.routes.js';
import { registerTokenRoutes } from './token.routes.js';
import { AdapterCredentials } from '../../platform/auth/adapter-credentials.repository.js';
import { resolveAuthConfig } from '../../platform/auth/auth-config.js';
import { platformSigningKey } from '../../platform/auth/signing-key.js';

export const CONFIGURATION_SDL = subgraphSdl('configuration');

/** The configuration service: the configuration REST paths, the configuration subgraph and the adapters' token endpoint. */
export async function createConfigurationService(deps: ServiceDeps): Promise<FastifyInstance> {
  const app = createServiceApp('configuration', deps);
  const domain = createConfigurationDomain(deps.config, deps.db.prisma);
  registerConfigurationRoutes(app, domain);
  const auth = resolveAuthConfig(deps.config);
  await registerTokenRoutes(app, {
    credentials: new AdapterCredentials(deps.db.prisma),
    key: () => platformSigningKey({ signingKey: deps.config.auth.signingKey, dataDir: deps.config.dataDir }),
    issuer: auth.issuer,
    audience: auth.audience,
  });
  await mountSubgraph({
    app,
    sdl: CONFIGURATION_SDL,
    resolvers: configurationResolvers,
    limits: deps.config.graphql,
    context: (auth) => createConfigurationContext(domain, auth),
  });
  return app;
}
