import { SignJWT } from 'jose';
import type { TokenClaims } from './principal.js';

export interface IssueOptions {
  secret: string;
  issuer: string;
  audience: string;
  /** Lifetime from now: jose's notation ('1h', '15m', '-1m') or a number of seconds (negative: already expired). */
  expiresIn?: string | number;
  subject?: string;
}

/** Signs an HS256 token of the master secret: the operators' `npm run token -- --hs256`, tests. Platform services accept it; adapters never. */
export async function issueToken(claims: TokenClaims, options: IssueOptions): Promise<string> {
  const payload: Record<string, unknown> = {
    merchant: claims.merchant,
    channels: claims.channels,
    role: claims.role,
  };
  if (claims.adapterId) payload.adapterId = claims.adapterId;
  if (claims.orderId) payload.orderId = claims.orderId;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.subject ?? (claims.adapterId ? `adapter:${claims.adapterId}` : `${claims.role}:${claims.merchant}`))
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt()
    // jose reads a number as an absolute time; ours is a lifetime.
    .setExpirationTime(typeof options.expiresIn === 'number' ? `${options.expiresIn}s` : (options.expiresIn ?? '1h'))
    .sign(new TextEncoder().encode(options.secret));
}
