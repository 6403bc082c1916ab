import type { PlatformConfig } from '../env/env.config.js';
import { localSecret } from './local-secret.js';
import type { ResolvedAuthConfig } from './token-verifier.service.js';

/** The verifier settings for this process: the configured secret or JWKS, else the local secret. */
export function resolveAuthConfig(config: Pick<PlatformConfig, 'auth' | 'dataDir'>): ResolvedAuthConfig {
  const { auth } = config;
  if (auth.kind === 'jwks') return auth;
  return { ...auth, secret: auth.secret ?? localSecret(config.dataDir, 'auth-secret') };
}
