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

/**
 * A payment reserved at a provider for the whole of `sampleOrder`'s total: what an order needs
 * before it may be accepted or completed (docs/order-engine.md, "Paid before accepted").
 */
export const heldPayment = (overrides: Record<string, unknown> = {}) => ({ id: 'held', adapterId: 'held_psp_adapter', type: 'checkout', state: 'reserved', amount: 249.9, ...overrides });

/**
 * Pays an existing order in full as a card provider would: a payment for `amount`, then
 * authorized (reserved), through the order service's payment paths with the given client (an
 * admin's): so the order may be accepted and completed (docs/order-engine.md, "Paid before accepted").
 */
export async function payInFull(client: Awaited<ReturnType<typeof orderClient>>, orderId: string, amount: number, adapterId = 'held_psp_adapter'): Promise<string> {
  const added = await client.call('POST', `/${encodeURIComponent(orderId)}/payments`, { adapterId, type: 'checkout', amount });
  if (added.status !== 201) throw new Error(`payment: ${added.status} ${JSON.stringify(added.body)}`);
  const reserved = await client.call('PUT', `/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(added.body.id as string)}`, { state: 'reserved' });
  if (reserved.status !== 200) throw new Error(`reserve: ${reserved.status} ${JSON.stringify(reserved.body)}`);
  return added.body.id as string;
}
