import { describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { issueToken } from './token-issuer.js';

const options = { secret: 'a-secret-of-at-least-thirty-two-chars!', issuer: 'i', audience: 'a' };
const claims = { merchant: 'm', channels: ['c'], role: 'service' as const };

describe('issueToken', () => {
  it('reads a number as a lifetime in seconds, not as a timestamp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { exp } = decodeJwt(await issueToken(claims, { ...options, expiresIn: 600 }));
    expect(exp).toBeGreaterThanOrEqual(now + 599);
    expect(exp).toBeLessThanOrEqual(now + 601);
  });

  it('reads jose notation and negative lifetimes', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(decodeJwt(await issueToken(claims, { ...options, expiresIn: '2h' })).exp).toBeGreaterThanOrEqual(now + 7199);
    expect(decodeJwt(await issueToken(claims, { ...options, expiresIn: -60 })).exp).toBeLessThan(now);
  });
});
