import { randomBytes } from 'node:crypto';

/** A client allowed to ask the identity endpoint for tokens. */
export interface IdentityClient {
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes the client may ask for. */
  scope: string;
}

export interface IssuedToken {
  accessToken: string;
  clientId: string;
  scope: string;
  expiresAt: number;
}

/** Why a token request was refused, in OAuth 2.0 terms (RFC 6749 §5.2). */
export type TokenRefusal = 'invalid_client' | 'invalid_scope';

export const DEFAULT_COMMERCE_CLIENT: IdentityClient = { clientId: 'checkout', clientSecret: 'checkout-secret', scope: 'commerce' };

/** OAuth client-credentials identity: clients, and the opaque bearer tokens issued to them. */
export class IdentityStore {
  private readonly clients = new Map<string, IdentityClient>();
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    clients: readonly IdentityClient[],
    private readonly tokenTtlSeconds: number,
    private readonly now: () => Date,
  ) {
    for (const client of clients) this.clients.set(client.clientId, client);
  }

  /** Issues a token for valid credentials; `scope` must be a subset of the client's scopes. */
  issue(clientId: string, clientSecret: string, scope: string | undefined): IssuedToken | TokenRefusal {
    const client = this.clients.get(clientId);
    if (!client || client.clientSecret !== clientSecret) return 'invalid_client';
    const allowed = new Set(client.scope.split(/\s+/).filter(Boolean));
    const requested = scope?.split(/\s+/).filter(Boolean) ?? [...allowed];
    if (requested.some((name) => !allowed.has(name))) return 'invalid_scope';
    const token: IssuedToken = {
      accessToken: randomBytes(32).toString('base64url'),
      clientId,
      scope: requested.join(' '),
      expiresAt: this.now().getTime() + this.tokenTtlSeconds * 1000,
    };
    this.tokens.set(token.accessToken, token);
    return token;
  }

  get ttlSeconds(): number {
    return this.tokenTtlSeconds;
  }

  /** The token when it is known and not expired. */
  verify(accessToken: string): IssuedToken | undefined {
    const token = this.tokens.get(accessToken);
    if (!token) return undefined;
    if (token.expiresAt <= this.now().getTime()) {
      this.tokens.delete(accessToken);
      return undefined;
    }
    return token;
  }

  /** Forgets every token (as if all expired), so a client must fetch a new one. */
  revokeAll(): number {
    const count = this.tokens.size;
    this.tokens.clear();
    return count;
  }
}
