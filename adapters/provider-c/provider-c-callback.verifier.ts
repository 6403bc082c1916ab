import type { FastifyRequest } from 'fastify';
import { badRequest, type Tenant } from '../kit/platform.js';
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
  kit.callbacks.verify(request.url);
  const query = request.query as Record<string, string | undefined>;
  if (!query.merchant || !query.channel) throw badRequest('invalid_request', 'The callback address names no tenant.');
  const tenant = { merchant: query.merchant, channel: query.channel };
  const configuration = await kit.configuration.get(tenant);
  return { tenant, configuration, query };
}
