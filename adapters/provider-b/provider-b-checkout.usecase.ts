// Provider B's storefront callbacks while the shopper is in Avarda's form: customer-update, shipping-option-update, validate, process.
import type { AdapterKit, TransactionLog } from '../kit/index.js';
import { chosenAtProvider } from '../kit/index.js';
import { AppError, badRequest, notFound, type Tenant } from '../kit/platform.js';
import { PlatformCallError } from '../kit/platform-call.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { allocate } from '../../contracts/allocation.js';
import { sameAmount } from '../../contracts/amount.js';
import type { Purchase } from './provider-b-api.client.js';
import { providerFailed } from '../kit/index.js';
import type { ProviderBProvider } from './provider-b.provider.js';
import { consentsFrom, customerFrom, hasShopper, orderFingerprint, purchaseItems, shippingFrom } from './purchase.mapper.js';
import { isCompleted, isDead, isInCheckout, stepOf } from './purchase-steps.rules.js';
import { PROVIDER_B_ADAPTER_ID, shippingVatRate, type ProviderBConfiguration } from './provider-b.types.js';

/** One reason validate refuses (spec: non-200 with an array of `{code, adapterId}`), with a message for the UI. */
export interface ValidationFailure {
  code: string;
  adapterId: string;
  message: string;
}

export interface PaymentContext {
  tenant: Tenant;
  order: OrderDocument;
  payment: PaymentDocument;
  configuration: ProviderBConfiguration;
}

const failure = (code: string, message: string, adapterId = PROVIDER_B_ADAPTER_ID): ValidationFailure => ({ code, adapterId, message });

/**
 * The storefront's callbacks while the shopper is in provider B's embedded checkout (its script's
 * events, forwarded): customer-update and shipping-option-update copy what the shopper entered
 * from the provider to the order; validate (beforeSubmit) checks the order and the purchase agree
 * and remembers the order as validated; process (the submit goes on) refuses an order changed
 * since, writes consents and addresses, and moves order and payment to `processing`. Nothing is
 * taken from a request body: every step re-reads the purchase from the provider.
 */
export class ProviderBCheckout {
  constructor(
    private readonly kit: AdapterKit<ProviderBConfiguration>,
    private readonly provider: ProviderBProvider,
  ) {}

  /** The order, the payment and the configuration; `named` (a purchase id a browser sent) must be the payment's own purchase (else 400, before the provider is asked). */
  async context(tenant: Tenant, orderId: string, paymentId: string, named?: string): Promise<PaymentContext> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = order.payments.find((p) => p.id === paymentId && p.adapterId === PROVIDER_B_ADAPTER_ID);
    if (!payment) throw notFound(`Order ${orderId} has no provider B payment ${paymentId}.`, 'payment_not_found');
    if (named !== undefined && named !== payment.reference) throw badRequest('purchase_mismatch', `The purchase named is not payment ${paymentId}'s.`);
    return { tenant, order, payment, configuration: await this.kit.configuration.get(tenant) };
  }

  /** The customer and addresses the shopper entered at the provider become the order's (`/customer` hooks run). */
  async customerUpdate(tenant: Tenant, orderId: string, paymentId: string, named?: string) {
    const context = await this.context(tenant, orderId, paymentId, named);
    requireCheckout(context.order);
    const purchase = await this.provider.purchaseOf(context.configuration, context.payment);
    const order = hasShopper(purchase) ? await this.kit.orders.replaceCustomer(tenant, orderId, customerFrom(purchase, context.order.customer)) : context.order;
    return { orderId, paymentId, customer: order.customer };
  }

  /**
   * The shipping option the shopper chose at the provider becomes the order's shipping (it
   * replaces the order's shippings: delivery is chosen in the provider's checkout), and the
   * payment and the purchase follow the new total at once (the platform's amountChanged, which
   * comes after, then finds nothing to change).
   */
  async shippingOptionUpdate(tenant: Tenant, orderId: string, paymentId: string, named?: string) {
    const context = await this.context(tenant, orderId, paymentId, named);
    requireCheckout(context.order);
    const purchase = await this.provider.purchaseOf(context.configuration, context.payment);
    const shipping = shippingFrom(purchase, context.order, shippingVatRate(context.configuration));
    if (!shipping) return { orderId, paymentId, shippings: context.order.shippings, total: context.order.total, amount: context.payment.amount };
    const order = await this.kit.orders.replaceShippings(tenant, orderId, chosenAtProvider(context.order, [shipping]));
    const amount = await this.followTotal({ ...context, order });
    return { orderId, paymentId, shippings: order.shippings, total: order.total, amount };
  }

  /** beforeSubmit: `[]` when the order may be submitted (and it is remembered as validated), else every reason. */
  async validate(tenant: Tenant, orderId: string, paymentId: string, named?: string): Promise<ValidationFailure[]> {
    const context = await this.reopenUnfinishedSubmit(await this.context(tenant, orderId, paymentId, named));
    const { order, payment } = context;
    if (order.state.currentStatus !== 'checkout') return [failure('order_not_in_checkout', `The order is ${order.state.currentStatus}.`)];
    if (payment.state !== 'intent') return [failure('payment_not_open', `The payment is ${payment.state}.`)];
    const purchase = await this.provider.purchaseOf(context.configuration, payment);
    const failures = purchaseFailures(purchase, payment);
    const step = stepOf(purchase);
    if (isDead(step)) {
      // Nothing can be bought with it any more: the payment fails, so the storefront can start a new one.
      const failed = await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'failed' });
      await this.log(tenant, orderId, failed, { event: 'validate', pspEvent: 'validate', isSuccess: false, pspStatus: step, errorDetail: `The purchase at provider B is ${step}.` });
      return failures;
    }
    failures.push(...(await this.orderFailures(tenant, orderId)));
    if (failures.length > 0) return failures;
    await this.kit.payments.updatePayment(tenant, orderId, paymentId, { attributes: { ...payment.attributes, validated: { fingerprint: orderFingerprint(order), at: new Date().toISOString() } } });
    return [];
  }

  /**
   * A submit the provider did not finish: the shopper's earlier submit went on (process: order and
   * payment `processing`), but Avarda's form refused the method and the shopper is still in it
   * (the purchase is in one of its form steps), about to submit again with another. The order goes
   * back to `checkout` and the payment to `intent`, so the new submit is validated as the first
   * was. Anything else is left as it is.
   */
  private async reopenUnfinishedSubmit(context: PaymentContext): Promise<PaymentContext> {
    const { tenant, order, payment } = context;
    if (order.state.currentStatus !== 'processing' || payment.state !== 'processing') return context;
    const purchase = await this.provider.purchaseOf(context.configuration, payment);
    const step = stepOf(purchase);
    if (!isInCheckout(step)) return context;
    await this.kit.orders.changeStatus(tenant, order.id, 'checkout');
    const reopened = await this.kit.payments.updatePayment(tenant, order.id, payment.id, { state: 'intent' });
    await this.log(tenant, order.id, reopened, { event: 'process', pspEvent: 'resubmit', isSuccess: false, pspStatus: step, errorDetail: 'The provider did not finish the earlier submit (the shopper is choosing again); the order is back in checkout.' });
    return this.context(tenant, order.id, payment.id);
  }

  /**
   * The submit goes on: refused (409 `order_changed`) when the cart, shippings, total or payments
   * changed since validate; else consents and addresses from the provider are written, the order
   * moves to `processing` (its `/state` hooks may veto: 400 with their message) and the payment to
   * `processing` until the provider's notification says the purchase completed. Calling it again
   * once processing changes nothing.
   */
  async process(tenant: Tenant, orderId: string, paymentId: string, named?: string) {
    const context = await this.context(tenant, orderId, paymentId, named);
    const { payment } = context;
    if (['processing', 'accepted', 'completed'].includes(context.order.state.currentStatus) && ['processing', 'reserved'].includes(payment.state)) {
      return { orderId, paymentId, orderStatus: context.order.state.currentStatus, paymentState: payment.state };
    }
    requireCheckout(context.order);
    if (payment.state !== 'intent') throw new AppError(409, 'payment_not_open', `Payment ${paymentId} is ${payment.state}.`);
    const validated = (payment.attributes?.validated as { fingerprint?: string } | undefined)?.fingerprint;
    if (!validated) throw new AppError(409, 'not_validated', 'The order has not been validated for this payment; call validate first.');
    // An order already changed since validate is refused before the provider is asked: its
    // purchase may be following the new total at this moment (amountChanged), and the answer is
    // the same whatever the purchase says.
    if (orderFingerprint(context.order) !== validated) await this.refuseChanged(tenant, orderId, payment);
    const purchase = await this.provider.purchaseOf(context.configuration, payment);
    const refused = purchaseFailures(purchase, payment);
    if (refused.length > 0) throw new AppError(409, refused[0]!.code, refused[0]!.message, refused);

    // What the shopper entered, then the check again: a /customer hook may itself change the cart.
    if (hasShopper(purchase)) await this.kit.orders.replaceCustomer(tenant, orderId, customerFrom(purchase, context.order.customer));
    const consents = consentsFrom(purchase);
    if (Object.keys(consents).length > 0) await this.kit.orders.replaceConsents(tenant, orderId, { ...asObject(context.order.consents), ...consents });
    const order = await this.kit.orders.getOrder(tenant, orderId);
    if (orderFingerprint(order) !== validated) await this.refuseChanged(tenant, orderId, payment);

    const moved = await this.kit.orders.changeStatus(tenant, orderId, 'processing').catch(async (error: unknown) => {
      await this.log(tenant, orderId, payment, { event: 'process', pspEvent: 'process', isSuccess: false, pspStatus: 'refused', errorDetail: error instanceof Error ? error.message : String(error) });
      throw error;
    });
    try {
      await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'processing' });
    } catch (error) {
      await this.kit.orders.changeStatus(tenant, orderId, 'checkout').catch((e: unknown) => this.kit.logger.error({ err: e, orderId }, 'could not return the order to checkout'));
      throw error;
    }
    await this.log(tenant, orderId, payment, { event: 'process', pspEvent: 'process', isSuccess: true, pspStatus: stepOf(purchase) });
    return { orderId, paymentId, orderStatus: moved.state.currentStatus, paymentState: 'processing' };
  }

  /** 409 `order_changed`, logged as a failed process. */
  private async refuseChanged(tenant: Tenant, orderId: string, payment: PaymentDocument): Promise<never> {
    await this.log(tenant, orderId, payment, { event: 'process', pspEvent: 'process', isSuccess: false, pspStatus: 'order_changed', errorDetail: 'The order changed between validate and process.' });
    throw new AppError(409, 'order_changed', 'The order changed since it was validated (cart, shipping or payments); validate it again before submitting.');
  }

  /** The payment's share of the order now (contracts/allocation.ts): the purchase's items and the payment follow it. */
  async followTotal(context: PaymentContext): Promise<number> {
    const { tenant, order, payment, configuration } = context;
    const share = allocate(order).get(payment.id) ?? payment.amount;
    if (sameAmount(share, payment.amount)) return share;
    const items = purchaseItems(order, share);
    await this.provider.api.updateItems(configuration.apiSettings, payment.reference!, items).catch((error: unknown) => {
      throw providerFailed(error);
    });
    await this.kit.payments.updatePayment(tenant, order.id, payment.id, { amount: share });
    await this.log(tenant, order.id, payment, { event: 'update', pspEvent: 'update-items', amount: share, isSuccess: true, requestJson: { items } });
    return share;
  }

  /** The order service's own validation (built-in rules, registered validations), as failures of ours. */
  private async orderFailures(tenant: Tenant, orderId: string): Promise<ValidationFailure[]> {
    try {
      await this.kit.orders.validate(tenant, orderId);
      return [];
    } catch (error) {
      if (!(error instanceof PlatformCallError) || error.code !== 'order_invalid') throw error;
      const details = Array.isArray(error.details) ? (error.details as Array<{ code?: string; adapterId?: string; message?: string }>) : [];
      return details.length > 0 ? details.map((d) => failure(d.code ?? 'order_invalid', d.message ?? error.message, d.adapterId ?? 'order')) : [failure('order_invalid', error.message, 'order')];
    }
  }

  log(tenant: Tenant, orderId: string, payment: PaymentDocument, transaction: TransactionLog): Promise<void> {
    return this.kit.payments
      .logTransaction(tenant, orderId, payment.id, { amount: payment.amount, ...transaction })
      .then(() => undefined)
      .catch((error: unknown) => this.kit.logger.error({ err: error, orderId, paymentId: payment.id }, 'could not log a provider B transaction'));
  }
}

/** Why the purchase cannot be submitted as it stands at the provider: its step (Avarda's purchase states) and its total price. */
function purchaseFailures(purchase: Purchase, payment: PaymentDocument): ValidationFailure[] {
  const step = stepOf(purchase);
  if (step === 'TimedOut') return [failure('purchase_timed_out', 'The purchase at provider B timed out; start the payment again.')];
  if (isDead(step) || isCompleted(step) || !isInCheckout(step)) return [failure('purchase_final', `The purchase at provider B is ${step}.`)];
  if (!sameAmount(purchase.totalPrice, payment.amount)) return [failure('amount_mismatch', `The purchase is for ${purchase.totalPrice}, the payment covers ${payment.amount}.`)];
  return [];
}

function requireCheckout(order: OrderDocument): void {
  if (order.state.currentStatus !== 'checkout') throw new AppError(409, 'order_not_in_checkout', `Order ${order.id} is ${order.state.currentStatus}; the checkout can no longer change it.`);
}

const asObject = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
