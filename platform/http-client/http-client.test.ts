import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { JsonText, observeExchanges, send, type ObservedExchange } from './http-client.js';

/** The exchange under `send`: answers, the body cap, the deadline and connection failures. */
describe('send', () => {
  let server: Server;
  let base: string;
  const received: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
        if (request.url === '/never') return; // never answers
        if (request.url === '/large') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('é'.repeat(1_200_000));
        if (request.url === '/refuse') return void response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'no' }));
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ echo: JSON.parse(body || 'null'), query: request.url }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the JSON body, headers and query, and answers status, parsed body and text; observers see the content type', async () => {
    const seen: ObservedExchange[] = [];
    const stop = observeExchanges((exchange) => seen.push(exchange));
    try {
      const outcome = await send(`${base}/echo?a=1`, { method: 'post', body: { x: 'ø' }, headers: async (text) => ({ 'x-body': String(text.length) }), timeoutMs: 10_000, guarded: false });
      expect(outcome).toMatchObject({ kind: 'answered', status: 200, body: { echo: { x: 'ø' }, query: '/echo?a=1' } });
      const call = received.at(-1)!;
      expect(call).toMatchObject({ method: 'POST', url: '/echo?a=1', body: '{"x":"ø"}' });
      expect(call.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json', 'x-body': '9' });
      expect(seen).toEqual([expect.objectContaining({ method: 'POST', status: 200, contentType: 'application/json; charset=utf-8' })]);
    } finally {
      stop();
    }
  });

  it('sends a body serialised beforehand as its text, and gives the headers that text', async () => {
    const text = '{"x": "ø",  "spaced": true}';
    let signed = '';
    const outcome = await send(`${base}/echo`, { method: 'POST', body: new JsonText(text), headers: async (bodyText) => ((signed = bodyText), {}), timeoutMs: 10_000, guarded: false });
    expect(outcome).toMatchObject({ kind: 'answered', status: 200, body: { echo: { x: 'ø', spaced: true } } });
    expect(received.at(-1)).toMatchObject({ method: 'POST', body: text });
    expect(received.at(-1)!.headers['content-type']).toBe('application/json');
    expect(signed).toBe(text);
  });

  it('answers a refusal with its status and message, a GET without a body', async () => {
    expect(await send(`${base}/refuse`, { method: 'GET', timeoutMs: 10_000, guarded: false })).toMatchObject({ kind: 'answered', status: 400, body: { message: 'no' } });
    expect(received.at(-1)).toMatchObject({ method: 'GET', body: '' });
    expect(received.at(-1)!.headers['content-type']).toBeUndefined();
  });

  it('keeps at most 1,000,000 characters of an answer', async () => {
    const outcome = await send(`${base}/large`, { method: 'GET', timeoutMs: 30_000, guarded: false });
    expect(outcome.kind).toBe('answered');
    if (outcome.kind !== 'answered') return;
    expect(outcome.text).toHaveLength(1_000_000);
    expect(outcome.text).toBe('é'.repeat(1_000_000));
    expect(outcome.body).toBeUndefined();
  });

  it('is a timeout when no answer comes within the deadline', async () => {
    const outcome = await send(`${base}/never`, { method: 'POST', body: {}, timeoutMs: 200, guarded: false });
    expect(outcome.kind).toBe('timeout');
  });

  it('is unreachable when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await send(`http://127.0.0.1:${port}/x`, { method: 'POST', body: {}, timeoutMs: 10_000, guarded: true })).toMatchObject({ kind: 'unreachable', error: 'ECONNREFUSED' });
  });

  it('sends a replayable request again, with fresh headers, when its kept-alive connection was closed before any answer; never a call not marked replayable', async () => {
    // Each connection answers its first request (keep-alive) and resets on the next: the server
    // closing an idle connection just as the client sends on it.
    const firstLines: string[] = [];
    const sockets = new Set<import('node:net').Socket>();
    const raw = createTcpServer((socket) => {
      sockets.add(socket);
      let served = 0;
      socket.on('data', (chunk) => {
        if (served++ > 0) return void socket.resetAndDestroy();
        firstLines.push(chunk.toString('latin1').split('\r\n')[0]!);
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: keep-alive\r\nkeep-alive: timeout=60\r\n\r\n{}');
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/x`;
    try {
      let tokens = 0;
      const headers = async () => ({ 'x-token': String(++tokens) });
      // A turn of the event loop between calls, so the pool has its idle connection back.
      const call = async (options: Partial<Parameters<typeof send>[1]>) => {
        await new Promise((resolve) => setImmediate(resolve));
        return send(url, { method: 'POST', body: {}, timeoutMs: 10_000, guarded: false, ...options });
      };
      expect(await call({ headers, replayable: true })).toMatchObject({ kind: 'answered', status: 200 });
      // Reuses the connection, which resets: sent again on a new one, with a new token.
      expect(await call({ headers, replayable: true })).toMatchObject({ kind: 'answered', status: 200 });
      expect(tokens).toBe(3);
      // A PUT (idempotent) goes out again too.
      expect(await call({ method: 'PUT' })).toMatchObject({ kind: 'answered', status: 200 });
      // A POST not marked replayable may have been acted on (a provider's money call): the reset is its outcome, key or not.
      expect(await call({ headers: { 'idempotency-key': 'k1' } })).toMatchObject({ kind: 'unreachable', error: 'ECONNRESET' });
      expect(await call({ method: 'PUT' })).toMatchObject({ kind: 'answered', status: 200 });
      expect(await call({})).toMatchObject({ kind: 'unreachable', error: 'ECONNRESET' });
      expect(firstLines).toEqual(['POST /x HTTP/1.1', 'POST /x HTTP/1.1', 'PUT /x HTTP/1.1', 'PUT /x HTTP/1.1']);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => raw.close(resolve));
    }
  });
});
