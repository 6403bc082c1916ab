import type { ApolloServer, BaseContext } from '@apollo/server';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guardGraphQLRequest } from './graphql-request.guard.js';
import type { GraphQLLimits } from './query-limits.js';
import { deadlineExceeded } from './request-bounds.plugin.js';

/** A GraphQL answer a service sends itself (`direct`): the response text and its headers, as Apollo Server would send them with status 200. */
export interface DirectAnswer {
  text: string;
  headers: Record<string, string>;
}

export interface GraphQLRouteOptions<TContext extends BaseContext> {
  limits: GraphQLLimits;
  /** Builds the request's context; `deadline` is when its answer is due (ms since the epoch). */
  context: (request: FastifyRequest, deadline: number) => Promise<TContext>;
  /**
   * A POST the service answers itself, before Apollo Server sees it: given the request, how to
   * answer it once its context is built (undefined when it cannot: Apollo Server serves it); that
   * answer may still be undefined, to hand the request to Apollo Server after all.
   */
  direct?: (request: FastifyRequest) => ((context: TContext) => Promise<DirectAnswer | undefined>) | undefined;
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
      const deadline = deadlines.get(request) ?? Date.now() + limits.deadlineMs;
      const due = deadline - Date.now();
      const apolloAnswer = () => Promise.resolve(handler.call(app, request as Parameters<typeof handler>[0], reply as Parameters<typeof handler>[1]));
      const direct = request.method === 'POST' ? options.direct?.(request) : undefined;
      const answered = direct
        ? options.context(request, deadline).then(async (context) => {
            const answer = await direct(context);
            if (!answer) return apolloAnswer();
            return reply.code(200).headers(answer.headers).send(answer.text);
          })
        : apolloAnswer();
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
