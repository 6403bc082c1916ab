import type { Tenant } from '../kit/platform.js';
import type { WebhookAction, WebhookOutcome } from '../kit/index.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import { attributesOf } from './provider-c-checkout.usecase.js';
import type { CheckoutStatus, ProviderOrder } from './provider-c.types.js';

/**
 * What each checkout status of the provider means, as the runtime's normalised outcome (its
 * payment state and order move: WEBHOOK_OUTCOMES in adapters/kit/provider-webhook.runtime.ts):
 * Completed → `authorized` (the payment `reserved`, the order runs to `completed`); OnHold
 * (pending at the provider or bank, a missing delivery address, manual approval) → `pending` (the
 * payment stays `processing`, the order stops at `accepted` until the provider's event); Refused
 * → `failed` (the payment `failed`, the order back to `checkout` from `processing` — a pending
 * payment the provider declines later leaves the order `accepted`: no move leads back from there).
 * InProcess: the shopper has not purchased yet; nothing to do.
 */
export const SETTLEMENT: Readonly<Record<CheckoutStatus, { outcome: WebhookOutcome; success: boolean } | undefined>> = {
  InProcess: undefined,
  Completed: { outcome: 'authorized', success: true },
  OnHold: { outcome: 'pending', success: true },
  Refused: { outcome: 'failed', success: false },
};

/**
 * The provider's order as it is now (re-read, never a callback's body) as one runtime action. Its
 * key is the provider order and its status, so every push, event or return about that status — a
 * duplicate, two at once — is the same event, applied once; a pending payment decided later is a
 * new status, so a new event. The provider's status (and a recurring token) are written in the
 * same commit as the payment's move.
 */
export function settlementAction(tenant: Tenant, orderId: string, payment: PaymentDocument, providerOrder: ProviderOrder): WebhookAction | undefined {
  const status = providerOrder.CustomerCheckoutStatus;
  const meaning = SETTLEMENT[status];
  if (!meaning) return undefined;
  const attributes = { ...payment.attributes, ...attributesOf(providerOrder) };
  if (!providerOrder.PendingReason) delete attributes.pendingReason;
  return {
    eventKey: `checkout:${providerOrder.OrderId}:${status}`,
    tenant,
    orderId,
    paymentId: payment.id,
    outcome: meaning.outcome,
    success: meaning.success,
    amount: providerOrder.OrderAmount,
    pspStatus: status,
    ...(meaning.success ? {} : { errorDetail: 'The provider refused the purchase.' }),
    fields: { attributes, ...(providerOrder.RecurringToken ? { recurring: { token: providerOrder.RecurringToken } } : {}) },
    raw: { OrderId: providerOrder.OrderId, CustomerCheckoutStatus: status, PendingReason: providerOrder.PendingReason ?? null },
  };
}
