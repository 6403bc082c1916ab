import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError } from '../../platform/errors/app-error.js';
import { ProviderError, providerFailed } from './provider-error.js';
import { ProviderHttpClient } from './provider-http.client.js';

class AcmeError extends ProviderError {
  override name = 'AcmeError';
}

/** A provider stand-in: answers what the path asks for and echoes what it received. */
let server: Server;
let baseUrl: string;
const received: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === '/slow') return void setTimeout(() => response.end('{}'), 2_000).unref();
      const status = Number(/^\/status\/(\d+)/.exec(request.url ?? '')?.[1] ?? 200);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? JSON.stringify({ ok: true, echoed: body ? JSON.parse(body) : null }) : JSON.stringify({ errorCode: 'card_declined', message: 'Declined by the issuer' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (options: Partial<ConstructorParameters<typeof ProviderHttpClient>[0]> = {}) =>
  new ProviderHttpClient({ name: 'Acme Pay', baseUrl, timeoutMs: 500, guarded: false, headers: { 'x-api-key': 'k-1' }, error: AcmeError, ...options });
const last = () => received[received.length - 1]!;

describe("the kit's provider HTTP client", () => {
  it('sends JSON with the client headers and answers the 2xx body', async () => {
    const answer = await client().send<{ ok: boolean; echoed: unknown }>({ method: 'POST', path: '/payments', body: { amount: 100 } });
    expect(answer).toEqual({ ok: true, echoed: { amount: 100 } });
    expect(last().headers['x-api-key']).toBe('k-1');
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().headers['idempotency-key']).toBeUndefined();
  });

  it("puts a call's idempotency key in the provider's header, cut to its longest", async () => {
    await client().send({ method: 'POST', path: '/captures', body: {}, idempotencyKey: 'capture-1' });
    expect(last().headers['idempotency-key']).toBe('capture-1');
    await client({ idempotencyHeader: 'Klarna-Idempotency-Key', idempotencyKeyMaxLength: 4 }).send({ method: 'POST', path: '/refunds', body: {}, idempotencyKey: 'refund-1' });
    expect(last().headers['klarna-idempotency-key']).toBe('refu');
    expect(last().headers['idempotency-key']).toBeUndefined();
  });

  it('makes headers of the exact body text when asked (a signature)', async () => {
    await client({ headers: async (text) => ({ authorization: `sig ${text.length}` }) }).send({ method: 'POST', path: '/signed', body: { a: 1 } });
    expect(last().headers.authorization).toBe(`sig ${JSON.stringify({ a: 1 }).length}`);
  });

  it("maps a refusal to the adapter's error with the provider's status, code and body", async () => {
    const refused = await client({ refusal: (answer) => ({ code: (answer.body as { errorCode: string }).errorCode }) }).send({ method: 'POST', path: '/status/422' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AcmeError);
    expect(refused).toMatchObject({ status: 422, code: 'card_declined', body: { errorCode: 'card_declined', message: 'Declined by the issuer' }, transient: false });
    expect((refused as Error).message).toBe('Acme Pay refused POST /status/422 (HTTP 422): Declined by the issuer');
  });

  it('answers any status through exchange (a 401 to retry), and accept turns it into the error', async () => {
    const http = client();
    const answer = await http.exchange({ method: 'GET', path: '/status/401' });
    expect(answer.status).toBe(401);
    expect(() => http.accept(answer, { method: 'GET', path: '/status/401' })).toThrow(AcmeError);
  });

  it('a timeout and an unreachable provider are transient errors without a status', async () => {
    const slow = await client({ timeoutMs: 100 }).send({ method: 'GET', path: '/slow' }).catch((error: unknown) => error);
    expect(slow).toMatchObject({ status: undefined, code: 'timeout', transient: true, message: 'Acme Pay did not answer within 100 ms (GET /slow).' });
    const closed = await new ProviderHttpClient({ name: 'Acme Pay', baseUrl: 'http://127.0.0.1:1', timeoutMs: 500, guarded: false }).send({ method: 'GET', path: '/x' }).catch((error: unknown) => error);
    expect(closed).toBeInstanceOf(ProviderError);
    expect(closed).toMatchObject({ status: undefined, code: 'unreachable', transient: true });
  });
});

describe('providerFailed: the spec\'s "Errors" row for a provider failure', () => {
  it("answers 400 provider_failed with the provider's code, status and answer; an AppError passes through", () => {
    const failed = providerFailed(new AcmeError(422, 'card_declined', 'Declined by the issuer', { raw: true }), 'p-1');
    expect(failed).toMatchObject({ status: 400, code: 'provider_failed', message: 'Declined by the issuer', details: { errorDetail: 'Declined by the issuer', providerCode: 'card_declined', providerStatus: 422, paymentId: 'p-1' }, body: { raw: true } });
    expect(providerFailed(new Error('boom')).details).toEqual({ errorDetail: 'boom' });
    const refusal = new AppError(409, 'order_locked', 'Locked.');
    expect(providerFailed(refusal)).toBe(refusal);
  });
});
