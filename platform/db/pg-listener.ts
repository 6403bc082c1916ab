import pg from 'pg';
import type { Logger } from '../logging/logger.js';

/**
 * LISTEN on one channel over a dedicated connection, reconnecting when the connection is lost.
 * Notifications sent while it is down are missed: callers pair it with a poll or a re-read.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private running = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly logger: Logger,
    private readonly onNotify: (payload: string) => void,
    private readonly onReconnect: () => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.running = true;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || !this.running) return;
      lost = true;
      this.logger.warn({ err: error, channel: this.channel }, 'LISTEN connection lost; reconnecting');
      client.end().catch(() => undefined);
      this.retry(250);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onNotify(message.payload ?? '');
    });
    await client.connect();
    await client.query(`listen "${this.channel.replace(/"/g, '""')}"`);
  }

  private retry(delayMs: number): void {
    setTimeout(() => {
      if (!this.running) return;
      this.connect().then(
        () => this.onReconnect(),
        (error: Error) => {
          this.logger.warn({ err: error, channel: this.channel }, 'LISTEN reconnect failed');
          this.retry(Math.min(delayMs * 2, 5_000));
        },
      );
    }, delayMs).unref();
  }
}
