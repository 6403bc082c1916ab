import { AppError } from '../kit/platform.js';
import { IDENTITY_TIMEOUT } from './commerce-adapter.settings.js';
import { ProviderHttpClient, type ProviderAnswer } from '../kit/provider-http.client.js';

export interface IdentityCredentials {
  identityAddress: string;
  identityClientId: string;
  identityClientSecret: string;
  identityScope: string;
}

export interface IdentityOptions {
  /** Time source (tests); default Date.now. */
  now?: () => number;
  /** How long a token request waits (COMMERCE_IDENTITY_TIMEOUT_MS; default 5 s). */
  timeoutMs?: number;
}

interface CachedToken {
  value: string;
  renewAt: number;
}

/**
 * Access tokens of the commerce identity service (OAuth 2.0 client credentials, spec
 * Authentication item 3): one token is cached until `expires_in` (less a small margin) and
 * shared by every call; concurrent callers share one token request; a token the API refused
 * (401) is dropped so the next call fetches a new one. The secret is sent only to the token
 * endpoint and never appears in an error or a log line.
 */
export class CommerceIdentity {
  private cached: CachedToken | undefined;
  private inFlight: Promise<CachedToken> | undefined;
  private readonly now: () => number;
  private readonly timeoutMs: number;

  constructor(
    private readonly credentials: IdentityCredentials,
    options: IdentityOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? IDENTITY_TIMEOUT.default!;
  }

  async accessToken(): Promise<string> {
    if (this.cached && this.cached.renewAt > this.now()) return this.cached.value;
    this.inFlight ??= this.requestToken().finally(() => {
      this.inFlight = undefined;
    });
    this.cached = await this.inFlight;
    return this.cached.value;
  }

  /** Forgets `token` when it is the cached one (the API answered 401 to it). */
  invalidate(token: string): void {
    if (this.cached?.value === token) this.cached = undefined;
  }

  private async requestToken(): Promise<CachedToken> {
    const { identityAddress, identityClientId, identityClientSecret, identityScope } = this.credentials;
    const form: Record<string, string> = { grant_type: 'client_credentials', client_id: identityClientId, client_secret: identityClientSecret, ...(identityScope ? { scope: identityScope } : {}) };
    // The merchant's identity address, called as the platform client calls the commerce API (no outbound policy).
    const http = new ProviderHttpClient({ name: 'the commerce identity service', baseUrl: identityAddress, timeoutMs: this.timeoutMs, guarded: false });
    let answer: ProviderAnswer;
    try {
      answer = await http.exchange({ method: 'POST', path: '', form, route: 'token' });
    } catch (error) {
      throw new AppError(502, 'commerce_unavailable', `The commerce identity service at ${identityAddress} could not be reached: ${(error as Error).message}`);
    }
    const body = answer.body as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown } | undefined;
    if (answer.status < 200 || answer.status >= 300 || typeof body?.access_token !== 'string') {
      const reason = typeof body?.error === 'string' ? body.error : `HTTP ${answer.status}`;
      const description = typeof body?.error_description === 'string' ? `: ${body.error_description}` : '';
      throw new AppError(502, 'commerce_identity_refused', `The commerce identity service refused the adapter's credentials (${reason}${description}); check api.identityClientId, api.identityClientSecret and api.identityScope.`);
    }
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 60;
    // Renew a little before the token expires: 10 % of its life, at most 30 s.
    const marginMs = Math.min(30_000, expiresIn * 100);
    return { value: body.access_token, renewAt: this.now() + expiresIn * 1000 - marginMs };
  }
}
