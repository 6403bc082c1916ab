import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createSchemaAjv, type ConfigurationErrorDetail, type ConfigurationFailureCode } from './configuration.validator.js';
import { isObject, type JsonObject } from './json-pointer.js';
import { checkOutboundUrl, guardedFetch, outboundPolicy, type ResolveAll } from '../../platform/outbound/outbound-guard.js';
import { DEFAULT_TIMEOUTS } from '../../platform/env/env.config.js';
import { BASIC_SCHEMA_ID, JSON_SCHEMA_2020, configurationIdNamedBy, loadSchemaFile, schemaUrlKey, type LocalSchema } from './local-schemas.js';

/** A configuration schema ready to validate with. */
export interface ResolvedSchema {
  url: string;
  schema: JsonObject;
  validate: ValidateFunction;
  /** The configuration id a configuration using this schema must have (from the URL), if any. */
  configurationId: string | undefined;
  source: 'local' | 'remote';
}

/** A `$schema` that cannot be used: unreachable (`schema_unavailable`) or not a sound schema (`invalid_schema`). */
export class SchemaResolutionError extends Error {
  override name = 'SchemaResolutionError';
  constructor(
    readonly code: Extract<ConfigurationFailureCode, 'schema_unavailable' | 'invalid_schema'>,
    message: string,
    readonly details: ConfigurationErrorDetail[],
  ) {
    super(message);
  }
}

export interface SchemaResolverOptions {
  /** URLs (origin + path) answered from local copies. */
  local: Map<string, LocalSchema>;
  /** How long a fetch waits (default CONFIGURATION_SCHEMA_TIMEOUT_MS's, 3 s). */
  timeoutMs?: number;
  /** How long a fetched schema is reused. */
  ttlMs?: number;
  maxBytes?: number;
  /** Fetched schemas kept at most (the oldest goes first). */
  maxEntries?: number;
  fetch?: typeof fetch;
  /** DNS for the address check (tests inject one). */
  resolveAll?: ResolveAll;
  now?: () => number;
}

interface CacheEntry {
  expiresAt: number;
  schema: Promise<ResolvedSchema>;
}

/**
 * Resolves `$schema` URLs: local copies for ours (no network), others fetched with a timeout and
 * kept for a while. Each schema is checked before use: a JSON object in the 2020-12 dialect,
 * valid against its meta-schema, extending the basic schema (`$ref` to it at the top level or in
 * a top-level `allOf`), and compilable without references we cannot resolve.
 */
export class SchemaResolver {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly localCompiled = new Map<string, Promise<ResolvedSchema>>();
  private readonly timeoutMs: number;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly fetch: typeof fetch;
  private readonly resolveAll: ResolveAll | undefined;
  private readonly now: () => number;

  constructor(private readonly options: SchemaResolverOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUTS.configurationSchemaMs;
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.maxBytes = options.maxBytes ?? 512 * 1024;
    this.maxEntries = options.maxEntries ?? 200;
    this.fetch = options.fetch ?? guardedFetch;
    this.resolveAll = options.resolveAll;
    this.now = options.now ?? Date.now;
  }

  /** The schema at `url`; rejects with SchemaResolutionError. */
  resolve(url: string): Promise<ResolvedSchema> {
    const key = schemaUrlKey(url);
    if (!key || !/^https?:$/.test(new URL(url).protocol)) {
      return Promise.reject(unavailable(url, 'is not an http(s) URL'));
    }
    const local = this.options.local.get(key);
    if (local) return this.resolveLocal(url, key, local);
    const cached = this.cache.get(url);
    if (cached && cached.expiresAt > this.now()) return cached.schema;
    this.cache.delete(url);
    const schema = this.fetchSchema(url).then((raw) => compileSchema(url, raw, configurationIdNamedBy(url), 'remote'));
    // A failure is not kept: the next request tries again.
    schema.catch(() => this.cache.get(url)?.schema === schema && this.cache.delete(url));
    this.cache.set(url, { expiresAt: this.now() + this.ttlMs, schema });
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    return schema;
  }

  private resolveLocal(url: string, key: string, local: LocalSchema): Promise<ResolvedSchema> {
    let compiled = this.localCompiled.get(key);
    if (!compiled) {
      compiled = Promise.resolve().then(() => compileSchema(url, loadSchemaFile(local.file), local.configurationId, 'local'));
      this.localCompiled.set(key, compiled);
    }
    return compiled;
  }

  private async fetchSchema(url: string): Promise<unknown> {
    // By the address the name resolves to (the fetch's own connection is checked again): docs/outbound.md.
    const verdict = await checkOutboundUrl(url, outboundPolicy(), this.resolveAll);
    if (verdict.allowed === false) throw unavailable(url, `is refused by the outbound address policy: ${verdict.reason}`);
    let response: Response;
    try {
      response = await this.fetch(url, {
        headers: { accept: 'application/schema+json, application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw unavailable(url, timedOut ? `did not answer within ${this.timeoutMs} ms` : 'cannot be reached');
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw unavailable(url, `answered HTTP ${response.status}`);
    }
    const text = await readLimited(response, this.maxBytes).catch((error: Error) => {
      throw unavailable(url, error.message);
    });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw invalid(url, [{ pointer: '/$schema', message: 'the schema is not JSON', keyword: '$schema', schema: 'adapter' }]);
    }
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new Error(`is larger than ${maxBytes} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const unavailable = (url: string, reason: string) =>
  new SchemaResolutionError('schema_unavailable', `The schema ${url} ${reason}.`, [
    { pointer: '/$schema', message: `the schema ${reason}`, keyword: '$schema', schema: 'adapter' },
  ]);

const invalid = (url: string, details: ConfigurationErrorDetail[]) =>
  new SchemaResolutionError('invalid_schema', `The schema ${url} cannot validate configurations.`, details);

const problem = (where: string, message: string, keyword = '$schema'): ConfigurationErrorDetail => ({
  pointer: '/$schema',
  message: where ? `the schema at ${where}: ${message}` : `the schema ${message}`,
  keyword,
  schema: 'adapter',
});

/** Checks and compiles a configuration schema (see SchemaResolver). */
export function compileSchema(url: string, raw: unknown, configurationId: string | undefined, source: ResolvedSchema['source']): ResolvedSchema {
  if (!isObject(raw)) throw invalid(url, [problem('', 'is not a JSON Schema object')]);
  const dialect = typeof raw.$schema === 'string' ? raw.$schema.replace(/#$/, '') : undefined;
  if (dialect !== JSON_SCHEMA_2020) throw invalid(url, [problem('/$schema', `must be "${JSON_SCHEMA_2020}" (draft 2020-12)`)]);
  const ajv = createSchemaAjv();
  if (!ajv.validateSchema(raw)) {
    throw invalid(url, (ajv.errors ?? []).map((error) => problem(error.instancePath || '/', error.message ?? 'is invalid', error.keyword)));
  }
  // Only our own copy of the basic schema may stand for it; anything else must extend it.
  const isBasic = source === 'local' && raw.$id === BASIC_SCHEMA_ID;
  if (!isBasic && !extendsBasic(raw)) {
    throw invalid(url, [problem('', `does not extend the basic configuration schema: it must "$ref": "${BASIC_SCHEMA_ID}" at its top level or in a top-level allOf`, 'extends')]);
  }
  let validate: ValidateFunction;
  try {
    validate = isBasic ? ajv.getSchema(BASIC_SCHEMA_ID)! : ajv.compile(raw);
  } catch (error) {
    throw invalid(url, [problem('', `cannot be compiled: ${(error as Error).message}`)]);
  }
  return { url, schema: raw, validate, configurationId, source };
}

const refsBasic = (node: unknown): boolean => isObject(node) && node.$ref === BASIC_SCHEMA_ID;

function extendsBasic(schema: JsonObject): boolean {
  return refsBasic(schema) || (Array.isArray(schema.allOf) && schema.allOf.some(refsBasic));
}
