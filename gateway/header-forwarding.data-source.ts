import { STATUS_CODES } from 'node:http';
import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { GraphQLError } from 'graphql';
import { assertBeforeDeadline } from '../platform/graphql/request-bounds.plugin.js';
import { withClientSpan } from '../platform/telemetry/outbound.js';
import type { GatewayContext } from './gateway.context.js';
import { copyResponse, InFlightRequests, mergeKey, type SubgraphResponse } from './in-flight-requests.merge.js';
import { postToSubgraph, type SubgraphHttpAnswer } from './subgraph.fetcher.js';

/**
 * Sends each subgraph call over HTTP with the caller's credentials and tenant, and the trace
 * context: what Apollo's `RemoteGraphQLDataSource` does for a subgraph (a JSON POST, JSON back,
 * `<status>: <text>` errors for non-2xx answers, the answer's Cache-Control restricting the
 * request's cache policy), built on plain objects — none of the node-fetch `Headers` and
 * `Request` it made per call.
 */
export class HeaderForwardingDataSource implements GraphQLDataSource<GatewayContext> {
  /** Identical reads in flight share one HTTP call (see in-flight-requests.merge.ts). */
  readonly inFlight = new InFlightRequests<SubgraphResponse>(copyResponse);

  constructor(
    private readonly subgraphName: string,
    readonly url: string,
  ) {}

  process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<SubgraphResponse> {
    assertBeforeDeadline((options.context as Partial<GatewayContext>).deadline);
    // A client span per subgraph fetch, whose context the call carries (traceparent, request id).
    // A call merged into one in flight waits inside its own span; the HTTP call carries the first caller's trace.
    return withClientSpan({ name: `subgraph ${this.subgraphName}`, method: 'POST', url: this.url, attributes: { 'graphql.operation.name': options.request.operationName } }, (traceHeaders) =>
      this.inFlight.run(mergeKey(this.subgraphName, options), () => this.send(options, traceHeaders)),
    );
  }

  private async send(options: GraphQLDataSourceProcessOptions<GatewayContext>, traceHeaders: Record<string, string>): Promise<SubgraphResponse> {
    const { request } = options;
    // Health checks and schema loads run without a request context.
    const { forward, deadline } = options.context as Partial<GatewayContext>;
    assertBeforeDeadline(deadline);
    if (!request.query) throw new Error('Missing query');
    const headers: Record<string, string> = {};
    for (const [name, value] of request.http?.headers ?? []) headers[name] = value;
    headers['content-type'] = 'application/json';
    if (forward) Object.assign(headers, forward, traceHeaders);
    const { http: _http, query, ...rest } = request;
    const answer = await postToSubgraph(this.url, headers, JSON.stringify({ query, ...rest }));
    const body = parseBody(answer);
    if (answer.status < 200 || answer.status > 299) throw errorOf(this.url, answer, body);
    if (typeof body !== 'object' || body === null) throw new Error(`Expected JSON response body, but received: ${body}`);
    const policy = 'incomingRequestContext' in options ? options.incomingRequestContext.overallCachePolicy : undefined;
    if (policy && 'restrict' in policy) policy.restrict(cacheHintOf(answer.cacheControl));
    return body as SubgraphResponse;
  }
}

function parseBody(answer: SubgraphHttpAnswer): unknown {
  const type = answer.contentType;
  return type && (type.startsWith('application/json') || type.startsWith('application/graphql-response+json')) ? JSON.parse(answer.text) : answer.text;
}

/** A non-2xx answer, as Apollo's data source reports it (the gateway shows it as the subgraph's error). */
function errorOf(url: string, answer: SubgraphHttpAnswer, body: unknown): GraphQLError {
  const statusText = STATUS_CODES[answer.status] ?? '';
  const code = answer.status === 401 ? { code: 'UNAUTHENTICATED' } : answer.status === 403 ? { code: 'FORBIDDEN' } : {};
  return new GraphQLError(`${answer.status}: ${statusText}`, { extensions: { response: { url, status: answer.status, statusText, body }, ...code } });
}

interface CacheHint {
  maxAge: number;
  scope?: 'PUBLIC' | 'PRIVATE';
}

/** The cache hint of a subgraph's Cache-Control header: max-age, private/public; none means not cacheable. */
function cacheHintOf(header: string | undefined): CacheHint {
  const hint: CacheHint = { maxAge: 0 };
  for (const part of header?.trim().split(/\s*,\s*/) ?? []) {
    const [key, quoted] = part.split(/\s*=\s*/, 2);
    const value = quoted?.replace(/^"|"$/g, '');
    if (key === 'max-age' && value !== undefined && /^[0-9]+$/.test(value)) hint.maxAge = Number(value);
    else if (key === 'private' && value === undefined) hint.scope = 'PRIVATE';
    else if (key === 'public' && value === undefined) hint.scope = 'PUBLIC';
  }
  return hint;
}
