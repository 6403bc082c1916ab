import { resolveAuthConfig } from '../platform/auth/auth-config.js';
import { issueToken } from '../platform/auth/token-issuer.js';
import type { PlatformConfig } from '../platform/env/env.config.js';
import { callSignerFor } from '../platform/outbound/call-signer.js';
import type { PlatformAccess } from './conformance.types.js';

/**
 * The platform as its operator reaches it: the addresses of its settings, its token secret and
 * its signing key (`AUTH_JWT_SECRET` / `AUTH_SIGNING_KEY`, else the local ones in DATA_DIR), as
 * `npm run token` does. A conformance run acts as the platform towards the adapter, so it needs them.
 */
export function platformAccess(config: PlatformConfig): PlatformAccess {
  const auth = resolveAuthConfig(config);
  return {
    urls: { order: config.urls.order, payment: config.urls.payment },
    token: (claims) => issueToken(claims, { secret: auth.secret, issuer: auth.issuer, audience: auth.audience, expiresIn: '15m' }),
    signer: callSignerFor(config),
  };
}
