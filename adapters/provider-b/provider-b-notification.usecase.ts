// Provider B's server callback after a purchase: the purchase re-read and applied once as the runtime's action.
import { applyWebhookAction, type AdapterKit, type MountedProvider } from '../kit/index.js';
import { AppError, type Tenant } from '../kit/platform.js';
import { sameAmount } from '../../contracts/amount.js';
import type { ProviderBCheckout } from './provider-b-checkout.usecase.js';
import { orderReference, type ProviderBProvider } from './provider-b.provider.js';
import { purchaseAction } from './purchase-callback.action.js';
import { customerFrom, hasShopper } from './purchase.mapper.js';
import { stepOf } from './purchase-steps.rules.js';
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
 * signs nothing): the purchase is re-read from the provider and becomes the runtime's action
 * (purchase-callback.action.ts), applied once by its event key through `applyWebhookAction` —
 * Completed: the payment `reserved` with the method's attributes in one commit with the keyed
 * transaction, the order (`processing` when process never came) → `accepted` → `completed`;
 * TimedOut (a dead purchase): the payment `failed` and the order back to `checkout`. A repeated
 * callback, or two at once, is the same event: one applies it, the other is a duplicate, both
 * answered 200; the order moves resume from wherever the order stands.
 */
export class ProviderBNotifications {
  constructor(
    private readonly kit: AdapterKit<ProviderBConfiguration>,
    private readonly provider: ProviderBProvider,
    private readonly checkout: ProviderBCheckout,
    private readonly mounted: MountedProvider,
  ) {}

  async handle(tenant: Tenant, orderId: string, paymentId: string): Promise<NotificationOutcome> {
    const { order, payment, configuration } = await this.checkout.context(tenant, orderId, paymentId);
    const purchase = await this.provider.purchaseOf(configuration, payment);
    if (purchase.extraIdentifiers?.orderReference !== orderReference(orderId)) throw new AppError(409, 'purchase_mismatch', `Purchase ${purchase.purchaseId} is not for order ${orderId}.`);
    const action = purchaseAction(tenant, orderId, payment, purchase);
    const open = ['intent', 'processing'].includes(payment.state);
    if (action?.outcome === 'authorized' && open) {
      if (!sameAmount(purchase.totalPrice, payment.amount)) {
        const detail = `Provider B's completed purchase is for ${purchase.totalPrice}; the payment covers ${payment.amount}.`;
        await this.checkout.log(tenant, orderId, payment, { event: 'authorize', pspEvent: 'purchase-callback', isSuccess: false, pspStatus: 'amount_mismatch', errorDetail: detail });
        throw new AppError(409, 'amount_mismatch', detail);
      }
      // The shopper completed without the storefront calling process (a closed tab): its customer goes on the order before the moves lock it.
      if (order.state.currentStatus === 'checkout' && hasShopper(purchase)) await this.kit.orders.replaceCustomer(tenant, orderId, customerFrom(purchase, order.customer));
    }
    const applied = action ? await applyWebhookAction(this.kit, action, this.mounted) : undefined;
    const method = purchase.paymentMethods?.selectedPayment?.type;
    const named = action?.outcome === 'authorized' && method ? await this.nameMethod(tenant, orderId, paymentId, method) : false;
    const after = await this.checkout.context(tenant, orderId, paymentId);
    // A second delivery of an event already applied changes nothing of its own, even when it named the method alongside the first.
    return { orderId, paymentId, purchaseStep: stepOf(purchase), orderStatus: after.order.state.currentStatus, paymentState: after.payment.state, changed: applied?.result === 'applied' || (named && applied?.result !== 'duplicate') };
  }

  /** The payment's name becomes the method the shopper used, once the order no longer holds it locked (a no-op when it already is). */
  private async nameMethod(tenant: Tenant, orderId: string, paymentId: string, method: string): Promise<boolean> {
    const { order, payment } = await this.checkout.context(tenant, orderId, paymentId);
    if (payment.name === method || order.state.currentStatus === 'processing' || !['reserved', 'captured'].includes(payment.state)) return false;
    await this.kit.payments.updatePayment(tenant, orderId, paymentId, { name: method });
    return true;
  }
}
