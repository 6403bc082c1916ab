import { describe, expect, it } from '@jest/globals';
import { ApiError, claimsOf } from '../web/admin/src/api.js';
import { pastedToken, signInProblems, signInRefusal } from '../web/admin/src/token-check.js';

// What the admin's sign-in says about a pasted token, at the field it is about
// (web/admin/src/token-check.ts, docs/admin.md "Signing in"), before and after the gateway is asked.

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${part({ alg: 'ES256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
const NOW = Date.parse('2026-11-27T12:00:00Z');
const later = NOW / 1000 + 600;

describe('the admin’s sign-in', () => {
  it('says a garbage token is not a token, and a cut one is damaged, never that the merchant is missing', () => {
    for (const garbage of ['hello', 'a.b', 'a.b.c.d', 'not a token at all', '{"merchant":"m"}']) {
      expect(signInProblems(pastedToken(garbage), '', '', NOW)).toEqual({ token: expect.stringMatching(/^This is not a token: an admin token is three parts/) });
    }
    const whole = token({ merchant: 'm', channels: ['web'], role: 'admin', exp: later });
    const [header, payload, signature] = whole.split('.');
    expect(signInProblems(`${header}.${payload!.slice(0, 21)}.${signature}`, '', '', NOW)).toEqual({ token: expect.stringMatching(/^This token is cut short or damaged/) });
    expect(signInProblems('', 'm', 'web', NOW)).toEqual({ token: 'Paste the admin token (the command below prints one).' });
  });

  it('reads a token wrapped over lines as one, and finds nothing wrong with a good one', () => {
    const good = token({ merchant: 'm', channels: ['web'], role: 'admin', exp: later });
    expect(pastedToken(`  ${good.slice(0, 30)}\n${good.slice(30)}\n`)).toBe(good);
    expect(signInProblems(good, '', '', NOW)).toEqual({});
    expect(claimsOf(good)).toMatchObject({ merchant: 'm', channels: ['web'] });
    expect(claimsOf('garbage')).toEqual({});
  });

  it('says an expired token, a token of another role, and what is missing of the tenant at its field', () => {
    expect(signInProblems(token({ merchant: 'm', channels: ['web'], role: 'admin', exp: NOW / 1000 - 60 }), '', '', NOW).token).toMatch(/^This token expired on .*2026.* Print a new one with the command below\.$/);
    expect(signInProblems(token({ merchant: 'm', channels: ['web'], role: 'storefront', exp: later }), '', '', NOW)).toEqual({
      token: 'This token is for the role storefront; the admin needs a token with the role admin. Print a new one with the command below.',
    });
    expect(signInProblems(token({ channels: ['*'], role: 'admin', exp: later }), '', '', NOW)).toEqual({
      merchant: 'The token names no merchant: type the merchant to sign in to.',
      channel: 'The token allows every channel of the merchant: type the channel to open.',
    });
    expect(signInProblems(token({ merchant: 'm', channels: [], role: 'admin', exp: later }), '', '', NOW)).toEqual({ channel: 'The token names no channel: type the channel to open.' });
    expect(signInProblems(token({ merchant: 'm', channels: ['web', 'app'], role: 'admin', exp: later }), '', 'pos', NOW)).toEqual({ channel: 'The token does not allow the channel pos; it allows web, app.' });
    expect(signInProblems(token({ merchant: 'm', channels: ['*'], role: 'admin', exp: later }), '', 'pos', NOW)).toEqual({});
  });

  it('says the gateway’s refusal at the token', () => {
    expect(signInRefusal(new ApiError('The token signature is invalid.', 'UNAUTHORIZED'))).toEqual({
      token: 'The gateway did not accept this token: the token signature is invalid. Print a new one with the command below.',
    });
    expect(signInRefusal(new ApiError('Requires role admin.', 'FORBIDDEN'))).toEqual({ token: 'This token may not open the admin of this merchant and channel: requires role admin.' });
    expect(signInRefusal(new ApiError('The gateway at http://x cannot be reached.', 'unreachable'))).toEqual({ token: 'The gateway at http://x cannot be reached.' });
  });
});
