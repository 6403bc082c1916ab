import type { PlatformConfig } from '../env/env.config.js';
import { localSecret } from './local-secret.js';
import type { ResolvedAuthConfig } from './token-verifier.service.js';

/** The token settings of this process: the configured secret, else the local one, and the JWKS when configured. */
export function resolveAuthConfig(config: Pick<PlatformConfig, 'auth' | 'dataDir'>): ResolvedAuthConfig {
  const { auth } = config;
  return { ...auth, secret: auth.secret ?? localSecret(config.dataDir, 'auth-secret') };
}
