import type pg from 'pg';
import { AppError } from '../errors/app-error.js';
import type { Logger } from '../logging/logger.js';
import type { PlatformSigningKey } from './signing-key.js';

/** How long the published key stays the platform's without a process renewing it. */
export const SIGNING_KEY_LEASE_MS = 30_000;

export type SigningKeyStanding =
  | { published: true; kid: string }
  | { published: false; kid: string; publishedKid: string; publishedAt: string; heldUntil: string };

/**
 * The platform's published signing key (docs/scaling.md, "Signing key"): one row in the shared
 * database, the key every ready platform process signs with. Each process verifies the
 * platform's tokens by its own key, so a process with another key would refuse every token the
 * others sign and sign tokens they refuse. It publishes its key when none is, or when no process
 * has renewed the published one for a lease (every holder stopped: a key change by restart);
 * else it renews the lease if the key is its own, and is not ready if not.
 */
export class PublishedSigningKey {
  private standing: SigningKeyStanding | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly key: PlatformSigningKey,
    private readonly leaseMs = SIGNING_KEY_LEASE_MS,
  ) {}

  /** Publishes or renews this process's key when it may; answers where the process stands. One statement: two processes starting at once cannot both publish. */
  async publish(): Promise<SigningKeyStanding> {
    const { rows } = await this.pool.query<{ kid: string }>(
      `insert into platform_signing_key as p (id, kid, public_jwk, published_at, held_until)
       values (1, $1, $2, now(), now() + $3::int * interval '1 millisecond')
       on conflict (id) do update
         set kid = excluded.kid, public_jwk = excluded.public_jwk, held_until = excluded.held_until,
             published_at = case when p.kid = excluded.kid then p.published_at else now() end
       where p.kid = excluded.kid or p.held_until < now()
       returning kid`,
      [this.key.kid, JSON.stringify(this.key.jwks.keys[0]), this.leaseMs],
    );
    if (rows.length === 1) return (this.standing = { published: true, kid: this.key.kid });
    const current = await this.pool.query<{ kid: string; publishedAt: Date; heldUntil: Date }>(
      'select kid, published_at as "publishedAt", held_until as "heldUntil" from platform_signing_key where id = 1',
    );
    const row = current.rows[0];
    // Gone between the two statements (a manual delete): the next renewal publishes.
    if (!row) return (this.standing = { published: true, kid: this.key.kid });
    return (this.standing = { published: false, kid: this.key.kid, publishedKid: row.kid, publishedAt: row.publishedAt.toISOString(), heldUntil: row.heldUntil.toISOString() });
  }

  /**
   * Publishes now (logging a mismatch once), then renews every third of the lease, logging only
   * when the standing changes. Answers the standing at start.
   */
  async start(logger: Logger): Promise<SigningKeyStanding> {
    const first = await this.publish();
    if (!first.published) logger.error(mismatchLog(first), mismatchMessage(first));
    this.timer = setInterval(() => {
      const before = this.standing;
      this.publish().then(
        (now) => {
          if (before?.published === now.published) return;
          if (now.published) logger.info({ kid: now.kid }, 'platform signing key published: this process is ready to sign');
          else logger.error(mismatchLog(now), mismatchMessage(now));
        },
        (error: unknown) => logger.warn({ err: error }, 'platform signing key not renewed'),
      );
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
    return first;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** For /readyz: throws 503 `signing_key_mismatch` (kids named) while the process's key is not the published one. */
  readonly readiness = async (): Promise<void> => {
    const standing = this.standing ?? (await this.publish());
    if (!standing.published) {
      throw new AppError(503, 'signing_key_mismatch', mismatchMessage(standing), {
        kid: standing.kid,
        publishedKid: standing.publishedKid,
        publishedAt: standing.publishedAt,
        heldUntil: standing.heldUntil,
      });
    }
  };
}

type Mismatch = Extract<SigningKeyStanding, { published: false }>;

const mismatchLog = (standing: Mismatch) => ({ code: 'signing_key_mismatch', kid: standing.kid, publishedKid: standing.publishedKid, publishedAt: standing.publishedAt });

const mismatchMessage = (standing: Mismatch) =>
  `This process's signing key (kid ${standing.kid}) is not the one the platform publishes (kid ${standing.publishedKid}): ` +
  'the other processes would refuse its tokens and it theirs, so it is not ready. Give every platform process the same AUTH_SIGNING_KEY ' +
  '(or the same DATA_DIR); to change the key, stop every process first.';
