import { GraphQLError, type ASTVisitor, type OperationDefinitionNode, type ValidationContext } from 'graphql';
import { AppError, badRequest } from '../errors/app-error.js';
import { measureOperation, type OperationMeasure } from './operation-measure.js';

/** How much work one GraphQL request may ask for (GRAPHQL_* settings, docs/graphql-limits.md). */
export interface GraphQLLimits {
  /** Parsing stops past this many tokens: far above any real operation, far below a stack-exhausting one. */
  maxTokens: number;
  /** Fields nested deeper than this (the introspection query Apollo Sandbox sends nests about 15). */
  maxDepth: number;
  /** Field selections of a request, every fragment counted where it is spread (introspection: about 230). */
  maxFields: number;
  maxAliases: number;
  /** Root fields of the mutations of one request: each is a full command (hooks, validation callbacks). */
  maxRootMutations: number;
  /** `first`/`last`/`limit` arguments; the listings themselves never page more than 200. */
  maxPageSize: number;
  /** Operations in one batched (array) body. */
  maxBatch: number;
  /** Time one request may run before it is answered 503 deadline_exceeded. */
  deadlineMs: number;
}

export const DEFAULT_GRAPHQL_LIMITS: GraphQLLimits = {
  maxTokens: 2_000,
  maxDepth: 20,
  maxFields: 1_000,
  maxAliases: 50,
  maxRootMutations: 10,
  maxPageSize: 200,
  maxBatch: 10,
  deadlineMs: 15_000,
};

/**
 * A subgraph's limits: the gateway's, with twice the room for fields and aliases, since the
 * fetches a gateway plans add keys and `__typename` to what its client selected.
 */
export const subgraphLimits = (limits: GraphQLLimits): GraphQLLimits => ({ ...limits, maxFields: limits.maxFields * 2, maxAliases: limits.maxAliases * 2 });

/** The parse and validation settings every Apollo server of the platform runs with (gateway and subgraphs). */
export const graphqlServerLimits = (limits: GraphQLLimits) => ({
  parseOptions: { maxTokens: limits.maxTokens },
  validationRules: [operationLimitsRule(limits)],
  // The request's totals are measured on its text before GraphQL runs (graphql-request.guard.ts);
  // an operation named by a persisted-query hash alone carries no text, so none is accepted.
  persistedQueries: false as const,
});

/** What a request adds up to over all its operations (a batch counts as one request). */
export interface RequestTotals {
  fields: number;
  aliases: number;
  rootMutations: number;
}

export const emptyTotals = (): RequestTotals => ({ fields: 0, aliases: 0, rootMutations: 0 });

const exceeded = (code: string, what: string, setting: string, max: number, found: number) =>
  badRequest(code, `The request asks for ${found} ${what}; at most ${max} are allowed (${setting}).`, { limit: setting, max, found });

/**
 * Checks one operation against the limits, adding it to the request's totals; throws a 400
 * AppError naming the limit. `variables` give the page sizes passed as variables.
 */
export function checkOperation(
  measure: OperationMeasure,
  /** The operation, or just its type: only whether it is a mutation counts here. */
  operation: Pick<OperationDefinitionNode, 'operation'>,
  variables: Record<string, unknown>,
  limits: GraphQLLimits,
  totals: RequestTotals = emptyTotals(),
): void {
  if (measure.depth > limits.maxDepth) {
    throw badRequest('query_too_deep', `The operation nests ${measure.depth} levels deep; at most ${limits.maxDepth} are allowed (GRAPHQL_MAX_DEPTH).`, {
      limit: 'GRAPHQL_MAX_DEPTH',
      max: limits.maxDepth,
      found: measure.depth,
    });
  }
  totals.fields += measure.fields;
  totals.aliases += measure.aliases;
  if (operation.operation === 'mutation') totals.rootMutations += measure.rootFields;
  // The most telling first: mutations at the root are usually aliased too.
  if (totals.rootMutations > limits.maxRootMutations) {
    throw exceeded('too_many_mutations', 'mutation fields at the root', 'GRAPHQL_MAX_ROOT_MUTATIONS', limits.maxRootMutations, totals.rootMutations);
  }
  if (totals.fields > limits.maxFields) throw exceeded('too_many_fields', 'fields', 'GRAPHQL_MAX_FIELDS', limits.maxFields, totals.fields);
  if (totals.aliases > limits.maxAliases) throw exceeded('too_many_aliases', 'aliased fields', 'GRAPHQL_MAX_ALIASES', limits.maxAliases, totals.aliases);
  for (const size of measure.pageSizes) {
    const value = typeof size === 'number' ? size : variables[size.variable];
    if (typeof value === 'number' && value > limits.maxPageSize) {
      throw badRequest('invalid_page_size', `A page of ${value} items was asked for; at most ${limits.maxPageSize} are allowed (GRAPHQL_MAX_PAGE_SIZE).`, {
        limit: 'GRAPHQL_MAX_PAGE_SIZE',
        max: limits.maxPageSize,
        found: value,
      });
    }
  }
}

/**
 * The same limits as a validation rule, for documents that reach Apollo without passing the
 * HTTP guard (operations a service runs itself): every operation of the document is measured,
 * page sizes given as variables excepted (the listings refuse those themselves).
 */
export function operationLimitsRule(limits: GraphQLLimits) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      try {
        checkOperation(measureOperation(context.getDocument(), node), node, {}, limits);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        context.reportError(new GraphQLError(error.message, { nodes: [node], extensions: { code: error.code.toUpperCase(), details: error.details } }));
      }
      return false; // measured whole above; nothing below needs this rule
    },
  });
}

/** Listings page 1 to 200 items at a time; 50 when not asked. */
export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return 50;
  if (!Number.isInteger(first) || first < 1 || first > 200) throw badRequest('invalid_page_size', `first must be between 1 and 200, not ${first}.`);
  return first;
}
