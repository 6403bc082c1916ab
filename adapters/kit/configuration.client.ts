import type { Tenant } from '../../platform/auth/principal.js';
import { badRequest } from '../../platform/errors/app-error.js';
import type { AdapterIdentity } from './adapter-identity.js';
import { enc } from './order-service.client.js';
import { PlatformCallError, callJson } from './platform-call.js';

/** The spec's message when a channel has no configuration for the adapter. */
export const CONFIGURATION_MISSING = 'Configuration is missing for this channel.';

/**
 * Reads the adapter's configuration in a channel (secrets in clear: the adapter reads its own),
 * cached briefly so a burst of calls costs one read. Missing → 400 `configuration_missing`.
 */
export class ConfigurationClient<T = Record<string, unknown>> {
  private readonly cache = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly baseUrl: string,
    private readonly identity: AdapterIdentity,
    private readonly ttlMs = 30_000,
  ) {}

  async get(tenant: Tenant): Promise<T> {
    const key = `${tenant.merchant}\u0000${tenant.channel}`;
    const cached = this.cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.value;
    let value: T & { active?: boolean };
    try {
      value = await callJson<T & { active?: boolean }>(
        `${this.baseUrl}/merchants/${enc(tenant.merchant)}/channels/${enc(tenant.channel)}/configurations/${enc(this.identity.adapterId)}`,
        { headers: await this.identity.headersFor(tenant) },
      );
    } catch (error) {
      if (error instanceof PlatformCallError && error.httpStatus === 404) throw badRequest('configuration_missing', CONFIGURATION_MISSING);
      throw error;
    }
    if (value.active === false) throw badRequest('configuration_missing', CONFIGURATION_MISSING);
    this.cache.set(key, { value, expires: Date.now() + this.ttlMs });
    return value;
  }

  /** Forgets the cached configurations (after a PUT, in tests). */
  clear(): void {
    this.cache.clear();
  }
}
