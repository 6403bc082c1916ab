import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Provider C's request signature, both ways: `Authorization: ProviderC base64(merchantId ":"
 * hex(sha256(body + secret)))` over the exact body text ('' without one). The adapter signs its
 * API calls with it and checks it on every call the provider makes (validation, push, event).
 */
export function signRequest(merchantId: string, secret: string, body: string): string {
  const digest = createHash('sha256').update(body + secret, 'utf8').digest('hex');
  return `ProviderC ${Buffer.from(`${merchantId}:${digest}`, 'utf8').toString('base64')}`;
}

/** Whether `header` signs `body` as this merchant with this secret (constant time). */
export function isSignedBy(header: string | undefined, merchantId: string, secret: string, body: string): boolean {
  const expected = Buffer.from(signRequest(merchantId, secret, body));
  const given = Buffer.from((header ?? '').trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
