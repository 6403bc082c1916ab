import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors/app-error.js';
import { MeasuredOperations } from './measured-operations.cache.js';
import { checkOperation, emptyTotals, type GraphQLLimits, type RequestTotals } from './query-limits.js';

const OPERATION_PROBLEMS = {
  unknown_operation: (name?: string) => `The document has no operation named ${JSON.stringify(name)}.`,
  operation_name_required: () => 'The document has several operations; name the one to run (operationName).',
  no_operation: () => 'The document has no operation to run.',
} as const;

/** Why a document offers no operation to run, as the platform's 400 (`unknown_operation`, …). */
export function operationProblem(problem: keyof typeof OPERATION_PROBLEMS, operationName?: string): AppError {
  return badRequest(problem, OPERATION_PROBLEMS[problem](operationName), operationName === undefined ? undefined : { operationName });
}

/** Every GraphQL route of the process reads an operation text once (the variables are checked per request). */
const measured = new MeasuredOperations();

/**
 * Checks a GraphQL HTTP request before GraphQL sees it: the batch size, then each operation —
 * chosen as GraphQL would choose it, measured in time linear in its document — against the
 * limits, with fields, aliases and root mutations added up over the whole batch. Throws a 400
 * AppError naming what is wrong. Bodies GraphQL itself cannot read (no query, a syntax error)
 * are left to it: it answers those 400 in its own words.
 */
export function guardGraphQLRequest(request: FastifyRequest, limits: GraphQLLimits): void {
  if (request.method === 'GET') {
    const query = (request.query ?? {}) as Record<string, unknown>;
    checkEntry({ query: query.query, operationName: query.operationName, variables: parseVariables(query.variables) }, limits, emptyTotals());
    return;
  }
  if (request.method !== 'POST') return;
  const body = request.body;
  if (!Array.isArray(body)) return checkEntry(body, limits, emptyTotals());
  if (body.length === 0) throw badRequest('bad_request', 'The batch holds no operation.');
  if (body.length > limits.maxBatch) {
    throw badRequest('batch_too_large', `The batch holds ${body.length} operations; at most ${limits.maxBatch} are allowed (GRAPHQL_MAX_BATCH).`, {
      limit: 'GRAPHQL_MAX_BATCH',
      max: limits.maxBatch,
      found: body.length,
    });
  }
  const totals = emptyTotals();
  for (const entry of body) checkEntry(entry, limits, totals);
}

function checkEntry(entry: unknown, limits: GraphQLLimits, totals: RequestTotals): void {
  if (typeof entry !== 'object' || entry === null) return;
  const { query, operationName, variables } = entry as Record<string, unknown>;
  if (typeof query !== 'string') return;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return;
  const name = operationName ?? undefined;
  const read = measured.get(query, name, limits.maxTokens);
  if (read.problem === 'unparseable') return;
  if (read.problem) throw operationProblem(read.problem, name);
  const values = typeof variables === 'object' && variables !== null && !Array.isArray(variables) ? (variables as Record<string, unknown>) : {};
  checkOperation(read.measure, { operation: read.type }, values, limits, totals);
}

function parseVariables(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
