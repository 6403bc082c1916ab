import { noHttpSubscriptionsPlugin } from './no-http-subscriptions.plugin.js';
import { graphqlServerLimits, subgraphLimits, type GraphQLLimits } from './query-limits.js';
import { registerGraphQLRoute } from './graphql-route.js';
import { requestBoundsPlugin } from './request-bounds.plugin.js';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import { parse, type GraphQLSchema } from 'graphql';
import type { AuthContext } from '../auth/principal.js';
import { formatGraphQLError } from './graphql-errors.js';
import { graphqlTelemetryPlugin } from '../telemetry/graphql.plugin.js';

/** Headers of the call, for what a subgraph must pass on (the caller's token to adapters). */
export type CallHeaders = Record<string, string | string[] | undefined>;

export interface SubgraphOptions<TContext extends object> {
  app: FastifyInstance;
  sdl: string;
  resolvers: object;
  /** The platform's GraphQL limits (GRAPHQL_*); a subgraph applies them with room for planned fetches. */
  limits: GraphQLLimits;
  /** Per-request context: auth plus fresh DataLoaders. */
  context: (auth: AuthContext, headers: CallHeaders) => TContext;
}

/** What a gateway in the same process needs to run a subgraph without an HTTP hop. */
export interface LocalSubgraph {
  schema: GraphQLSchema;
  context: (auth: AuthContext, headers: CallHeaders) => object;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on apps that serve a subgraph (mountSubgraph). */
    subgraph?: LocalSubgraph;
  }
}

/**
 * Mounts a federated subgraph at POST /graphql on a platform app. Authentication has already
 * happened in the app's onRequest hook (401/403 JSON before GraphQL runs). The schema and
 * context factory are also kept on the app, for a gateway in the same process.
 */
export async function mountSubgraph<TContext extends object>(options: SubgraphOptions<TContext>): Promise<ApolloServer<TContext>> {
  const schema = buildSubgraphSchema([{ typeDefs: parse(options.sdl), resolvers: options.resolvers as GraphQLResolverMap<TContext> }]);
  const limits = subgraphLimits(options.limits);
  const apollo = new ApolloServer<TContext>({
    schema,
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    // The process stops its services in order (platform/system.ts); Apollo's own SIGTERM handler would stop this one at once.
    stopOnTerminationSignals: false,
    ...graphqlServerLimits(limits),
    allowBatchedHttpRequests: limits.maxBatch > 1,
    plugins: [
      graphqlTelemetryPlugin(options.app.serviceName),
      noHttpSubscriptionsPlugin,
      requestBoundsPlugin(limits.deadlineMs),
      fastifyApolloDrainPlugin(options.app),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
    ],
  });
  await apollo.start();
  await registerGraphQLRoute(options.app, apollo, { limits, context: async (request) => options.context(request.auth, request.headers) });
  options.app.decorate('subgraph', { schema, context: options.context });
  return apollo;
}
