import { sign } from 'node:crypto';
import type { PlatformSigningKey } from './signing-key.js';

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/**
 * A compact JWS of `payload` signed with the platform's key pair, by node:crypto in the calling
 * thread. The same token jose's SignJWT makes (ES256 signatures in the JOSE form, r‖s), at a
 * fraction of the cost: jose goes through WebCrypto, whose every signature is a job on the
 * thread pool; call tokens are signed once per hook, validation and notification call.
 */
export function signJws(key: Pick<PlatformSigningKey, 'privateKey' | 'alg' | 'kid'>, header: { typ: string }, payload: Record<string, unknown>): string {
  const input = `${base64url(JSON.stringify({ alg: key.alg, kid: key.kid, ...header }))}.${base64url(JSON.stringify(payload))}`;
  const signature =
    key.alg === 'EdDSA' ? sign(null, Buffer.from(input), key.privateKey) : sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}
