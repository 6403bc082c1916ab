import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, type Tenant } from '../kit/platform.js';
import type { AdapterKit } from '../kit/index.js';
import { isSignedBy } from './provider-c.signature.js';
import type { ProviderCConfiguration } from './provider-c.types.js';

/**
 * A call from provider C (validation, push, event): the address must be one the adapter handed
 * out (its signed query names the tenant, order and payment; 401 when changed or expired), and
 * the request must carry the provider's signature over its exact body with the channel's shared
 * secret (401 `invalid_signature`). Anything in the body is only a hint to re-read the provider.
 */
export async function verifyProviderCall(
  kit: AdapterKit<ProviderCConfiguration>,
  request: FastifyRequest,
  options: { signedBody?: boolean } = {},
): Promise<{ tenant: Tenant; configuration: ProviderCConfiguration; query: Record<string, string | undefined> }> {
  kit.callbacks.verify(request.url);
  const query = request.query as Record<string, string | undefined>;
  if (!query.merchant || !query.channel) throw badRequest('invalid_request', 'The callback address names no tenant.');
  const tenant = { merchant: query.merchant, channel: query.channel };
  const configuration = await kit.configuration.get(tenant);
  if (options.signedBody !== false) {
    const { merchantId, sharedSecret } = configuration.apiSettings;
    if (!isSignedBy(request.headers.authorization, merchantId, sharedSecret, request.rawBody ?? '')) {
      throw new AppError(401, 'invalid_signature', 'The request is not signed by provider C for this merchant.');
    }
  }
  return { tenant, configuration, query };
}
