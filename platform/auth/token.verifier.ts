import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { AppError, unauthorized } from '../errors/app-error.js';
import { CALL_TOKEN_TYPE } from './platform-tokens.js';
import { ROLES, type Principal, type Role } from './principal.js';
import { PLATFORM_KEY_ALGORITHMS, type PlatformKeySet } from './platform-key-set.js';
import { VerifiedTokenCache } from './verified-token.cache.js';

/**
 * How this process verifies tokens: tokens signed with the platform's key pair, by its public
 * keys (`platformKeys`); the operators' HS256 tokens with `secret` — platform services only, an
 * adapter is given none and refuses them; and, when `jwks` is set, an identity provider's tokens by its keys.
 */
export interface ResolvedAuthConfig {
  /** The HS256 master secret; unset (adapters): HS256 tokens are refused. */
  secret?: string | undefined;
  issuer: string;
  audience: string;
  jwks?: { url: string; issuer: string; audience: string };
  /** AUTH_SIGNING_KEY as configured (see signing-key.ts). */
  signingKey?: string | undefined;
  /** The platform's public keys (platform-key-set.ts); without them, tokens signed by the platform key are refused. */
  platformKeys?: PlatformKeySet;
}

export interface TokenVerifier {
  /** Resolves the principal of a valid token; rejects with a 401 AppError otherwise. */
  verify(token: string): Promise<Principal>;
}

/** Identity providers sign with keys from their JWKS; symmetric algorithms are the platform's alone. */
const JWKS_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export function createTokenVerifier(config: ResolvedAuthConfig): TokenVerifier {
  const secret = config.secret === undefined ? undefined : new TextEncoder().encode(config.secret);
  const verifyHs256 = (token: string) => {
    if (!secret) throw unauthorized("HS256 tokens are not accepted here: this service verifies tokens by the platform's public keys (or the identity provider's) only.");
    return jwtVerify(token, secret, { issuer: config.issuer, audience: config.audience, algorithms: ['HS256'] });
  };
  const jwks = config.jwks;
  const keySet = jwks && createRemoteJWKSet(new URL(jwks.url));
  const verifyProvider = keySet && jwks && ((token: string) => jwtVerify(token, keySet, { issuer: jwks.issuer, audience: jwks.audience, algorithms: JWKS_ALGORITHMS }));

  // Tokens signed with the platform's key pair: adapter tokens from the token endpoint, checkout
  // tokens, and the tokens the platform's operators mint (token CLI, the storefront's credential).
  const verifyPlatformSigned = (token: string, key: Awaited<ReturnType<PlatformKeySet>> & object) =>
    jwtVerify(token, key, { issuer: config.issuer, audience: config.audience, algorithms: PLATFORM_KEY_ALGORITHMS, typ: 'JWT' });

  const verified = new VerifiedTokenCache();
  return {
    async verify(token) {
      const remembered = verified.get(token);
      if (remembered) return remembered;
      let payload: JWTPayload;
      let platformSigned = false;
      let header: ReturnType<typeof decodeProtectedHeader>;
      try {
        header = decodeProtectedHeader(token);
      } catch {
        throw unauthorized('The token is malformed or cannot be verified.');
      }
      // A call token proves one call to one receiver; it is never authority at the platform.
      if (header.typ === CALL_TOKEN_TYPE) throw unauthorized('A call token is proof of one call to a receiver; no platform API accepts it.');
      try {
        const platformKey = header.alg !== 'HS256' && header.kid !== undefined && config.platformKeys ? await config.platformKeys(header) : undefined;
        platformSigned = platformKey !== undefined;
        if (platformKey) ({ payload } = await verifyPlatformSigned(token, platformKey));
        else if (verifyProvider && header.alg !== 'HS256') ({ payload } = await verifyProvider(token));
        else if (header.alg !== 'HS256' && (header.kid !== undefined || !secret)) throw unauthorized(unknownKey(header.kid));
        else ({ payload } = await verifyHs256(token));
      } catch (error) {
        throw error instanceof AppError ? error : unauthorized(describeJoseError(error));
      }
      if ((payload as { purpose?: unknown }).purpose !== undefined) throw unauthorized('A call token is proof of one call to a receiver; no platform API accepts it.');
      // A checkout token is the platform's alone: neither the HS256 secret nor an identity provider issues one.
      if (payload.role === 'shopper' && !platformSigned) throw unauthorized('Role shopper comes from a checkout token signed with the platform key only.');
      const principal = principalFromPayload(payload);
      verified.set(token, principal, payload.exp);
      return principal;
    },
  };
}

/**
 * A token signed with a key pair this service does not know: not an algorithm problem but a key
 * one — another installation's token, or this process runs with another AUTH_SIGNING_KEY than the
 * one that signed it (a replica started with the wrong key).
 */
const unknownKey = (kid: string | undefined) =>
  `The token is signed by a key this service does not know${kid ? ` (key id ${kid})` : ''}: no key of the platform's public keys matches it. It comes from another installation, or this service runs with another AUTH_SIGNING_KEY than the one that signed it.`;

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The token has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `The token was refused: ${error.reason} claim invalid.`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'The token signature is invalid.';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'The token is signed with an algorithm that is not accepted.';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "No key of the identity provider's JWKS matches the token.";
  if (error instanceof joseErrors.JWKSTimeout) return "The identity provider's keys could not be fetched in time.";
  return 'The token is malformed or cannot be verified.';
}

function principalFromPayload(payload: JWTPayload): Principal {
  const { merchant, channels, role, adapterId, orderId } = payload as Record<string, unknown>;
  if (typeof merchant !== 'string' || merchant === '') throw unauthorized('The token carries no merchant claim.');
  if (!Array.isArray(channels) || channels.length === 0 || !channels.every((c) => typeof c === 'string' && c !== '')) {
    throw unauthorized('The token carries no channels claim.');
  }
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    throw unauthorized(`The token's role must be one of ${ROLES.join(', ')}.`);
  }
  if (role === 'adapter' && (typeof adapterId !== 'string' || adapterId === '')) {
    throw unauthorized('An adapter token must carry its adapterId claim.');
  }
  if (role === 'shopper' && (typeof orderId !== 'string' || orderId === '' || channels.length !== 1 || channels[0] === '*')) {
    throw unauthorized('A checkout token must carry its orderId and exactly one channel.');
  }
  return {
    subject: typeof payload.sub === 'string' ? payload.sub : `${role}:${merchant}`,
    merchant,
    channels: channels as string[],
    role: role as Role,
    ...(typeof adapterId === 'string' && adapterId !== '' ? { adapterId } : {}),
    ...(role === 'shopper' ? { orderId: orderId as string } : {}),
  };
}
