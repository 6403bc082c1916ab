import { createServer } from 'node:net';

/** Binds a free port and keeps it bound until `release`, so the kernel gives it to no one else meanwhile. */
export function holdPort(host = '127.0.0.1'): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) return reject(new Error('no free port'));
      resolve({ port: address.port, release: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

/** A port nothing listens on right now (for processes that cannot be told port 0). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const { port, release } = await holdPort(host);
  await release();
  return port;
}
