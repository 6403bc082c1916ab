import { rest, type CallOptions } from './http.js';
import type { TestSystem } from './test-system.js';

/** A caller of the order REST shims: one tenant, one role, optionally an adapter id. */
export async function orderClient(system: TestSystem, tenant: { merchant: string; channel: string }, role: 'storefront' | 'adapter' | 'admin' | 'service' = 'admin', adapterId?: string) {
  const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role, ...(adapterId ? { adapterId } : {}) });
  const options: CallOptions = { token, ...tenant };
  const base = system.urls.order!;
  return {
    token,
    call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      rest(base, method, `/api/v0/checkout/orders${path}`, { ...options, ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) }),
    events: (orderId: string) => rest(system.urls.notifications!, 'GET', `/api/v1/events?orderId=${encodeURIComponent(orderId)}`, options),
  };
}

/** A two-item order of 249.9, as the commerce adapter would create it. */
export const sampleOrder = (overrides: Record<string, unknown> = {}) => ({
  currency: 'NOK',
  culture: 'nb-NO',
  country: 'NO',
  cart: {
    reference: 'basket-1',
    items: [
      { id: 'item-1', sku: 'SKU-1', name: 'Shoes', quantity: 2, unitPrice: 99.95 },
      { id: 'item-2', sku: 'SKU-2', name: 'Socks', quantity: 1, unitPrice: 50 },
    ],
    total: { includingVat: 249.9, excludingVat: 199.92 },
  },
  ...overrides,
});

/**
 * Polls until `check` returns a value (or times out): for effects that happen after commit. The
 * default deadline is generous (CI is a loaded machine); it costs nothing when the condition holds.
 */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
