import { createServer, type Server } from 'node:http';

/** A loopback HTTP receiver that answers 200 at once and counts the calls per path. */
export async function countingReceiver(): Promise<{ url: string; calls: Map<string, number>; total(prefix: string): number; close(): void }> {
  const calls = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls.set(request.url ?? '/', (calls.get(request.url ?? '/') ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    calls,
    total: (prefix) => [...calls].filter(([path]) => path.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
