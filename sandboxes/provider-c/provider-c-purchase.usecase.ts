import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { ProviderCCallbacks } from './provider-c.callbacks.js';
import { checkoutPushBody, managementPushBody, savedCardPushBody, validationBody, type PublishedMerchantPayment } from './merchant-api.mapper.js';
import type { CallbackRecord, PendingReason, ProviderCMerchant, ProviderCOrder, SavedCreditCard } from './provider-c.model.js';
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
  /** The saved card notification, when the purchase saved a card for the merchant. */
  savedCard: CallbackRecord | null;
  /** Where the checkout sends the shopper now: the merchant's confirmation address (none after a refusal). */
  redirectUrl: string | null;
}

/** The published decline reasons a validation may answer (ValidateOrderResponseInterface). */
export const DECLINE_REASONS = ['OutOfStock', 'PostalCodeIsNotSupported', 'ShippingIsNotSupportedForPostalCode', 'CashOnDeliveryIsNotSupportedForShippingMethod', 'IdentityNotVerified', 'Other'] as const;
/** A longer message than this is not shown to the shopper (developers.qliro.com, "Validate order"). */
export const DECLINE_MESSAGE_LIMIT = 150;

const STATUS_OF = { completed: 'Completed', pending: 'OnHold', refused: 'Refused' } as const;

/**
 * The shopper's purchase click and what follows at the provider: the merchant's validation
 * (2xx approves; 400 `{DeclineReason, DeclineReasonMessage?}` declines and the checkout shows the
 * message; no answer in time approves unless the merchant agreed otherwise), the outcome, the
 * checkout status push (possibly more than once) and — for a card the merchant asked to save —
 * the saved credit card notification; later, for a purchase on hold, the push that accepts or
 * declines it. And the merchant payments charged to a saved card, with their order-management
 * status push.
 */
export class ProviderCPurchases {
  constructor(
    private readonly store: ProviderCStore,
    private readonly callbacks: ProviderCCallbacks,
    private readonly now: () => Date,
  ) {}

  async purchase(orderId: number, input: PurchaseInput): Promise<PurchaseResult> {
    const order = this.store.assertPurchasable(orderId);
    const validation = await this.validate(order);
    if (!validation.approved) {
      const answer = (validation.call?.answer ?? {}) as { DeclineReason?: unknown; DeclineReasonMessage?: unknown };
      const reason = typeof answer.DeclineReason === 'string' && (DECLINE_REASONS as readonly string[]).includes(answer.DeclineReason) ? answer.DeclineReason : 'Other';
      const given = typeof answer.DeclineReasonMessage === 'string' && answer.DeclineReasonMessage.length <= DECLINE_MESSAGE_LIMIT ? answer.DeclineReasonMessage : undefined;
      const message = given ?? 'The shop could not accept this order. Please review your order and try again.';
      throw new AppError(409, 'validation_declined', message, { DeclineReason: reason, DeclineReasonMessage: given ?? null, validation: validation.call });
    }
    const { order: finished, card } = this.store.finish(orderId, STATUS_OF[input.outcome ?? 'completed'], input.pendingReason ?? null);
    const pushes: CallbackRecord[] = [];
    for (let i = 0; i < (input.pushes ?? 1); i++) pushes.push(await this.sendPush(finished));
    const savedCard = card ? await this.sendSavedCard(finished, card) : null;
    const redirectUrl = finished.CustomerCheckoutStatus === 'Refused' ? null : (finished.Urls.MerchantConfirmationUrl ?? null);
    return { order: this.store.get(orderId), validation, pushes, savedCard, redirectUrl };
  }

  /** Sends the checkout push again for the order's current status (a duplicate). */
  async push(orderId: number): Promise<CallbackRecord> {
    const order = this.store.get(orderId);
    if (order.CustomerCheckoutStatus === 'InProcess') throw new AppError(409, 'order_in_process', 'The order has not been purchased yet.');
    return this.sendPush(order);
  }

  /** Resolves an OnHold purchase: as published, its new status (Completed or Refused) is another checkout status push (`repeat` times). */
  async resolve(orderId: number, decision: 'accepted' | 'declined', repeat = 1): Promise<{ order: ProviderCOrder; events: CallbackRecord[] }> {
    const resolved = this.store.resolve(orderId, decision);
    const events: CallbackRecord[] = [];
    for (let i = 0; i < repeat; i++) events.push(await this.sendPush(resolved));
    return { order: this.store.get(orderId), events };
  }

  /** A merchant payment: charged at once, then its transaction's status pushed to the order-management address. */
  async merchantPayment(merchantId: string, request: PublishedMerchantPayment, snippetFor: (orderId: number) => string): Promise<ProviderCOrder> {
    const order = this.store.merchantPayment(merchantId, request, snippetFor);
    const transaction = order.PaymentTransactions.at(-1)!;
    const url = order.Urls.MerchantOrderManagementStatusPushUrl;
    // After the answer, as the provider's notifications come: the merchant learns the payment id first.
    if (url) setImmediate(() => void this.callbacks.deliver('omPush', order, url, managementPushBody(order, transaction, this.now())));
    return order;
  }

  private async validate(order: ProviderCOrder): Promise<PurchaseResult['validation']> {
    const url = order.Urls.MerchantOrderValidationUrl;
    if (!url) return { approved: true, call: null };
    const { record, timedOut } = await this.callbacks.send('validation', order, url, validationBody(order));
    if (timedOut) return { approved: order.ValidationTimeoutApproves, call: record };
    return { approved: record.status !== null && record.status >= 200 && record.status < 300, call: record };
  }

  private async sendPush(order: ProviderCOrder): Promise<CallbackRecord> {
    const url = order.Urls.MerchantCheckoutStatusPushUrl;
    if (!url) return { kind: 'push', url: '', body: null, status: null, answer: null, error: 'the order has no MerchantCheckoutStatusPushUrl', at: this.now().toISOString() };
    return (await this.callbacks.send('push', order, url, checkoutPushBody(order, this.now()))).record;
  }

  private async sendSavedCard(order: ProviderCOrder, card: SavedCreditCard): Promise<CallbackRecord> {
    return (await this.callbacks.send('savedCard', order, order.Urls.MerchantSavedCreditCardPushUrl!, savedCardPushBody(order, card, this.now()))).record;
  }

  merchantOf(order: ProviderCOrder): ProviderCMerchant {
    const merchant = this.store.merchant(order.MerchantId);
    if (!merchant) throw notFound(`Merchant ${order.MerchantId} is not known.`, 'merchant_not_found');
    return merchant;
  }
}
