import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Gathers what one WebSocket sends within a turn of the event loop into one write: the first send
 * corks the connection's socket and a `setImmediate` uncorks it. One change fanned out to a
 * socket's ten subscriptions is then one `writev` instead of ten. Order and delivery are
 * unchanged (the frames are queued in order; ws's own cork per frame nests inside), and each
 * send's callback still fires once its bytes are written.
 */
export function batchSends(ws: WebSocket, socket: Duplex): void {
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  ws.send = ((...args: unknown[]) => {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      setImmediate(uncork);
    }
    send(...args);
  }) as WebSocket['send'];
}
