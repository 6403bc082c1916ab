import pg from 'pg';
import type { Logger } from '../logging/logger.js';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * LISTEN on one channel over a dedicated connection. When the connection is lost, one reconnect
 * loop (never more) tries again with backoff (250 ms doubling to 5 s) until it is back or the
 * listener stops. Notifications sent while it is down are missed: callers pair it with a poll or
 * a re-read (`onReconnect`).
 */
export class PgListener {
  private client: pg.Client | undefined;
  private running = false;
  private reconnecting = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly logger: Logger,
    private readonly onNotify: (payload: string) => void,
    private readonly onReconnect: () => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.running = true;
    await this.open();
  }

  async stop(): Promise<void> {
    this.running = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** One connection that LISTENs; a failure ends it and is thrown, nothing is left behind. */
  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const early = (error: Error) => this.logger.debug({ err: error, channel: this.channel }, 'LISTEN connection failed while opening');
    client.on('error', early);
    try {
      await client.connect();
      await client.query(`listen "${this.channel.replace(/"/g, '""')}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.off('error', early);
    if (!this.running) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const lost = (error?: Error) => {
      if (this.client !== client) return; // reported once, by the current connection only
      this.client = undefined;
      client.end().catch(() => undefined);
      if (!this.running) return;
      this.logger.warn({ err: error, channel: this.channel }, 'LISTEN connection lost; reconnecting');
      void this.reconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onNotify(message.payload ?? '');
    });
  }

  private async reconnect(): Promise<void> {
    if (this.reconnecting) return;
    this.reconnecting = true;
    try {
      for (let delayMs = FIRST_RETRY_MS; this.running; delayMs = Math.min(delayMs * 2, MAX_RETRY_MS)) {
        await pause(delayMs);
        if (!this.running) return;
        try {
          await this.open();
          this.logger.info({ channel: this.channel }, 'LISTEN connection back');
          this.onReconnect();
          return;
        } catch (error) {
          this.logger.warn({ err: error, channel: this.channel, retryInMs: Math.min(delayMs * 2, MAX_RETRY_MS) }, 'LISTEN reconnect failed');
        }
      }
    } finally {
      this.reconnecting = false;
    }
  }
}
