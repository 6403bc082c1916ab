import { createHash, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { PLATFORM_TOKEN_ISSUER } from '../env/env.config.js';
import { signJws } from './jws-sign.js';
import type { TokenClaims } from './principal.js';
import type { PlatformSigningKey } from './signing-key.js';

/**
 * The two kinds of token the platform signs with its private key (docs/auth.md, "One trust model"):
 * adapter tokens (role `adapter`, from an adapter's client credentials) and call tokens (proof
 * of one call to one receiver). The `typ` header tells them apart; no platform API accepts a call token.
 */
export const CALL_TOKEN_TYPE = 'checkout-call+jwt';
export const ADAPTER_TOKEN_TYPE = 'JWT';

/** What a call is for; the receiver's route checks it. Payment lifecycle callbacks use their own names. */
export type CallPurpose = 'hook' | 'validation' | 'notification' | 'amount_changed' | 'process' | 'abort' | 'confirm' | 'capture' | 'cancel' | 'refund' | 'refresh';

/** Longest life of an adapter token; the token endpoint never issues one for longer. */
export const ADAPTER_TOKEN_LIFETIME_S = 300;
/** Default life of a checkout token (CHECKOUT_TOKEN_TTL_S): a checkout's length, renewed while the shopper is at it. */
export const CHECKOUT_TOKEN_LIFETIME_S = 1800;

/** Life of a call token: long enough for a retry of the same delivery's clock skew, short enough to be worthless later. */
export const CALL_TOKEN_LIFETIME_S = 60;

export interface CallClaims {
  /** The receiver: its adapter id, or the invoked URL's origin for receivers that are not adapters. */
  aud: string;
  merchant: string;
  channel: string;
  orderId: string;
  purpose: CallPurpose;
  /** The exact URL and method of the call. */
  url: string;
  htm: string;
  /** Hex SHA-256 of the exact body bytes sent (of the empty string when none). */
  bodySha256: string;
}

export const sha256Hex = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

export async function signAdapterToken(
  key: PlatformSigningKey,
  claims: { adapterId: string; merchant: string; channel: string; clientId: string },
  options: { issuer: string; audience: string; lifetimeS?: number },
): Promise<string> {
  return new SignJWT({ merchant: claims.merchant, channels: [claims.channel], role: 'adapter', adapterId: claims.adapterId, clientId: claims.clientId })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: ADAPTER_TOKEN_TYPE })
    .setSubject(`adapter:${claims.adapterId}`)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${Math.min(options.lifetimeS ?? ADAPTER_TOKEN_LIFETIME_S, ADAPTER_TOKEN_LIFETIME_S)}s`)
    .sign(key.privateKey);
}

/**
 * A token for any role but `shopper` (checkout tokens are signCheckoutToken's), signed with the
 * platform key so adapters verify it by the platform's public keys: what the token CLI prints and
 * the system runner hands the storefront server. Whoever mints one holds the platform's private key.
 */
export async function signPlatformToken(
  key: PlatformSigningKey,
  claims: TokenClaims,
  options: { issuer: string; audience: string; expiresIn?: string | number; subject?: string },
): Promise<string> {
  if (claims.role === 'shopper') throw new Error('Role shopper is a checkout token: signCheckoutToken issues it.');
  const payload: Record<string, unknown> = { merchant: claims.merchant, channels: claims.channels, role: claims.role };
  if (claims.adapterId) payload.adapterId = claims.adapterId;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: ADAPTER_TOKEN_TYPE })
    .setSubject(options.subject ?? (claims.adapterId ? `adapter:${claims.adapterId}` : `${claims.role}:${claims.merchant}`))
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt()
    .setJti(randomUUID())
    // jose reads a number as an absolute time; ours is a lifetime (negative: already expired).
    .setExpirationTime(typeof options.expiresIn === 'number' ? `${options.expiresIn}s` : (options.expiresIn ?? '1h'))
    .sign(key.privateKey);
}

export async function signCallToken(key: PlatformSigningKey, claims: CallClaims, lifetimeS = CALL_TOKEN_LIFETIME_S): Promise<string> {
  const { aud, ...rest } = claims;
  const issuedAt = Math.floor(Date.now() / 1000);
  // Signed in this thread (jws-sign.ts): one per call the platform makes to a receiver.
  return signJws(key, { typ: CALL_TOKEN_TYPE }, {
    ...rest,
    sub: `${PLATFORM_TOKEN_ISSUER}:${claims.purpose}`,
    iss: PLATFORM_TOKEN_ISSUER,
    aud,
    iat: issuedAt,
    jti: randomUUID(),
    // A lifetime (negative: already expired, for tests).
    exp: issuedAt + lifetimeS,
  });
}

export interface CheckoutToken {
  token: string;
  orderId: string;
  /** ISO 8601 time the token stops being accepted. */
  expiresAt: string;
  expiresIn: number;
}

/**
 * A checkout token (role `shopper`): what a browser may hold. One merchant, one channel, one
 * order; signed with the platform key so only the platform issues it (docs/auth.md, "Checkout tokens").
 */
export async function signCheckoutToken(
  key: PlatformSigningKey,
  claims: { merchant: string; channel: string; orderId: string },
  options: { issuer: string; audience: string; lifetimeS?: number },
): Promise<CheckoutToken> {
  const lifetimeS = options.lifetimeS ?? CHECKOUT_TOKEN_LIFETIME_S;
  const issuedAt = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ merchant: claims.merchant, channels: [claims.channel], role: 'shopper', orderId: claims.orderId })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: ADAPTER_TOKEN_TYPE })
    .setSubject(`shopper:${claims.orderId}`)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(issuedAt)
    .setJti(randomUUID())
    .setExpirationTime(issuedAt + lifetimeS)
    .sign(key.privateKey);
  return { token, orderId: claims.orderId, expiresAt: new Date((issuedAt + lifetimeS) * 1000).toISOString(), expiresIn: lifetimeS };
}
