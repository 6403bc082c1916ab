/** Provider D's webhooks: each notification item verified, routed to its payment and turned into one normalised action. */
import { AppError, type Logger, type Tenant } from '../kit/platform.js';
import type { PaymentLocation, WebhookAction, WebhookRequest } from '../kit/index.js';
import { toMajor } from './provider-d.mapper.js';
import type { ProviderDConfiguration } from './provider-d.types.js';
import { hasValidSignature, type NotificationItem } from './webhook.verifier.js';
import { eventOf } from './webhook-event.rules.js';

/** What provider D answers must be in the body for a webhook to count as taken. */
export const WEBHOOK_ACK = '[accepted]';

/** The key of one provider event on a payment: event code, the event's own PSP reference, success. */
const eventKeyOf = (eventCode: string, pspReference: string, success: string) => `${eventCode}:${pspReference}:${success}`;

/** The key the successful REFUND webhook of a refund (its modification's PSP reference) will carry. */
export const refundEventKey = (modificationReference: string) => eventKeyOf('REFUND', modificationReference, 'true');

const refused = (message: string) => new AppError(401, 'webhook_signature_invalid', message);

/**
 * How an item that names no channel finds its payment: the platform's cross-tenant location read,
 * by the payment's PSP reference (on the order named, when the item names it); and where an
 * ignored item is logged.
 */
export interface WebhookRouting {
  locate(where: { reference: string; orderId?: string }): Promise<PaymentLocation | undefined>;
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
 * Provider D's webhook (`notificationItems[].NotificationRequestItem`); which payment each item is
 * about depends on its event (webhook-event.rules.ts):
 *
 * - **The payment's own event** (AUTHORISATION, PENDING): its `pspReference` is the payment's and
 *   its `merchantReference` the order id the adapter sent. An AUTHORISATION echoes the payment
 *   request's metadata (`metadata.merchant/channel`), which names the channel; without metadata the
 *   platform's location read finds the payment by the order and the PSP reference.
 * - **A modification** (CAPTURE, REFUND, CANCELLATION, CANCEL_OR_REFUND and their failures): its
 *   `originalReference` is the payment's PSP reference — the one thing that says which payment it
 *   is. Its `merchantReference` is the modification request's `reference` as the provider echoes it
 *   (`{paymentId}:captures` for the adapter's own, anything for a capture made in the provider's
 *   dashboard), so it is not read for routing; nor is metadata (the provider sends none on these).
 *   The platform's location read finds the payment by `originalReference` alone.
 *
 * Either way the item must carry a valid HMAC signature under that channel's key and name its
 * merchant account, else the whole call is refused (401; the provider retries). An item whose
 * payment the platform does not hold (another system's payment on the same merchant account, an
 * unknown reference) and events of no interest are acknowledged and change nothing (logged):
 * refusing them would have the provider retry them for ever. Of an AUTHORISATION, what the
 * signature covers decides which payment it is about — the order is its `merchantReference`, the
 * payment the one whose reference is its `pspReference`; the unsigned `metadata.paymentId` only
 * narrows that down, it never points an event at another payment. Each item becomes one action,
 * keyed by event code and the event's own PSP reference, so a replay changes nothing.
 */
export async function parseWebhook(request: WebhookRequest, configurationFor: (tenant: Tenant) => Promise<ProviderDConfiguration>, routing: WebhookRouting): Promise<WebhookAction[]> {
  const body = request.body as { notificationItems?: Array<{ NotificationRequestItem?: NotificationItem }> } | null;
  if (!body || !Array.isArray(body.notificationItems) || body.notificationItems.length === 0) throw new AppError(400, 'invalid_webhook', 'A provider D webhook has notificationItems[].NotificationRequestItem.');
  const actions: WebhookAction[] = [];
  for (const wrapper of body.notificationItems) {
    const item = wrapper?.NotificationRequestItem;
    if (!item || typeof item !== 'object') throw new AppError(400, 'invalid_webhook', 'Every notification item needs a NotificationRequestItem.');
    const event = eventOf(item);
    const ignored = (why: string) => routing.logger.info({ eventCode: item.eventCode, pspReference: item.pspReference, originalReference: item.originalReference, merchantReference: item.merchantReference }, `provider D webhook item acknowledged and ignored: ${why}`);
    if (!event || !item.pspReference) {
      // Nothing of it is applied, so nothing of it needs verifying; unless it names a channel that cannot verify it.
      await verifyNamedChannel(item, configurationFor);
      ignored('an event of no interest');
      continue;
    }
    const target = event.subject === 'modification' ? await modificationTarget(item, configurationFor, routing) : await paymentTarget(item, configurationFor, routing);
    if (!target) {
      ignored('no payment of this adapter has that reference');
      continue;
    }
    const amount = item.amount && typeof item.amount.value === 'number' && item.amount.currency ? toMajor({ value: item.amount.value, currency: item.amount.currency }) : undefined;
    actions.push({
      eventKey: eventKeyOf(item.eventCode ?? '', item.pspReference, String(item.success)),
      ...target,
      outcome: event.outcome,
      ...(amount === undefined ? {} : { amount }),
      success: event.success,
      pspStatus: `${item.eventCode}:${event.success ? 'success' : 'failure'}`,
      ...(event.success ? {} : { errorDetail: item.reason || `${item.eventCode} failed` }),
      raw: item,
    });
  }
  return actions;
}

type Target = Pick<WebhookAction, 'tenant' | 'orderId' | 'paymentId' | 'reference'>;

/** An event of no interest that names a channel in its metadata is still refused when it does not verify there (as before: a forged item is never acknowledged silently). */
async function verifyNamedChannel(item: NotificationItem, configurationFor: (tenant: Tenant) => Promise<ProviderDConfiguration>): Promise<void> {
  const data = item.additionalData ?? {};
  const merchant = data['metadata.merchant'];
  const channel = data['metadata.channel'];
  if (merchant && channel) await verifyFor({ merchant, channel }, item, configurationFor);
  else if (merchant || channel) throw refused('The notification names half a channel (metadata.merchant / metadata.channel).');
}

/** A modification's payment: found by `originalReference` alone, then verified under its channel. */
async function modificationTarget(item: NotificationItem, configurationFor: (tenant: Tenant) => Promise<ProviderDConfiguration>, routing: WebhookRouting): Promise<Target | undefined> {
  if (!item.originalReference) return undefined;
  const location = await routing.locate({ reference: item.originalReference });
  if (!location) return undefined;
  const tenant = { merchant: location.merchant, channel: location.channel };
  await verifyFor(tenant, item, configurationFor);
  return { tenant, orderId: location.orderId, paymentId: location.paymentId, reference: item.originalReference };
}

/** The payment's own event: its channel from the echoed metadata, else located by the order (merchantReference) and the PSP reference; verified there. */
async function paymentTarget(item: NotificationItem, configurationFor: (tenant: Tenant) => Promise<ProviderDConfiguration>, routing: WebhookRouting): Promise<Target | undefined> {
  const data = item.additionalData ?? {};
  const orderId = item.merchantReference;
  const reference = item.pspReference!;
  if (!orderId) return undefined;
  const merchant = data['metadata.merchant'];
  const channel = data['metadata.channel'];
  let tenant: Tenant;
  let paymentId = data['metadata.paymentId'];
  if (merchant && channel) {
    tenant = { merchant, channel };
    await verifyFor(tenant, item, configurationFor);
  } else {
    if (merchant || channel) throw refused('The notification names half a channel (metadata.merchant / metadata.channel).');
    const location = await routing.locate({ orderId, reference });
    if (!location) return undefined;
    tenant = { merchant: location.merchant, channel: location.channel };
    paymentId = location.paymentId;
    await verifyFor(tenant, item, configurationFor);
  }
  // A signed event re-posted with metadata naming another order is refused.
  if (data['metadata.orderId'] !== undefined && data['metadata.orderId'] !== orderId) throw refused("The notification's metadata names another order than its signed merchant reference.");
  return { tenant, orderId, ...(paymentId ? { paymentId } : {}), reference };
}
