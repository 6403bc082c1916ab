/** A TCP proxy in front of PostgreSQL that a test cuts and restores: a network outage between a client and the database. */
import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL stands for the network: "down" cuts every connection and
 * refuses new ones, "up" lets them through again — a database outage as the listener sees it.
 */
export class Outage {
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  private down = false;
  port = 0;
  attempts = 0;

  async start(target: URL): Promise<void> {
    this.server = createServer((socket) => {
      this.attempts += 1;
      if (this.down) return socket.destroy();
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const [a, b] of [[socket, upstream], [upstream, socket]] as const) {
        a.on('error', () => b.destroy());
        a.on('close', () => b.destroy());
        a.pipe(b);
      }
      this.sockets.add(socket).add(upstream);
      socket.on('close', () => this.sockets.delete(socket).valueOf() && this.sockets.delete(upstream));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  cut(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
