import { createHash, timingSafeEqual } from 'node:crypto';

/** The scheme of Qliro One's `Authorization` header. */
export const PROVIDER_C_SCHEME = 'Qliro';

/**
 * Qliro One's request token, as published: `Authorization: Qliro base64(sha256(body + secret))`
 * over the exact JSON body ('' without one). The merchant signs its API calls with it; the
 * provider's own calls to the merchant carry none.
 */
export function signProviderC(secret: string, body: string): string {
  return `${PROVIDER_C_SCHEME} ${createHash('sha256').update(body + secret, 'utf8').digest('base64')}`;
}

/** Whether `header` is the token of `body` with this secret (constant time). */
export function verifyProviderC(header: string | undefined, secret: string, body: string): boolean {
  const expected = Buffer.from(signProviderC(secret, body));
  const given = Buffer.from((header ?? '').trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
