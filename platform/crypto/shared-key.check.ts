import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../errors/app-error.js';
import type { Logger } from '../logging/logger.js';

/** What a key is recorded by: HMAC-SHA256 under the key of a fixed text naming its use. Tells keys apart; reveals nothing of them. */
export const keyFingerprint = (name: string, key: Buffer): string => createHmac('sha256', key).update(`checkout-platform key check: ${name}`).digest('hex');

/**
 * A key every process of a kind must share and that seals data (CONFIG_ENCRYPTION_KEY): the
 * first process records its fingerprint in `platform_key_checks`; a process with another key
 * could not open what the others sealed, and they not what it seals, so it is not ready
 * (docs/scaling.md, "In-process assumptions"). The first recorded stays: data sealed under it
 * stays readable only with it.
 */
export async function sharedKeyCheck(
  pool: pg.Pool,
  check: { name: string; key: Buffer; code: string; message: string },
  logger: Logger,
): Promise<() => Promise<void>> {
  const fingerprint = keyFingerprint(check.name, check.key);
  await pool.query('insert into platform_key_checks (name, fingerprint) values ($1, $2) on conflict (name) do nothing', [check.name, fingerprint]);
  const { rows } = await pool.query<{ fingerprint: string; recordedAt: Date }>('select fingerprint, recorded_at as "recordedAt" from platform_key_checks where name = $1', [check.name]);
  const recorded = rows[0];
  if (!recorded || recorded.fingerprint === fingerprint) return async () => undefined;
  const details = { key: check.name, recordedAt: recorded.recordedAt.toISOString() };
  logger.error({ code: check.code, ...details }, check.message);
  return async () => {
    throw new AppError(503, check.code, check.message, details);
  };
}
