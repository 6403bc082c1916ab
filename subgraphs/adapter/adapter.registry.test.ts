import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdapterRegistry, fillRoute, manifestProblem } from './adapter.registry.js';

/** A stand-in adapter whose manifest answer each test sets; counts the reads. */
let server: Server;
let base: string;
let answer: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };
let reads = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/.well-known/adapter.json') {
      response.writeHead(404).end();
      return;
    }
    reads += 1;
    const send = () => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const manifest = { id: 'acme_adapter', kind: 'payment', name: 'Acme', routes: { createPayment: '/orders/{orderId}/payments' } };

describe('the adapter registry reads each adapter manifest', () => {
  it('takes routes from the manifest and keeps it for its lifetime', async () => {
    answer = { status: 200, body: manifest };
    let clock = 0;
    const registry = new AdapterRegistry({ acme_adapter: `${base}/` }, { ttlMs: 1_000, now: () => clock });
    reads = 0;
    expect(await registry.route('acme_adapter', 'createPayment', 'start payments')).toEqual({ baseUrl: base, template: '/orders/{orderId}/payments' });
    expect(await registry.find('acme_adapter')).toEqual({ id: 'acme_adapter', kind: 'payment', name: 'Acme', available: true });
    expect(reads).toBe(1);
    clock = 1_001;
    await registry.find('acme_adapter');
    expect(reads).toBe(2);
    await expect(registry.route('acme_adapter', 'removePayment', 'remove payments')).rejects.toMatchObject({ status: 400, code: 'action_not_supported' });
    await expect(registry.route('nobody_adapter', 'createPayment', 'start payments')).rejects.toMatchObject({ status: 404, code: 'adapter_not_found' });
  });

  it('answers a clear 502 when the manifest is missing, invalid or too slow, and lists the adapter as unavailable', async () => {
    const cases: Array<[typeof answer, RegExp]> = [
      [{ status: 404, body: { code: 'not_found' } }, /answered HTTP 404/],
      [{ status: 200, body: { ...manifest, id: 'other_adapter' } }, /names "other_adapter", not acme_adapter/],
      [{ status: 200, body: { ...manifest, routes: { createPayment: 'orders' } } }, /routes.createPayment must be a path/],
      // Far beyond the timeout: only this answer is too slow, however loaded the machine.
      [{ status: 200, body: manifest, delayMs: 60_000 }, /could not be reached/],
    ];
    for (const [given, reason] of cases) {
      answer = given;
      const registry = new AdapterRegistry({ acme_adapter: base }, { timeoutMs: 2_000 });
      const error = await registry.route('acme_adapter', 'createPayment', 'start payments').catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 502, code: 'adapter_manifest_unavailable' });
      expect((error as Error).message).toMatch(reason);
      expect(await registry.list()).toEqual([{ id: 'acme_adapter', kind: 'payment', name: 'acme_adapter', available: false }]);
    }
    // An adapter whose catalogue row declares its kind is listed with it.
    answer = { status: 404, body: { code: 'not_found' } };
    const declared = new AdapterRegistry({ acme_adapter: base }, { kinds: { acme_adapter: 'commerce' } });
    expect(await declared.find('acme_adapter')).toEqual({ id: 'acme_adapter', kind: 'commerce', name: 'acme_adapter', available: false });
  });

  it('fills route parameters encoded, and refuses a template naming one the action lacks', () => {
    expect(fillRoute('/orders/{orderId}/payments/{paymentId}', { orderId: 'a/b', paymentId: 'p 1' })).toBe('/orders/a%2Fb/payments/p%201');
    expect(() => fillRoute('/orders/{orderId}/items/{itemId}', { orderId: 'o' })).toThrow(/needs \{itemId\}/);
    expect(manifestProblem('x', { id: 'x', kind: 'payment', name: 'X', routes: { launch: '/go' } })).toMatch(/launch is not a storefront action/);
    expect(manifestProblem('x', { id: 'x', kind: 'wallet', name: 'X', routes: {} })).toMatch(/kind must be one of/);
  });
});
