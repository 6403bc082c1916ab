/** The database session a process's order writer turns are tied to: a turn whose holder's session is gone is free at once (docs/order-engine.md, "Writers across processes"). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../../../platform/logging/logger.js';

/** A lost session is tried again this often (one connection per store: no storm to fear), so one lost to a database restart is back well within the grace below. */
const RETRY_MS = 250;
/**
 * After PostgreSQL itself (re)started, how long a turn taken before the start is not taken over on
 * its free lock: the restart ended every session, the living holders' too, and their leases
 * reopen (on the same key) within it. Short, so a platform restarted with its database (the
 * embedded one) — its turns' holders dead — is not held up: it serves only seconds after the
 * database's start anyway.
 */
export const LEASE_REOPEN_GRACE_MS = 2_500;
/** How long opening the session may take before the attempt counts as failed (the database unreachable). */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * The session's server-side TCP keepalive: a holder whose machine or network vanished (no FIN
 * reaches the server) is taken for gone within about idle + interval × count seconds, not the
 * operating system's two hours. A process that dies on a live machine closes its socket at once.
 */
const KEEPALIVE = { idleS: 2, intervalS: 1, count: 2 };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** A random advisory-lock key (a signed 64-bit integer, as text for the driver). */
const newKey = (): string => randomBytes(8).readBigInt64BE().toString();

/**
 * One dedicated connection per order store that holds a session-level advisory lock on a random
 * key for as long as the process lives. Every turn the store takes records that key
 * (`orders.turn_session`); a writer that finds the turn held tries the key
 * (`pg_try_advisory_xact_lock`, in the same statement as its read): it gets it only when the
 * holder's session is gone — the process was killed, crashed or lost the database — and then
 * takes the turn over at once. A holder that is slow but alive keeps its session, so its turn.
 *
 * The lock dies with the session, whatever kills the process (kill -9 included): PostgreSQL ends
 * a backend whose client socket closes, and its server-side keepalive (set per session) ends one
 * whose peer vanished. When the session is lost while the process lives, it is opened again every
 * RETRY_MS, on the same key when that is free (turns already taken stay tied to it), else on a new
 * one; meanwhile `key()` answers null and turns taken then fall back to their time bound.
 */
export class OrderTurnLease {
  private client: pg.Client | undefined;
  private currentKey: string = newKey();
  private held = false;
  private opening: Promise<void> | undefined;
  private reconnecting = false;
  private closed = false;

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly logger: Logger,
    /** How long a turn taken before a database restart waits for its holder's lease to reopen (the take statement's grace; tests lengthen it). */
    readonly reopenGraceMs = LEASE_REOPEN_GRACE_MS,
  ) {}

  /**
   * The key to record on a turn taken now: the session's while it holds its lock, else null (no
   * database URL, the session not open). The first call opens the session and waits for it, once;
   * later calls answer at once (no round trip).
   */
  async key(): Promise<string | null> {
    if (this.databaseUrl === undefined || this.closed) return null;
    this.opening ??= this.open().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not open the order turn session; turns taken meanwhile fall back to their time bound');
      void this.reconnect();
    });
    if (!this.held) await this.opening;
    return this.held ? this.currentKey : null;
  }

  /** Ends the session: every turn tied to it is free for the others from now on. */
  async close(): Promise<void> {
    this.closed = true;
    this.held = false;
    await this.opening?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Opens the session and takes its lock: the same key when free, else a new one. */
  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const early = (error: Error) => this.logger.debug({ err: error }, 'order turn session failed while opening');
    client.on('error', early);
    try {
      await client.connect();
      await client.query(
        `select set_config('tcp_keepalives_idle', '${KEEPALIVE.idleS}', false), set_config('tcp_keepalives_interval', '${KEEPALIVE.intervalS}', false), set_config('tcp_keepalives_count', '${KEEPALIVE.count}', false)`,
      );
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [this.currentKey]);
        if (rows[0]?.locked) break;
        // Still held by this process's previous session, not yet ended at the server (or, once in 2^64, by another): a new key.
        this.currentKey = newKey();
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.off('error', early);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.held = true;
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.held = false;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn({ err: error }, 'order turn session lost; reopening (turns taken meanwhile fall back to their time bound)');
      void this.reconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
  }

  private async reconnect(): Promise<void> {
    if (this.reconnecting) return;
    this.reconnecting = true;
    try {
      for (let failures = 0; !this.closed && !this.held; ) {
        await pause(RETRY_MS);
        if (this.closed) return;
        try {
          await this.open();
          this.logger.info('order turn session back');
        } catch (error) {
          // The first failure is worth a warning; the retries every RETRY_MS that follow are not.
          this.logger[failures++ === 0 ? 'warn' : 'debug']({ err: error, retryInMs: RETRY_MS }, 'order turn session could not be reopened; trying again');
        }
      }
    } finally {
      this.reconnecting = false;
    }
  }
}
