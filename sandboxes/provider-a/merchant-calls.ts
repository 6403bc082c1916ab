import type { Logger } from '../../platform/logging/logger.js';
import { bodyValue, type ExchangeJournal } from '../shared/exchange.journal.js';
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

/** What a merchant answered: status (null: no answer), body, and a redirect's `Location`. */
export interface MerchantAnswer {
  status: number | null;
  body: unknown;
  location?: string;
}

/**
 * The sandbox's calls to the merchant, as Klarna makes them: validation and shipping-option
 * update (the shopper waits for them; JSON bodies), the push (`pushDelayMs` after the purchase,
 * no body, the order id in the URL's `{checkout.order.id}`, repeated until the order is
 * acknowledged in order management) and the fraud-risk notification. Redirects are answers, not
 * followed. Every call is recorded (`calls`, and the exchange journal as `out`).
 */
export class MerchantCalls {
  readonly calls = new Map<string, MerchantCall[]>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly settings: MerchantCallSettings,
    private readonly logger: Logger,
    private readonly journal: ExchangeJournal,
  ) {}

  of(orderId: string): MerchantCall[] {
    return (this.calls.get(orderId) ?? []).map((call) => ({ ...call }));
  }

  /** POSTs `body` (none: an empty POST) to a merchant URL for an order and records the call. */
  async post(kind: MerchantCall['kind'], url: string, orderId: string, body?: unknown, attempt = 1): Promise<MerchantAnswer> {
    const target = fillOrderId(url, orderId);
    const record: MerchantCall = { kind, url: target, at: new Date().toISOString(), attempt, status: null };
    this.calls.set(orderId, [...(this.calls.get(orderId) ?? []), record]);
    const headers: Record<string, string> = { 'user-agent': 'provider-a-sandbox', ...(body === undefined ? {} : { 'content-type': 'application/json', accept: 'application/json' }) };
    const journal = (status: number | undefined, responseBody: unknown) =>
      this.journal.record({ direction: 'out', operation: kind, method: 'POST', url: target, headers, requestBody: body, ...(status === undefined ? {} : { status }), responseBody });
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers,
        redirect: 'manual',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.settings.callTimeoutMs),
      });
      const answer = bodyValue(await response.text());
      record.status = response.status;
      record.answer = answer;
      journal(response.status, answer);
      const location = response.headers.get('location');
      return { status: response.status, body: answer, ...(location ? { location } : {}) };
    } catch (error) {
      record.error = (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message;
      journal(undefined, undefined);
      this.logger.info({ kind, orderId, err: error }, 'merchant call failed');
      return { status: null, body: undefined };
    }
  }

  /** Sends the push after `pushDelayMs`, then again every `pushRetryDelayMs` until the order is acknowledged or `pushMaxAttempts`. */
  schedulePush(order: () => ProviderOrder, attempt = 1): void {
    const delay = attempt === 1 ? this.settings.pushDelayMs : this.settings.pushRetryDelayMs;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const current = order();
      void this.post('push', current.merchant_urls.push, current.order_id, undefined, attempt).then(() => {
        const acknowledged = order().management?.acknowledged === true;
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
