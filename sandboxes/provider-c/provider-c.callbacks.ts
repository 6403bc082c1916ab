import type { CallbackRecord, ProviderCMerchant, ProviderCOrder } from './provider-c.model.js';
import { signProviderC } from './provider-c.signature.js';

export interface CallbackOutcome {
  record: CallbackRecord;
  timedOut: boolean;
}

/**
 * The provider's calls to the merchant (validation, checkout push, order-management event):
 * signed like the merchant's own calls, with the provider's time limit. Every call is kept in
 * `log` per order so the sandbox can show what it sent and what came back.
 */
export class ProviderCCallbacks {
  private readonly log = new Map<number, CallbackRecord[]>();

  constructor(
    private readonly now: () => Date,
    private readonly timeoutMs: number,
  ) {}

  recordsOf(orderId: number): CallbackRecord[] {
    return [...(this.log.get(orderId) ?? [])];
  }

  async send(kind: CallbackRecord['kind'], merchant: ProviderCMerchant, order: ProviderCOrder, url: string, body: unknown): Promise<CallbackOutcome> {
    const text = JSON.stringify(body);
    const record: CallbackRecord = { kind, url, body, status: null, answer: null, error: null, at: this.now().toISOString() };
    let timedOut = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: signProviderC(merchant.merchantId, merchant.secret, text) },
        body: text,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      record.status = response.status;
      const answer = await response.text();
      try {
        record.answer = answer ? JSON.parse(answer) : null;
      } catch {
        record.answer = answer;
      }
    } catch (error) {
      timedOut = (error as Error).name === 'TimeoutError';
      record.error = timedOut ? `no answer within ${this.timeoutMs} ms` : `could not reach ${url}: ${(error as Error).message}`;
    }
    const list = this.log.get(order.OrderId) ?? [];
    list.push(record);
    this.log.set(order.OrderId, list);
    return { record, timedOut };
  }
}

/** The checkout-status push body (`NotificationType: CheckoutStatus`). */
export const pushBody = (order: ProviderCOrder, at: Date) => ({
  OrderId: order.OrderId,
  MerchantReference: order.MerchantReference,
  Status: order.CustomerCheckoutStatus,
  Timestamp: at.toISOString(),
  NotificationType: 'CheckoutStatus',
});

/** The order-management event resolving a pending purchase. */
export const eventBody = (order: ProviderCOrder, at: Date) => ({
  OrderId: order.OrderId,
  MerchantReference: order.MerchantReference,
  Event: order.PendingResolution === 'accepted' ? 'PendingAccepted' : 'PendingDeclined',
  Status: order.CustomerCheckoutStatus,
  Timestamp: at.toISOString(),
  NotificationType: 'OrderManagement',
});
