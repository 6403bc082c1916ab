import { decodeJwt } from 'jose';

/** How long a verified token's signature is trusted before it is verified again (key rotation, JWKS changes). */
export const REVERIFY_MS = 30_000;

/**
 * Checks a long-lived connection's token again (a subscription before each event) without
 * verifying its signature every time: a signature check costs a crypto call (hundreds of µs under
 * load, each through the thread pool), and one change fanned out to 1,000 subscribers made 1,000
 * of them. The token is the same string the connection was opened with, so its signature was
 * proven; what can change is time. Expiry (`exp`, and `nbf`) is compared at every call, to the
 * second as the verifier does; once `exp` has passed, or `reverifyMs` after the last full check,
 * the next call runs the full verification again (its error is what the caller sees). Concurrent
 * calls share one verification.
 *
 * `verify` must be the full check of exactly `token`; `verifiedAt` is when it last succeeded
 * (connection time), if it did.
 */
export function tokenRecheck(token: string, verify: () => Promise<unknown>, options: { verifiedAt?: number; reverifyMs?: number; now?: () => number } = {}): () => Promise<void> {
  const reverifyMs = options.reverifyMs ?? REVERIFY_MS;
  const now = options.now ?? Date.now;
  let claims: { exp?: number; nbf?: number };
  try {
    claims = decodeJwt(token);
  } catch {
    claims = {};
  }
  let trustedUntil = options.verifiedAt === undefined ? 0 : options.verifiedAt + reverifyMs;
  let inFlight: Promise<void> | undefined;
  const timeValid = (at: number) => {
    const seconds = Math.floor(at / 1000);
    return (claims.exp === undefined || seconds < claims.exp) && (claims.nbf === undefined || seconds >= claims.nbf);
  };
  return () => {
    const at = now();
    if (at < trustedUntil && timeValid(at)) return Promise.resolve();
    inFlight ??= verify().then(
      () => {
        trustedUntil = now() + reverifyMs;
        inFlight = undefined;
      },
      (error: unknown) => {
        trustedUntil = 0;
        inFlight = undefined;
        throw error;
      },
    );
    return inFlight;
  };
}
