import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, type JSONWebKeySet, type JWSHeaderParameters } from 'jose';
import type { KeyObject } from 'node:crypto';
import type { PlatformSigningKey } from './signing-key.js';

/** The algorithms of the platform's key pair (signing-key.ts). */
export const PLATFORM_KEY_ALGORITHMS = ['ES256', 'EdDSA'];

/**
 * The platform's public keys, as a verifier needs them: the key a token's header names, or
 * undefined when none of the platform's keys has its `kid` (an identity provider's token, say).
 * Public material only: whoever holds a PlatformKeySet can verify the platform's tokens, never sign one.
 */
export type PlatformKeySet = (header: JWSHeaderParameters) => Promise<KeyObject | CryptoKey | undefined>;

/** Where the public keys come from: the platform's own key (this process signs too), a key set handed in, or the JWKS address. */
export type PlatformKeySource = (() => Promise<PlatformSigningKey>) | JSONWebKeySet | URL;

/** The platform's public JWKS address an adapter reads: PLATFORM_JWKS_URL, else the configuration service's. */
export const platformJwksUrl = (config: { platformJwksUrl?: string | undefined; urls: { configuration: string } }): URL =>
  new URL(config.platformJwksUrl ?? `${config.urls.configuration}/.well-known/jwks.json`);

export function platformKeySet(source: PlatformKeySource): PlatformKeySet {
  if (typeof source === 'function') {
    // Only the public half leaves here.
    return async (header) => {
      const key = await source();
      return header.kid === key.kid ? key.publicKey : undefined;
    };
  }
  // A remote set is fetched once, cached 5 minutes (as the JWKS answer says), refetched for an unknown kid (at most every 30 s).
  const keys = source instanceof URL ? createRemoteJWKSet(source, { cacheMaxAge: 300_000 }) : createLocalJWKSet(source);
  return async (header) => {
    if (header.kid === undefined || header.alg === undefined || !PLATFORM_KEY_ALGORITHMS.includes(header.alg)) return undefined;
    try {
      return await keys({ alg: header.alg, kid: header.kid });
    } catch (error) {
      if (error instanceof joseErrors.JWKSNoMatchingKey) return undefined;
      throw error;
    }
  };
}

