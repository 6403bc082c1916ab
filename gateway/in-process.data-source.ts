import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { graphql, type GraphQLFormattedError } from 'graphql';
import { formatGraphQLError } from '../platform/graphql/graphql-errors.js';
import type { LocalSubgraph } from '../platform/graphql/subgraph.server.js';
import { assertBeforeDeadline } from '../platform/graphql/request-bounds.plugin.js';
import type { GatewayContext } from './gateway.context.js';
import { withClientSpan } from '../platform/telemetry/outbound.js';

/**
 * Runs a subgraph that lives in the gateway's own process without an HTTP hop: same schema,
 * same per-request context (built from the gateway's verified caller), same error formatting.
 */
export class InProcessDataSource implements GraphQLDataSource<GatewayContext> {
  constructor(
    private readonly subgraph: LocalSubgraph,
    private readonly subgraphName = 'in-process',
  ) {}

  /** A span per subgraph call, as over HTTP, so a trace shows the same hops either way. */
  process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    return withClientSpan({ name: `subgraph ${this.subgraphName}`, attributes: { 'graphql.operation.name': options.request.operationName, 'checkout.in_process': true } }, () => this.run(options));
  }

  private async run({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const gatewayContext = context as Partial<GatewayContext>;
    if (!gatewayContext.auth) throw new Error('An in-process subgraph call needs the caller of the gateway request.');
    assertBeforeDeadline(gatewayContext.deadline);
    const result = await graphql({
      schema: this.subgraph.schema,
      source: request.query ?? '',
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: this.subgraph.context(gatewayContext.auth, gatewayContext.forward ?? {}),
    });
    const errors: GraphQLFormattedError[] | undefined = result.errors?.map((error) => formatGraphQLError(error.toJSON(), error));
    return { ...(result.data === undefined ? {} : { data: result.data as Record<string, unknown> | null }), ...(errors ? { errors } : {}) };
  }
}
