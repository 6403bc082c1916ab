import { AppError, type Tenant } from '../kit/platform.js';
import { allocate } from '../../contracts/allocation.js';
import { sameAmount } from '../../contracts/amount.js';
import { applyWebhookAction, type TransactionLog, type WebhookAction, type WebhookApplied } from '../kit/index.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { providerOrderId, type ProviderCContext } from './provider-c.context.js';
import { itemsTotal, orderCustomer } from './provider-c.mapper.js';
import { providerFailed } from '../kit/index.js';
import { attributesOf, merchantPaymentAction, settlementAction } from './provider-c.settlement.js';
import { approve, decline, declineReasonOf, type ValidationAnswer } from './provider-c-validation.domain.js';
import type { OrderItem, QliroOrder } from './provider-c.types.js';

/** Who told the adapter to look at the provider again. */
export type SettlementSource = 'push' | 'event' | 'confirmation' | 'recurring' | 'refresh';

export interface SettlementResult {
  orderStatus: string;
  paymentState: string;
  checkoutStatus: string;
  changed: boolean;
}

/** The parts of the provider's validation request the adapter reads (ValidateOrderNotificationInterface). */
export interface ValidationRequest {
  OrderId?: unknown;
  OrderItems?: unknown;
}

/** The saved credit card notification's parts the adapter reads (MerchantSavedCreditCardNotificationInterface). */
export interface SavedCardNotice {
  OrderId?: unknown;
  Id?: unknown;
}

/**
 * The provider's verdicts, applied to the order: the validation at the purchase click (the
 * amount the shopper is buying checked, the shopper's details onto the order, the order checked,
 * then `processing` — or a decline with a published reason and words for the shopper), every
 * later word — the checkout push, the order-management push, the shopper's return to the
 * confirmation address, a merchant payment, the back office's Refresh — applied by re-reading the
 * provider's order (a notification's body only says "look again") and moving payment and order to
 * where its status says (provider-c.settlement.ts), and the card a purchase saved. Applying the
 * same status again changes nothing, so duplicate notifications are harmless; validations for one
 * payment run one at a time in this process.
 */
export class ProviderCSettlement {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly context: ProviderCContext) {}

  private get kit() {
    return this.context.kit;
  }

  async validate(tenant: Tenant, orderId: string, paymentId: string, request: ValidationRequest): Promise<ValidationAnswer> {
    return this.serial(paymentId, async () => {
      const order = await this.kit.orders.getOrder(tenant, orderId);
      const payment = this.kit.ownPayment(order, paymentId);
      if (order.state.currentStatus === 'processing' && payment.state === 'processing') return approve(); // asked twice
      if (order.state.currentStatus !== 'checkout' || payment.state !== 'intent') {
        return decline('Other', 'This order can no longer be paid here. Please reload the checkout.');
      }
      if (request.OrderId !== undefined && String(request.OrderId) !== payment.reference) {
        return decline('Other', 'This checkout does not belong to this order. Please reload the checkout.');
      }
      const configuration = await this.kit.configuration.get(tenant);
      let read: QliroOrder;
      try {
        read = await this.context.provider(configuration).getOrder(providerOrderId(payment));
      } catch (error) {
        await this.log(tenant, order, payment, 'validation', { isSuccess: false, errorDetail: (error as Error).message });
        return decline('Other', 'Your payment could not be checked just now. Please try again.');
      }
      // What the shopper is buying, as the validation request lists it (the read may list no items before the purchase).
      const listed = pricedItems(request.OrderItems);
      const bought = listed ? itemsTotal(listed) : read.OrderItems?.length ? itemsTotal(read.OrderItems) : read.TotalPrice;
      const share = allocate(order).get(paymentId);
      if (share === undefined || !sameAmount(bought, payment.amount) || !sameAmount(payment.amount, share)) {
        await this.log(tenant, order, payment, 'validation', { isSuccess: false, pspStatus: read.CustomerCheckoutStatus, errorDetail: `The items bought cost ${bought}; the payment is ${payment.amount} (its share ${share}).` });
        return decline('Other', 'Your order changed while you were paying. Please review it and try again.');
      }
      try {
        await this.writeCustomer(tenant, order, read);
        await this.kit.orders.validate(tenant, orderId);
        await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'processing', attributes: { ...payment.attributes, ...attributesOf(read) } });
      } catch (error) {
        await this.log(tenant, order, payment, 'validation', { isSuccess: false, pspStatus: read.CustomerCheckoutStatus, errorDetail: messageOf(error) });
        return decline(declineReasonOf(error instanceof AppError ? error.details : undefined), messageOf(error));
      }
      try {
        await this.kit.orders.changeStatus(tenant, orderId, 'processing');
      } catch (error) {
        // A hook (or another payment's process) vetoed the move: the payment is open again.
        await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'intent' }).catch((e: unknown) => this.kit.logger.error({ err: e, orderId }, 'could not reopen the payment'));
        await this.log(tenant, order, payment, 'validation', { isSuccess: false, pspStatus: read.CustomerCheckoutStatus, errorDetail: messageOf(error) });
        return decline(declineReasonOf(error instanceof AppError ? error.details : undefined), messageOf(error));
      }
      await this.log(tenant, order, payment, 'validation', { isSuccess: true, pspStatus: read.CustomerCheckoutStatus, responseJson: { OrderId: read.OrderId, TotalPrice: read.TotalPrice } });
      return approve();
    });
  }

  /**
   * Re-reads the provider's order (a merchant payment's through the admin API) and applies its
   * status as one keyed runtime action (`applyWebhookAction`): once per provider order and status,
   * however many notifications, returns and refreshes report it, at once or one after the other.
   */
  async settle(tenant: Tenant, orderId: string, paymentId: string, source: SettlementSource, known?: QliroOrder): Promise<SettlementResult> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = this.kit.ownPayment(order, paymentId);
    const configuration = await this.kit.configuration.get(tenant);
    const client = this.context.provider(configuration);
    const failed = (error: unknown) => {
      throw providerFailed(error, paymentId);
    };
    let action: WebhookAction | undefined;
    let status: string;
    let read: QliroOrder | undefined;
    if (payment.attributes?.merchantPayment === true) {
      const admin = await client.getAdminOrder(providerOrderId(payment)).catch(failed);
      action = merchantPaymentAction(tenant, orderId, payment, admin);
      status = admin.PaymentTransactions.at(-1)?.Status ?? 'Created';
    } else {
      read = known ?? (await client.getOrder(providerOrderId(payment)).catch(failed));
      action = settlementAction(tenant, orderId, payment, read);
      status = read.CustomerCheckoutStatus;
    }
    const result = (now: OrderDocument, changed: boolean): SettlementResult => ({ orderStatus: now.state.currentStatus, paymentState: this.kit.ownPayment(now, paymentId).state, checkoutStatus: status, changed });
    if (!action) return result(order, false);
    let applied: WebhookApplied;
    try {
      // The shopper's details go on the order before it locks (no validation came: timed out, or another address validates).
      if (action.success && read) await this.writeCustomer(tenant, order, read);
      applied = await applyWebhookAction(this.kit, action, { log: (t, o, p, transaction) => this.kit.payments.logTransaction(t, o, p, transaction).then(() => undefined) });
    } catch (error) {
      await this.log(tenant, order, payment, source, { isSuccess: false, pspStatus: status, errorDetail: messageOf(error) });
      throw error;
    }
    return result(await this.kit.orders.getOrder(tenant, orderId), applied.result === 'applied');
  }

  /**
   * The card a purchase saved (the provider's saved credit card notification): its id is the
   * token later merchant payments charge, kept on the payment (`recurring.token`). The notice
   * must name this payment's provider order; the same card again changes nothing.
   */
  async saveCard(tenant: Tenant, orderId: string, paymentId: string, notice: SavedCardNotice): Promise<void> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = this.kit.ownPayment(order, paymentId);
    if (String(notice.OrderId) !== providerOrderId(payment)) throw new AppError(400, 'invalid_request', "The notice names another order than this payment's.");
    if (typeof notice.Id !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(notice.Id)) throw new AppError(400, 'invalid_request', 'The notice names no saved card.');
    if (payment.recurring?.token === notice.Id) return;
    await this.kit.payments.updatePayment(tenant, orderId, paymentId, { recurring: { ...payment.recurring, token: notice.Id } });
  }

  /** The provider's customer onto the order, while it can still change (checkout). */
  private async writeCustomer(tenant: Tenant, order: OrderDocument, read: QliroOrder): Promise<void> {
    if (order.state.currentStatus !== 'checkout') return;
    const customer = orderCustomer(read);
    if (!customer.billing && !customer.shipping) return;
    await this.kit.orders.replaceCustomer(tenant, order.id, { ...order.customer, ...customer });
  }

  private async log(tenant: Tenant, order: OrderDocument, payment: PaymentDocument, event: string, entry: Omit<TransactionLog, 'event' | 'pspEvent' | 'amount'>): Promise<void> {
    await this.kit.payments
      .logTransaction(tenant, order.id, payment.id, { event, pspEvent: event, amount: payment.amount, ...entry })
      .catch((error: unknown) => this.kit.logger.error({ err: error, orderId: order.id }, `could not log the ${event}`));
  }

  /** Runs calls for one payment one after the other (a validation asked twice at once). */
  private async serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.running.get(key) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(work);
    this.running.set(key, next);
    try {
      return await next;
    } finally {
      if (this.running.get(key) === next) this.running.delete(key);
    }
  }
}

/** The validation request's items when each has a price and a quantity (a malformed list counts as none). */
function pricedItems(items: unknown): OrderItem[] | undefined {
  if (!Array.isArray(items)) return undefined;
  const priced = (item: unknown) => !!item && typeof item === 'object' && Number.isFinite((item as OrderItem).PricePerItemIncVat) && Number.isFinite((item as OrderItem).Quantity);
  return items.every(priced) ? (items as OrderItem[]) : undefined;
}

const messageOf = (error: unknown) => (error instanceof AppError || error instanceof Error ? error.message : String(error));
