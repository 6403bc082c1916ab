import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PrismaClient } from '../db/database.js';
import type { ClientCredentials } from '../env/env.config.js';
import { sha256Hex } from './platform-tokens.js';

export const ADAPTER_ID_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** Who issued a credential: the system runner (rotated at each start) or the credentials CLI. */
export type IssuedBy = 'system' | 'cli';

/**
 * The client credentials of adapters (docs/auth.md): a random client id and a 32-byte random
 * secret, of which only the SHA-256 is kept (the secret has full entropy, so a slow hash adds
 * nothing). The plain secret exists once, in the answer of `issue`.
 */
export class AdapterCredentials {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * A new credential for the adapter; `rotate` revokes the ones the same issuer gave it before,
   * except those still held (`holdMs`: the issuing process renews it with `renew`; another
   * process running the same adapter holds its own, and one process never revokes another's).
   * `heldByOthers`: how many such credentials were left, each held by a running process.
   */
  async issue(adapterId: string, issuedBy: IssuedBy, options: { rotate?: boolean; holdMs?: number } = {}): Promise<ClientCredentials & { heldByOthers: number }> {
    if (!ADAPTER_ID_PATTERN.test(adapterId)) throw new Error(`"${adapterId}" is not an adapter id (lowercase letters, digits and _).`);
    const clientId = `${adapterId}.${randomBytes(12).toString('base64url')}`;
    const clientSecret = randomBytes(32).toString('base64url');
    const heldByOthers = await this.prisma.$transaction(async (tx) => {
      let held = 0;
      if (options.rotate) {
        const now = new Date();
        await tx.adapterCredential.updateMany({
          where: { adapterId, issuedBy, revokedAt: null, OR: [{ heldUntil: null }, { heldUntil: { lt: now } }] },
          data: { revokedAt: now },
        });
        held = await tx.adapterCredential.count({ where: { adapterId, issuedBy, revokedAt: null, heldUntil: { gte: now } } });
      }
      const heldUntil = options.holdMs === undefined ? null : new Date(Date.now() + options.holdMs);
      await tx.adapterCredential.create({ data: { clientId, adapterId, secretHash: sha256Hex(clientSecret), issuedBy, heldUntil } });
      return held;
    });
    return { clientId, clientSecret, heldByOthers };
  }

  /** Keeps the holder's credentials held for `holdMs` more (the issuing process, while it runs). */
  async renew(clientIds: string[], holdMs: number): Promise<void> {
    if (clientIds.length === 0) return;
    await this.prisma.adapterCredential.updateMany({ where: { clientId: { in: clientIds }, revokedAt: null }, data: { heldUntil: new Date(Date.now() + holdMs) } });
  }

  /** The adapter id of valid, unrevoked credentials; undefined otherwise. */
  async verify(clientId: string, clientSecret: string): Promise<string | undefined> {
    const row = await this.prisma.adapterCredential.findUnique({ where: { clientId } });
    const given = Buffer.from(sha256Hex(clientSecret), 'hex');
    const stored = Buffer.from(row?.secretHash ?? sha256Hex(randomBytes(32)), 'hex');
    const matches = timingSafeEqual(given, stored);
    return row && matches && !row.revokedAt ? row.adapterId : undefined;
  }

  /** Revokes every credential of the adapter (a leaked secret): its tokens die within their lifetime. */
  async revokeAll(adapterId: string): Promise<number> {
    const { count } = await this.prisma.adapterCredential.updateMany({ where: { adapterId, revokedAt: null }, data: { revokedAt: new Date() } });
    return count;
  }
}
