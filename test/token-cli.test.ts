import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTokenVerifier } from '../platform/auth/token-verifier.service.js';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
const SECRET = 'a-test-secret-that-is-long-enough-123';
const env = { PATH: process.env.PATH, AUTH_JWT_SECRET: SECRET };

describe('npm run token', () => {
  it('prints only a token carrying merchant, channels, role and adapter', async () => {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'token', '--', '--merchant', 'm1', '--channel', 'c1', '--role', 'adapter', '--adapter', 'giftcard_adapter'], { cwd: ROOT, env });
    expect(stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    expect(stderr.replace(/npm warn.*\n/g, '')).toBe('');
    const verifier = createTokenVerifier({ secret: SECRET, issuer: 'checkout-platform', audience: 'checkout-platform' });
    expect(await verifier.verify(stdout.trim())).toEqual({
      subject: 'adapter:giftcard_adapter',
      merchant: 'm1',
      channels: ['c1'],
      role: 'adapter',
      adapterId: 'giftcard_adapter',
    });
  }, 90_000);

  it('refuses an unknown role with a usage message and exit 2', async () => {
    await expect(run('npx', ['tsx', 'app/token.cli.ts', '--merchant', 'm1', '--channel', 'c1', '--role', 'king'], { cwd: ROOT, env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--role must be one of storefront, adapter, admin, service'),
    });
  }, 90_000);
});
