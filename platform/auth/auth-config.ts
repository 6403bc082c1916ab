import type { PlatformConfig } from '../env/env.config.js';
import { localSecret } from './local-secret.js';
import { platformSigningKey } from './signing-key.js';
import type { ResolvedAuthConfig } from './token-verifier.service.js';

/** The token settings of this process: the configured secret, else the local one; the platform's key pair; the JWKS when configured. */
export function resolveAuthConfig(config: Pick<PlatformConfig, 'auth' | 'dataDir'>): ResolvedAuthConfig {
  const { auth } = config;
  return {
    ...auth,
    secret: auth.secret ?? localSecret(config.dataDir, 'auth-secret'),
    platformKey: () => platformSigningKey({ signingKey: auth.signingKey, dataDir: config.dataDir }),
  };
}
