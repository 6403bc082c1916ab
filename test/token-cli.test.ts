import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { promisify } from 'node:util';
import { decodeProtectedHeader } from 'jose';
import { platformSigningKey } from '../platform/auth/signing-key.js';
import { createTokenVerifier } from '../platform/auth/token.verifier.js';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
const SECRET = 'a-test-secret-that-is-long-enough-123';
const SIGNING_KEY = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));
const env = { PATH: process.env.PATH, AUTH_JWT_SECRET: SECRET, AUTH_SIGNING_KEY: SIGNING_KEY };
const options = { issuer: 'checkout-platform', audience: 'checkout-platform' };
const token = async (...args: string[]) => {
  const { stdout, stderr } = await run('npm', ['run', '--silent', 'token', '--', ...args], { cwd: ROOT, env });
  expect(stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
  expect(stderr.replace(/npm warn.*\n/g, '')).toBe('');
  return stdout.trim();
};

describe('npm run token', () => {
  it("prints only a token carrying merchant, channels, role and adapter, signed with the platform key: an adapter's verifier (public keys, no secret) accepts it", async () => {
    const printed = await token('--merchant', 'm1', '--channel', 'c1', '--role', 'adapter', '--adapter', 'giftcard_adapter');
    const key = await platformSigningKey({ signingKey: SIGNING_KEY, dataDir: '/nonexistent' });
    expect(decodeProtectedHeader(printed)).toMatchObject({ alg: 'ES256', kid: key.kid });
    const adapterVerifier = createTokenVerifier({ ...options, platformKeys: async (header) => (header.kid === key.kid ? key.publicKey : undefined) });
    expect(await adapterVerifier.verify(printed)).toEqual({
      subject: 'adapter:giftcard_adapter',
      merchant: 'm1',
      channels: ['c1'],
      role: 'adapter',
      adapterId: 'giftcard_adapter',
    });
  }, 90_000);

  it('with --hs256, prints an HS256 token of the master secret: platform services accept it, adapters do not', async () => {
    const printed = await token('--merchant', 'm1', '--channel', 'c1', '--role', 'storefront', '--hs256');
    expect(decodeProtectedHeader(printed).alg).toBe('HS256');
    expect(await createTokenVerifier({ ...options, secret: SECRET }).verify(printed)).toMatchObject({ merchant: 'm1', role: 'storefront' });
    await expect(createTokenVerifier(options).verify(printed)).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/HS256 tokens are not accepted here/) });
  }, 90_000);

  it('refuses an unknown role with a usage message and exit 2', async () => {
    await expect(run('npx', ['tsx', 'app/token.cli.ts', '--merchant', 'm1', '--channel', 'c1', '--role', 'king'], { cwd: ROOT, env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--role must be one of storefront, adapter, admin, service'),
    });
  }, 90_000);
});
