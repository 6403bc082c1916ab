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
import { configurationKey } from '../../platform/crypto/secret-box.js';
import { sharedKeyCheck } from '../../platform/crypto/shared-key.check.js';

export const CONFIGURATION_SDL = subgraphSdl('configuration');

/** The configuration service: the configuration REST paths, the configuration subgraph and the adapters' token endpoint. */
export async function createConfigurationService(deps: ServiceDeps): Promise<FastifyInstance> {
  // Replicas seal configuration secrets with one key: a process with another is not ready (docs/scaling.md).
  const keyCheck = await sharedKeyCheck(
    deps.db.pool,
    {
      name: 'config_encryption_key',
      key: configurationKey(deps.config),
      code: 'config_key_mismatch',
      message:
        "This process's configuration encryption key is not the one the platform's configuration secrets are sealed with: " +
        'it could not open them, nor the others what it seals, so it is not ready. Give every process running the configuration service the same CONFIG_ENCRYPTION_KEY (or the same DATA_DIR).',
    },
    deps.logger,
  );
  const app = createServiceApp('configuration', deps, { readiness: [keyCheck] });
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
