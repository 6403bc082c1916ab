import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { AdapterCredentials } from '../../platform/auth/adapter-credentials.repository.js';
import { platformSigningKey } from '../../platform/auth/signing-key.js';
import type { ClientCredentials } from '../../platform/env/env.config.js';
import { CallSigner, type OutgoingCall } from '../../platform/outbound/call-signer.js';
import type { ServiceName } from '../../platform/env/env.config.js';
import { loadConfig } from '../../app/app.config.js';
import { SERVICE_NAMES } from '../../app/service.catalogue.js';
import type { TokenClaims } from '../../platform/auth/principal.js';
import type { JSONWebKeySet } from 'jose';
import { resolveAdapterAuthConfig } from '../../platform/auth/auth-config.js';
import { signPlatformToken } from '../../platform/auth/platform-tokens.js';
import { issueToken } from '../../platform/auth/token-issuer.js';
import { createTokenVerifier, type TokenVerifier } from '../../platform/auth/token.verifier.js';
import { startSystem, type RunningSystem } from '../../app/system.js';
import type { Database } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logging/logger.js';
import { createTestDatabase } from './test-database.js';

export interface TestSystem {
  urls: RunningSystem['urls'];
  /** The settings the services run with, every address resolved (adapters' URLs included). */
  config: RunningSystem['config'];
  db: Database;
  /** The process's traces (OTEL_TRACES_EXPORTER=memory keeps the ended spans). */
  tracing: RunningSystem['tracing'];
  /** The platform's HS256 master secret (operators only: adapters refuse HS256 tokens). */
  secret: string;
  /**
   * A token signed for this system with the platform key, as `npm run token` prints it (platform
   * services and adapters accept it); with `hs256` or a `secret`, an HS256 token instead (platform
   * services only). expiresIn defaults to 10 minutes.
   */
  token(claims: TokenClaims, options?: { expiresIn?: string | number; secret?: string; issuer?: string; hs256?: boolean }): Promise<string>;
  /** The platform's public keys (its JWKS), as an adapter built by a test is handed them. */
  platformKeys(): Promise<JSONWebKeySet>;
  /** A token verifier as an adapter holds one: the platform's public keys, no secret. */
  adapterVerifier(): Promise<TokenVerifier>;
  /** The headers the platform sends with one call to a receiver (a call token); lifetimeS defaults to the platform's. */
  callHeaders(call: Omit<OutgoingCall, 'method' | 'body'> & { method?: string; body?: unknown }, options?: { lifetimeS?: number }): Promise<Record<string, string>>;
  /** New client credentials for an adapter, as `npm run credentials` issues them. */
  issueCredentials(adapterId: string): Promise<ClientCredentials>;
  close(): Promise<void>;
}

export interface TestSystemOptions {
  services?: ServiceName[];
  /** Extra environment variables (e.g. CONFIG_ENCRYPTION_KEY, LOG_LEVEL), over the defaults below. */
  env?: NodeJS.ProcessEnv;
  /** Where every log line goes (at the configured LOG_LEVEL), e.g. to assert what is never logged. */
  logDestination?: NodeJS.WritableStream;
}

/**
 * The real system, as `npm start` runs it, on its own database and on port 0 for every service.
 */
export async function startTestSystem(options: TestSystemOptions = {}): Promise<TestSystem> {
  const database = await createTestDatabase();
  const secret = randomBytes(32).toString('base64url');
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    AUTH_JWT_SECRET: secret,
    AUTH_SIGNING_KEY: JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // A test's last requests are its own; nothing in flight is worth waiting long for.
    SHUTDOWN_GRACE_MS: '2000',
    SERVICES: (options.services ?? SERVICE_NAMES).join(','),
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_PORT`, '0'])),
    ...options.env,
  };
  const config = loadConfig(env);
  const system = await startSystem(
    config,
    options.logDestination ? { logger: createLogger({ level: config.logLevel, destination: options.logDestination }) } : {},
  ).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const platformKey = () => platformSigningKey({ signingKey: config.auth.signingKey, dataDir: config.dataDir });
  return {
    urls: system.urls,
    config: system.config,
    db: database.db,
    tracing: system.tracing,
    secret,
    token: async (claims, tokenOptions = {}) => {
      const expiresIn = tokenOptions.expiresIn ?? '10m';
      const issuer = tokenOptions.issuer ?? config.auth.issuer;
      if (tokenOptions.hs256 || tokenOptions.secret !== undefined) {
        return issueToken(claims, { secret: tokenOptions.secret ?? secret, issuer, audience: config.auth.audience, expiresIn });
      }
      return signPlatformToken(await platformKey(), claims, { issuer, audience: config.auth.audience, expiresIn });
    },
    platformKeys: async () => (await platformKey()).jwks,
    adapterVerifier: async () => createTokenVerifier(resolveAdapterAuthConfig(config, (await platformKey()).jwks)),
    async callHeaders(call, options = {}) {
      const signer = new CallSigner(() => platformSigningKey({ signingKey: config.auth.signingKey, dataDir: config.dataDir }), options.lifetimeS);
      const body = call.body === undefined ? '' : JSON.stringify(call.body);
      return signer.headersFor({ ...call, method: call.method ?? 'POST', body });
    },
    issueCredentials: (adapterId) => new AdapterCredentials(database.db.prisma).issue(adapterId, 'cli'),
    async close() {
      await system.close();
      await database.drop();
    },
  };
}
