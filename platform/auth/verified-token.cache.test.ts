import { describe, expect, it } from '@jest/globals';
import { issueToken } from './token-issuer.js';
import { createTokenVerifier } from './token.verifier.js';
import type { Principal } from './principal.js';
import { VerifiedTokenCache } from './verified-token.cache.js';

const principal: Principal = { subject: 's', merchant: 'm', channels: ['web'], role: 'storefront' };
const options = { secret: 'a-secret-of-at-least-thirty-two-chars!', issuer: 'i', audience: 'a' };

describe('VerifiedTokenCache', () => {
  it('remembers a token until its exp or the ttl, whichever is first', () => {
    const cache = new VerifiedTokenCache(10, 60_000);
    const now = 1_000_000_000_000;
    cache.set('short', principal, now / 1000 + 5, now);
    cache.set('long', principal, now / 1000 + 3600, now);
    expect(cache.get('short', now + 4_999)).toEqual(principal);
    expect(cache.get('short', now + 5_000)).toBeUndefined();
    expect(cache.get('long', now + 59_999)).toEqual(principal);
    expect(cache.get('long', now + 60_000)).toBeUndefined();
  });

  it('never remembers an expired token, hands out copies and stays bounded', () => {
    const cache = new VerifiedTokenCache(2, 60_000);
    const now = 1_000_000_000_000;
    cache.set('expired', principal, now / 1000 - 1, now);
    expect(cache.get('expired', now)).toBeUndefined();
    cache.set('a', principal, undefined, now);
    cache.get('a', now)!.channels.push('other');
    expect(cache.get('a', now)!.channels).toEqual(['web']);
    cache.set('b', principal, undefined, now);
    cache.set('c', principal, undefined, now);
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('c', now)).toEqual(principal);
  });
});

describe('createTokenVerifier with remembered tokens', () => {
  it('answers a token again without verifying it anew, and refuses an expired or forged one as before', async () => {
    const verifier = createTokenVerifier(options);
    const token = await issueToken({ merchant: 'm', channels: ['web'], role: 'storefront' }, { ...options, expiresIn: 600 });
    const first = await verifier.verify(token);
    expect(await verifier.verify(token)).toEqual(first);
    const expired = await issueToken({ merchant: 'm', channels: ['web'], role: 'storefront' }, { ...options, expiresIn: -60 });
    await expect(verifier.verify(expired)).rejects.toMatchObject({ status: 401 });
    const forged = `${token.slice(0, token.lastIndexOf('.') + 1)}${'A'.repeat(43)}`;
    await expect(verifier.verify(forged)).rejects.toMatchObject({ status: 401 });
  });
});
