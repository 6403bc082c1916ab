import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { holdPort } from '../harness/free-port.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { scrape, valueOf } from './metrics-scrape.js';

/**
 * An adapter on its own (as in a process of its own): /metrics behind METRICS_TOKEN, and
 * /readyz that follows whether the order service can be reached.
 */
let system: TestSystem;
let orderPort: number;
let held: Awaited<ReturnType<typeof holdPort>> | undefined;
let standIn: Server | undefined;
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

beforeAll(async () => {
  // Held (listening, never answering) until the stand-in takes it: no service of another test
  // file can be given the port meanwhile, and the adapter still cannot reach an order service there.
  held = await holdPort();
  orderPort = held.port;
  system = await startTestSystem({ services: ['nonpsp_adapter'], env: { METRICS_TOKEN, ORDER_URL: `http://127.0.0.1:${orderPort}` } });
});
afterAll(async () => {
  await held?.release();
  await system?.close();
  standIn?.closeAllConnections();
  await new Promise((resolve) => (standIn ? standIn.close(resolve) : resolve(undefined)));
});

describe('METRICS_TOKEN', () => {
  it('/metrics needs the token as a bearer token; the probes do not', async () => {
    const url = system.urls.nonpsp_adapter!;
    const without = await scrape(url);
    expect(without.status).toBe(401);
    expect(JSON.parse(without.text)).toMatchObject({ code: 'unauthorized' });
    expect((await scrape(url, { authorization: 'Bearer metrics-token-0123456789abcdeX' })).status).toBe(401);
    const scraped = await scrape(url, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(valueOf(scraped.text, 'http_requests_total', { service: 'nonpsp_adapter', method: 'GET', route: '/metrics', status: '401' })).toBe(2);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe('adapter readiness', () => {
  it('is 503 while the order service cannot be reached, 200 once it answers', async () => {
    const url = system.urls.nonpsp_adapter!;
    const down = await fetch(`${url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'not_ready' });

    standIn = createServer((request, response) => {
      response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    // The stand-in takes the held socket itself: the port is never free in between.
    await new Promise<void>((resolve) => standIn!.listen({ handle: held!.handOver() }, resolve));
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });
});
