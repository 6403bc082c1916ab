import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { signJws } from './jws-sign.js';

describe('signJws', () => {
  for (const [alg, pair] of [
    ['ES256', generateKeyPairSync('ec', { namedCurve: 'P-256' })],
    ['EdDSA', generateKeyPairSync('ed25519')],
  ] as const) {
    it(`signs a token jose verifies (${alg})`, async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = signJws({ privateKey: pair.privateKey, alg, kid: 'k1' }, { typ: 'checkout-call+jwt' }, { aud: 'a_adapter', iss: 'checkout', iat: now, exp: now + 60, note: 'æøå' });
      const { payload } = await jwtVerify(token, pair.publicKey, { algorithms: [alg], audience: 'a_adapter', issuer: 'checkout', typ: 'checkout-call+jwt' });
      expect(payload).toMatchObject({ note: 'æøå', exp: now + 60 });
      expect(decodeProtectedHeader(token)).toEqual({ alg, kid: 'k1', typ: 'checkout-call+jwt' });
    });
  }

  it('makes a signature that fails for another key', async () => {
    const signer = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const token = signJws({ privateKey: signer.privateKey, alg: 'ES256', kid: 'k1' }, { typ: 'JWT' }, { sub: 'x' });
    await expect(jwtVerify(token, other.publicKey, { algorithms: ['ES256'] })).rejects.toThrow();
  });
});
