import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '../../platform/crypto/webhook.signature.js';
import type { Logger } from '../../platform/logging/logger.js';
import { bodyValue, type ExchangeJournal } from './exchange.journal.js';

/** Waits before the first delivery and before each retry of a webhook not answered 2xx. */
export const WEBHOOK_DELAYS_MS = [100, 500, 2_000, 10_000, 60_000];

/** One webhook and how its deliveries went (the sandbox's admin view and tests read them). */
export interface SentWebhook {
  url: string;
  body: unknown;
  status: 'sending' | 'delivered' | 'gave_up';
  attempts: Array<{ at: string; status?: number; error?: string }>;
}

/**
 * How a sandbox sends its signed webhooks (the scaffolded providers'): a JSON body, signed with
 * HMAC-SHA256 under the merchant's secret in `X-Webhook-Signature: sha256=<hex>`, sent a moment
 * after the change and retried until the merchant answers 2xx (a payment not committed yet is a
 * 404 worth retrying), then given up. Every attempt is in the exchange journal (operation `webhook`).
 */
export class SignedWebhookSender {
  readonly sent: SentWebhook[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly journal: ExchangeJournal,
    private readonly logger: Logger,
    private readonly delaysMs: readonly number[] = WEBHOOK_DELAYS_MS,
    private readonly timeoutMs = 5_000,
  ) {}

  send(url: string, body: unknown, secret: string): SentWebhook {
    const webhook: SentWebhook = { url, body, status: 'sending', attempts: [] };
    this.sent.push(webhook);
    if (this.sent.length > 500) this.sent.shift();
    this.later(0, webhook, JSON.stringify(body), secret);
    return webhook;
  }

  /** Stops every pending delivery (the sandbox closing). */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(attempt: number, webhook: SentWebhook, text: string, secret: string): void {
    const delay = this.delaysMs[attempt];
    if (delay === undefined) {
      webhook.status = 'gave_up';
      this.logger.warn({ url: webhook.url }, 'sandbox webhook never taken, giving up');
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(attempt, webhook, text, secret);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private async deliver(attempt: number, webhook: SentWebhook, text: string, secret: string): Promise<void> {
    const headers = { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(text, secret) };
    const tried: SentWebhook['attempts'][number] = { at: new Date().toISOString() };
    let answer: string | undefined;
    try {
      const response = await fetch(webhook.url, { method: 'POST', headers, body: text, signal: AbortSignal.timeout(this.timeoutMs) });
      tried.status = response.status;
      answer = await response.text();
    } catch (error) {
      tried.error = error instanceof Error ? error.message : String(error);
    }
    webhook.attempts.push(tried);
    this.journal.record({ direction: 'out', operation: 'webhook', method: 'POST', url: webhook.url, headers, requestBody: webhook.body, ...(tried.status === undefined ? {} : { status: tried.status }), responseBody: bodyValue(answer) });
    if (tried.status !== undefined && tried.status >= 200 && tried.status < 300) webhook.status = 'delivered';
    else this.later(attempt + 1, webhook, text, secret);
  }
}
