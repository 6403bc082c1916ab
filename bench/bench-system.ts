import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../platform/net/ports.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operatorToken } from '../platform/auth/operator-token.js';
import type { TokenClaims } from '../platform/auth/principal.js';
import { startEmbeddedPostgres } from '../platform/db/embedded-postgres.server.js';
import { loadConfig } from '../app/app.config.js';
import { SERVICE_NAMES } from '../app/service.catalogue.js';
import { startSystem, type RunningSystem } from '../app/system.js';

/** The whole system on a fresh database (embedded unless DATABASE_URL), every service on port 0. */
export async function startBenchSystem(env: NodeJS.ProcessEnv = {}): Promise<{ system: RunningSystem; token(claims: TokenClaims): Promise<string>; close(): Promise<void> }> {
  const cleanups: Array<() => Promise<void>> = [];
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const parent = await mkdtemp(join(tmpdir(), 'checkout-bench-'));
    await chmod(parent, 0o755);
    const pg = await startEmbeddedPostgres({ dataDir: join(parent, 'data'), port: await freePort(), ephemeral: false });
    cleanups.push(async () => {
      await pg.stop();
      await rm(parent, { recursive: true, force: true });
    });
    databaseUrl = await pg.ensureDatabase('bench');
  }
  const secret = env.AUTH_JWT_SECRET ?? randomBytes(32).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    AUTH_JWT_SECRET: secret,
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_PORT`, '0'])),
    ...env,
  });
  const system = await startSystem(config);
  return {
    system,
    // Signed with the platform key (as `npm run token` does): the journeys call adapters, which take no HS256 token.
    token: (claims) => operatorToken(config, claims, { expiresIn: '1h' }),
    async close() {
      await system.close();
      for (const cleanup of cleanups) await cleanup();
    },
  };
}


export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** One figure per line, as JSON. */
export function report(name: string, value: number, unit: string, extra: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ name, value: round(value), unit, ...extra })}\n`);
}
