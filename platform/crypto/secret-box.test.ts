import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { configurationKey, createSecretBox, parseKey, SecretBoxError } from './secret-box.js';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('hunter2', 'row-1');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed, 'row-1')).toBe('hunter2');
    expect(box.seal('hunter2', 'row-1')).not.toBe(sealed);
  });

  it('refuses other additional data, another key, and tampered text', () => {
    const sealed = box.seal('hunter2', 'row-1');
    expect(() => box.open(sealed, 'row-2')).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'row-1')).toThrow(SecretBoxError);
    const [version, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'), 'row-1')).toThrow(SecretBoxError);
    expect(() => box.open('v2.a.b.c')).toThrow(SecretBoxError);
  });

  it('takes 32-byte keys in base64 or base64url only', () => {
    const key = randomBytes(32);
    expect(parseKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(() => parseKey(randomBytes(16).toString('base64'))).toThrow(SecretBoxError);
  });

  it('uses CONFIG_ENCRYPTION_KEY, else a key generated once in the data directory', () => {
    const key = randomBytes(32);
    const dataDir = mkdtempSync(join(tmpdir(), 'secret-box-'));
    expect(configurationKey({ configEncryptionKey: key.toString('base64'), dataDir }).equals(key)).toBe(true);
    const local = configurationKey({ configEncryptionKey: undefined, dataDir });
    expect(local).toHaveLength(32);
    expect(configurationKey({ configEncryptionKey: undefined, dataDir }).equals(local)).toBe(true);
    expect(readFileSync(join(dataDir, 'config-key'), 'utf8').trim()).toBe(local.toString('base64url'));
    expect(statSync(join(dataDir, 'config-key')).mode & 0o777).toBe(0o600);
  });

  it('reads a lazy key only when first used', () => {
    let reads = 0;
    const lazy = createSecretBox(() => {
      reads += 1;
      return randomBytes(32);
    });
    expect(reads).toBe(0);
    expect(lazy.open(lazy.seal('x'))).toBe('x');
    expect(reads).toBe(1);
  });
});
