import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { ProviderCCallbacks } from './provider-c.callbacks.js';
import { pushBody, validationBody } from './merchant-api.mapper.js';
import type { CallbackRecord, PendingReason, ProviderCMerchant, ProviderCOrder } from './provider-c.model.js';
import type { ProviderCStore } from './provider-c.store.js';

export type PurchaseOutcome = 'completed' | 'pending' | 'refused';

export interface PurchaseInput {
  outcome?: PurchaseOutcome;
  /** Why a pending purchase waits (default AwaitingProvider). */
  pendingReason?: PendingReason;
  /** How many times the checkout push is sent (duplicates happen at the real provider); default 1. */
  pushes?: number;
}

export interface PurchaseResult {
  order: ProviderCOrder;
  validation: { approved: boolean; call: CallbackRecord | null };
  pushes: CallbackRecord[];
  /** Where the iframe sends the shopper now: the confirmation address (the checkout address after a refusal). */
  redirectUrl: string | null;
}

const STATUS_OF = { completed: 'Completed', pending: 'OnHold', refused: 'Refused' } as const;

/**
 * The shopper's purchase click and what follows at the provider: the merchant's validation
 * callback (200 approves; 400 `{DeclineReason, DeclineReasonMessage}` refuses; no answer in time
 * approves unless the order says otherwise), the outcome, then the checkout push (possibly more
 * than once); and later, for a purchase on hold, the event that accepts or declines it.
 */
export class ProviderCPurchases {
  constructor(
    private readonly store: ProviderCStore,
    private readonly callbacks: ProviderCCallbacks,
    private readonly now: () => Date,
  ) {}

  async purchase(orderId: number, input: PurchaseInput): Promise<PurchaseResult> {
    const order = this.store.assertPurchasable(orderId);
    const merchant = this.merchantOf(order);
    const validation = await this.validate(merchant, order);
    if (!validation.approved) {
      const answer = (validation.call?.answer ?? {}) as { DeclineReason?: unknown; DeclineReasonMessage?: unknown };
      const message = typeof answer.DeclineReasonMessage === 'string' ? answer.DeclineReasonMessage : validation.call?.error ?? `The merchant's validation answered ${validation.call?.status}.`;
      throw new AppError(409, 'validation_declined', message, {
        DeclineReason: typeof answer.DeclineReason === 'string' ? answer.DeclineReason : 'ValidationFailed',
        DeclineReasonMessage: message,
        validation: validation.call,
      });
    }
    const finished = this.store.finish(orderId, STATUS_OF[input.outcome ?? 'completed'], input.pendingReason ?? null);
    const pushes: CallbackRecord[] = [];
    for (let i = 0; i < (input.pushes ?? 1); i++) pushes.push(await this.sendPush(merchant, finished));
    const redirectUrl = finished.CustomerCheckoutStatus === 'Refused' ? null : finished.MerchantSettings.ConfirmationUri || null;
    return { order: this.store.get(orderId), validation, pushes, redirectUrl };
  }

  /** Sends the checkout push again for the order's current status (a duplicate). */
  async push(orderId: number): Promise<CallbackRecord> {
    const order = this.store.get(orderId);
    if (order.CustomerCheckoutStatus === 'InProcess') throw new AppError(409, 'order_in_process', `Order ${orderId} has not been purchased yet.`);
    return this.sendPush(this.merchantOf(order), order);
  }

  /**
   * Resolves an OnHold purchase: as published, the new status (Completed or Refused) is another
   * checkout status push to the push address (`repeat` times).
   */
  async resolve(orderId: number, decision: 'accepted' | 'declined', repeat = 1): Promise<{ order: ProviderCOrder; events: CallbackRecord[] }> {
    const resolved = this.store.resolve(orderId, decision);
    const merchant = this.merchantOf(resolved);
    const events: CallbackRecord[] = [];
    for (let i = 0; i < repeat; i++) events.push(await this.sendPush(merchant, resolved));
    return { order: this.store.get(orderId), events };
  }

  private async validate(merchant: ProviderCMerchant, order: ProviderCOrder): Promise<PurchaseResult['validation']> {
    const url = order.MerchantSettings.CheckoutValidationCallBackUri;
    if (!url) return { approved: true, call: null };
    const { record, timedOut } = await this.callbacks.send('validation', order, url, validationBody(order));
    if (timedOut) return { approved: order.ValidationTimeoutApproves, call: record };
    return { approved: record.status !== null && record.status >= 200 && record.status < 300, call: record };
  }

  private async sendPush(merchant: ProviderCMerchant, order: ProviderCOrder): Promise<CallbackRecord> {
    if (!order.MerchantSettings.PushUri) return { kind: 'push', url: '', body: null, status: null, answer: null, error: 'the order has no PushUri', at: this.now().toISOString() };
    return (await this.callbacks.send('push', order, order.MerchantSettings.PushUri, pushBody(order, this.now()))).record;
  }

  private merchantOf(order: ProviderCOrder): ProviderCMerchant {
    const merchant = this.store.merchant(order.MerchantId);
    if (!merchant) throw notFound(`Merchant ${order.MerchantId} is not known.`, 'merchant_not_found');
    return merchant;
  }
}
