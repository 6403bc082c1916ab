import type { AuthContext } from '../platform/auth/principal.js';

export interface GatewayContext {
  auth: AuthContext;
  /** Headers every subgraph call carries: Authorization, X-Merchant, X-Channel, traceparent, X-Request-Id. */
  forward: Record<string, string>;
}

const PASSED_THROUGH = ['authorization', 'traceparent', 'tracestate'] as const;

export function createGatewayContext(
  auth: AuthContext,
  headers: Record<string, string | string[] | undefined>,
  requestId?: string,
): GatewayContext {
  const forward: Record<string, string> = { 'x-merchant': auth.tenant.merchant, 'x-channel': auth.tenant.channel };
  for (const name of PASSED_THROUGH) {
    const value = headers[name];
    if (typeof value === 'string') forward[name] = value;
  }
  if (requestId) forward['x-request-id'] = requestId;
  return { auth, forward };
}
