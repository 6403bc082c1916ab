import type { Logger } from '../../platform/logging/logger.js';
import { bodyValue, type ExchangeJournal } from '../shared/exchange.journal.js';
import type { WebhookRecord } from './provider-d.model.js';

/** Default waits before each retry of a webhook not answered `[accepted]`. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

/**
 * Sends webhooks and retries each until the merchant answers `[accepted]` (any other answer,
 * status or a network failure counts as not taken), then gives up after the last delay. Every
 * attempt is recorded on the webhook (the sandbox's payment view shows them) and in the sandbox's
 * exchange journal (operation `webhook`, as contract tests read it).
 */
export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly journal: ExchangeJournal,
    private readonly logger: Logger,
    private readonly retryDelaysMs: readonly number[] = DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    private readonly now: () => Date,
    /** How long one delivery waits for the merchant's answer. */
    private readonly timeoutMs: number,
    /** Webhooks leave a moment after the change, as a real provider's do (the API answer comes first). */
    private readonly firstDelayMs = 250,
  ) {}

  dispatch(webhook: WebhookRecord): void {
    if (!webhook.url) {
      webhook.status = 'no_webhook_url';
      return;
    }
    this.later(this.firstDelayMs, () => this.attempt(webhook, 0));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Runs `run` after `ms` unless the sandbox closed first (timers never keep the process alive). */
  later(ms: number, run: () => Promise<void> | void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(webhook: WebhookRecord, retry: number): Promise<void> {
    const attempt: WebhookRecord['attempts'][number] = { at: this.now().toISOString() };
    const headers = { 'content-type': 'application/json' };
    let answer: string | undefined;
    try {
      const response = await fetch(webhook.url!, { method: 'POST', headers, body: JSON.stringify(webhook.body), signal: AbortSignal.timeout(this.timeoutMs) });
      attempt.status = response.status;
      answer = await response.text();
      attempt.answer = answer.slice(0, 500);
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    this.journal.record({ direction: 'out', operation: 'webhook', method: 'POST', url: webhook.url!, headers, requestBody: webhook.body, ...(attempt.status === undefined ? {} : { status: attempt.status }), responseBody: bodyValue(answer) });
    webhook.attempts.push(attempt);
    if (attempt.status !== undefined && attempt.status < 300 && attempt.answer?.trim() === '[accepted]') {
      webhook.status = 'accepted';
      return;
    }
    const delay = this.retryDelaysMs[retry];
    if (delay === undefined) {
      webhook.status = 'gave_up';
      this.logger.warn({ webhookId: webhook.id, url: webhook.url }, 'provider D sandbox: webhook never accepted, giving up');
      return;
    }
    this.later(delay, () => this.attempt(webhook, retry + 1));
  }
}
