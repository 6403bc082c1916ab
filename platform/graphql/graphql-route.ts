import type { ApolloServer, BaseContext } from '@apollo/server';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guardGraphQLRequest } from './graphql-request.guard.js';
import type { GraphQLLimits } from './query-limits.js';
import { deadlineExceeded } from './request-bounds.plugin.js';

export interface GraphQLRouteOptions<TContext extends BaseContext> {
  limits: GraphQLLimits;
  /** Builds the request's context; `deadline` is when its answer is due (ms since the epoch). */
  context: (request: FastifyRequest, deadline: number) => Promise<TContext>;
}

/**
 * Serves an Apollo server at /graphql (GET, POST, OPTIONS) within bounds: every request is
 * checked against the limits before GraphQL parses it for itself (400 naming the limit), and
 * one still running at its deadline is answered 503 `deadline_exceeded` at once.
 */
export async function registerGraphQLRoute<TContext extends BaseContext>(
  app: FastifyInstance,
  apollo: ApolloServer<TContext>,
  options: GraphQLRouteOptions<TContext>,
): Promise<void> {
  const { limits } = options;
  const deadlines = new WeakMap<FastifyRequest, number>();
  const handler = fastifyApolloHandler(apollo, {
    context: (request) => options.context(request, deadlines.get(request) ?? Date.now() + limits.deadlineMs),
  });
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/graphql',
    preHandler: async (request) => {
      deadlines.set(request, Date.now() + limits.deadlineMs);
      guardGraphQLRequest(request, limits);
    },
    handler: async (request, reply) => {
      const due = (deadlines.get(request) ?? Date.now() + limits.deadlineMs) - Date.now();
      const answered = Promise.resolve(handler.call(app, request as Parameters<typeof handler>[0], reply as Parameters<typeof handler>[1]));
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(deadlineExceeded(limits.deadlineMs)), Math.max(0, due));
      });
      try {
        return await Promise.race([answered, expired]);
      } finally {
        clearTimeout(timer);
        answered.catch(() => undefined); // past the deadline nobody waits for it; its failure is not news
      }
    },
  });
}
