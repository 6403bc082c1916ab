import { createHmac } from 'node:crypto';
import type { NotificationRequestItem } from './provider-d.model.js';

/**
 * The HMAC-SHA256 signature of one notification item (PROVIDERS.md): over
 * `pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success`
 * (absent fields as empty strings), keyed with the hex-decoded HMAC key, base64.
 */
export function signNotification(item: Omit<NotificationRequestItem, 'additionalData'>, hmacKeyHex: string): string {
  const payload = [item.pspReference, item.originalReference ?? '', item.merchantAccountCode, item.merchantReference, String(item.amount.value), item.amount.currency, item.eventCode, item.success].join(':');
  return createHmac('sha256', Buffer.from(hmacKeyHex, 'hex')).update(payload, 'utf8').digest('base64');
}
