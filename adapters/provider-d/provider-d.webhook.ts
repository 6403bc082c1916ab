/** Provider D's webhooks: each notification item verified, routed to its payment and turned into one normalised action. */
import { AppError, type Logger, type Tenant } from '../kit/platform.js';
import type { PaymentLocation, WebhookAction, WebhookOutcome, WebhookRequest } from '../kit/index.js';
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

/** How an item that names no channel finds its payment (the platform's cross-tenant location read), and where an ignored one is logged. */
export interface WebhookRouting {
  locate(orderId: string, reference: string): Promise<PaymentLocation | undefined>;
  logger: Pick<Logger, 'info'>;
}

/** Refuses (401) an item that is not signed with the channel's HMAC key or names another merchant account than the channel's. */
async function verifyFor(tenant: Tenant, item: NotificationItem, configurationFor: (tenant: Tenant) => Promise<ProviderDConfiguration>): Promise<void> {
  const configuration = await configurationFor(tenant).catch(() => {
    throw refused('The notification names a channel without a provider D configuration.');
  });
  if (item.merchantAccountCode !== configuration.apiSettings.merchantAccount) throw refused("The notification's merchant account is not the channel's.");
  if (!hasValidSignature(item, configuration.apiSettings.hmacKey)) throw refused('The notification signature (additionalData.hmacSignature) is not valid.');
}

/**
 * Provider D's webhook (`notificationItems[].NotificationRequestItem`). Which channel an item is
 * about: an AUTHORISATION echoes the payment request's metadata (`metadata.merchant/channel`); the
 * provider's CAPTURE, REFUND and CANCELLATION carry none, so they are routed by what the provider
 * always sends — the payment's PSP reference (`originalReference`) on our order (`merchantReference`)
 * — through the platform's location read (`routing.locate`). Either way the item must carry a valid
 * HMAC signature under that channel's key and name its merchant account, else the whole call is
 * refused (401; the provider retries). An item without metadata whose payment the platform does
 * not hold (another system's payment on the same merchant account, an unknown reference) and
 * events of no interest are acknowledged and change nothing (logged): refusing them would have the
 * provider retry them for ever. What the signature covers decides which payment an item is about:
 * the order is its `merchantReference`, the payment the one whose reference is its
 * `originalReference` (a modification) or `pspReference` — the unsigned `metadata.paymentId` only
 * narrows that down, it never points an event at another payment. Each item becomes one action,
 * keyed by event code and provider reference so a replay changes nothing.
 */
export async function parseWebhook(request: WebhookRequest, configurationFor: (tenant: Tenant) => Promise<ProviderDConfiguration>, routing: WebhookRouting): Promise<WebhookAction[]> {
  const body = request.body as { notificationItems?: Array<{ NotificationRequestItem?: NotificationItem }> } | null;
  if (!body || !Array.isArray(body.notificationItems) || body.notificationItems.length === 0) throw new AppError(400, 'invalid_webhook', 'A provider D webhook has notificationItems[].NotificationRequestItem.');
  const actions: WebhookAction[] = [];
  for (const wrapper of body.notificationItems) {
    const item = wrapper?.NotificationRequestItem;
    if (!item || typeof item !== 'object') throw new AppError(400, 'invalid_webhook', 'Every notification item needs a NotificationRequestItem.');
    const data = item.additionalData ?? {};
    const rule = EVENT_OUTCOMES[item.eventCode ?? ''];
    const success = item.success === 'true';
    const outcome = success ? rule?.success : rule?.failure;
    // The order is the signed merchant reference (the adapter sends the order id); the payment the signed provider reference.
    const orderId = item.merchantReference;
    const reference = item.originalReference ?? item.pspReference;
    const ignored = (why: string) => routing.logger.info({ eventCode: item.eventCode, pspReference: item.pspReference, originalReference: item.originalReference, merchantReference: orderId }, `provider D webhook item acknowledged and ignored: ${why}`);

    let tenant: Tenant;
    let paymentId = data['metadata.paymentId'];
    const merchant = data['metadata.merchant'];
    const channel = data['metadata.channel'];
    if (merchant && channel) {
      tenant = { merchant, channel };
      await verifyFor(tenant, item, configurationFor);
    } else {
      if (merchant || channel) throw refused('The notification names half a channel (metadata.merchant / metadata.channel).');
      if (!outcome || !orderId || !reference) {
        ignored('an event of no interest');
        continue;
      }
      const location = await routing.locate(orderId, reference);
      if (!location) {
        ignored('no payment of this adapter has that reference on that order');
        continue;
      }
      tenant = { merchant: location.merchant, channel: location.channel };
      paymentId = location.paymentId;
      await verifyFor(tenant, item, configurationFor);
    }

    if (!outcome || !item.pspReference || !orderId) continue;
    // A signed event re-posted with metadata naming another order is refused.
    if (data['metadata.orderId'] !== undefined && data['metadata.orderId'] !== orderId) throw refused("The notification's metadata names another order than its signed merchant reference.");
    const amount = item.amount && typeof item.amount.value === 'number' && item.amount.currency ? toMajor({ value: item.amount.value, currency: item.amount.currency }) : undefined;
    actions.push({
      eventKey: eventKeyOf(item.eventCode ?? '', item.pspReference, String(item.success)),
      tenant,
      orderId,
      ...(paymentId ? { paymentId } : {}),
      reference: reference!,
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
