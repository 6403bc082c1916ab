import type { Tenant } from '../kit/platform.js';
import type { WebhookAction } from '../kit/index.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import type { Purchase } from './provider-b-api.client.js';

/**
 * A purchase as provider B has it now (re-read, never the callback's body), as the runtime's
 * normalised action: Completed → `authorized` (the payment `reserved`, the order runs to
 * `completed`), Declined or TimedOut → `failed` (the order back to `checkout`); a purchase still
 * with the shopper → none. Its key is the purchase and its final step, so every callback about
 * that outcome — a retry, a duplicate, two at once — is the same event, applied once.
 */
export function purchaseAction(tenant: Tenant, orderId: string, payment: PaymentDocument, purchase: Purchase): WebhookAction | undefined {
  const base = { eventKey: `purchase:${purchase.purchaseId}:${purchase.currentStep}`, tenant, orderId, paymentId: payment.id, pspStatus: purchase.currentStep };
  if (purchase.currentStep === 'Completed') {
    return {
      ...base,
      outcome: 'authorized',
      success: true,
      amount: purchase.management.authorizedAmount,
      // The method the shopper used; its name follows once the order is no longer processing (the lock keeps names).
      ...(purchase.paymentMethod ? { fields: { attributes: { ...payment.attributes, paymentName: purchase.paymentMethod, paymentMethod: purchase.paymentMethod, completedUtc: purchase.completedUtc } } } : {}),
      raw: { management: purchase.management, paymentMethod: purchase.paymentMethod },
    };
  }
  if (purchase.currentStep === 'Declined' || purchase.currentStep === 'TimedOut') {
    return { ...base, outcome: 'failed', success: false, errorDetail: `The purchase was ${purchase.currentStep.toLowerCase()} at provider B.`, raw: { currentStep: purchase.currentStep } };
  }
  return undefined; // still with the shopper: nothing to do yet
}
