import type { Tenant } from '../auth/principal.js';
import { issueToken } from '../auth/token-issuer.js';
import type { ResolvedAuthConfig } from '../auth/token-verifier.service.js';

const LIFETIME_S = 600;

/**
 * Tokens the order service sends to adapters (hooks, validations, notifications): role
 * `service`, scoped to the order's merchant and channel. Cached per tenant until half-life.
 */
export class ServiceTokenIssuer {
  private readonly cache = new Map<string, { token: string; renewAt: number }>();

  constructor(private readonly auth: ResolvedAuthConfig) {}

  async tokenFor(tenant: Tenant): Promise<string> {
    const key = `${tenant.merchant}\u0000${tenant.channel}`;
    const cached = this.cache.get(key);
    if (cached && cached.renewAt > Date.now()) return cached.token;
    const token = await issueToken(
      { merchant: tenant.merchant, channels: [tenant.channel], role: 'service' },
      { secret: this.auth.secret, issuer: this.auth.issuer, audience: this.auth.audience, expiresIn: `${LIFETIME_S}s`, subject: 'service:order' },
    );
    this.cache.set(key, { token, renewAt: Date.now() + (LIFETIME_S / 2) * 1000 });
    return token;
  }

  /** The three headers of every call to an adapter. */
  async headersFor(tenant: Tenant): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await this.tokenFor(tenant)}`,
      'x-merchant': tenant.merchant,
      'x-channel': tenant.channel,
    };
  }
}
