import type { FastifyInstance } from 'fastify';
import type { Logger } from '../platform/logging/logger.js';
import { createProviderASandbox, PROVIDER_A_SANDBOX_PORT, type ProviderASandboxOptions, type ProviderASandboxState } from './provider-a/provider-a-sandbox.app.js';
import { createProviderBSandbox, PROVIDER_B_SANDBOX_PORT, type ProviderBSandboxOptions, type ProviderBSandboxState } from './provider-b/provider-b-sandbox.app.js';
import type { SandboxManifest } from './shared/sandbox-manifest.js';

/** The sandboxes without a manifest yet, by short name; a sandbox with one (SandboxManifest) is started by its service name. */
export const SANDBOX_NAMES = ['providerA', 'providerB'] as const;
export type SandboxName = (typeof SANDBOX_NAMES)[number];

export const DEFAULT_SANDBOX_PORTS: Record<SandboxName, number> = {
  providerA: PROVIDER_A_SANDBOX_PORT, providerB: PROVIDER_B_SANDBOX_PORT,
};

export interface SandboxRunnerOptions {
  host: string;
  /** Port per sandbox, by short name or a manifest's service name (0 = any free port); a sandbox left out uses its default port. */
  ports?: Partial<Record<SandboxName, number>> & Readonly<Record<string, number>>;
  /** The sandboxes that come with a manifest (sandboxes/<provider>/*-sandbox.manifest.ts), started after the others with their settings' defaults. */
  manifests?: readonly SandboxManifest[];
  logger: Logger;
  providerA?: Omit<ProviderASandboxOptions, 'logger'>;
  providerB?: Omit<ProviderBSandboxOptions, 'logger'>;
}

export interface RunningSandboxes {
  /** Base URL of each sandbox, with the real port when 0 was asked for. */
  urls: Record<SandboxName, string> & Record<string, string>;
  state: { providerA: ProviderASandboxState; providerB: ProviderBSandboxState } & Record<string, unknown>;
  close(): Promise<void>;
}

const hostForUrl = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host);

/**
 * Starts the sandboxes (providers A and B, and those of `manifests`) on their ports
 * and returns their URLs; `close()` stops them all. A failure to start one closes the others.
 */
export async function startSandboxes(options: SandboxRunnerOptions): Promise<RunningSandboxes> {
  const providerA = createProviderASandbox({ ...options.providerA, logger: options.logger });
  const providerB = createProviderBSandbox({ ...options.providerB, logger: options.logger });
  const declared = (options.manifests ?? []).map((manifest) => ({ manifest, built: manifest.create({ logger: options.logger }) }));
  const started: FastifyInstance[] = [];
  const close = async () => {
    for (const app of started.reverse()) await app.close();
  };
  const urls = {} as RunningSandboxes['urls'];
  const apps: Array<{ name: string; app: FastifyInstance; port: number }> = [
    ...SANDBOX_NAMES.map((name) => ({ name, app: { providerA: providerA.app, providerB: providerB.app }[name], port: DEFAULT_SANDBOX_PORTS[name] })),
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
  return { urls, state: { providerA: providerA.state, providerB: providerB.state, ...Object.fromEntries(declared.map(({ manifest, built }) => [manifest.name, built.state])) }, close };
}
