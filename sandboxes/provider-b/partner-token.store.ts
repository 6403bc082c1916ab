// The provider B sandbox's partners and the tokens it issues them.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A partner allowed to ask for tokens. */
export interface PartnerClient {
  clientId: string;
  clientSecret: string;
}

export const DEFAULT_PROVIDER_B_CLIENT: PartnerClient = { clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' };
/** A partner token lives an hour (Avarda: "Access token … expires after one hour"). */
export const PARTNER_TOKEN_TTL_SECONDS = 60 * 60;

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Partner tokens: `POST /api/partner/tokens {clientId, clientSecret}` → an opaque bearer token that expires. */
export class PartnerTokenStore {
  private readonly clients = new Map<string, PartnerClient>();
  private readonly tokens = new Map<string, { clientId: string; expiresAt: number }>();

  constructor(
    clients: readonly PartnerClient[],
    private readonly ttlSeconds: number,
    private readonly now: () => Date,
  ) {
    for (const client of clients) this.clients.set(client.clientId, client);
  }

  issue(clientId: string, clientSecret: string): { token: string; tokenExpirationUtc: string } | undefined {
    const client = this.clients.get(clientId);
    if (!client || !same(client.clientSecret, clientSecret)) return undefined;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.now().getTime() + this.ttlSeconds * 1000;
    this.tokens.set(token, { clientId, expiresAt });
    return { token, tokenExpirationUtc: new Date(expiresAt).toISOString() };
  }

  /** The partner's client id for a known, unexpired token. */
  verify(token: string): string | undefined {
    const issued = this.tokens.get(token);
    if (!issued) return undefined;
    if (issued.expiresAt <= this.now().getTime()) {
      this.tokens.delete(token);
      return undefined;
    }
    return issued.clientId;
  }

  /** Forgets every token, so partners must ask again (`DELETE /api/sandbox/tokens`). */
  revokeAll(): number {
    const count = this.tokens.size;
    this.tokens.clear();
    return count;
  }
}
