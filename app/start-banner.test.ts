import { describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoInstructions } from './demo/demo-data.js';
import { startBanner, waitUntilReady } from './start-banner.js';

const URLS = {
  gateway: 'http://127.0.0.1:4000',
  order: 'http://127.0.0.1:4001',
  payment: 'http://127.0.0.1:4002',
  configuration: 'http://127.0.0.1:4003',
  adapter: 'http://127.0.0.1:4004',
  notifications: 'http://127.0.0.1:4005',
  commerce_adapter: 'http://127.0.0.1:4101',
  storefront: 'http://127.0.0.1:4300',
  admin: 'http://127.0.0.1:4301',
};

describe('the start banner', () => {
  it('names the storefront, admin, explorer and API docs addresses', () => {
    const banner = startBanner({ urls: URLS, ms: 12_345, storefrontTenant: { merchant: 'demo', channel: 'demo' } });
    expect(banner).toContain('Checkout platform ready: 9 services in 12.3 s');
    expect(banner).toMatch(/Storefront +http:\/\/127\.0\.0\.1:4300\//);
    expect(banner).toMatch(/Admin +http:\/\/127\.0\.0\.1:4301\//);
    expect(banner).toContain('--merchant demo --channel demo --role admin');
    expect(banner).toMatch(/GraphQL explorer +http:\/\/127\.0\.0\.1:4000\/graphql /);
    expect(banner).toContain('http://127.0.0.1:4000/graphql#merchant=demo&channel=demo&token=<token>');
    expect(banner).toMatch(/API docs +http:\/\/127\.0\.0\.1:4001\/docs +order/);
    for (const port of [4002, 4003, 4005]) expect(banner).toContain(`http://127.0.0.1:${port}/docs`);
    expect(banner).toContain('every service serves its own at /docs');
    expect(banner).not.toContain('NOT serving');
    expect(banner.endsWith('\n')).toBe(true);
  });

  it('leaves out what this process does not run, says what is not ready, and ends with the demo lines', () => {
    const banner = startBanner({
      urls: { gateway: URLS.gateway, order: URLS.order },
      ms: 900,
      notReady: ['gateway'],
      demo: demoInstructions(URLS.gateway, 'basket-1', URLS.storefront),
    });
    expect(banner).toContain('2 services in 0.9 s');
    expect(banner).not.toContain('Storefront ');
    expect(banner).not.toMatch(/Admin /);
    // A process that is not ready never says "ready".
    expect(banner).toContain('Checkout platform started, NOT serving yet: gateway (2 services in 0.9 s)');
    expect(banner).not.toMatch(/\bready\b/i);
    expect(banner).toContain('gateway: GET /readyz on it answers 503 with the reason');
    expect(banner).toContain('cartReference: "basket-1"');
    expect(banner).toContain('the storefront (http://127.0.0.1:4300/)');
    expect(banner.indexOf('Try a checkout')).toBeGreaterThan(banner.indexOf('API docs'));
  });
});

describe('waiting for readiness', () => {
  const servers: Server[] = [];
  const serve = async (status: () => number) => {
    const server = createServer((_req, res) => res.writeHead(status()).end());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it('waits for each /readyz to answer 200 and names those that never do', async () => {
    let calls = 0;
    const soon = await serve(() => (++calls < 3 ? 503 : 200));
    const never = await serve(() => 503);
    try {
      // The deadline is generous: on a loaded CI machine a worker's first fetch alone has taken most of a
      // second, and "soon" must get its three answers well inside it. Only "never" waits it out.
      expect(await waitUntilReady({ soon, never }, { timeoutMs: 5_000, intervalMs: 20 })).toEqual(['never']);
      expect(calls).toBeGreaterThanOrEqual(3);
    } finally {
      // fetch keeps its connections alive: cut them, or the servers would hold the worker open.
      await Promise.all(servers.map((server) => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); })));
    }
  });
});
