import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, type JSONWebKeySet, type JWK } from 'jose';

/**
 * The platform's signing key pair (AUTH_SIGNING_KEY, else one generated once in DATA_DIR): the
 * private key signs adapter tokens and the call tokens sent to receivers; the public key is
 * served at /.well-known/jwks.json so adapters can verify calls without a shared secret.
 */
export interface PlatformSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  alg: 'ES256' | 'EdDSA';
  kid: string;
  /** What /.well-known/jwks.json answers: the public key only. */
  jwks: JSONWebKeySet;
}

const FILE = 'signing-key.jwk';

/** Reads a private key given as a JWK (JSON) or PKCS8 PEM; throws a plain message when it is neither or of another type. */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('{') ? createPrivateKey({ key: JSON.parse(trimmed) as JWK & { kty: string }, format: 'jwk' }) : createPrivateKey(trimmed.replace(/\\n/g, '\n'));
  } catch {
    throw new Error('must be a private key: a JWK (JSON) or a PKCS8 PEM');
  }
  algorithmOf(key);
  return key;
}

function algorithmOf(key: KeyObject): PlatformSigningKey['alg'] {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error('must be an EC P-256 (ES256) or Ed25519 (EdDSA) private key');
}

const cache = new Map<string, Promise<PlatformSigningKey>>();

/** The key of this process: the configured one, else the local one (cached per source). */
export function platformSigningKey(config: { signingKey?: string | undefined; dataDir: string }): Promise<PlatformSigningKey> {
  const source = config.signingKey ?? `file:${join(config.dataDir, FILE)}`;
  let key = cache.get(source);
  if (!key) {
    key = describe(config.signingKey === undefined ? localKey(config.dataDir) : parsePrivateKey(config.signingKey));
    cache.set(source, key);
  }
  return key;
}

async function describe(privateKey: KeyObject): Promise<PlatformSigningKey> {
  const alg = algorithmOf(privateKey);
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, alg, kid, jwks: { keys: [{ ...jwk, kid, alg, use: 'sig' }] } };
}

/** Generated once for this machine and kept with the local data (mode 600, never committed), like the HS256 secret. */
function localKey(dataDir: string): KeyObject {
  const file = join(dataDir, FILE);
  try {
    return parsePrivateKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  try {
    writeFileSync(file, `${JSON.stringify(privateKey.export({ format: 'jwk' }))}\n`, { mode: 0o600, flag: 'wx' });
    return privateKey;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return parsePrivateKey(readFileSync(file, 'utf8'));
    throw error;
  }
}
