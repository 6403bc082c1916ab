/** One provider D webhook as the sandbox sends it: a signed `NotificationRequestItem` about a payment or one of its modifications. */
import { randomUUID } from 'node:crypto';
import type { Amount, MerchantAccount, NotificationRequestItem, PaymentRecord, WebhookRecord } from './provider-d.model.js';
import { signNotification } from './webhook.signature.js';

/** What an event says beside the payment: a modification's own PSP reference and reference, the payment's (`originalReference`), its amount and reason. */
export interface NotificationFields {
  pspReference?: string;
  originalReference?: string;
  /** The modification request's `reference`, echoed as the provider does; the payment's own when absent. */
  merchantReference?: string;
  amount: Amount;
  reason: string;
  additionalData?: Record<string, string>;
}

/**
 * The webhook of one event, signed with the account's HMAC key and addressed to its webhook URL.
 * As the provider's: the payment request's metadata and recurring details come back on
 * AUTHORISATION only; a modification's event carries its own fields (CANCEL_OR_REFUND's
 * `modification.action`) and its signature.
 */
export function notificationOf(payment: PaymentRecord, account: MerchantAccount, eventCode: string, success: boolean, fields: NotificationFields, now: Date): WebhookRecord {
  const unsigned: Omit<NotificationRequestItem, 'additionalData'> = {
    amount: fields.amount,
    eventCode,
    eventDate: now.toISOString(),
    merchantAccountCode: payment.merchantAccount,
    merchantReference: fields.merchantReference ?? payment.reference,
    ...(fields.originalReference ? { originalReference: fields.originalReference } : {}),
    paymentMethod: payment.paymentMethod.brand ?? payment.paymentMethod.type,
    pspReference: fields.pspReference ?? payment.pspReference,
    reason: fields.reason,
    success: success ? 'true' : 'false',
  };
  const authorisation = eventCode === 'AUTHORISATION';
  const additionalData: Record<string, string> = {
    ...(authorisation ? Object.fromEntries(Object.entries(payment.metadata).map(([key, value]) => [`metadata.${key}`, value])) : {}),
    ...(authorisation && payment.recurringProcessingModel ? { recurringProcessingModel: payment.recurringProcessingModel } : {}),
    ...(authorisation && payment.storedPaymentMethodId ? { 'recurring.recurringDetailReference': payment.storedPaymentMethodId } : {}),
    ...(authorisation && payment.shopperReference ? { 'recurring.shopperReference': payment.shopperReference } : {}),
    ...fields.additionalData,
    hmacSignature: signNotification(unsigned, account.hmacKey),
  };
  return {
    id: randomUUID(),
    eventCode,
    ...(account.webhookUrl ? { url: account.webhookUrl } : {}),
    body: { live: 'false', notificationItems: [{ NotificationRequestItem: { additionalData, ...unsigned } }] },
    attempts: [],
    status: 'pending',
  };
}
