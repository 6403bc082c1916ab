import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a signed webhook carries its signature in (the scaffolded providers' sandboxes and adapters). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

/** `sha256=<hex>`: HMAC-SHA256 of the exact body text under the shared secret. */
export const signWebhookBody = (rawBody: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;

/** Whether `signature` (the header's value) is the body's signature under `secret`, compared in constant time. */
export function hasValidWebhookSignature(rawBody: string, signature: string | string[] | undefined, secret: string): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
