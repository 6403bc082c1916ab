import { AppError, type Tenant } from '../kit/platform.js';
import { allocate } from '../../contracts/allocation.js';
import { sameAmount } from '../../contracts/amount.js';
import { applyWebhookAction, type TransactionLog, type WebhookApplied } from '../kit/index.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { ownPayment, providerOrderId, type ProviderCContext } from './provider-c.context.js';
import { orderCustomer } from './provider-c.mapper.js';
import { attributesOf } from './provider-c-checkout.usecase.js';
import { providerFailure } from './provider-c.errors.js';
import { settlementAction } from './provider-c.settlement.js';
import type { ProviderOrder } from './provider-c.types.js';

/** Who told the adapter to look at the provider again. */
export type SettlementSource = 'push' | 'event' | 'confirmation' | 'recurring' | 'refresh';

export interface SettlementResult {
  orderStatus: string;
  paymentState: string;
  checkoutStatus: string;
  changed: boolean;
}

/** The provider's answer to a validation call: 200 approves; anything else declines with a message for the shopper. */
export type ValidationAnswer = { status: 200; body: Record<string, never> } | { status: 400; body: { DeclineReason: string; DeclineReasonMessage: string } };

/**
 * The provider's verdicts, applied to the order: the validation at the purchase click (the
 * shopper's details onto the order, the order checked, then `processing`), and every later
 * word — the checkout push, the shopper's return to the confirmation address, the event for a
 * pending payment, a token order, the back office's Refresh — applied by re-reading the provider's order (a callback's body
 * is never trusted) and moving payment and order to where its status says (SETTLEMENT). Applying
 * the same status again changes nothing, so duplicate pushes and events are harmless; calls for
 * one payment run one at a time in this process.
 */
export class ProviderCSettlement {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly context: ProviderCContext) {}

  private get kit() {
    return this.context.kit;
  }

  async validate(tenant: Tenant, orderId: string, paymentId: string): Promise<ValidationAnswer> {
    return this.serial(paymentId, async () => {
      const order = await this.kit.orders.getOrder(tenant, orderId);
      const payment = ownPayment(order, paymentId);
      if (order.state.currentStatus === 'processing' && payment.state === 'processing') return approve(); // asked twice
      if (order.state.currentStatus !== 'checkout' || payment.state !== 'intent') {
        return decline('OrderNotOpen', `This order can no longer be paid (it is ${order.state.currentStatus}).`);
      }
      const configuration = await this.kit.configuration.get(tenant);
      let providerOrder: ProviderOrder;
      try {
        providerOrder = await this.context.provider(configuration).getOrder(providerOrderId(payment));
      } catch (error) {
        await this.log(tenant, order, payment, 'validation', { isSuccess: false, errorDetail: (error as Error).message });
        return decline('ProviderUnavailable', 'The payment could not be checked; please try again.');
      }
      const share = allocate(order).get(paymentId);
      if (share === undefined || !sameAmount(providerOrder.OrderAmount, payment.amount) || !sameAmount(payment.amount, share)) {
        await this.log(tenant, order, payment, 'validation', { isSuccess: false, pspStatus: providerOrder.CustomerCheckoutStatus, errorDetail: `The provider's amount ${providerOrder.OrderAmount} does not match the payment's ${payment.amount} (its share ${share}).` });
        return decline('OrderChanged', 'Your order changed while you were paying; please review it and try again.');
      }
      try {
        await this.writeCustomer(tenant, order, providerOrder);
        await this.kit.orders.validate(tenant, orderId);
        await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'processing', attributes: { ...payment.attributes, ...attributesOf(providerOrder) } });
      } catch (error) {
        await this.log(tenant, order, payment, 'validation', { isSuccess: false, pspStatus: providerOrder.CustomerCheckoutStatus, errorDetail: messageOf(error) });
        return decline('ValidationFailed', messageOf(error));
      }
      try {
        await this.kit.orders.changeStatus(tenant, orderId, 'processing');
      } catch (error) {
        // A hook (or another payment's process) vetoed the move: the payment is open again.
        await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'intent' }).catch((e: unknown) => this.kit.logger.error({ err: e, orderId }, 'could not reopen the payment'));
        await this.log(tenant, order, payment, 'validation', { isSuccess: false, pspStatus: providerOrder.CustomerCheckoutStatus, errorDetail: messageOf(error) });
        return decline('OrderRefused', messageOf(error));
      }
      await this.log(tenant, order, payment, 'validation', { isSuccess: true, pspStatus: providerOrder.CustomerCheckoutStatus, responseJson: { OrderId: providerOrder.OrderId, OrderAmount: providerOrder.OrderAmount } });
      return approve();
    });
  }

  /**
   * Re-reads the provider's order and applies its status as one keyed runtime action
   * (`settlementAction`, `applyWebhookAction`): once per provider order and status, however many
   * pushes, events and returns report it, at once or one after the other.
   */
  async settle(tenant: Tenant, orderId: string, paymentId: string, source: SettlementSource, known?: ProviderOrder): Promise<SettlementResult> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = ownPayment(order, paymentId);
    const configuration = await this.kit.configuration.get(tenant);
    const providerOrder = known ?? (await this.context.provider(configuration).getOrder(providerOrderId(payment)).catch((error: unknown) => {
      throw providerFailure(error, paymentId);
    }));
    const result = (now: OrderDocument, changed: boolean): SettlementResult => ({ orderStatus: now.state.currentStatus, paymentState: ownPayment(now, paymentId).state, checkoutStatus: providerOrder.CustomerCheckoutStatus, changed });
    const action = settlementAction(tenant, orderId, payment, providerOrder);
    if (!action) return result(order, false);
    let applied: WebhookApplied;
    try {
      // The shopper's details go on the order before it locks (no validation came: timed out, or another address validates).
      if (action.success) await this.writeCustomer(tenant, order, providerOrder);
      applied = await applyWebhookAction(this.kit, action, { log: (t, o, p, transaction) => this.kit.payments.logTransaction(t, o, p, transaction).then(() => undefined) });
    } catch (error) {
      await this.log(tenant, order, payment, source, { isSuccess: false, pspStatus: providerOrder.CustomerCheckoutStatus, errorDetail: messageOf(error) });
      throw error;
    }
    return result(await this.kit.orders.getOrder(tenant, orderId), applied.result === 'applied');
  }

  /** The provider's customer onto the order, while it can still change (checkout). */
  private async writeCustomer(tenant: Tenant, order: OrderDocument, providerOrder: ProviderOrder): Promise<void> {
    if (order.state.currentStatus !== 'checkout') return;
    const customer = orderCustomer(providerOrder);
    if (!customer.billing && !customer.shipping) return;
    await this.kit.orders.replaceCustomer(tenant, order.id, { ...order.customer, ...customer });
  }

  private async log(tenant: Tenant, order: OrderDocument, payment: PaymentDocument, event: string, entry: Omit<TransactionLog, 'event' | 'pspEvent' | 'amount'>): Promise<void> {
    await this.kit.payments
      .logTransaction(tenant, order.id, payment.id, { event, pspEvent: event, amount: payment.amount, ...entry })
      .catch((error: unknown) => this.kit.logger.error({ err: error, orderId: order.id }, `could not log the ${event}`));
  }

  /** Runs calls for one payment one after the other (a push and the shopper's return may arrive together). */
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

const approve = (): ValidationAnswer => ({ status: 200, body: {} });
// The published limit of the message is 150 characters (a longer one is not shown at all).
const decline = (reason: string, message: string): ValidationAnswer => ({ status: 400, body: { DeclineReason: reason, DeclineReasonMessage: message.length > 150 ? `${message.slice(0, 149)}…` : message } });
const messageOf = (error: unknown) => (error instanceof AppError || error instanceof Error ? error.message : String(error));
