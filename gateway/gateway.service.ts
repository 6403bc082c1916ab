import { noHttpSubscriptionsPlugin } from '../platform/graphql/no-http-subscriptions.plugin.js';
import { graphqlServerLimits } from '../platform/graphql/query-limits.js';
import { registerGraphQLRoute } from '../platform/graphql/graphql-route.js';
import { requestBoundsPlugin } from '../platform/graphql/request-bounds.plugin.js';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPreflight, registerCors } from './cors.plugin.js';
import { isExplorerRequest, registerExplorer } from './explorer/explorer.routes.js';
import type { GraphQLSchema } from 'graphql';
import { formatGraphQLError } from '../platform/graphql/graphql-errors.js';
import { createServiceApp } from '../platform/http/app.factory.js';
import type { ServiceDeps } from '../platform/service-deps.js';
import type { SubgraphName } from '../subgraphs/subgraph.catalog.js';
import { createGatewayContext, type GatewayContext } from './gateway.context.js';
import { HeaderForwardingDataSource } from './header-forwarding.data-source.js';
import { InProcessDataSource } from './in-process.data-source.js';
import type { LocalSubgraph } from '../platform/graphql/subgraph.server.js';
import { composeSupergraph } from './supergraph.compose.js';
import { SingleFetchRoutes } from './single-fetch.router.js';
import { reusePlannedOperations } from './planned-operation.reuse.js';
import { graphqlOperationTelemetry } from '../platform/telemetry/graphql.plugin.js';
import { attachOrderSubscriptions } from './subscriptions/order-subscriptions.server.js';

export interface GatewayDeps extends ServiceDeps {
  /** Base URL of each subgraph service. */
  subgraphUrls: Record<SubgraphName, string>;
  /** Subgraphs running in this process: reached in-process instead of over HTTP. */
  localSubgraphs?: Partial<Record<SubgraphName, LocalSubgraph>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per subgraph: executions started and calls merged into one in flight (gateway apps only). */
    subgraphCalls?: () => Record<string, { executed: number; merged: number }>;
    /** Queries answered by a single subgraph fetch (`direct`: of those, before Apollo Server), and queries that went through the plan executor (gateway apps with GATEWAY_FAST_PATH on only). */
    singleFetchCalls?: () => { routed: number; planned: number; direct: number };
  }
}

/** The gateway: federates the subgraphs behind /graphql (HTTP and graphql-ws) and serves the explorer (docs/explorer.md). */
export async function createGatewayService(deps: GatewayDeps): Promise<FastifyInstance> {
  let apiSchema: GraphQLSchema | undefined;
  // Ready once the supergraph is composed and loaded, not merely listening.
  const composed = async () => {
    if (!apiSchema) throw new Error('the supergraph is not composed yet');
  };
  const app = createServiceApp('gateway', deps, { isPublicRequest: (request: FastifyRequest) => isPreflight(request) || isExplorerRequest(request), readiness: [composed] });
  registerCors(app, deps.config.corsOrigins);
  registerExplorer(app, { mode: deps.config.explorer, demoTenant: deps.config.demoData });

  const sources = new Map<string, InProcessDataSource | HeaderForwardingDataSource>();
  // @apollo/gateway otherwise reports usage to its vendor and probes cloud metadata addresses
  // (169.254.169.254) from every gateway: nothing leaves the platform unless an operator opts in.
  process.env.APOLLO_TELEMETRY_DISABLED ??= 'true';
  // GATEWAY_FAST_PATH (docs/gateway-fast-path.md): off, Apollo's gateway and server run as they come.
  const routes = deps.config.gatewayFastPath ? new SingleFetchRoutes(sources, deps.logger) : undefined;
  if (routes) reusePlannedOperations();
  const gateway = new ApolloGateway({
    supergraphSdl: composeSupergraph(deps.subgraphUrls),
    buildService: ({ name, url }) => {
      const local = deps.localSubgraphs?.[name as SubgraphName];
      const source = local ? new InProcessDataSource(local, name) : new HeaderForwardingDataSource(name, url!);
      sources.set(name, source);
      return source;
    },
    ...(routes ? { experimental_didResolveQueryPlan: (resolved: Parameters<SingleFetchRoutes['learn']>[0]) => routes.learn(resolved) } : {}),
  });
  app.decorate('subgraphCalls', () => Object.fromEntries([...sources].map(([name, source]) => [name, { ...source.inFlight.counts }])));
  if (routes) app.decorate('singleFetchCalls', () => ({ ...routes.counts }));
  gateway.onSchemaLoadOrUpdate((update) => {
    apiSchema = update.apiSchema;
    routes?.clear();
  });
  const limits = deps.config.graphql;
  const telemetry = graphqlOperationTelemetry('gateway');
  const apollo = new ApolloServer<GatewayContext>({
    gateway: routes ? routes.gateway(gateway) : gateway,
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    // The process stops its services in order (platform/system.ts); Apollo's own SIGTERM handler would stop this one at once.
    stopOnTerminationSignals: false,
    ...graphqlServerLimits(limits),
    allowBatchedHttpRequests: limits.maxBatch > 1,
    introspection: true,
    plugins: [
      telemetry.plugin,
      noHttpSubscriptionsPlugin,
      requestBoundsPlugin(limits.deadlineMs),
      fastifyApolloDrainPlugin(app),
      // The explorer page is ours (registerExplorer): Sandbox when reachable, else GraphiQL offline.
      ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();
  await registerGraphQLRoute(app, apollo, {
    limits,
    context: async (request, deadline) => createGatewayContext(request.auth, request.headers, request.id, deadline),
    // Queries planned as one fetch of the caller's operation from an in-process subgraph skip Apollo Server's pipeline.
    ...(routes ? { direct: (request: FastifyRequest) => routes.direct(request.body, request.headers, telemetry.start) } : {}),
  });

  const subscriptions = attachOrderSubscriptions({
    app,
    apollo,
    apiSchema: () => apiSchema!,
    verifier: deps.verifier,
    db: deps.db,
    logger: deps.logger,
    limits,
  });
  app.addHook('preClose', () => subscriptions.close());
  return app;
}
