import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { assertBeforeDeadline } from '../platform/graphql/request-bounds.plugin.js';
import type { GatewayContext } from './gateway.context.js';

/** Sends each subgraph call with the caller's credentials and tenant, and the trace context. */
export class HeaderForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = request.http?.headers;
    // Health checks and schema loads run without a request context.
    const { forward, deadline } = context as Partial<GatewayContext>;
    assertBeforeDeadline(deadline);
    if (!headers || !forward) return;
    for (const [name, value] of Object.entries(forward)) headers.set(name, value);
  }
}
