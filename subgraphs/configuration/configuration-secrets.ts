import type { Tenant } from '../../platform/auth/principal.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { cloneJson, formatPointer, getAt, isObject, parsePointer, removeAt, setAt, type JsonObject } from './json-pointer.js';

/** What every read shows in place of a secret; a PUT carrying it keeps the stored value. */
export const SECRET_MASK = '********';

/** Secret values of one configuration, by JSON pointer. */
export type SecretValues = Record<string, unknown>;

const SAME_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SAME_PLACE_SCHEMAS = ['if', 'then', 'else'] as const;

/**
 * The JSON pointers of the values of `document` that `schema` marks `"writeOnly": true`. Walks
 * the document with the schema, as a validator collects annotations: `properties`,
 * `patternProperties`, `additionalProperties`, `prefixItems`, `items`, every branch of `allOf` /
 * `anyOf` / `oneOf` and of `if` / `then` / `else`, `dependentSchemas`, and local `$ref`s
 * (`#/…`, recursive ones too). External `$ref`s (the basic schema) carry no secrets and are not
 * followed. Branches are taken whether or not they match, so a field is a secret wherever any
 * branch says so. A writeOnly object or array is one secret.
 */
export function secretPointers(schema: unknown, document: unknown): string[] {
  const found = new Set<string>();
  const followed = new Set<string>();
  const visit = (node: unknown, value: unknown, path: string[]): void => {
    if (!isObject(node) || value === undefined) return;
    if (node.writeOnly === true && path.length > 0) {
      found.add(formatPointer(path));
      return;
    }
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      const key = `${node.$ref} ${formatPointer(path)}`;
      if (!followed.has(key)) {
        followed.add(key);
        visit(resolveLocalRef(schema, node.$ref), value, path);
      }
    }
    for (const list of SAME_PLACE_LISTS) if (Array.isArray(node[list])) for (const child of node[list]) visit(child, value, path);
    for (const keyword of SAME_PLACE_SCHEMAS) visit(node[keyword], value, path);
    if (isObject(value)) {
      if (isObject(node.dependentSchemas)) for (const child of Object.values(node.dependentSchemas)) visit(child, value, path);
      visitMembers(node, value, path, visit);
    }
    if (Array.isArray(value)) {
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
      value.forEach((item, index) => visit(index < prefix.length ? prefix[index] : node.items, item, [...path, String(index)]));
    }
  };
  visit(schema, document, []);
  return [...found].sort();
}

function visitMembers(node: JsonObject, value: JsonObject, path: string[], visit: (node: unknown, value: unknown, path: string[]) => void) {
  const properties = isObject(node.properties) ? node.properties : {};
  const patterns = isObject(node.patternProperties)
    ? Object.entries(node.patternProperties).flatMap(([pattern, child]) => {
        try {
          return [{ regExp: new RegExp(pattern, 'u'), child }];
        } catch {
          return [];
        }
      })
    : [];
  for (const [key, member] of Object.entries(value)) {
    const memberPath = [...path, key];
    if (Object.hasOwn(properties, key)) visit(properties[key], member, memberPath);
    const matching = patterns.filter(({ regExp }) => regExp.test(key));
    for (const { child } of matching) visit(child, member, memberPath);
    if (!Object.hasOwn(properties, key) && matching.length === 0) visit(node.additionalProperties, member, memberPath);
  }
}

function resolveLocalRef(root: unknown, ref: string): unknown {
  try {
    const fragment = decodeURIComponent(ref.slice(1));
    return fragment === '' || fragment.startsWith('/') ? getAt(root, fragment) : undefined; // anchors are not followed
  } catch {
    return undefined;
  }
}

/** A copy of the document with the mask at each pointer. */
export function maskSecrets(document: JsonObject, pointers: readonly string[]): JsonObject {
  const masked = cloneJson(document);
  for (const pointer of pointers) setAt(masked, pointer, SECRET_MASK);
  return masked;
}

/** A copy of the document without its secrets, and the secrets by pointer. */
export function splitSecrets(document: JsonObject, pointers: readonly string[]): { document: JsonObject; secrets: SecretValues } {
  const stripped = cloneJson(document);
  const secrets: SecretValues = {};
  for (const pointer of pointers) {
    const value = getAt(document, pointer);
    if (value === undefined || value === null) continue;
    secrets[pointer] = value;
    removeAt(stripped, pointer);
  }
  return { document: stripped, secrets };
}

/** A copy of the document with the secrets put back at their pointers. */
export function mergeSecrets(document: JsonObject, secrets: SecretValues): JsonObject {
  const merged = cloneJson(document);
  for (const [pointer, value] of Object.entries(secrets)) setAt(merged, pointer, value);
  return merged;
}

/**
 * The `configurations.secrets` column: `{"v":1,"pointers":[…],"box":"v1.…"}`. The pointers are
 * readable (reads mask them without the key); the values are one AES-256-GCM sealed JSON object
 * whose additional data binds it to its tenant, configuration id and pointers, so a box copied
 * to another row, or a pointer list edited, does not open.
 */
interface SecretsEnvelope {
  v: 1;
  pointers: string[];
  box: string;
}

const additionalData = (tenant: Tenant, configurationId: string, pointers: readonly string[]) =>
  JSON.stringify(['configuration-secrets', tenant.merchant, tenant.channel, configurationId, pointers]);

/** The column value for these secrets; null when there are none. */
export function sealSecrets(box: SecretBox, tenant: Tenant, configurationId: string, secrets: SecretValues): string | null {
  const pointers = Object.keys(secrets).sort();
  if (pointers.length === 0) return null;
  const ordered = Object.fromEntries(pointers.map((pointer) => [pointer, secrets[pointer]]));
  const envelope: SecretsEnvelope = { v: 1, pointers, box: box.seal(JSON.stringify(ordered), additionalData(tenant, configurationId, pointers)) };
  return JSON.stringify(envelope);
}

/** The pointers a stored secrets column holds values for (no decryption). */
export function sealedPointers(column: string | null): string[] {
  return column === null ? [] : parseEnvelope(column).pointers;
}

/** The secret values of a stored secrets column (decrypts). */
export function openSecrets(box: SecretBox, tenant: Tenant, configurationId: string, column: string | null): SecretValues {
  if (column === null) return {};
  const envelope = parseEnvelope(column);
  return JSON.parse(box.open(envelope.box, additionalData(tenant, configurationId, envelope.pointers))) as SecretValues;
}

function parseEnvelope(column: string): SecretsEnvelope {
  const envelope = JSON.parse(column) as Partial<SecretsEnvelope>;
  if (envelope.v !== 1 || !Array.isArray(envelope.pointers) || typeof envelope.box !== 'string') {
    throw new Error('The stored secrets have an unknown format.');
  }
  for (const pointer of envelope.pointers) parsePointer(pointer);
  return envelope as SecretsEnvelope;
}
