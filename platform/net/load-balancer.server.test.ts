import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';
import { freePort } from './ports.js';
import { startBalancer, type Balancer } from './load-balancer.server.js';

/** A backend that answers /readyz with `ready` and everything else with what it was sent. */
async function backend(name: string, options: { ready?: () => number } = {}): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/readyz') {
        response.writeHead(options.ready?.() ?? 200).end();
        return;
      }
      response.writeHead(201, { 'content-type': 'application/json', 'x-backend': name });
      response.end(JSON.stringify({ name, method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.on('message', (data) => socket.send(`${name}:${String(data)}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, server };
}

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});
const started = async (backends: string[]): Promise<Balancer> => {
  const balancer = await startBalancer({ backends, healthIntervalMs: 60_000 });
  open.push(balancer);
  return balancer;
};
const serve = async (name: string, options?: { ready?: () => number }) => {
  const made = await backend(name, options);
  let closed: Promise<unknown> | undefined;
  const close = () => (closed ??= new Promise((resolve) => (made.server.closeAllConnections(), made.server.close(resolve))));
  open.push({ close });
  return { ...made, close };
};

describe('the load balancer', () => {
  it('takes turns over the backends, passes method, path, body and answer, and adds X-Forwarded-*', async () => {
    const [a, b] = [await serve('a'), await serve('b')];
    const balancer = await started([a.url, b.url]);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${balancer.url}/api/things?i=${i}`, { method: 'POST', headers: { 'content-type': 'application/json', host: 'shop.example' }, body: JSON.stringify({ i }) });
      expect(response.status).toBe(201);
      answers.push((await response.json()) as { name: string; method: string; url: string; body: string; headers: Record<string, string> });
    }
    expect(answers.map((answer) => answer.name)).toEqual(['a', 'b', 'a', 'b']);
    expect(answers[1]).toMatchObject({ method: 'POST', url: '/api/things?i=1', body: '{"i":1}' });
    expect(answers[1]!.headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-port': String(balancer.port) });
    expect(answers[1]!.headers['x-forwarded-host']).toBeDefined();
    expect(balancer.backends().map((backend) => backend.sent)).toEqual([2, 2]);
  });

  it('leaves out a backend whose /readyz is not 2xx, sends a request a refused backend never got to the next one, answers 503 when none is up', async () => {
    let readyB = 503;
    const [a, b] = [await serve('a'), await serve('b', { ready: () => readyB })];
    const gone = `http://127.0.0.1:${await freePort()}`;
    const balancer = await started([gone, a.url, b.url]);
    // The refused one was found down at the first check; b answers 503 to its.
    expect(balancer.backends().map((backend) => backend.up)).toEqual([false, true, false]);
    const names = async (count: number) => Promise.all(Array.from({ length: count }, async () => ((await (await fetch(`${balancer.url}/x`)).json()) as { name: string }).name));
    expect(await names(3)).toEqual(['a', 'a', 'a']);
    readyB = 200;
    await balancer.checkHealth();
    expect((await names(4)).sort()).toEqual(['a', 'a', 'b', 'b']);

    // a stops between checks: its requests go to b, not to an error (nor to a kept-alive socket a closed).
    await a.close();
    expect(await names(3)).toEqual(['b', 'b', 'b']);
    expect(balancer.backends()[1]!.up).toBe(false);

    readyB = 503;
    await balancer.checkHealth();
    const none = await fetch(`${balancer.url}/x`);
    expect(none.status).toBe(503);
    expect(await none.json()).toMatchObject({ code: 'no_backend' });
  });

  it('passes WebSocket upgrades through, each socket to one backend', async () => {
    const [a, b] = [await serve('a'), await serve('b')];
    const balancer = await started([a.url, b.url]);
    const echo = async () => {
      const socket = new WebSocket(`${balancer.url.replace('http', 'ws')}/graphql`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const answers: string[] = [];
      for (const text of ['one', 'two']) {
        socket.send(text);
        answers.push(String(await new Promise((resolve) => socket.once('message', resolve))));
      }
      socket.close();
      return answers;
    };
    expect(await echo()).toEqual(['a:one', 'a:two']);
    expect(await echo()).toEqual(['b:one', 'b:two']);
  });
});
