import { rest, type CallOptions } from '../harness/http.js';
import type { TestSystem } from '../harness/test-system.js';

export type Role = 'storefront' | 'adapter' | 'admin' | 'service';

/** A caller of the payment API (port 4002): one tenant, one role, optionally an adapter id. */
export async function paymentClient(system: TestSystem, tenant: { merchant: string; channel: string }, role: Role = 'adapter', adapterId?: string) {
  const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role, ...(adapterId ? { adapterId } : {}) });
  const options: CallOptions = { token, ...tenant };
  const base = system.urls.payment!;
  return {
    token,
    call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      rest(base, method, `/api/v0/payments${path}`, { ...options, ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) }),
    raw: (method: string, path: string, rawBody: string) => rest(base, method, `/api/v0/payments${path}`, { ...options, rawBody }),
  };
}

/** The spec's create body for an order of 249.9 NOK. */
export const createBody = (tenant: { merchant: string; channel: string }, orderId: string, overrides: Record<string, unknown> = {}) => ({
  adapterId: 'provider_d_dropin_adapter',
  name: 'Card',
  merchant: tenant.merchant,
  channel: tenant.channel,
  currency: 'NOK',
  type: 'checkout',
  orderId,
  amount: 249.9,
  state: 'intent',
  ...overrides,
});

/** A transaction as an adapter logs it after calling the provider. */
export const transactionBody = (overrides: Record<string, unknown> = {}) => ({
  event: 'open',
  pspEvent: 'create',
  amount: 249.9,
  isSuccess: true,
  pspStatus: 'Received',
  requestJson: { amount: { currency: 'NOK', value: 24990 }, reference: 'order-1' },
  responseJson: { pspReference: 'PSP-1', resultCode: 'Received' },
  ...overrides,
});
