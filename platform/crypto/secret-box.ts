import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { localSecret } from '../auth/local-secret.js';

/** Thrown when a sealed value cannot be opened: wrong key, tampered text or additional data. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/**
 * Authenticated encryption of small values (AES-256-GCM, random 96-bit IV per value).
 * A sealed value is text: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface SecretBox {
  /** Encrypts `plaintext`; `aad` (additional data) is authenticated, not stored. */
  seal(plaintext: string, aad?: string): string;
  /** Decrypts what `seal` produced with the same key and `aad`; throws SecretBoxError otherwise. */
  open(sealed: string, aad?: string): string;
}

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Decodes a 32-byte key given as base64 or base64url (CONFIG_ENCRYPTION_KEY's format). */
export function parseKey(encoded: string): Buffer {
  const key = Buffer.from(encoded.trim(), 'base64');
  if (key.length !== 32) throw new SecretBoxError(`An encryption key must be 32 bytes; this one has ${key.length}.`);
  return key;
}

/**
 * The key encrypting configuration secrets: CONFIG_ENCRYPTION_KEY when set, else a key
 * generated once in the data directory (`<dataDir>/config-key`, mode 600).
 */
export function configurationKey(config: { configEncryptionKey: string | undefined; dataDir: string }): Buffer {
  return parseKey(config.configEncryptionKey ?? localSecret(config.dataDir, 'config-key'));
}

/** A box over a key, or over a function giving it (read on first use, then kept). */
export function createSecretBox(key: Buffer | (() => Buffer)): SecretBox {
  let resolved: Buffer | undefined = typeof key === 'function' ? undefined : checked(key);
  const currentKey = (): Buffer => (resolved ??= checked((key as () => Buffer)()));

  return {
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, currentKey(), iv, { authTagLength: TAG_BYTES });
      if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed, aad) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('The sealed value has an unknown format.');
      const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('The sealed value has an unknown format.');
      try {
        const decipher = createDecipheriv(ALGORITHM, currentKey(), iv, { authTagLength: TAG_BYTES });
        if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed value cannot be opened with this key (wrong key or tampered).');
      }
    },
  };
}

function checked(key: Buffer): Buffer {
  if (key.length !== 32) throw new SecretBoxError(`An encryption key must be 32 bytes; this one has ${key.length}.`);
  return key;
}
