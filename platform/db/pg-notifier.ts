import type pg from 'pg';
import type { Logger } from '../logging/logger.js';

/**
 * Sends NOTIFYs after the fact, batched: every notification published while a send is in flight
 * goes out together in the next single statement. Postgres serialises the commits of
 * transactions that NOTIFY, so notifying inside each order commit would cap the commit rate;
 * one notifying transaction per batch does not. Listeners must tolerate a missed or reordered
 * notification (they re-read by version).
 */
export class PgNotifier {
  private pending: Array<[string, string]> = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  publish(channel: string, payload: string): void {
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
        const batch = this.pending;
        this.pending = [];
        await this.pool
          .query({ name: 'pg-notifier', text: 'select pg_notify(c, p) from unnest($1::text[], $2::text[]) as t(c, p)', values: [batch.map(([c]) => c), batch.map(([, p]) => p)] })
          .catch((error: unknown) => this.logger.warn({ err: error, count: batch.length }, 'could not send notifications; listeners will catch up on the next one'));
      }
    } finally {
      this.flushing = undefined;
    }
  }
}
