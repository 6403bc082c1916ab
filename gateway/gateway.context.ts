import { pickTraceHeaders } from '../platform/http/trace-headers.js';
import type { AuthContext } from '../platform/auth/principal.js';

export interface GatewayContext {
  auth: AuthContext;
  /** Headers every subgraph call carries: Authorization, X-Merchant, X-Channel, traceparent, X-Request-Id. */
  forward: Record<string, string>;
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
  return { auth, forward, ...(deadline === undefined ? {} : { deadline }) };
}
