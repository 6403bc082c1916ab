import { createHash } from 'node:crypto';

/**
 * Qliro One's request token, as published: `Authorization: Qliro base64(sha256(body + secret))`
 * over the exact body text ('' without one). The adapter makes one for each of its API calls; the
 * provider's calls to the adapter carry none (their signed addresses authenticate them).
 */
export function signRequest(secret: string, body: string): string {
  return `Qliro ${createHash('sha256').update(body + secret, 'utf8').digest('base64')}`;
}
