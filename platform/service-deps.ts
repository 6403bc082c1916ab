import type { TokenVerifier } from './auth/token.verifier.js';
import type { Database } from './db/database.js';
import type { PlatformConfig } from './env/env.config.js';
import type { Logger } from './logging/logger.js';

/** What every service factory is built from; tests pass their own (port 0, a fresh database). */
export interface ServiceDeps {
  config: PlatformConfig;
  db: Database;
  logger: Logger;
  verifier: TokenVerifier;
  /** Checks of the whole process every platform service's /readyz runs too (the published signing key). */
  readiness?: Array<() => Promise<void>>;
}
