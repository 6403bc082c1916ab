import { pickTraceHeaders, TRACE_HEADERS } from '../platform/http/trace-headers.js';
import type { AuthContext } from '../platform/auth/principal.js';

export interface GatewayContext {
  auth: AuthContext;
  /** Headers every subgraph call carries: Authorization, X-Merchant, X-Channel, traceparent, X-Request-Id. */
  forward: Record<string, string>;
  /**
   * Who is asking, as identical subgraph reads in flight are told apart (gateway/in-flight-requests.merge.ts):
   * principal, tenant and the forwarded headers other than the trace ones. Built once per request.
   */
  caller: string;
  /** When the request's answer is due (ms since the epoch): no subgraph is called after it. */
  deadline?: number;
}

export function createGatewayContext(
  auth: AuthContext,
  headers: Record<string, string | string[] | undefined>,
  requestId?: string,
  deadline?: number,
): GatewayContext {
  const forward: Record<string, string> = { 'x-merchant': auth.tenant.merchant, 'x-channel': auth.tenant.channel, ...pickTraceHeaders(headers) };
  if (typeof headers.authorization === 'string') forward.authorization = headers.authorization;
  if (requestId) forward['x-request-id'] = requestId;
  return { auth, forward, caller: callerIdentity(auth, forward), ...(deadline === undefined ? {} : { deadline }) };
}

const traceHeaders: ReadonlySet<string> = new Set(TRACE_HEADERS);

/** A text and its length: self-delimiting, so parts written one after another cannot run into each other. */
const part = (text: string) => `${text.length}:${text}`;

/** The caller's identity: principal (JSON), tenant, and the forwarded headers other than the trace ones, in name order. */
function callerIdentity({ principal, tenant }: AuthContext, forward: Record<string, string>): string {
  let identity = JSON.stringify(principal) + part(tenant.merchant) + part(tenant.channel);
  for (const name of Object.keys(forward).sort()) if (!traceHeaders.has(name)) identity += part(name) + part(forward[name]!);
  return identity;
}
