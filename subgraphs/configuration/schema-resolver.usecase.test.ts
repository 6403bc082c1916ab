import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../app/app.config.js';
import { BASIC_SCHEMA_ID, localSchemas } from './local-schemas.js';
import { SchemaResolutionError, SchemaResolver } from './schema-resolver.usecase.js';

const config = loadConfig({ NODE_ENV: 'test' });
const extending = { $schema: 'https://json-schema.org/draft/2020-12/schema', allOf: [{ $ref: BASIC_SCHEMA_ID }], properties: { x: { type: 'string' } } };
const noFetch = (() => Promise.reject(new Error('must not fetch'))) as unknown as typeof fetch;

function countingFetch(body: unknown = extending, init: ResponseInit = {}) {
  const calls: string[] = [];
  const fetchStub = (async (url: string) => {
    calls.push(url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200, ...init });
  }) as unknown as typeof fetch;
  return { calls, fetch: fetchStub };
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as SchemaResolutionError);

describe('SchemaResolver', () => {
  it('answers every local schema from its copy, each a sound schema naming the id it is for', async () => {
    const local = localSchemas(config);
    const resolver = new SchemaResolver({ local, fetch: noFetch });
    expect(local.size).toBe(11);
    for (const url of local.keys()) {
      const resolved = await resolver.resolve(url);
      expect(resolved.source).toBe('local');
      expect(typeof resolved.validate).toBe('function');
    }
    expect((await resolver.resolve(`${config.adapterUrls.provider_a_checkout_adapter}/openapi/v1/schemas/provider_a_checkout_adapter.json?v=1`)).configurationId).toBe('provider_a_checkout_adapter');
  });

  it('fetches a remote schema once per TTL, and names the id from its path', async () => {
    let now = 0;
    const { calls, fetch } = countingFetch();
    const resolver = new SchemaResolver({ local: new Map(), fetch, ttlMs: 1_000, now: () => now });
    const url = 'https://adapter.example/openapi/v1/schemas/my_adapter.json';
    const [first, second] = await Promise.all([resolver.resolve(url), resolver.resolve(url)]);
    expect(first).toBe(second);
    expect(first).toMatchObject({ source: 'remote', configurationId: 'my_adapter' });
    now = 999;
    await resolver.resolve(url);
    expect(calls).toHaveLength(1);
    now = 1_000;
    await resolver.resolve(url);
    expect(calls).toHaveLength(2);
  });

  it('does not keep failures', async () => {
    let status = 503;
    const fetchStub = (async () => new Response(JSON.stringify(extending), { status })) as unknown as typeof fetch;
    const resolver = new SchemaResolver({ local: new Map(), fetch: fetchStub });
    expect(await failure(resolver.resolve('https://a.example/s.json'))).toMatchObject({ code: 'schema_unavailable', message: expect.stringContaining('HTTP 503') });
    status = 200;
    expect((await resolver.resolve('https://a.example/s.json')).source).toBe('remote');
  });

  it('gives up after the timeout', async () => {
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch;
    const resolver = new SchemaResolver({ local: new Map(), fetch: hanging, timeoutMs: 30 });
    expect(await failure(resolver.resolve('https://slow.example/s.json'))).toMatchObject({
      code: 'schema_unavailable',
      details: [expect.objectContaining({ pointer: '/$schema', message: 'the schema did not answer within 30 ms' })],
    });
  });

  it('refuses schemas too large, not http(s), or pretending to be the basic schema', async () => {
    const big = new SchemaResolver({ local: new Map(), fetch: countingFetch({ ...extending, description: 'x'.repeat(2_000) }).fetch, maxBytes: 1_000 });
    expect(await failure(big.resolve('https://a.example/big.json'))).toMatchObject({ code: 'schema_unavailable', message: expect.stringContaining('larger than') });
    const resolver = new SchemaResolver({ local: new Map(), fetch: countingFetch({ ...extending, $id: BASIC_SCHEMA_ID }).fetch });
    expect(await failure(resolver.resolve('file:///etc/passwd'))).toMatchObject({ code: 'schema_unavailable' });
    expect(await failure(resolver.resolve('https://a.example/fake-basic.json'))).toMatchObject({ code: 'invalid_schema' });
  });

  it('never fetches from link-local (cloud metadata) addresses, however written or resolved', async () => {
    const resolveAll = async (hostname: string) => {
      if (hostname === 'rebound.example') return [{ address: '169.254.169.254', family: 4 }];
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    const resolver = new SchemaResolver({ local: new Map(), fetch: noFetch, resolveAll });
    const urls = [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/x.json',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://metadata.google.internal./computeMetadata/v1/',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'http://0251.0376.0251.0376/latest/meta-data/',
      'http://rebound.example/schema.json',
    ];
    for (const url of urls) {
      const error = await failure(resolver.resolve(url));
      expect(error).toMatchObject({ code: 'schema_unavailable', message: expect.stringContaining('outbound address policy') });
      expect(error!.message).toContain(url);
    }
  });
});
