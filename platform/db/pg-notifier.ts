import type pg from 'pg';
import type { Logger } from '../logging/logger.js';

/** Postgres refuses a NOTIFY payload of 8,000 bytes or more; packed payloads stay under this. */
const PACKED_PAYLOAD_BYTES = 7_900;

/**
 * How a channel's notifications of one batch are sent: `each` one NOTIFY per publish (the
 * default), `packed` as JSON arrays of the published payloads (each a JSON value; as few NOTIFYs
 * as fit under Postgres' payload limit — the listener reads an array), `wake` one NOTIFY with the
 * last payload (for listeners that only wake up and look for themselves).
 */
export type ChannelDelivery = 'each' | 'packed' | 'wake';

/**
 * Sends NOTIFYs after the fact, batched: every notification published while a send is in flight
 * goes out together in the next single statement. Postgres serialises the commits of
 * transactions that NOTIFY, so notifying inside each order commit would cap the commit rate;
 * one notifying transaction per batch does not. Under a burst, one statement at most every
 * `minIntervalMs` (a notification after a quiet spell leaves at once, with whatever the same
 * synchronous run of code publishes after it): a NOTIFY costs the
 * database a transaction and every listener a wake-up, so a busy writer's notifications go as a
 * few packed ones per interval, not one statement per commit. Listeners must tolerate a missed or reordered
 * notification (they re-read by version). Each notification costs the database (its queue, every
 * listener's read) and every listening process a message, so busy channels are packed or reduced
 * to one wake-up per batch (`deliveries`).
 */
export class PgNotifier {
  private pending: Array<[string, string]> = [];
  private flushing: Promise<void> | undefined;
  private lastSentAt = -Infinity;
  /** NOTIFY statements sent (for the bench and tests). */
  readonly stats = { statements: 0, published: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    private readonly deliveries: Record<string, ChannelDelivery> = {},
    /**
     * Under a burst, at most one NOTIFY statement per this many ms: what is published meanwhile
     * waits and goes in the next one. A notification after a quiet spell leaves at once.
     */
    private readonly minIntervalMs = 0,
  ) {}

  publish(channel: string, payload: string): void {
    this.stats.published++;
    this.pending.push([channel, payload]);
    this.flushing ??= this.flush();
  }

  /** Resolves once everything published so far has been sent (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const wait = this.lastSentAt + this.minIntervalMs - performance.now();
        // After a quiet spell, the batch is taken one microtask later: what a caller publishes in one
        // synchronous run (a commit's order change and the turn it gave back) leaves in one
        // statement, not one now and the other once the first has come back.
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else await Promise.resolve();
        const batch = notificationsOf(this.pending, this.deliveries);
        this.pending = [];
        this.lastSentAt = performance.now();
        this.stats.statements++;
        await this.pool
          .query({ name: 'pg-notifier', text: 'select pg_notify(c, p) from unnest($1::text[], $2::text[]) as t(c, p)', values: [batch.map(([c]) => c), batch.map(([, p]) => p)] })
          .catch((error: unknown) => this.logger.warn({ err: error, count: batch.length }, 'could not send notifications; listeners will catch up on the next one'));
      }
    } finally {
      this.flushing = undefined;
    }
  }
}

/** The NOTIFYs to send for the published `[channel, payload]` pairs, by each channel's delivery. */
export function notificationsOf(published: Array<[string, string]>, deliveries: Record<string, ChannelDelivery>): Array<[string, string]> {
  const sent: Array<[string, string]> = [];
  const packs = new Map<string, string[]>();
  const wakes = new Map<string, string>();
  for (const [channel, payload] of published) {
    const delivery = deliveries[channel] ?? 'each';
    if (delivery === 'wake') wakes.set(channel, payload);
    else if (delivery === 'packed') {
      const pack = packs.get(channel);
      if (pack) pack.push(payload);
      else packs.set(channel, [payload]);
    }
    else sent.push([channel, payload]);
  }
  for (const [channel, payloads] of packs) {
    let pack: string[] = [];
    let bytes = 2;
    for (const payload of payloads) {
      const size = Buffer.byteLength(payload) + 1;
      if (pack.length > 0 && bytes + size > PACKED_PAYLOAD_BYTES) {
        sent.push([channel, `[${pack.join(',')}]`]);
        pack = [];
        bytes = 2;
      }
      pack.push(payload);
      bytes += size;
    }
    if (pack.length > 0) sent.push([channel, `[${pack.join(',')}]`]);
  }
  for (const [channel, payload] of wakes) sent.push([channel, payload]);
  return sent;
}
