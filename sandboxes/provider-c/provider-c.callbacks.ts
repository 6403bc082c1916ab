import { bodyValue, type ExchangeJournal } from '../shared/exchange.journal.js';
import type { CallbackRecord, ProviderCOrder } from './provider-c.model.js';

export interface CallbackOutcome {
  record: CallbackRecord;
  timedOut: boolean;
}

/**
 * The provider's calls to the merchant (validation, checkout status push, order-management status
 * push, saved credit card): as published, they
 * carry no signature or credentials (the merchant authenticates them by the address it handed
 * out), and are sent with the provider's time limit. Every call is kept in `log` per order so the
 * sandbox can show what it sent and what came back, and in the exchange journal.
 */
export class ProviderCCallbacks {
  private readonly log = new Map<number, CallbackRecord[]>();

  constructor(
    private readonly now: () => Date,
    private readonly timeoutMs: number,
    private readonly journal: ExchangeJournal,
  ) {}

  recordsOf(orderId: number): CallbackRecord[] {
    return [...(this.log.get(orderId) ?? [])];
  }

  async send(kind: CallbackRecord['kind'], order: ProviderCOrder, url: string, body: unknown): Promise<CallbackOutcome> {
    const text = JSON.stringify(body);
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const record: CallbackRecord = { kind, url, body, status: null, answer: null, error: null, at: this.now().toISOString() };
    let timedOut = false;
    try {
      const response = await fetch(url, { method: 'POST', headers, body: text, signal: AbortSignal.timeout(this.timeoutMs) });
      record.status = response.status;
      record.answer = bodyValue(await response.text()) ?? null;
    } catch (error) {
      timedOut = (error as Error).name === 'TimeoutError';
      record.error = timedOut ? `no answer within ${this.timeoutMs} ms` : `could not reach ${url}: ${(error as Error).message}`;
    }
    this.journal.record({ direction: 'out', operation: kind, method: 'POST', url, headers, requestBody: body, ...(record.status === null ? {} : { status: record.status, responseBody: record.answer ?? undefined }) });
    const list = this.log.get(order.OrderId) ?? [];
    list.push(record);
    this.log.set(order.OrderId, list);
    return { record, timedOut };
  }

  /**
   * A notification sent until the merchant takes it (2xx), at most once after each of `delaysMs`:
   * the provider retries what was not received (a merchant may not know the order yet).
   */
  async deliver(kind: CallbackRecord['kind'], order: ProviderCOrder, url: string, body: unknown, delaysMs: readonly number[] = RETRY_DELAYS_MS): Promise<CallbackRecord> {
    let { record } = await this.send(kind, order, url, body);
    for (const delay of delaysMs) {
      if (record.status !== null && record.status >= 200 && record.status < 300) break;
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      ({ record } = await this.send(kind, order, url, body));
    }
    return record;
  }
}

/** When a notification not taken is sent again (after the first try). */
export const RETRY_DELAYS_MS = [250, 1_000, 3_000] as const;
