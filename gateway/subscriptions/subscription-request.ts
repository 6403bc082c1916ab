import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { AppError } from '../../platform/errors/app-error.js';
import { operationProblem } from '../../platform/graphql/graphql-request.guard.js';
import { chooseOperation, measureOperation } from '../../platform/graphql/operation-measure.js';
import { checkOperation, type GraphQLLimits } from '../../platform/graphql/query-limits.js';
import { graphqlTextHazard } from '../../platform/http/json-guard.js';

export interface SubscribePayload {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export type PreparedSubscription =
  | { ok: true; document: DocumentNode; variableValues: Record<string, unknown>; operationName: string | undefined }
  | { ok: false; errors: GraphQLError[] };

const failed = (code: string, errors: readonly GraphQLError[]): PreparedSubscription => ({
  ok: false,
  errors: errors.map((error) => new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code } })),
});

const refused = (error: AppError): PreparedSubscription => ({
  ok: false,
  errors: [new GraphQLError(error.message, { extensions: { code: error.code.toUpperCase(), ...(error.details === undefined ? {} : { details: error.details }) } })],
});

/**
 * One subscribe message checked as the HTTP endpoint checks an operation — parsed within the
 * token limit, its operation chosen and measured against the limits (in time linear in the
 * document, before the validation rules run), validated with the same rules, variables
 * coerced — so a bad one is answered with an error for that operation alone, never by closing
 * the socket and its other subscriptions.
 */
export function prepareSubscription(schema: GraphQLSchema, payload: SubscribePayload, limits: GraphQLLimits): PreparedSubscription {
  if (typeof payload.query !== 'string') return failed('BAD_REQUEST', [new GraphQLError('The subscribe message needs a query.')]);
  const hazard = graphqlTextHazard(payload.query);
  if (hazard) return failed('INVALID_CHARACTERS', [new GraphQLError(hazard)]);
  let document: DocumentNode;
  try {
    document = parse(payload.query, { maxTokens: limits.maxTokens });
  } catch (error) {
    return failed('GRAPHQL_PARSE_FAILED', [error instanceof GraphQLError ? error : new GraphQLError('The document cannot be parsed.')]);
  }
  const operationName = typeof payload.operationName === 'string' ? payload.operationName : undefined;
  const chosen = chooseOperation(document, operationName);
  if ('problem' in chosen) return refused(operationProblem(chosen.problem, operationName));
  const { operation } = chosen;
  const inputs = payload.variables ?? {};
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return failed('BAD_USER_INPUT', [new GraphQLError('variables must be an object.')]);
  try {
    checkOperation(measureOperation(document, operation), operation, inputs as Record<string, unknown>, limits);
  } catch (error) {
    if (error instanceof AppError) return refused(error);
    throw error;
  }
  const invalid = validate(schema, document, specifiedRules);
  if (invalid.length > 0) return failed('GRAPHQL_VALIDATION_FAILED', invalid);

  if (operation.operation !== 'subscription') {
    return failed('BAD_REQUEST', [new GraphQLError('Send queries and mutations over HTTP; this socket serves subscriptions.')]);
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], inputs as Record<string, unknown>, { maxErrors: 10 });
  if (coerced.errors) return failed('BAD_USER_INPUT', coerced.errors);
  return { ok: true, document, variableValues: coerced.coerced, operationName };
}

/** Errors as they go over the socket: GraphQLErrors serialized, already formatted ones as they are. */
export const toWireErrors = (errors: readonly unknown[]) =>
  errors.map((error) => (error instanceof GraphQLError ? error.toJSON() : error));
