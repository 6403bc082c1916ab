import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EnvError } from '../platform/env/env.config.js';
import { loadConfig } from '../app/app.config.js';
import { originMatcher } from '../gateway/cors.plugin.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

// The gateway's CORS and explorer page over plain HTTP (the browser's view is in test/browser/).

let system: TestSystem;
let gateway: string;
const ALLOWED = 'https://shop.example.com';

beforeAll(async () => {
  system = await startTestSystem({ services: ['gateway', 'order'], env: { CORS_ORIGINS: `${ALLOWED}, http://localhost:*`, EXPLORER: 'graphiql' } });
  gateway = system.urls.gateway!;
});
afterAll(async () => {
  await system?.close();
});

const preflight = (origin: string, requestHeaders = 'authorization,content-type,x-merchant,x-channel') =>
  fetch(`${gateway}/graphql`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': requestHeaders },
  });

describe('CORS on the gateway', () => {
  it('answers the preflight of an allowed origin before authentication', async () => {
    const response = await preflight(ALLOWED);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    const allowedHeaders = response.headers.get('access-control-allow-headers')!.split(', ');
    expect(allowedHeaders).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-merchant', 'x-channel', 'traceparent', 'x-request-id']));
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull(); // tokens travel in a header, never cookies
  });

  it('matches any port of a `host:*` entry', async () => {
    for (const origin of ['http://localhost:5173', 'http://localhost']) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('gives an origin not allowed no CORS header: a 403 preflight, and answers the browser may not read', async () => {
    for (const origin of ['https://evil.example.com', 'http://127.0.0.1:5173', 'https://shop.example.com:8443', 'null']) {
      const response = await preflight(origin);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'cors_origin_not_allowed' });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-methods')).toBeNull();
    }
    const post = await fetch(`${gateway}/graphql`, { method: 'POST', headers: { origin: 'https://evil.example.com', 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(post.status).toBe(401);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets an allowed page read answers, refusals included', async () => {
    const token = await system.token({ merchant: 'm', channels: ['c'], role: 'storefront' });
    const ok = await fetch(`${gateway}/graphql`, {
      method: 'POST',
      headers: { origin: ALLOWED, 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-merchant': 'm', 'x-channel': 'c' },
      body: '{"query":"{ __typename }"}',
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(ok.headers.get('access-control-expose-headers')).toBe('x-request-id');
    const refused = await fetch(`${gateway}/graphql`, { method: 'POST', headers: { origin: ALLOWED, 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('answers an OPTIONS without Origin (not a preflight) with the methods, and needs no token for it', async () => {
    const response = await fetch(`${gateway}/graphql`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS');
  });
});

describe('originMatcher', () => {
  it('matches exact origins, any port of `:*` entries, and `*`', () => {
    const allowed = originMatcher(['https://shop.example.com', 'http://localhost:*']);
    expect(allowed('https://shop.example.com')).toBe(true);
    expect(allowed('HTTPS://SHOP.EXAMPLE.COM')).toBe(true);
    expect(allowed('http://shop.example.com')).toBe(false);
    expect(allowed('https://shop.example.com.evil.com')).toBe(false);
    expect(allowed('http://localhost:3000')).toBe(true);
    expect(allowed('http://localhost')).toBe(true);
    expect(allowed('http://localhost.evil.com')).toBe(false);
    expect(allowed('http://localhost:3000.evil.com')).toBe(false);
    expect(originMatcher(['*'])('https://anything.example')).toBe(true);
    expect(originMatcher([])('http://localhost:3000')).toBe(false);
  });
});

describe('CORS_ORIGINS and EXPLORER settings', () => {
  it('default to localhost pages in development and none in production, and read a list or none', () => {
    expect(loadConfig({}).corsOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*']);
    // A sandbox-only process: production's other requirements (keys) are for platform services.
    expect(loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32), SERVICES: 'commerce_sandbox' }).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://Shop.example.com , http://127.0.0.1:8080 ' }).corsOrigins).toEqual(['https://shop.example.com', 'http://127.0.0.1:8080']);
    expect(loadConfig({ CORS_ORIGINS: 'none' }).corsOrigins).toEqual([]);
    expect(loadConfig({}).explorer).toBe('auto');
    expect(loadConfig({ EXPLORER: 'sandbox' }).explorer).toBe('sandbox');
  });

  it('refuses what a browser could never send as an origin, and unknown explorers', () => {
    for (const bad of ['https://shop.example.com/', 'shop.example.com', 'https://shop.example.com/path', 'ftp://x', 'https://a.com,,https://b.com']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS: must be none or a comma-separated list of origins/);
    }
    expect(() => loadConfig({ EXPLORER: 'altair' })).toThrow(EnvError);
  });
});

describe('the explorer page', () => {
  it('is served to a browser without a token, with its assets from installed packages', async () => {
    const page = await fetch(`${gateway}/graphql?explorer=graphiql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const config = JSON.parse(/<script type="application\/json" id="explorer-config">(.*?)<\/script>/s.exec(html)![1]!);
    expect(config).toMatchObject({ mode: 'graphiql', endpoint: '/graphql', defaultHeaders: { 'X-Merchant': 'demo', 'X-Channel': 'demo' } });
    for (const [name, path] of Object.entries(config.assets as Record<string, string>)) {
      const asset = await fetch(`${gateway}${path}`);
      expect([name, asset.status]).toEqual([name, 200]);
      expect(asset.headers.get('content-type')).toMatch(name.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it('serves nothing else under /explorer/, and operations still need a token', async () => {
    for (const path of ['/explorer/package.json', '/explorer/..%2F..%2Fpackage.json', '/explorer/constructor']) {
      const response = await fetch(`${gateway}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'route_not_found' });
    }
    const operation = await fetch(`${gateway}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: 'text/html' } });
    expect(operation.status).toBe(401);
  });
});
