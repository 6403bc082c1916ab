import type { FastifyInstance } from 'fastify';
import type { Logger } from '../platform/logging/logger.js';
import type { SandboxManifest } from './shared/sandbox-manifest.js';

/** The sandboxes without a manifest yet, by short name (none left: every sandbox has a manifest, SandboxManifest, and is started by its service name). */
export const SANDBOX_NAMES: readonly string[] = [];
export type SandboxName = (typeof SANDBOX_NAMES)[number];

export const DEFAULT_SANDBOX_PORTS: Readonly<Record<SandboxName, number>> = {};

export interface SandboxRunnerOptions {
  host: string;
  /** Port per sandbox, by short name or a manifest's service name (0 = any free port); a sandbox left out uses its default port. */
  ports?: Partial<Record<SandboxName, number>> & Readonly<Record<string, number>>;
  /** The sandboxes that come with a manifest (sandboxes/<provider>/*-sandbox.manifest.ts), started after the others with their settings' defaults. */
  manifests?: readonly SandboxManifest[];
  logger: Logger;
}

export interface RunningSandboxes {
  /** Base URL of each sandbox, with the real port when 0 was asked for. */
  urls: Record<SandboxName, string> & Record<string, string>;
  state: Record<string, unknown>;
  close(): Promise<void>;
}

const hostForUrl = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host);

/**
 * Starts the sandboxes (those of `manifests`) on their ports
 * and returns their URLs; `close()` stops them all. A failure to start one closes the others.
 */
export async function startSandboxes(options: SandboxRunnerOptions): Promise<RunningSandboxes> {
  const declared = (options.manifests ?? []).map((manifest) => ({ manifest, built: manifest.create({ logger: options.logger }) }));
  const started: FastifyInstance[] = [];
  const close = async () => {
    for (const app of started.reverse()) await app.close();
  };
  const urls = {} as RunningSandboxes['urls'];
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
