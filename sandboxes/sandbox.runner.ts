import type { FastifyInstance } from 'fastify';
import type { Logger } from '../platform/logging/logger.js';
import type { SandboxManifest } from './shared/sandbox-manifest.js';

export interface SandboxRunnerOptions {
  host: string;
  /** Port per sandbox, by its manifest's service name (0 = any free port); a sandbox left out uses its manifest's port. */
  ports?: Readonly<Record<string, number>>;
  /** The sandboxes to start: their manifests (sandboxes/<provider>/*-sandbox.manifest.ts), each with its settings' defaults. */
  manifests?: readonly SandboxManifest[];
  logger: Logger;
}

export interface RunningSandboxes {
  /** Base URL of each sandbox, with the real port when 0 was asked for. */
  urls: Record<string, string>;
  state: Record<string, unknown>;
  close(): Promise<void>;
}

const hostForUrl = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host);

/**
 * Starts the sandboxes of `manifests` on their ports and returns their URLs; `close()` stops
 * them all. A failure to start one closes the others.
 */
export async function startSandboxes(options: SandboxRunnerOptions): Promise<RunningSandboxes> {
  const declared = (options.manifests ?? []).map((manifest) => ({ manifest, built: manifest.create({ logger: options.logger }) }));
  const started: FastifyInstance[] = [];
  const close = async () => {
    for (const app of started.reverse()) await app.close();
  };
  const urls: RunningSandboxes['urls'] = {};
  const apps: Array<{ name: string; app: FastifyInstance; port: number }> = [
    ...declared.map(({ manifest, built }) => ({ name: manifest.name, app: built.app, port: manifest.port })),
  ];
  try {
    for (const { name, app, port: defaultPort } of apps) {
      started.push(app);
      await app.listen({ host: options.host, port: options.ports?.[name] ?? defaultPort });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : defaultPort;
      urls[name] = `http://${hostForUrl(options.host)}:${port}`;
      options.logger.info({ sandbox: name, url: urls[name] }, 'sandbox listening');
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { urls, state: Object.fromEntries(declared.map(({ manifest, built }) => [manifest.name, built.state])), close };
}
