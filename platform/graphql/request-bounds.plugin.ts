import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { AppError } from '../errors/app-error.js';
import { operationProblem } from './graphql-request.guard.js';
import { chooseOperation } from './operation-measure.js';

/** A context that carries the time (ms since the epoch) its request must be answered by. */
export interface WithDeadline {
  deadline?: number;
}

export const deadlineExceeded = (deadlineMs: number) =>
  new AppError(
    503,
    'deadline_exceeded',
    `The request ran longer than ${deadlineMs} ms (GRAPHQL_DEADLINE_MS) and was stopped; changes it made before then may have been kept.`,
  );

const asGraphQLError = (error: AppError) =>
  new GraphQLError(error.message, { extensions: { code: error.code.toUpperCase(), ...(error.details === undefined ? {} : { details: error.details }), http: { status: error.status } } });

/**
 * Bounds every GraphQL request of an Apollo server, whatever path it came by: an operation that
 * cannot be chosen (unknown operationName, several operations and none named) is a 400 — not
 * a 500 from deep in execution — and once the request's deadline has passed, no further field
 * is resolved, so work left behind by a 503 winds down instead of running on.
 */
export function requestBoundsPlugin(deadlineMs: number): ApolloServerPlugin<WithDeadline> {
  return {
    async requestDidStart({ contextValue }) {
      const deadline = contextValue.deadline ?? Date.now() + deadlineMs;
      return {
        async didResolveOperation({ operation, document, request }) {
          if (operation) return;
          const name = request.operationName ?? undefined;
          const chosen = chooseOperation(document, name);
          throw asGraphQLError(operationProblem('problem' in chosen ? chosen.problem : 'unknown_operation', name));
        },
        async executionDidStart() {
          return {
            willResolveField() {
              if (Date.now() > deadline) throw asGraphQLError(deadlineExceeded(deadlineMs));
            },
          };
        },
      };
    },
  };
}

/** Before a call to another service on the request's behalf: none is started once its deadline has passed. */
export function assertBeforeDeadline(deadline: number | undefined): void {
  if (deadline !== undefined && Date.now() > deadline) {
    throw new GraphQLError('The request reached its deadline (GRAPHQL_DEADLINE_MS) before this call could start.', { extensions: { code: 'DEADLINE_EXCEEDED' } });
  }
}
