import { expect } from '@jest/globals';
import { rest } from '../harness/http.js';
import { orderClient } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

// Provider A's adapter configured against its sandbox in a whole system on port 0, shared by the
// adapter's own tests and its contract test against the published API.

export const PROVIDER_A = 'provider_a_checkout_adapter';
/** The shipping options the adapter offers the provider's shipping assistant (minor units, basis points). */
export const PROVIDER_A_SHIPPING_OPTIONS = [
  { id: 'post', name: 'Post', description: 'Delivered in 2–3 days', price: 4900, taxAmount: 980, taxRate: 2500, preselected: true, shippingMethod: 'PostalService' },
  { id: 'express', name: 'Express', price: 9900, taxAmount: 1980, taxRate: 2500, shippingMethod: 'Express' },
];

export interface ProviderASetup {
  system: TestSystem;
  adapterUrl: string;
  sandboxUrl: string;
  admin: Awaited<ReturnType<typeof orderClient>>;
  tokens: Record<'storefront' | 'admin', string>;
  /** The sandbox's API, no auth (its `/api/sandbox` paths). */
  sandbox(method: string, path: string, body?: unknown): ReturnType<typeof rest>;
  /** The adapter with a platform token of `role` for the tenant. */
  adapter(method: string, path: string, role?: 'storefront' | 'admin', body?: unknown): ReturnType<typeof rest>;
  /** The push's delay and retry delay at the sandbox (its default, two minutes, is the real provider's). */
  setPushDelay(pushDelayMs: number): ReturnType<typeof rest>;
}

/** A started system with provider A configured for `tenant` (redirect addresses on shop.example, shipping by the provider, recurring on). */
export async function startProviderA(tenant: { merchant: string; channel: string }): Promise<ProviderASetup> {
  const system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  const adapterUrl = system.urls[PROVIDER_A]!;
  const sandboxUrl = system.urls.provider_a_sandbox!;
  const admin = await orderClient(system, tenant, 'admin');
  const tokens = {} as Record<'storefront' | 'admin', string>;
  for (const role of ['storefront', 'admin'] as const) tokens[role] = await system.token({ merchant: tenant.merchant, channels: ['*'], role });
  const configured = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/${PROVIDER_A}`, {
    token: tokens.admin,
    ...tenant,
    body: {
      $schema: `${adapterUrl}/openapi/v1/schemas/${PROVIDER_A}.json`,
      id: PROVIDER_A,
      active: true,
      adapter: { publicUrl: adapterUrl },
      apiSettings: { apiUrl: sandboxUrl, username: 'merchant-a', password: 'provider-a-secret' },
      redirectUrls: {
        termsUrl: 'https://shop.example/terms',
        checkoutUrl: 'https://shop.example/{merchant}/{channel}/checkout/{orderId}',
        confirmationUrl: 'https://shop.example/{merchant}/{channel}/thanks/{orderId}',
        validationErrorUrl: 'https://shop.example/checkout/{orderId}?error=validation',
      },
      shippingCountries: ['NO', 'SE'],
      shippingOptions: PROVIDER_A_SHIPPING_OPTIONS,
      providesShipping: true,
      recurringEnabled: true,
    },
  });
  expect(configured.status).toBe(201);
  const sandbox = (method: string, path: string, body?: unknown) => rest(sandboxUrl, method, path, body === undefined ? {} : { body });
  return {
    system,
    adapterUrl,
    sandboxUrl,
    admin,
    tokens,
    sandbox,
    adapter: (method, path, role = 'storefront', body) => rest(adapterUrl, method, path, { token: tokens[role], ...tenant, ...(body === undefined ? {} : { body }) }),
    setPushDelay: (pushDelayMs) => sandbox('PUT', '/api/sandbox/settings', { pushDelayMs, pushRetryDelayMs: 50 }),
  };
}
