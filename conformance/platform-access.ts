import { operatorToken } from '../platform/auth/operator-token.js';
import type { PlatformConfig } from '../platform/env/env.config.js';
import { callSignerFor } from '../platform/outbound/call-signer.js';
import type { PlatformAccess } from './conformance.types.js';

/**
 * The platform as its operator reaches it: the addresses of its settings and its signing key
 * (`AUTH_SIGNING_KEY`, else the local one in DATA_DIR), as `npm run token` does. A conformance run
 * acts as the platform towards the adapter, so it needs it: its tokens are signed with the
 * platform key, the only ones an adapter accepts.
 */
export function platformAccess(config: PlatformConfig): PlatformAccess {
  return {
    urls: { order: config.urls.order, payment: config.urls.payment },
    token: (claims) => operatorToken(config, claims, { expiresIn: '15m' }),
    signer: callSignerFor(config),
  };
}
