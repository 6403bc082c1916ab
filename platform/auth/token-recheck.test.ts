import { describe, expect, it } from '@jest/globals';
import { issueToken } from './token-issuer.js';
import { tokenRecheck } from './token-recheck.js';

const options = { secret: 'a-secret-of-at-least-thirty-two-chars!', issuer: 'i', audience: 'a' };
const claims = { merchant: 'm', channels: ['c'], role: 'storefront' as const };

describe('tokenRecheck', () => {
  it('verifies the signature again only after reverifyMs, sharing one verification among concurrent calls', async () => {
    const token = await issueToken(claims, { ...options, expiresIn: 600 });
    let clock = 1_000_000;
    let verifications = 0;
    const recheck = tokenRecheck(token, async () => void verifications++, { verifiedAt: clock, reverifyMs: 30_000, now: () => clock });
    await Promise.all(Array.from({ length: 100 }, () => recheck()));
    expect(verifications).toBe(0);
    clock += 30_000;
    await Promise.all(Array.from({ length: 100 }, () => recheck()));
    expect(verifications).toBe(1);
    await recheck();
    expect(verifications).toBe(1);
  });

  it('runs the full verification once the token has expired, and passes on its error', async () => {
    const token = await issueToken(claims, { ...options, expiresIn: 600 });
    const exp = Math.floor(Date.now() / 1000) + 600;
    let clock = Date.now();
    const recheck = tokenRecheck(token, async () => (Math.floor(clock / 1000) >= exp ? Promise.reject(new Error('The token has expired.')) : undefined), { verifiedAt: clock, now: () => clock });
    await expect(recheck()).resolves.toBeUndefined();
    clock = exp * 1000;
    await expect(recheck()).rejects.toThrow('The token has expired.');
    await expect(recheck()).rejects.toThrow('The token has expired.');
  });

  it('verifies at the first call when nothing was verified yet, and again after a failure', async () => {
    let verifications = 0;
    let fail = true;
    const recheck = tokenRecheck('not-a-jwt', async () => {
      verifications++;
      if (fail) throw new Error('bad');
    });
    await expect(recheck()).rejects.toThrow('bad');
    fail = false;
    await expect(recheck()).resolves.toBeUndefined();
    await recheck();
    expect(verifications).toBe(2);
  });
});
