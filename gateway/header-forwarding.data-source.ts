import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { assertBeforeDeadline } from '../platform/graphql/request-bounds.plugin.js';
import { outboundTraceHeaders, withClientSpan } from '../platform/telemetry/outbound.js';
import type { GatewayContext } from './gateway.context.js';
import { copyResponse, InFlightRequests, mergeKey, type SubgraphResponse } from './in-flight-requests.merge.js';
import { subgraphFetcher } from './subgraph.fetcher.js';

/** Sends each subgraph call with the caller's credentials and tenant, and the trace context. */
export class HeaderForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  /** Identical reads in flight share one HTTP call (see in-flight-requests.merge.ts). */
  readonly inFlight = new InFlightRequests<SubgraphResponse>(copyResponse);

  constructor(private readonly subgraphName: string, url: string) {
    super({ url, fetcher: subgraphFetcher });
  }

  override process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    assertBeforeDeadline((options.context as Partial<GatewayContext>).deadline);
    // A client span per subgraph fetch; willSendRequest runs inside it and sends its traceparent.
    // A call merged into one in flight waits inside its own span; the HTTP call carries the first caller's trace.
    return withClientSpan({ name: `subgraph ${this.subgraphName}`, method: 'POST', url: this.url ?? '', attributes: { 'graphql.operation.name': options.request.operationName } }, () =>
      this.inFlight.run(mergeKey(this.subgraphName, options), () => super.process(options)),
    );
  }

  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = request.http?.headers;
    // Health checks and schema loads run without a request context.
    const { forward, deadline } = context as Partial<GatewayContext>;
    assertBeforeDeadline(deadline);
    if (!headers || !forward) return;
    for (const [name, value] of Object.entries({ ...forward, ...outboundTraceHeaders() })) headers.set(name, value);
  }
}
