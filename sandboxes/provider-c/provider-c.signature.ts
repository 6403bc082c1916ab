import { createHash, timingSafeEqual } from 'node:crypto';

/** The scheme of provider C's `Authorization` header. */
export const PROVIDER_C_SCHEME = 'ProviderC';

/**
 * Provider C's request signature: `Authorization: ProviderC base64(merchantId ":" hex(sha256(body + secret)))`.
 * The body is the request's exact text ('' for a GET). Both directions use it: the merchant
 * signs its API calls, the provider signs its callbacks (validation, push, event).
 */
export function signProviderC(merchantId: string, secret: string, body: string): string {
  const digest = createHash('sha256').update(body + secret, 'utf8').digest('hex');
  return `${PROVIDER_C_SCHEME} ${Buffer.from(`${merchantId}:${digest}`, 'utf8').toString('base64')}`;
}

/** The merchant id an `Authorization` header claims (before checking it), or undefined. */
export function claimedMerchant(header: string | undefined): string | undefined {
  const match = new RegExp(`^${PROVIDER_C_SCHEME}\\s+([A-Za-z0-9+/=]+)\\s*$`).exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : undefined;
}

/** Whether `header` is the signature of `body` by this merchant and secret (constant time). */
export function verifyProviderC(header: string | undefined, merchantId: string, secret: string, body: string): boolean {
  const expected = Buffer.from(signProviderC(merchantId, secret, body));
  const given = Buffer.from((header ?? '').trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
