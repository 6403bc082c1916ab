import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { PLATFORM_SERVICES } from '../../platform/env/env.config.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// A storefront page served from another origin (another port of this machine) calls the gateway
// from Chromium: the browser's own CORS checks decide, as they would for a shopper.

let allowedSite: Server;
let otherSite: Server;
const tenant = { merchant: 'm-cors', channel: 'web' };

/** A page whose script calls the gateway with fetch and shows what came back (or that it could not). */
const STOREFRONT_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>storefront</title>
<style>body{font:16px system-ui;margin:2rem}pre{background:#f4f4f4;padding:1rem;white-space:pre-wrap}</style></head>
<body><h1>Storefront on <span id="origin"></span></h1><pre id="result">not called yet</pre>
<script>
document.getElementById('origin').textContent = location.origin;
window.callGateway = async (gateway, headers, query) => {
  const result = document.getElementById('result');
  try {
    const response = await fetch(gateway + '/graphql', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const body = await response.json();
    result.textContent = 'gateway answered ' + response.status + '\\n' + JSON.stringify(body, null, 2);
    return { status: response.status, body, requestId: response.headers.get('x-request-id') };
  } catch (error) {
    result.textContent = 'the browser refused: ' + error;
    return { refused: String(error) };
  }
};
</script></body></html>`;

async function serveStorefront(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(STOREFRONT_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let allowedOrigin: string;
let otherOrigin: string;

beforeAll(async () => {
  const [allowed, other] = await Promise.all([serveStorefront(), serveStorefront()]);
  [allowedSite, allowedOrigin, otherSite, otherOrigin] = [allowed.server, allowed.origin, other.server, other.origin];
}, 120_000);
afterAll(async () => {
  await Promise.all([allowedSite, otherSite].map((server) => server && new Promise((resolve) => server.close(resolve))));
});

// The system starts once the two sites above are listening: the gateway allows the first's origin.
const suite = useBrowserTest({ system: () => ({ services: [...PLATFORM_SERVICES], env: { CORS_ORIGINS: `https://shop.example.com,${allowedOrigin}` } }) });

/**
 * A plain context: with request interception on (an offline page), Playwright answers CORS
 * preflights itself, and the gateway's own answer would not be the one tested.
 */
async function openStorefront(origin: string): Promise<Page> {
  const { page } = await suite.newPage({ offline: false, viewport: { width: 1000, height: 500 } });
  await page.goto(`${origin}/`);
  return page;
}

const callGateway = (page: Page, headers: Record<string, string>, query: string) =>
  page.evaluate(([gateway, h, q]) => (globalThis as unknown as { callGateway(g: string, h: unknown, q: string): Promise<any> }).callGateway(gateway, h, q), [suite.system.urls.gateway!, headers, query] as const);

describe('CORS on the gateway, from Chromium', () => {
  it('lets a page on an allowed origin call the gateway (preflight before auth, answer readable)', async () => {
    const { system } = suite;
    const admin = await orderClient(system, tenant, 'admin');
    const created = await admin.call('POST', '', sampleOrder());
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const page = await openStorefront(allowedOrigin);

    const result = await callGateway(page, { authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel }, `{ order(id: "${created.body.id}") { id status } }`);
    expect(result).toMatchObject({ status: 200, body: { data: { order: { id: created.body.id, status: 'checkout' } } } });
    expect(result.requestId).toMatch(/.+/); // exposed to the page
    await screenshot(page, 'cors-allowed-origin');

    // A refusal is readable too: the page sees the 401 and its code, not a network error.
    const refused = await callGateway(page, { authorization: 'Bearer nope', 'x-merchant': tenant.merchant, 'x-channel': tenant.channel }, '{ __typename }');
    expect(refused).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    await page.context().close();
  }, 120_000);

  it('refuses a page on an origin not allowed: its fetch rejects', async () => {
    const { system } = suite;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const page = await openStorefront(otherOrigin);
    const result = await callGateway(page, { authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel }, '{ __typename }');
    expect(result).toEqual({ refused: 'TypeError: Failed to fetch' });
    await screenshot(page, 'cors-refused-origin');
    await page.context().close();
  }, 120_000);
});
