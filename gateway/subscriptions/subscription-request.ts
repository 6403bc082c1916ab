import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { GRAPHQL_PARSE_OPTIONS, depthLimitRule } from '../../platform/graphql/query-limits.js';
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

/**
 * One subscribe message checked as the HTTP endpoint checks an operation — parsed within the
 * token limit, validated with the same rules, variables coerced — so a bad one is answered with
 * an error for that operation alone, never by closing the socket and its other subscriptions.
 */
export function prepareSubscription(schema: GraphQLSchema, payload: SubscribePayload): PreparedSubscription {
  if (typeof payload.query !== 'string') return failed('BAD_REQUEST', [new GraphQLError('The subscribe message needs a query.')]);
  const hazard = graphqlTextHazard(payload.query);
  if (hazard) return failed('INVALID_CHARACTERS', [new GraphQLError(hazard)]);
  let document: DocumentNode;
  try {
    document = parse(payload.query, GRAPHQL_PARSE_OPTIONS);
  } catch (error) {
    return failed('GRAPHQL_PARSE_FAILED', [error instanceof GraphQLError ? error : new GraphQLError('The document cannot be parsed.')]);
  }
  const invalid = validate(schema, document, [...specifiedRules, depthLimitRule()]);
  if (invalid.length > 0) return failed('GRAPHQL_VALIDATION_FAILED', invalid);

  const operationName = typeof payload.operationName === 'string' ? payload.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) return failed('BAD_REQUEST', [new GraphQLError('Name the operation to run (operationName).')]);
  if (operation.operation !== 'subscription') {
    return failed('BAD_REQUEST', [new GraphQLError('Send queries and mutations over HTTP; this socket serves subscriptions.')]);
  }
  const inputs = payload.variables ?? {};
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return failed('BAD_USER_INPUT', [new GraphQLError('variables must be an object.')]);
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], inputs as Record<string, unknown>, { maxErrors: 10 });
  if (coerced.errors) return failed('BAD_USER_INPUT', coerced.errors);
  return { ok: true, document, variableValues: coerced.coerced, operationName };
}

/** Errors as they go over the socket: GraphQLErrors serialized, already formatted ones as they are. */
export const toWireErrors = (errors: readonly unknown[]) =>
  errors.map((error) => (error instanceof GraphQLError ? error.toJSON() : error));
