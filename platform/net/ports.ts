import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { createServer, type Server, type Socket } from 'node:net';

export interface HeldPort {
  port: number;
  /** Frees the port (cutting connections made meanwhile: a close waiting for them would wait for ever). */
  release: () => Promise<void>;
  /**
   * Gives up the bound, listening socket for a server to listen on (`listen({ handle })`), so the
   * port is never free between the pick and its use: nothing else — a service of another process,
   * an outgoing connection given it as its local port — can take it. Connections made meanwhile
   * are cut, as by `release`.
   */
  handOver: () => unknown;
}

/**
 * Binds a free port and keeps it bound until `release` or `handOver`, so the kernel gives it to no
 * one else meanwhile. Whoever connects to it meanwhile gets no answer.
 */
export function holdPort(host = '127.0.0.1'): Promise<HeldPort> {
  return new Promise((resolve, reject) => {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    });
    const cut = () => {
      for (const socket of sockets) socket.destroy();
    };
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) return reject(new Error('no free port'));
      let given = false;
      const release = () =>
        new Promise<void>((done) => {
          if (given) return done();
          given = true;
          server.close(() => done());
          cut();
        });
      const handOver = () => {
        if (given) throw new Error(`port ${address.port} was already released or handed over`);
        given = true;
        cut();
        // The listening socket changes hands: its next owner closes it, this server never does.
        const holder = server as Server & { _handle: unknown };
        const handle = holder._handle;
        holder._handle = null;
        return handle;
      };
      resolve({ port: address.port, release, handOver });
    });
  });
}

/**
 * Starts an app on a held port: ready first (plugins, routes), then the bound socket changes hands
 * and the app listens on it, so the port is never free in between.
 */
export async function listenOnHeld(app: FastifyInstance, hold: HeldPort, host = '127.0.0.1'): Promise<void> {
  await app.ready();
  await app.listen({ host, handle: hold.handOver() } as FastifyListenOptions);
}

/** A port nothing listens on right now (for processes that cannot be told port 0). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const { port, release } = await holdPort(host);
  await release();
  return port;
}
