import { describe, expect, it } from '@jest/globals';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer } from 'node:net';
import { freePort, holdPort } from './ports.js';

describe('holdPort', () => {
  it('keeps the port bound until release, which cuts connections made meanwhile instead of waiting for them', async () => {
    const { port, release } = await holdPort();
    const client = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => client.once('connect', resolve).once('error', reject));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.on('error', () => undefined);
    await release();
    await closed;
    // Free again: it can be bound at once.
    const again = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
    });
    expect(again).toBe(port);
  });

  it('hands the bound socket over to a server, so the port is never free between the pick and the listen', async () => {
    const { port, handOver, release } = await holdPort();
    const server = createHttpServer((_request, response) => response.end('served'));
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen({ handle: handOver() }, resolve));
    try {
      expect(server.address()).toMatchObject({ port });
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('served');
      // Taken: no one else can bind it.
      await expect(
        new Promise<void>((resolve, reject) => {
          const other = createServer();
          other.once('error', reject);
          other.listen(port, '127.0.0.1', () => other.close(() => resolve()));
        }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
      // Given away once: releasing afterwards does not close the new owner's socket.
      await release();
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('served');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('freePort answers a port nothing holds any more', async () => {
    expect(await freePort()).toBeGreaterThan(0);
  });
});
