import { Agent, createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A small HTTP load balancer for replicas on one machine (`npm run replicas`, the replica tests):
 * round robin over the backends that answer their health check, WebSocket upgrades (graphql-ws)
 * passed through, `X-Forwarded-For/-Proto/-Host/-Port` added. What HAProxy's `balance roundrobin`
 * with `option httpchk GET /readyz` and `option forwardfor` does, without a package to install
 * (docs/scaling.md, "Replicas on one machine").
 *
 * A request body is read whole before it is sent (bodies here are JSON, 1 MB at most), so a
 * backend that refuses the connection is marked down and the request goes to the next one; once a
 * backend has the request, its answer (or a 502) is the answer: nothing that changes anything is
 * sent twice. GET, HEAD and OPTIONS go over kept-alive connections and are sent again when a kept
 * connection turns out closed (the backend closed it while idle); every other request gets a
 * connection of its own, so it is never written to a socket that is already gone.
 */
export interface BalancerOptions {
  /** Base URLs of the replicas (`http://host:port`). */
  backends: string[];
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** GET this path on each backend; 2xx is up (default `/readyz`). */
  healthPath?: string;
  /** How often each backend is checked (default 1000 ms). */
  healthIntervalMs?: number;
  /** The largest request body passed on (default 10 MB); larger is answered 413. */
  maxBodyBytes?: number;
  /** Told when a backend goes up or down. */
  onBackendChange?: (backend: string, up: boolean) => void;
}

export interface BackendState {
  url: string;
  up: boolean;
  /** Requests and upgrades sent to it so far. */
  sent: number;
}

export interface Balancer {
  url: string;
  port: number;
  backends(): BackendState[];
  /** Checks every backend now (as the timer does). */
  checkHealth(): Promise<void>;
  close(): Promise<void>;
}

/** Headers that belong to one connection, never passed on (RFC 9110 §7.6.1). */
/** Requests that change nothing (RFC 9110 §9.2.1): the only ones sent again after a kept connection failed. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

interface Backend extends BackendState {
  host: string;
  port: number;
}

export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  if (options.backends.length === 0) throw new Error('a balancer needs at least one backend');
  const healthPath = options.healthPath ?? '/readyz';
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const backends: Backend[] = options.backends.map((url) => {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:') throw new Error(`backend ${url}: only http:// backends`);
    return { url: parsed.origin, host: parsed.hostname, port: Number(parsed.port || 80), up: true, sent: 0 };
  });
  let next = 0;
  const mark = (backend: Backend, up: boolean) => {
    if (backend.up === up) return;
    backend.up = up;
    options.onBackendChange?.(backend.url, up);
  };
  /** The next backend that is up, in turn, skipping `tried`. */
  const pick = (tried: Set<Backend>): Backend | undefined => {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[(next + i) % backends.length]!;
      if (backend.up && !tried.has(backend)) {
        next = (next + i + 1) % backends.length;
        return backend;
      }
    }
    return undefined;
  };

  const checkOne = (backend: Backend) =>
    new Promise<void>((resolve) => {
      const probe = httpRequest({ host: backend.host, port: backend.port, path: healthPath, method: 'GET', agent, timeout: 2_000 }, (response) => {
        response.resume();
        mark(backend, response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300);
        resolve();
      });
      probe.on('timeout', () => probe.destroy(new Error('health check timed out')));
      probe.on('error', () => {
        mark(backend, false);
        resolve();
      });
      probe.end();
    });
  const checkHealth = async () => {
    await Promise.all(backends.map(checkOne));
  };

  const forwarded = (request: IncomingMessage): OutgoingHttpHeaders => {
    const headers: OutgoingHttpHeaders = {};
    const connectionNamed = new Set(String(request.headers.connection ?? '').toLowerCase().split(',').map((name) => name.trim()));
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name) && !connectionNamed.has(name)) headers[name] = value;
    }
    const client = request.socket.remoteAddress ?? '';
    const previous = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = previous ? `${String(previous)}, ${client}` : client;
    headers['x-forwarded-proto'] ??= 'http';
    if (request.headers.host) headers['x-forwarded-host'] ??= request.headers.host;
    headers['x-forwarded-port'] ??= String(request.socket.localPort ?? '');
    return headers;
  };

  const answer = (response: ServerResponse, status: number, code: string, message: string) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    response.end(JSON.stringify({ code, message }));
  };

  const readBody = (request: IncomingMessage) =>
    new Promise<Buffer | undefined>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBodyBytes) chunks.push(chunk);
      });
      request.on('end', () => resolve(size > maxBodyBytes ? undefined : Buffer.concat(chunks)));
      request.on('error', reject);
    });

  const proxy = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    if (body === undefined) return answer(response, 413, 'body_too_large', `The request body is larger than ${maxBodyBytes} bytes.`);
    const headers = forwarded(request);
    if (body.length > 0 || request.headers['content-length'] !== undefined) headers['content-length'] = body.length;
    const tried = new Set<Backend>();
    const attempt = () => {
      const backend = pick(tried);
      if (!backend) return answer(response, 503, 'no_backend', 'No replica of this service is up.');
      tried.add(backend);
      backend.sent++;
      let connected = false;
      const safe = SAFE_METHODS.has(request.method ?? 'GET');
      const outgoing = httpRequest({ host: backend.host, port: backend.port, method: request.method, path: request.url, headers, agent: safe ? agent : false }, (incoming) => {
        const back: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
        response.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, back);
        incoming.pipe(response);
        incoming.on('error', () => response.destroy());
      });
      outgoing.on('socket', (socket: Socket) => {
        if (socket.connecting) socket.once('connect', () => (connected = true));
        else connected = true; // a kept-alive socket
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (response.headersSent) return response.destroy();
        // Never reached it: nothing was sent, so the next replica may have it.
        if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH' || error.code === 'ECONNRESET')) {
          mark(backend, false);
          return attempt();
        }
        // A kept connection the backend had closed: a safe request is sent again, on a new connection.
        if (safe && outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
          tried.delete(backend);
          return attempt();
        }
        answer(response, 502, 'bad_gateway', `The replica at ${backend.url} failed: ${error.code ?? error.message}.`);
      });
      response.on('close', () => {
        if (!response.writableFinished) outgoing.destroy();
      });
      outgoing.end(body);
    };
    attempt();
  };

  const upgraded = new Set<Socket>();
  const upgrade = (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    const tried = new Set<Backend>();
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    };
    const attempt = () => {
      const backend = pick(tried);
      if (!backend) return refuse(503, 'Service Unavailable');
      tried.add(backend);
      backend.sent++;
      const headers = forwarded(request);
      headers.connection = 'Upgrade';
      headers.upgrade = request.headers.upgrade ?? 'websocket';
      let connected = false;
      // A fresh connection of its own: an upgraded socket never goes back to a pool.
      const outgoing = httpRequest({ host: backend.host, port: backend.port, method: request.method, path: request.url, headers });
      outgoing.on('socket', (backendSocket: Socket) => backendSocket.once('connect', () => (connected = true)));
      outgoing.on('upgrade', (incoming: IncomingMessage, backendSocket: Socket, backendHead: Buffer) => {
        const lines = [`HTTP/1.1 ${incoming.statusCode ?? 101} ${incoming.statusMessage ?? 'Switching Protocols'}`];
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (backendHead.length > 0) socket.write(backendHead);
        if (head.length > 0) backendSocket.write(head);
        backendSocket.on('error', () => socket.destroy());
        socket.on('error', () => backendSocket.destroy());
        backendSocket.on('close', () => socket.destroy());
        socket.on('close', () => backendSocket.destroy());
        backendSocket.pipe(socket);
        socket.pipe(backendSocket);
      });
      outgoing.on('response', (incoming: IncomingMessage) => {
        // Refused the upgrade: its answer is the answer.
        const lines = [`HTTP/1.1 ${incoming.statusCode} ${incoming.statusMessage}`];
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
          if (!HOP_BY_HOP.has(incoming.rawHeaders[i]!.toLowerCase())) lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
        }
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks);
          socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\ncontent-length: ${text.length}\r\nconnection: close\r\n\r\n`), text]));
        });
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH' || error.code === 'ECONNRESET')) {
          mark(backend, false);
          return attempt();
        }
        refuse(502, 'Bad Gateway');
      });
      outgoing.end();
    };
    attempt();
  };

  await checkHealth();
  const server = createServer((request, response) => {
    proxy(request, response).catch(() => answer(response, 400, 'bad_request', 'The request could not be read.'));
  });
  server.on('upgrade', upgrade);
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = options.host === undefined || options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const timer = setInterval(() => void checkHealth(), options.healthIntervalMs ?? 1_000);
  timer.unref();
  return {
    url: `http://${host}:${port}`,
    port,
    backends: () => backends.map(({ url, up, sent }) => ({ url, up, sent })),
    checkHealth,
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
