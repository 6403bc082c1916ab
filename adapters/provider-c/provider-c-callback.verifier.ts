import type { FastifyRequest } from 'fastify';
import type { Tenant } from '../kit/platform.js';
import type { AdapterKit } from '../kit/index.js';
import type { ProviderCConfiguration } from './provider-c.types.js';

/**
 * A call from provider C (validation, push, event) or the shopper's return: the address must be
 * one the adapter handed out (its signed query names the tenant, order and payment; 401 when
 * changed or expired). Qliro One's notifications carry no signature or credentials (published:
 * the merchant supplies addresses that authenticate themselves), so the signed address is the
 * proof. Anything in the body is only a hint to re-read the provider.
 */
export async function verifyProviderCall(
  kit: AdapterKit<ProviderCConfiguration>,
  request: FastifyRequest,
): Promise<{ tenant: Tenant; configuration: ProviderCConfiguration; query: Record<string, string | undefined> }> {
  const { tenant, query } = kit.callbacks.tenantOf(request.url);
  const configuration = await kit.configuration.get(tenant);
  return { tenant, configuration, query };
}
