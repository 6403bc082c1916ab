import { describe, expect, it } from '@jest/globals';
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

  it('freePort answers a port nothing holds any more', async () => {
    expect(await freePort()).toBeGreaterThan(0);
  });
});
