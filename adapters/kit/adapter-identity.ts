import type { Tenant } from '../../platform/auth/principal.js';
import type { ClientCredentials } from '../../platform/env/env.config.js';
import { AppError } from '../../platform/errors/app-error.js';
import { callJson, PlatformCallError } from './platform-call.js';

interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
}

/** A token is renewed when less than this is left of it, so none expires on its way. */
const RENEW_BEFORE_MS = 60_000;

/**
 * The adapter's own identity towards the platform: its client credentials (issued by the
 * platform, never the platform's secret) exchanged at the token endpoint for a short-lived
 * `adapter` token per tenant, cached and renewed before it expires. See docs/auth.md.
 */
export class AdapterIdentity {
  private readonly cache = new Map<string, { token: string; renewAt: number }>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    readonly adapterId: string,
    /** The platform's token endpoint (`POST {configuration}/api/v1/auth/token`). */
    private readonly tokenUrl: string,
    private readonly credentials: ClientCredentials | undefined,
  ) {}

  async headersFor(tenant: Tenant): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await this.tokenFor(tenant)}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel };
  }

  private tokenFor(tenant: Tenant): Promise<string> {
    const key = `${tenant.merchant}\u0000${tenant.channel}`;
    const cached = this.cache.get(key);
    if (cached && cached.renewAt > Date.now()) return Promise.resolve(cached.token);
    // One request per tenant at a time: concurrent calls share it.
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.obtain(tenant)
        .then(({ token, expiresInS }) => {
          this.cache.set(key, { token, renewAt: Date.now() + Math.max(expiresInS * 1000 - RENEW_BEFORE_MS, (expiresInS * 1000) / 2) });
          return token;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async obtain(tenant: Tenant): Promise<{ token: string; expiresInS: number }> {
    if (!this.credentials) {
      throw new AppError(502, 'adapter_credentials_missing', `Adapter ${this.adapterId} has no client credentials: the platform issues them (npm run --silent credentials -- --adapter ${this.adapterId}).`);
    }
    try {
      const answer = await callJson<TokenAnswer>(this.tokenUrl, {
        method: 'POST',
        body: { grant_type: 'client_credentials', client_id: this.credentials.clientId, client_secret: this.credentials.clientSecret, merchant: tenant.merchant, channel: tenant.channel },
      });
      return { token: answer.access_token, expiresInS: answer.expires_in };
    } catch (error) {
      // The platform refusing this adapter is not the caller's fault: never pass a 401 on as theirs.
      if (error instanceof PlatformCallError && error.httpStatus !== undefined && error.httpStatus < 500) {
        throw new AppError(502, 'adapter_unauthorized', `Adapter ${this.adapterId} could not obtain its platform token: ${error.upstreamMessage}`);
      }
      throw error;
    }
  }
}
