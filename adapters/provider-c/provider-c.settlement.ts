import type { Tenant } from '../kit/platform.js';
import type { WebhookAction, WebhookOutcome } from '../kit/index.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import type { AdminOrder, CheckoutStatus, QliroOrder, TransactionStatus } from './provider-c.types.js';

type Meaning = { outcome: WebhookOutcome; success: boolean } | undefined;

/**
 * What each checkout status of the provider means, as the runtime's normalised outcome (its
 * payment state and order move: WEBHOOK_OUTCOMES in adapters/kit/provider-webhook.runtime.ts):
 * Completed → `authorized` (the payment `reserved`, the order runs to `completed`); OnHold
 * (pending at the provider or bank, a missing delivery address, manual approval) → `pending` (the
 * payment `pending`, the order stops at `accepted` until the provider's next push);
 * Refused → `failed` (the payment `failed`, the order back to `checkout` from `processing` — a
 * pending payment the provider declines later leaves the order `accepted`: no move leads back
 * from there). InProcess: the shopper has not purchased yet; nothing to do.
 */
export const SETTLEMENT: Readonly<Record<CheckoutStatus, Meaning>> = {
  InProcess: undefined,
  Completed: { outcome: 'authorized', success: true },
  OnHold: { outcome: 'pending', success: true },
  Refused: { outcome: 'failed', success: false },
};

/**
 * What a merchant payment's transaction status means (QliroOrderManagementStatusInterface):
 * Success → `authorized`; OnHold, InProcess, Created, UserInteractionRequired → `pending`;
 * Error, Cancelled → `failed`.
 */
export const TRANSACTION_SETTLEMENT: Readonly<Record<TransactionStatus, Meaning>> = {
  Created: { outcome: 'pending', success: true },
  UserInteractionRequired: { outcome: 'pending', success: true },
  InProcess: { outcome: 'pending', success: true },
  OnHold: { outcome: 'pending', success: true },
  Success: { outcome: 'authorized', success: true },
  Error: { outcome: 'failed', success: false },
  Cancelled: { outcome: 'failed', success: false },
};

/** The provider's status attributes on the payment (its order, its checkout status). */
export const attributesOf = (read: Pick<QliroOrder, 'OrderId' | 'CustomerCheckoutStatus'>): Record<string, unknown> => ({ providerOrderId: read.OrderId, checkoutStatus: read.CustomerCheckoutStatus });

/**
 * The provider's checkout order as it is now (re-read, never a notification's body) as one
 * runtime action. Its key is the provider order and its status, so every push, return or refresh
 * about that status — a duplicate, two at once — is the same event, applied once; a pending
 * payment decided later is a new status, so a new event. `pendingReason` is what the adapter
 * knows of why the provider holds it (the published read names no reason).
 */
export function settlementAction(tenant: Tenant, orderId: string, payment: PaymentDocument, read: QliroOrder): WebhookAction | undefined {
  const status = read.CustomerCheckoutStatus;
  const meaning = SETTLEMENT[status];
  if (!meaning) return undefined;
  const attributes: Record<string, unknown> = { ...payment.attributes, ...attributesOf(read), ...(read.PaymentMethod?.PaymentMethodName ? { paymentMethod: read.PaymentMethod.PaymentMethodName } : {}) };
  return {
    eventKey: `checkout:${read.OrderId}:${status}`,
    tenant,
    orderId,
    paymentId: payment.id,
    outcome: meaning.outcome,
    success: meaning.success,
    amount: read.TotalPrice,
    pspStatus: status,
    ...(meaning.success ? {} : { errorDetail: 'The provider refused the purchase.' }),
    fields: { attributes },
    raw: { OrderId: read.OrderId, CustomerCheckoutStatus: status, TotalPrice: read.TotalPrice },
  };
}

/**
 * A merchant payment (a saved card charged without the shopper) as one runtime action: the
 * admin order's last payment transaction and its status, keyed by transaction and status.
 */
export function merchantPaymentAction(tenant: Tenant, orderId: string, payment: PaymentDocument, admin: AdminOrder): WebhookAction | undefined {
  const transaction = admin.PaymentTransactions.at(-1);
  if (!transaction) return undefined;
  const meaning = TRANSACTION_SETTLEMENT[transaction.Status];
  if (!meaning) return undefined;
  return {
    eventKey: `payment:${admin.OrderId}:${transaction.PaymentTransactionId}:${transaction.Status}`,
    tenant,
    orderId,
    paymentId: payment.id,
    outcome: meaning.outcome,
    success: meaning.success,
    amount: transaction.Amount,
    pspStatus: transaction.Status,
    ...(meaning.success ? {} : { errorDetail: `The provider's payment transaction ended ${transaction.Status}.` }),
    fields: { attributes: { ...payment.attributes, providerOrderId: admin.OrderId, paymentTransactionId: transaction.PaymentTransactionId, transactionStatus: transaction.Status } },
    raw: { OrderId: admin.OrderId, PaymentTransactionId: transaction.PaymentTransactionId, Status: transaction.Status, Amount: transaction.Amount },
  };
}
