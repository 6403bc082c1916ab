import type { ApolloGateway, GatewayConfig, GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { Kind, parse, print, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';

type PlanResolved = Parameters<NonNullable<GatewayConfig['experimental_didResolveQueryPlan']>>[0];
type RequestContext = PlanResolved['requestContext'];
type Loaded = Awaited<ReturnType<ApolloGateway['load']>>;
type GatewayExecutor = NonNullable<Loaded['executor']>;
type ExecutionResult = Awaited<ReturnType<GatewayExecutor>>;
type IncomingOperation = Extract<GraphQLDataSourceProcessOptions, { incomingRequestContext: unknown }>;
/** `GraphQLDataSourceRequestKind.INCOMING_OPERATION`, which the package does not export. */
const INCOMING_OPERATION = 'incoming operation' as IncomingOperation['kind'];

/** A query whose plan is one fetch from one subgraph, of the caller's own operation. */
export interface SingleFetchRoute {
  service: string;
  operation: string;
  operationName: string | undefined;
  document: DocumentNode | undefined;
  variables: readonly string[];
}

/**
 * Queries the gateway can hand to one subgraph as they are. When a query's plan is a single fetch
 * whose operation is the caller's own operation (same selections, aliases, variables and
 * directives; only the name differs), the subgraph's answer is already the gateway's answer: the
 * plan adds nothing to merge and result shaping has nothing to drop, rename or reorder. Such a
 * query (known by its text's hash and operation name, learnt from the plan the first time it
 * runs) then skips plan execution and shaping; everything else, and any answer carrying errors,
 * goes through Apollo's executor as before. Bounded: the oldest query goes first.
 */
export class SingleFetchRoutes {
  private readonly routes = new Map<string, SingleFetchRoute | null>();
  /** Queries answered by a single fetch, and queries that went through the plan executor. */
  readonly counts = { routed: 0, planned: 0 };

  constructor(private readonly max = 1_000) {}

  /** `experimental_didResolveQueryPlan`: what the plan of this query allows, remembered. */
  learn({ queryPlan, requestContext }: Pick<PlanResolved, 'queryPlan' | 'requestContext'>): void {
    const key = routeKey(requestContext);
    if (key === undefined || this.routes.has(key)) return;
    if (this.routes.size >= this.max) this.routes.delete(this.routes.keys().next().value!);
    this.routes.set(key, singleFetchOf(queryPlan, requestContext.operation));
  }

  route(requestContext: RequestContext): SingleFetchRoute | undefined {
    const key = routeKey(requestContext);
    return key === undefined ? undefined : (this.routes.get(key) ?? undefined);
  }

  /** A new supergraph makes new plans. */
  clear(): void {
    this.routes.clear();
  }

  /**
   * The gateway as Apollo Server sees it: Apollo's, with an executor that answers routed queries
   * through the subgraph's data source (the same call the plan would make: the caller's context,
   * its variables as the operation uses them) and the rest through Apollo's executor.
   */
  gateway(inner: ApolloGateway, sources: ReadonlyMap<string, GraphQLDataSource>): Pick<ApolloGateway, 'load' | 'onSchemaLoadOrUpdate' | 'stop'> {
    return {
      load: async (options) => {
        const loaded = await inner.load(options);
        const planned = loaded.executor;
        if (!planned) return loaded;
        const executor: GatewayExecutor = async (requestContext) => {
          const route = this.route(requestContext);
          const source = route && sources.get(route.service);
          if (route && source) {
            const answer = await this.fetch(route, source, requestContext);
            if (answer) return answer;
          }
          this.counts.planned++;
          return planned(requestContext);
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
    const provided = requestContext.request.variables ?? {};
    if (route.variables.length > 0 && getVariableValues(requestContext.schema, requestContext.operation.variableDefinitions ?? [], provided).errors) return undefined;
    const variables: Record<string, unknown> = Object.create(null);
    for (const name of route.variables) if (name in provided) variables[name] = provided[name];
    let response: Awaited<ReturnType<GraphQLDataSource['process']>>;
    try {
      response = await source.process({
        kind: INCOMING_OPERATION,
        request: { query: route.operation, operationName: route.operationName, variables },
        incomingRequestContext: requestContext,
        context: requestContext.context,
        document: route.document,
      });
    } catch {
      return undefined;
    }
    if (response.errors?.length || !response.data) return undefined;
    this.counts.routed++;
    return { data: response.data };
  }
}

function routeKey(requestContext: RequestContext): string | undefined {
  if (requestContext.operation?.operation !== 'query' || !requestContext.queryHash) return undefined;
  // Asking for the query plan (Apollo's debugging header, outside production) needs the plan executor.
  if (requestContext.request.http?.headers.get('apollo-query-plan-experimental')) return undefined;
  return `${requestContext.queryHash}\n${requestContext.request.operationName ?? ''}`;
}

/** The plan's one fetch, when it is the caller's operation as it is; null otherwise. */
export function singleFetchOf(queryPlan: PlanResolved['queryPlan'], operation: OperationDefinitionNode | undefined): SingleFetchRoute | null {
  const node = queryPlan.node;
  if (!operation || node?.kind !== 'Fetch' || node.operationKind !== 'query' || node.hasDefers) return null;
  if (node.requires?.length || node.inputRewrites?.length || node.outputRewrites?.length || node.contextRewrites?.length) return null;
  // The planner keeps the fetch's text; its document only when configured to (parsed here once per query).
  const document = node.operationDocumentNode ?? parse(node.operation);
  if (document.definitions.length !== 1) return null;
  const fetched = document.definitions[0]!;
  if (fetched.kind !== Kind.OPERATION_DEFINITION || printUnnamed(fetched) !== printUnnamed(operation)) return null;
  return { service: node.serviceName, operation: node.operation, operationName: node.operationName, document, variables: node.variableUsages ?? [] };
}

const printUnnamed = (operation: OperationDefinitionNode): string => print({ ...operation, name: undefined });
