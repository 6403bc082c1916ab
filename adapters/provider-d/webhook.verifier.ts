import { createHmac, timingSafeEqual } from 'node:crypto';

/** One `NotificationRequestItem` as provider D sends it (PROVIDERS.md). */
export interface NotificationItem {
  additionalData?: Record<string, string>;
  amount?: { value?: number; currency?: string };
  eventCode?: string;
  eventDate?: string;
  merchantAccountCode?: string;
  merchantReference?: string;
  originalReference?: string;
  pspReference?: string;
  reason?: string;
  success?: string;
}

/** The signed string: `pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success`. */
export function signingPayload(item: NotificationItem): string {
  return [item.pspReference ?? '', item.originalReference ?? '', item.merchantAccountCode ?? '', item.merchantReference ?? '', String(item.amount?.value ?? ''), item.amount?.currency ?? '', item.eventCode ?? '', item.success ?? ''].join(':');
}

/** HMAC-SHA256 of the item with the hex HMAC key, base64. */
export function expectedSignature(item: NotificationItem, hmacKeyHex: string): string {
  return createHmac('sha256', Buffer.from(hmacKeyHex, 'hex')).update(signingPayload(item), 'utf8').digest('base64');
}

/** Whether `additionalData.hmacSignature` is the item's signature under this key (constant time). */
export function hasValidSignature(item: NotificationItem, hmacKeyHex: string | undefined): boolean {
  const given = item.additionalData?.hmacSignature;
  if (!hmacKeyHex || typeof given !== 'string' || !/^[0-9a-fA-F]+$/.test(hmacKeyHex) || hmacKeyHex.length % 2 !== 0) return false;
  const expected = Buffer.from(expectedSignature(item, hmacKeyHex), 'base64');
  const actual = Buffer.from(given, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
