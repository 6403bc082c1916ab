// A provider B purchase, re-read after the server callback, as the kit runtime's keyed action.
import type { Tenant } from '../kit/platform.js';
import type { WebhookAction } from '../kit/index.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import type { Purchase } from './provider-b-api.client.js';
import { isCompleted, isDead, stepOf } from './purchase-steps.rules.js';

/**
 * A purchase as provider B has it now (re-read, never the callback's body), as the runtime's
 * normalised action, by its step (Avarda's `step.current`): Completed → `authorized` for its total
 * price (the payment `reserved`, the order runs to `completed`), a dead one (TimedOut…) →
 * `failed` (the order back to `checkout`); a purchase still with the shopper → none. Its key is
 * the purchase and its step, so every callback about that outcome — a retry, a duplicate, two at
 * once — is the same event, applied once.
 */
export function purchaseAction(tenant: Tenant, orderId: string, payment: PaymentDocument, purchase: Purchase): WebhookAction | undefined {
  const step = stepOf(purchase);
  const base = { eventKey: `purchase:${purchase.purchaseId}:${step}`, tenant, orderId, paymentId: payment.id, pspStatus: step };
  const method = purchase.paymentMethods?.selectedPayment?.type;
  if (isCompleted(step)) {
    return {
      ...base,
      outcome: 'authorized',
      success: true,
      amount: purchase.totalPrice,
      // The method the shopper used; its name follows once the order is no longer processing (the lock keeps names).
      ...(method ? { fields: { attributes: { ...payment.attributes, paymentName: method, paymentMethod: method } } } : {}),
      raw: { step, totalPrice: purchase.totalPrice, selectedPayment: purchase.paymentMethods?.selectedPayment ?? null },
    };
  }
  if (isDead(step)) {
    return { ...base, outcome: 'failed', success: false, errorDetail: `The purchase at provider B is ${step}.`, raw: { step } };
  }
  return undefined; // still with the shopper: nothing to do yet
}
