import { AppError, type Tenant } from '../kit/platform.js';
import type { WebhookAction, WebhookOutcome, WebhookRequest } from '../kit/index.js';
import { toMajor } from './provider-d.mapper.js';
import type { ProviderDConfiguration } from './provider-d.types.js';
import { hasValidSignature, type NotificationItem } from './webhook.verifier.js';

/** What each event code does to the payment, by its `success` (events not named change nothing). */
const EVENT_OUTCOMES: Readonly<Record<string, { success?: WebhookOutcome; failure?: WebhookOutcome }>> = {
  AUTHORISATION: { success: 'authorized', failure: 'failed' },
  PENDING: { success: 'pending' },
  CAPTURE: { success: 'captured' },
  REFUND: { success: 'refunded' },
  CANCELLATION: { success: 'cancelled' },
};

/** What provider D answers must be in the body for a webhook to count as taken. */
export const WEBHOOK_ACK = '[accepted]';

/** The key of one provider event on a payment: event code, the event's own PSP reference, success. */
const eventKeyOf = (eventCode: string, pspReference: string, success: string) => `${eventCode}:${pspReference}:${success}`;

/** The key the successful REFUND webhook of a refund (its modification's PSP reference) will carry. */
export const refundEventKey = (modificationReference: string) => eventKeyOf('REFUND', modificationReference, 'true');

const refused = (message: string) => new AppError(401, 'webhook_signature_invalid', message);

/**
 * Provider D's webhook (`notificationItems[].NotificationRequestItem`): every item must carry a
 * valid HMAC signature under the key of the channel it names (`metadata.merchant/channel`,
 * echoed from the payment request) and that channel's merchant account, else the whole call is
 * refused (401; the provider retries). What the signature covers decides which payment an item is
 * about: the order is its `merchantReference`, the payment the one whose reference is its
 * `originalReference` (a modification) or `pspReference` — the unsigned `metadata.paymentId` only
 * narrows that down, it never points an event at another payment. Each item becomes one action,
 * keyed by event code and provider reference so a replay changes nothing.
 */
export async function parseWebhook(request: WebhookRequest, configurationFor: (tenant: Tenant) => Promise<ProviderDConfiguration>): Promise<WebhookAction[]> {
  const body = request.body as { notificationItems?: Array<{ NotificationRequestItem?: NotificationItem }> } | null;
  if (!body || !Array.isArray(body.notificationItems) || body.notificationItems.length === 0) throw new AppError(400, 'invalid_webhook', 'A provider D webhook has notificationItems[].NotificationRequestItem.');
  const actions: WebhookAction[] = [];
  for (const wrapper of body.notificationItems) {
    const item = wrapper?.NotificationRequestItem;
    if (!item || typeof item !== 'object') throw new AppError(400, 'invalid_webhook', 'Every notification item needs a NotificationRequestItem.');
    const data = item.additionalData ?? {};
    const merchant = data['metadata.merchant'];
    const channel = data['metadata.channel'];
    if (!merchant || !channel) throw refused('The notification names no channel (metadata.merchant / metadata.channel).');
    const configuration = await configurationFor({ merchant, channel }).catch(() => {
      throw refused('The notification names a channel without a provider D configuration.');
    });
    if (item.merchantAccountCode !== configuration.apiSettings.merchantAccount) throw refused("The notification's merchant account is not the channel's.");
    if (!hasValidSignature(item, configuration.apiSettings.hmacKey)) throw refused('The notification signature (additionalData.hmacSignature) is not valid.');

    const rule = EVENT_OUTCOMES[item.eventCode ?? ''];
    const success = item.success === 'true';
    const outcome = success ? rule?.success : rule?.failure;
    if (!outcome || !item.pspReference) continue;
    // The order is the signed merchant reference (the adapter sends the order id); the unsigned
    // metadata may only repeat it. A signed event re-posted with metadata naming another order is refused.
    const orderId = item.merchantReference;
    if (!orderId) continue;
    if (data['metadata.orderId'] !== undefined && data['metadata.orderId'] !== orderId) throw refused("The notification's metadata names another order than its signed merchant reference.");
    const amount = item.amount && typeof item.amount.value === 'number' && item.amount.currency ? toMajor({ value: item.amount.value, currency: item.amount.currency }) : undefined;
    actions.push({
      eventKey: eventKeyOf(item.eventCode ?? '', item.pspReference, String(item.success)),
      tenant: { merchant, channel },
      orderId,
      ...(data['metadata.paymentId'] ? { paymentId: data['metadata.paymentId'] } : {}),
      reference: item.originalReference ?? item.pspReference,
      outcome,
      ...(amount === undefined ? {} : { amount }),
      success,
      pspStatus: `${item.eventCode}:${success ? 'success' : 'failure'}`,
      ...(success ? {} : { errorDetail: item.reason || `${item.eventCode} failed` }),
      raw: item,
    });
  }
  return actions;
}
