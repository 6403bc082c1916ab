import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { batchSends } from './socket-send.batch.js';

describe('batchSends', () => {
  it('sends what one turn sends in one write, in order, each callback after its bytes left', async () => {
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true });
    const writes: number[] = [];
    server.on('upgrade', (request, socket, head) => {
      wss.handleUpgrade(request, socket, head, (ws) => {
        batchSends(ws, socket);
        // Count what reaches the connection: one writev (or write) per flush.
        const raw = socket as unknown as { _writev: (chunks: unknown[], cb: () => void) => void };
        const writev = raw._writev.bind(socket);
        raw._writev = (chunks, cb) => {
          writes.push(chunks.length);
          writev(chunks, cb);
        };
        const sent = Array.from({ length: 10 }, (_, i) => new Promise<void>((resolve, reject) => ws.send(`frame ${i}`, (error) => (error ? reject(error) : resolve()))));
        void Promise.all(sent).then(() => ws.send('done'));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const received: string[] = [];
      await new Promise<void>((resolve, reject) => {
        client.on('message', (data) => {
          received.push(String(data));
          if (String(data) === 'done') resolve();
        });
        client.on('error', reject);
      });
      client.close();
      expect(received).toEqual([...Array.from({ length: 10 }, (_, i) => `frame ${i}`), 'done']);
      // The ten frames of the first turn left in one writev (ws writes a frame as one or two chunks; unbatched, a writev holds one frame).
      expect(writes[0]).toBeGreaterThanOrEqual(10);
    } finally {
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
