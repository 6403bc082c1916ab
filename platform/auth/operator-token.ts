import type { PlatformConfig } from '../env/env.config.js';
import type { TokenClaims } from './principal.js';
import { signPlatformToken } from './platform-tokens.js';
import { platformSigningKey } from './signing-key.js';

/**
 * A token minted by whoever holds the platform's private key (AUTH_SIGNING_KEY, else the one in
 * DATA_DIR): the token CLI, the system runner (the storefront's credential, demo data), a
 * conformance run. Signed with the platform key, so platform services and adapters alike accept it.
 */
export async function operatorToken(
  config: Pick<PlatformConfig, 'auth' | 'dataDir'>,
  claims: TokenClaims,
  options: { expiresIn?: string | number; subject?: string } = {},
): Promise<string> {
  const key = await platformSigningKey({ signingKey: config.auth.signingKey, dataDir: config.dataDir });
  return signPlatformToken(key, claims, { issuer: config.auth.issuer, audience: config.auth.audience, ...options });
}
