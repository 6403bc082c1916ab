// How the adapter subgraph reaches adapters and the order service: as the caller, at the paths the adapters' manifests give.
import type { Tenant } from '../../platform/auth/principal.js';
import { callJson } from '../../platform/http-client/http-client.js';
import type { OrderDocument } from '../../contracts/order.types.js';
import type { AdapterRegistry, StorefrontAction } from './adapter.registry.js';
import { fillRoute } from './adapter.registry.js';

/** The caller as adapters must see it: its own token and tenant are passed on. */
export interface Caller {
  tenant: Tenant;
  headers: Record<string, string>;
}

/** One call to an adapter, as the caller, at the path its manifest gives for the action. */
export async function callAction<T = unknown>(registry: AdapterRegistry, caller: Caller, adapterId: string, action: StorefrontAction, what: string, params: Record<string, string>, method: string, body?: unknown): Promise<T> {
  const { baseUrl, template } = await registry.route(adapterId, action, what);
  return callJson<T>(`${baseUrl}${fillRoute(template, params)}`, { method, headers: caller.headers, ...(body === undefined ? {} : { body }) });
}

/** The order as the caller may read it (another order than a checkout token's, or an unknown one, is ORDER_NOT_FOUND). */
export const readOrder = (orderUrl: string, caller: Caller, orderId: string): Promise<OrderDocument> =>
  callJson<OrderDocument>(`${orderUrl}/api/v0/checkout/orders/${encodeURIComponent(orderId)}`, { headers: caller.headers });

