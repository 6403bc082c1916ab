import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { trace } from '@opentelemetry/api';
import { execute, type GraphQLFormattedError } from 'graphql';
import { formatGraphQLError } from '../platform/graphql/graphql-errors.js';
import type { LocalSubgraph } from '../platform/graphql/subgraph.server.js';
import { assertBeforeDeadline } from '../platform/graphql/request-bounds.plugin.js';
import type { GatewayContext } from './gateway.context.js';
import { withClientSpan } from '../platform/telemetry/outbound.js';
import { copyResponse, InFlightRequests, queryMergeKey, servesIncomingQuery, type SubgraphResponse } from './in-flight-requests.merge.js';
import { SubgraphDocumentCache } from './subgraph-document.cache.js';

/**
 * Runs a subgraph that lives in the gateway's own process without an HTTP hop: same schema,
 * same per-request context (built from the gateway's verified caller), same error formatting.
 * Each distinct operation is parsed and validated once; identical reads in flight share one run.
 */
export class InProcessDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly documents: SubgraphDocumentCache;
  readonly inFlight = new InFlightRequests<SubgraphResponse>(copyResponse);

  constructor(
    private readonly subgraph: LocalSubgraph,
    private readonly subgraphName = 'in-process',
  ) {
    this.documents = new SubgraphDocumentCache(subgraph.schema);
  }

  /**
   * A span per subgraph call, as over HTTP, so a trace shows the same hops either way — when the
   * request's span is recorded; when it is not (no exporter), nobody would see this one either.
   */
  process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    return this.traced(options.request.operationName, () => this.run(options.request, options.context as Partial<GatewayContext>, servesIncomingQuery(options)));
  }

  /** A fetch of an incoming query, called by the gateway's direct route (no plan, no Apollo request context). */
  query(request: SubgraphRequest, context: GatewayContext): Promise<SubgraphResponse> {
    return this.traced(request.operationName, () => this.run(request, context, true));
  }

  private traced(operationName: string | undefined, call: () => Promise<SubgraphResponse>): Promise<SubgraphResponse> {
    if (!trace.getActiveSpan()?.isRecording()) return call();
    return withClientSpan({ name: `subgraph ${this.subgraphName}`, attributes: { 'graphql.operation.name': operationName, 'checkout.in_process': true }, propagate: false }, call);
  }

  private async run(request: SubgraphRequest, gatewayContext: Partial<GatewayContext>, mergeable: boolean): Promise<SubgraphResponse> {
    if (!gatewayContext.auth) throw new Error('An in-process subgraph call needs the caller of the gateway request.');
    const auth = gatewayContext.auth;
    assertBeforeDeadline(gatewayContext.deadline);
    const prepared = this.documents.get(request.query ?? '', request.operationName);
    if (prepared.errors) return { errors: prepared.errors.map((error) => formatGraphQLError(error.toJSON(), error)) };
    const key = mergeable && prepared.type === 'query' ? queryMergeKey(this.subgraphName, gatewayContext.caller, request, prepared.id) : undefined;
    return this.inFlight.run(key, async () => {
      const result = await execute({
        schema: this.subgraph.schema,
        document: prepared.document,
        variableValues: request.variables,
        operationName: request.operationName,
        contextValue: this.subgraph.context(auth, gatewayContext.forward ?? {}),
      });
      const errors: GraphQLFormattedError[] | undefined = result.errors?.map((error) => formatGraphQLError(error.toJSON(), error));
      return { ...(result.data === undefined ? {} : { data: result.data as Record<string, unknown> | null }), ...(errors ? { errors } : {}) };
    });
  }
}

type SubgraphRequest = GraphQLDataSourceProcessOptions['request'];
