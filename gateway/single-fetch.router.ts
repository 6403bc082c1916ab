import type { ApolloGateway, GatewayConfig, GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { Kind, parse, print, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, type VariableDefinitionNode } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { OperationTextCache } from '../platform/graphql/operation-text.cache.js';
import type { DirectAnswer } from '../platform/graphql/graphql-route.js';
import type { RecordedOperation } from '../platform/telemetry/graphql.plugin.js';
import type { GatewayContext } from './gateway.context.js';
import { InProcessDataSource } from './in-process.data-source.js';
import { withPlannedOperationReuse } from './planned-operation.reuse.js';
import type { SubgraphResponse } from './in-flight-requests.merge.js';

type PlanResolved = Parameters<NonNullable<GatewayConfig['experimental_didResolveQueryPlan']>>[0];
type RequestContext = PlanResolved['requestContext'];
type Loaded = Awaited<ReturnType<ApolloGateway['load']>>;
type GatewayExecutor = NonNullable<Loaded['executor']>;
type ExecutionResult = Awaited<ReturnType<GatewayExecutor>>;
type PlanNode = NonNullable<PlanResolved['queryPlan']['node']>;
type IncomingOperation = Extract<GraphQLDataSourceProcessOptions, { incomingRequestContext: unknown }>;
/** `GraphQLDataSourceRequestKind.INCOMING_OPERATION`, which the package does not export. */
const INCOMING_OPERATION = 'incoming operation' as IncomingOperation['kind'];

/** A query whose plan is one fetch from one subgraph, of the caller's own operation. */
export interface SingleFetchRoute {
  kind: 'single';
  service: string;
  operation: string;
  operationName: string | undefined;
  document: DocumentNode | undefined;
  variables: readonly string[];
  /** The caller's operation's name (as metrics and logs know the operation), its variable definitions and the API schema it was planned on: the variables a request brings are checked as the plan executor checks them. */
  callerOperationName: string | undefined;
  definitions: readonly VariableDefinitionNode[];
  schema: GraphQLSchema;
}

/**
 * A query whose plan has several fetches, all from subgraphs in this process (none deferred): the
 * direct route runs Apollo's plan executor on it with what Apollo Server worked out for its text
 * the first time (the parsed and validated document, the chosen operation, the text's hash).
 */
interface PlannedRoute {
  kind: 'planned';
  source: string;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  operationName: string | null;
  queryHash: string;
  schema: GraphQLSchema;
  callerOperationName: string | undefined;
}

/** What the gateway knows of a query text and operation name: a route, or null when neither route serves it. */
type Route = SingleFetchRoute | PlannedRoute | null;

/** A POST body as Apollo Server reads it (the gateway's direct route takes only the plain ones). */
interface GraphQLBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
  extensions?: unknown;
}

/**
 * Queries the gateway can hand to one subgraph as they are. When a query's plan is a single fetch
 * whose operation is the caller's own operation (same selections, aliases, variables and
 * directives; only the name differs), the subgraph's answer is already the gateway's answer: the
 * plan adds nothing to merge and result shaping has nothing to drop, rename or reorder. Such a
 * query (known by its text and operation name, learnt from the plan the first time it runs) then
 * skips plan execution and shaping; everything else, and any answer carrying errors, goes through
 * Apollo's executor as before. Bounded: the oldest query goes first.
 *
 * In-process, the same knowledge serves the direct route (`direct`): a plain POST of such a query,
 * or of a query planned over subgraphs that all run in this process, is answered before Apollo
 * Server's request pipeline — the subgraph's answer, or Apollo's plan executor run with what
 * Apollo Server worked out for the text the first time.
 */
export class SingleFetchRoutes {
  private routes: OperationTextCache<Route>;
  /** Apollo's plan executor, once the gateway is loaded (the direct route runs planned queries through it). */
  private planExecutor: GatewayExecutor | undefined;
  /** Queries answered by a single fetch (through Apollo Server or the direct route), and queries that went through the plan executor. */
  readonly counts = { routed: 0, planned: 0, direct: 0 };

  constructor(
    /** The gateway's data sources by subgraph name (filled as Apollo's gateway builds them). */
    private readonly sources: ReadonlyMap<string, GraphQLDataSource>,
    /** Where the plan executor reports what it could not handle, on the direct route. */
    private readonly logger: RequestContext['logger'],
    private readonly max = 1_000,
  ) {
    this.routes = new OperationTextCache(max);
  }

  /** `experimental_didResolveQueryPlan`: what the plan of this query allows, remembered. */
  learn({ queryPlan, requestContext }: Pick<PlanResolved, 'queryPlan' | 'requestContext'>): void {
    if (!routable(requestContext)) return;
    this.routes.get(requestContext.source!, requestContext.request.operationName ?? '', () => singleFetchOf(queryPlan, requestContext.operation, requestContext.schema) ?? this.plannedOf(queryPlan, requestContext));
  }

  /** The single fetch that answers this query, if its plan is one. */
  route(requestContext: RequestContext): SingleFetchRoute | undefined {
    const found = routable(requestContext) ? this.routes.find(requestContext.source!, requestContext.request.operationName ?? '') : undefined;
    return found?.kind === 'single' ? found : undefined;
  }

  /** A plan the direct route may run: every fetch from a subgraph in this process, nothing deferred. */
  private plannedOf(queryPlan: PlanResolved['queryPlan'], requestContext: RequestContext): PlannedRoute | null {
    const { document, operation, queryHash, source } = requestContext;
    if (!queryPlan.node || !document || !operation || !queryHash || source === undefined) return null;
    const local = (node: PlanNode): boolean => {
      switch (node.kind) {
        case 'Fetch':
          return this.sources.get(node.serviceName) instanceof InProcessDataSource && !node.hasDefers;
        case 'Sequence':
        case 'Parallel':
          return node.nodes.every(local);
        case 'Flatten':
          return local(node.node);
        default:
          return false;
      }
    };
    if (!local(queryPlan.node)) return null;
    return { kind: 'planned', source, document, operation, operationName: requestContext.operationName ?? null, queryHash, schema: requestContext.schema, callerOperationName: operation.name?.value };
  }

  /** A new supergraph makes new plans. */
  clear(): void {
    this.routes = new OperationTextCache(this.max);
  }

  /**
   * The gateway as Apollo Server sees it: Apollo's, with an executor that answers routed queries
   * through the subgraph's data source (the same call the plan would make: the caller's context,
   * its variables as the operation uses them) and the rest through Apollo's executor.
   */
  gateway(inner: ApolloGateway): Pick<ApolloGateway, 'load' | 'onSchemaLoadOrUpdate' | 'stop'> {
    return {
      load: async (options) => {
        const loaded = await inner.load(options);
        const planned = loaded.executor;
        if (!planned) return loaded;
        this.planExecutor = planned;
        const executor: GatewayExecutor = async (requestContext) => {
          const route = this.route(requestContext);
          const source = route && this.sources.get(route.service);
          if (route && source) {
            const answer = await this.fetch(route, source, requestContext);
            if (answer) return answer;
          }
          this.counts.planned++;
          return withPlannedOperationReuse(() => planned(requestContext));
        };
        return { ...loaded, executor };
      },
      onSchemaLoadOrUpdate: (callback) => inner.onSchemaLoadOrUpdate(callback),
      stop: () => inner.stop(),
    };
  }

  /**
   * The subgraph's answer, or undefined when there is none to give as it is: variables the API
   * schema refuses (refused by the plan executor, as always, without calling the subgraph), an
   * answer carrying errors, or a call that failed (both the plan executor's to report, with the
   * shape of data it gives them).
   */
  private async fetch(route: SingleFetchRoute, source: GraphQLDataSource, requestContext: RequestContext): Promise<ExecutionResult | undefined> {
    const variables = routeVariables(route, requestContext.request.variables ?? {});
    if (!variables) return undefined;
    const data = await this.singleFetchData(() =>
      source.process({
        kind: INCOMING_OPERATION,
        request: { query: route.operation, operationName: route.operationName, variables },
        incomingRequestContext: requestContext,
        context: requestContext.context,
        document: route.document,
      }),
    );
    return data && { data };
  }

  /** A routed fetch's data, counted; undefined for an answer with errors or a failed call. */
  private async singleFetchData(call: () => Promise<SubgraphResponse>): Promise<Record<string, unknown> | undefined> {
    let response: SubgraphResponse;
    try {
      response = await call();
    } catch {
      return undefined;
    }
    if (response.errors?.length || !response.data) return undefined;
    this.counts.routed++;
    return response.data;
  }

  /**
   * The direct route: a query this gateway has seen planned — as one fetch of the caller's own
   * operation from a subgraph in this process, or over subgraphs that all run in this process —
   * answered before Apollo Server's request pipeline (its query hash, parse and validation caches,
   * plugins and result formatting) with the same answer, headers and metrics it would give. Only
   * the plain case: a POST of one JSON operation (`query`, optional `operationName` and
   * `variables`, no `extensions`), asking for JSON, without the query-plan debugging header.
   * Anything else, and bad variables: undefined, and Apollo Server serves the request as before.
   * Otherwise how to answer it once the caller's context is built — which still gives undefined
   * (Apollo Server's turn) for an answer with errors or a failed call.
   */
  direct(body: unknown, headers: Record<string, string | string[] | undefined>, recorded: () => RecordedOperation): ((context: GatewayContext) => Promise<DirectAnswer | undefined>) | undefined {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const { query, operationName, variables: provided, extensions } = body as GraphQLBody;
    if (typeof query !== 'string' || extensions !== undefined) return undefined;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
    if (provided !== undefined && provided !== null && (typeof provided !== 'object' || Array.isArray(provided))) return undefined;
    const contentType = jsonContentType(headers);
    if (!contentType || headers['apollo-query-plan-experimental'] !== undefined || !isJsonBody(headers['content-type'])) return undefined;
    const route = this.routes.find(query, operationName ?? '');
    if (!route) return undefined;
    const variables = (provided ?? undefined) as Record<string, unknown> | undefined;
    const run = route.kind === 'planned' ? this.plannedData(route, { query, operationName: operationName ?? undefined, variables }) : this.singleData(route, variables ?? {});
    if (!run) return undefined;
    const recording = recorded();
    return async (context) => {
      recording.resolved(route.callerOperationName, 'query');
      const data = await run(context);
      if (!data) return undefined;
      this.counts.direct++;
      recording.answered(false);
      return directAnswer(data, contentType);
    };
  }

  /** A single-fetch query on the direct route: its in-process subgraph's data, as `fetch` would get it. */
  private singleData(route: SingleFetchRoute, provided: Record<string, unknown>): DirectRun | undefined {
    const source = this.sources.get(route.service);
    const variables = routeVariables(route, provided);
    if (!(source instanceof InProcessDataSource) || !variables) return undefined;
    return (context) => this.singleFetchData(() => source.query({ query: route.operation, operationName: route.operationName, variables }, context));
  }

  /**
   * A planned query on the direct route: Apollo's plan executor (its plan cache, variable checks,
   * fetches, merging and result shaping) given what Apollo Server would give it. Answers with
   * errors or extensions are left to Apollo Server (it runs the query again and reports them).
   */
  private plannedData(route: PlannedRoute, request: { query: string; operationName: string | undefined; variables: Record<string, unknown> | undefined }): DirectRun | undefined {
    const execute = this.planExecutor;
    if (!execute) return undefined;
    return async (context) => {
      const requestContext = {
        request: { ...request, http: { method: 'POST', url: 'https://unknown-url.invalid/', headers: new Headers() } },
        response: { http: { headers: new Headers() } },
        logger: this.logger,
        schema: route.schema,
        context,
        queryHash: route.queryHash,
        document: route.document,
        source: route.source,
        operationName: route.operationName,
        operation: route.operation,
        metrics: {},
      } as unknown as RequestContext;
      let result: ExecutionResult;
      try {
        result = await withPlannedOperationReuse(() => execute(requestContext));
      } catch {
        return undefined;
      }
      if (result.errors?.length || result.extensions || !result.data) return undefined;
      this.counts.planned++;
      return result.data;
    };
  }
}

/** How the direct route gets a query's data once the caller's context is built; undefined leaves the request to Apollo Server. */
type DirectRun = (context: GatewayContext) => Promise<Record<string, unknown> | undefined>;

/**
 * An answer as Apollo Server formats one without errors: `{"data":…}` and a newline, and its
 * cache-control plugin's header for an answer without cache hints (in-process subgraphs give
 * none).
 */
const directAnswer = (data: unknown, contentType: string): DirectAnswer => ({
  text: `${JSON.stringify({ data })}\n`,
  headers: { 'cache-control': 'no-store', 'content-type': contentType },
});

/** The caller's variables as the fetch uses them, or undefined when the API schema refuses them. */
function routeVariables(route: SingleFetchRoute, provided: Record<string, unknown>): Record<string, unknown> | undefined {
  if (route.variables.length > 0 && getVariableValues(route.schema, route.definitions, provided).errors) return undefined;
  const variables: Record<string, unknown> = Object.create(null);
  for (const name of route.variables) if (name in provided) variables[name] = provided[name];
  return variables;
}

/** The content type Apollo Server answers a single result with, for the Accept headers the direct route takes; undefined for any other. */
function jsonContentType(headers: Record<string, string | string[] | undefined>): string | undefined {
  const accept = headers.accept;
  if (accept === undefined || accept === '*/*' || accept === 'application/json') return 'application/json; charset=utf-8';
  return undefined;
}

/** A JSON body, which no browser sends across origins without a preflight (Apollo Server's CSRF rule holds). */
const isJsonBody = (contentType: string | string[] | undefined) => typeof contentType === 'string' && /^application\/json\s*(;|$)/i.test(contentType);

function routable(requestContext: RequestContext): boolean {
  if (requestContext.operation?.operation !== 'query' || typeof requestContext.source !== 'string') return false;
  // Asking for the query plan (Apollo's debugging header, outside production) needs the plan executor.
  return !requestContext.request.http?.headers.get('apollo-query-plan-experimental');
}

/** The plan's one fetch, when it is the caller's operation as it is; null otherwise. */
export function singleFetchOf(queryPlan: PlanResolved['queryPlan'], operation: OperationDefinitionNode | undefined, schema: GraphQLSchema): SingleFetchRoute | null {
  const node = queryPlan.node;
  if (!operation || node?.kind !== 'Fetch' || node.operationKind !== 'query' || node.hasDefers) return null;
  if (node.requires?.length || node.inputRewrites?.length || node.outputRewrites?.length || node.contextRewrites?.length) return null;
  // The planner keeps the fetch's text; its document only when configured to (parsed here once per query).
  const document = node.operationDocumentNode ?? parse(node.operation);
  if (document.definitions.length !== 1) return null;
  const fetched = document.definitions[0]!;
  if (fetched.kind !== Kind.OPERATION_DEFINITION || printUnnamed(fetched) !== printUnnamed(operation)) return null;
  return { kind: 'single', service: node.serviceName, operation: node.operation, operationName: node.operationName, document, variables: node.variableUsages ?? [], callerOperationName: operation.name?.value, definitions: operation.variableDefinitions ?? [], schema };
}

const printUnnamed = (operation: OperationDefinitionNode): string => print({ ...operation, name: undefined });
