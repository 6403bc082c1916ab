import { issueToken } from '../../platform/auth/token-issuer.js';
import type { Tenant } from '../../platform/auth/principal.js';
import type { ResolvedAuthConfig } from '../../platform/auth/token-verifier.service.js';

/**
 * The adapter's own credentials towards the platform: a short-lived `adapter` token for the
 * tenant it acts in, carrying its adapter id (so the order engine skips its own hooks).
 * Signed with the platform's HS256 secret; cached per tenant until half-life.
 */
export class AdapterIdentity {
  private readonly cache = new Map<string, { token: string; renewAt: number }>();

  constructor(
    readonly adapterId: string,
    private readonly auth: ResolvedAuthConfig,
  ) {}

  async headersFor(tenant: Tenant): Promise<Record<string, string>> {
    const key = `${tenant.merchant}\u0000${tenant.channel}`;
    let cached = this.cache.get(key);
    if (!cached || cached.renewAt <= Date.now()) {
      const token = await issueToken(
        { merchant: tenant.merchant, channels: [tenant.channel], role: 'adapter', adapterId: this.adapterId },
        { secret: this.auth.secret, issuer: this.auth.issuer, audience: this.auth.audience, expiresIn: 600 },
      );
      cached = { token, renewAt: Date.now() + 300_000 };
      this.cache.set(key, cached);
    }
    return { authorization: `Bearer ${cached.token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel };
  }
}
