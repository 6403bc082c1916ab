import type { Logger } from '../../platform/logging/logger.js';
import type { MerchantCall, ProviderOrder } from './provider-a.model.js';

/** The push schedule and the time-out of every call to the merchant; `PUT /api/sandbox/settings` changes them. */
export interface MerchantCallSettings {
  /** Delay between the purchase and the first push (the provider's "about two minutes"). */
  pushDelayMs: number;
  /** Delay between push attempts until one is acknowledged (2xx). */
  pushRetryDelayMs: number;
  /** Push attempts in all before the sandbox gives up. */
  pushMaxAttempts: number;
  /** How long the sandbox waits for the merchant's answer to any call. */
  callTimeoutMs: number;
}

export const DEFAULT_MERCHANT_CALL_SETTINGS: MerchantCallSettings = { pushDelayMs: 120_000, pushRetryDelayMs: 60_000, pushMaxAttempts: 10, callTimeoutMs: 10_000 };

/** `{checkout.order.id}` in a merchant URL is the provider's order id (the provider's placeholder). */
export const fillOrderId = (url: string, orderId: string) => url.replaceAll('{checkout.order.id}', encodeURIComponent(orderId));

/**
 * The sandbox's calls to the merchant: validation and shipping-option update (the shopper waits
 * for them) and the push, sent `pushDelayMs` after the purchase and retried until acknowledged.
 * Every call is recorded (`calls`), so tests and people see what the merchant answered.
 */
export class MerchantCalls {
  readonly calls = new Map<string, MerchantCall[]>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly settings: MerchantCallSettings,
    private readonly logger: Logger,
  ) {}

  of(orderId: string): MerchantCall[] {
    return (this.calls.get(orderId) ?? []).map((call) => ({ ...call }));
  }

  /** POSTs the order to a merchant URL and records the call; the answer's status and JSON body (status null: no answer). */
  async post(kind: MerchantCall['kind'], url: string, order: ProviderOrder, attempt = 1): Promise<{ status: number | null; body: unknown }> {
    const target = fillOrderId(url, order.order_id);
    const record: MerchantCall = { kind, url: target, at: new Date().toISOString(), attempt, status: null };
    this.calls.set(order.order_id, [...(this.calls.get(order.order_id) ?? []), record]);
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'provider-a-sandbox' },
        body: JSON.stringify(kind === 'push' ? { order_id: order.order_id } : order),
        signal: AbortSignal.timeout(this.settings.callTimeoutMs),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      record.status = response.status;
      record.answer = body;
      return { status: response.status, body };
    } catch (error) {
      record.error = (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message;
      this.logger.info({ kind, orderId: order.order_id, err: error }, 'merchant call failed');
      return { status: null, body: undefined };
    }
  }

  /** Sends the push after `pushDelayMs`, then again every `pushRetryDelayMs` until a 2xx or `pushMaxAttempts`. */
  schedulePush(order: () => ProviderOrder, attempt = 1): void {
    const delay = attempt === 1 ? this.settings.pushDelayMs : this.settings.pushRetryDelayMs;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const current = order();
      void this.post('push', current.merchant_urls.push, current, attempt).then(({ status }) => {
        const acknowledged = status !== null && status >= 200 && status < 300;
        if (!acknowledged && attempt < this.settings.pushMaxAttempts && !this.closed) this.schedulePush(order, attempt + 1);
      });
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private closed = false;

  /** Stops every scheduled push (the app is closing). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
