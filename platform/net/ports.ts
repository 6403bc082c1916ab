import { createServer, type Socket } from 'node:net';

/**
 * Binds a free port and keeps it bound until `release`, so the kernel gives it to no one else
 * meanwhile. Whoever connects to it meanwhile gets no answer; `release` cuts those connections
 * (a close waiting for them would wait for ever).
 */
export function holdPort(host = '127.0.0.1'): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    });
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) return reject(new Error('no free port'));
      const release = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          for (const socket of sockets) socket.destroy();
        });
      resolve({ port: address.port, release });
    });
  });
}

/** A port nothing listens on right now (for processes that cannot be told port 0). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const { port, release } = await holdPort(host);
  await release();
  return port;
}
