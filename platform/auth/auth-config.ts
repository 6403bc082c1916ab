import type { PlatformConfig } from '../env/env.config.js';
import { localSecret } from './local-secret.js';
import { platformKeySet, type PlatformKeySource } from './platform-key-set.js';
import { platformSigningKey } from './signing-key.js';
import type { ResolvedAuthConfig } from './token.verifier.js';

/** The token settings of a platform process: the configured secret, else the local one; the platform's key pair; the JWKS when configured. */
export function resolveAuthConfig(config: Pick<PlatformConfig, 'auth' | 'dataDir'>): ResolvedAuthConfig & { secret: string } {
  const { auth } = config;
  return {
    ...auth,
    secret: auth.secret ?? localSecret(config.dataDir, 'auth-secret'),
    platformKeys: platformKeySet(() => platformSigningKey({ signingKey: auth.signingKey, dataDir: config.dataDir })),
  };
}

/**
 * The token settings of an adapter (docs/auth.md, "Who holds what"): public material only — the
 * platform's public keys (handed in, or its JWKS) and the identity provider's JWKS when
 * configured. No HS256 secret, no private key: an adapter refuses HS256 tokens.
 */
export function resolveAdapterAuthConfig(config: Pick<PlatformConfig, 'auth'>, platformKeys: PlatformKeySource): ResolvedAuthConfig {
  const { issuer, audience, jwks } = config.auth;
  return { issuer, audience, ...(jwks ? { jwks } : {}), platformKeys: platformKeySet(platformKeys) };
}

/** What an adapter may see of the platform's settings: no HS256 secret, no signing key. */
export function withoutPlatformSecrets(config: PlatformConfig): PlatformConfig {
  return { ...config, auth: { ...config.auth, secret: undefined, signingKey: undefined } };
}
