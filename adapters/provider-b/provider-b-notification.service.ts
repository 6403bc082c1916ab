import type { AdapterKit } from '../kit/index.js';
import { AppError, type Tenant } from '../kit/platform.js';
import { sameAmount } from '../../contracts/amount.js';
import type { ProviderBCheckout } from './provider-b-checkout.service.js';
import type { ProviderBProvider } from './provider-b.provider.js';
import { customerFrom } from './purchase.mapper.js';
import type { ProviderBConfiguration } from './provider-b.types.js';

/** What the notification did: the order's and payment's state after it, and whether anything changed. */
export interface NotificationOutcome {
  orderId: string;
  paymentId: string;
  purchaseStep: string;
  orderStatus: string;
  paymentState: string;
  changed: boolean;
}

/**
 * Provider B's server callback after a purchase ended. Its body is never trusted (provider B
 * signs nothing): the purchase is re-read from the provider and the order made to match it —
 * Completed: the payment `reserved` (authorized) with the method the shopper used, the order
 * `processing` (when process never came) → `accepted` → `completed`, each its own commit;
 * Declined or TimedOut: the payment `failed` and the order back to `checkout`. It resumes from
 * wherever order and payment stand, so a repeated callback changes nothing, and callbacks for one
 * payment run one at a time in this process.
 */
export class ProviderBNotifications {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly kit: AdapterKit<ProviderBConfiguration>,
    private readonly provider: ProviderBProvider,
    private readonly checkout: ProviderBCheckout,
  ) {}

  handle(tenant: Tenant, orderId: string, paymentId: string): Promise<NotificationOutcome> {
    const key = `${tenant.merchant}\n${tenant.channel}\n${orderId}\n${paymentId}`;
    const previous = this.running.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.apply(tenant, orderId, paymentId));
    this.running.set(key, next);
    void next.finally(() => {
      if (this.running.get(key) === next) this.running.delete(key);
    }).catch(() => undefined);
    return next;
  }

  private async apply(tenant: Tenant, orderId: string, paymentId: string): Promise<NotificationOutcome> {
    const context = await this.checkout.context(tenant, orderId, paymentId);
    let { order, payment } = context;
    const purchase = await this.provider.purchaseOf(context.configuration, payment);
    if (purchase.merchantReference !== orderId) throw new AppError(409, 'purchase_mismatch', `Purchase ${purchase.purchaseId} is not for order ${orderId}.`);
    const outcome = (changed: boolean): NotificationOutcome => ({ orderId, paymentId, purchaseStep: purchase.currentStep, orderStatus: order.state.currentStatus, paymentState: payment.state, changed });
    const status = () => order.state.currentStatus;

    if (purchase.currentStep === 'Declined' || purchase.currentStep === 'TimedOut') {
      if (!['intent', 'processing'].includes(payment.state)) return outcome(false);
      payment = await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'failed' });
      await this.checkout.log(tenant, orderId, payment, { event: 'authorize', pspEvent: 'purchase-callback', isSuccess: false, pspStatus: purchase.currentStep, errorDetail: `The purchase was ${purchase.currentStep.toLowerCase()} at provider B.` });
      if (status() === 'processing') order = await this.kit.orders.changeStatus(tenant, orderId, 'checkout');
      return outcome(true);
    }
    if (purchase.currentStep !== 'Completed') return outcome(false); // still with the shopper: nothing to do yet

    let changed = false;
    if (['intent', 'processing'].includes(payment.state)) {
      if (!sameAmount(purchase.management.authorizedAmount, payment.amount)) {
        const detail = `Provider B authorized ${purchase.management.authorizedAmount}; the payment covers ${payment.amount}.`;
        await this.checkout.log(tenant, orderId, payment, { event: 'authorize', pspEvent: 'purchase-callback', isSuccess: false, pspStatus: 'amount_mismatch', errorDetail: detail });
        throw new AppError(409, 'amount_mismatch', detail);
      }
      if (status() === 'checkout') {
        // The shopper completed without the storefront calling process (a closed tab): what process does, then the move.
        if (purchase.customer || purchase.deliveryAddress) await this.kit.orders.replaceCustomer(tenant, orderId, customerFrom(purchase, order.customer));
        order = await this.kit.orders.changeStatus(tenant, orderId, 'processing');
      }
      if (status() !== 'processing') throw new AppError(409, 'order_not_processing', `Order ${orderId} is ${status()}; the completed purchase cannot be applied.`);
      // While the order is processing only the state may change; the method's name follows once it is accepted.
      payment = await this.kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'reserved' });
      await this.checkout.log(tenant, orderId, payment, { event: 'authorize', pspEvent: 'purchase-callback', isSuccess: true, pspStatus: purchase.currentStep, responseJson: { management: purchase.management, paymentMethod: purchase.paymentMethod } });
      changed = true;
    }
    if (payment.state === 'reserved' || payment.state === 'captured') {
      if (status() === 'processing') {
        order = await this.kit.orders.changeStatus(tenant, orderId, 'accepted');
        changed = true;
      }
      if (purchase.paymentMethod && payment.attributes?.paymentMethod !== purchase.paymentMethod) {
        payment = await this.kit.payments.updatePayment(tenant, orderId, paymentId, {
          name: purchase.paymentMethod,
          attributes: { ...payment.attributes, paymentName: purchase.paymentMethod, paymentMethod: purchase.paymentMethod, completedUtc: purchase.completedUtc },
        });
        changed = true;
      }
      if (status() === 'accepted') {
        order = await this.kit.orders.changeStatus(tenant, orderId, 'completed');
        changed = true;
      }
    }
    return outcome(changed);
  }
}

