import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import type { AdapterProviderManifest } from '../adapters/kit/provider-manifest.js';
import type { SandboxManifest } from '../sandboxes/shared/sandbox-manifest.js';
import type { StorefrontProviders } from '../web/storefront/server/storefront-providers.js';
import type { CatalogueEntry } from './catalogue-entry.js';

/** One provider of the catalogue: its adapter's manifest and, when it has one, its sandbox's. */
export interface ProviderEntry {
  adapter: AdapterProviderManifest;
  sandbox?: SandboxManifest;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The catalogue rows of the providers' adapters or sandboxes, from their manifests (adapter rows first, sandboxes later: the runner's order). */
export function providerRows(providers: readonly ProviderEntry[], kind: 'adapter' | 'sandbox'): CatalogueEntry[] {
  if (kind === 'adapter') {
    return providers.map(({ adapter }) => ({
      name: adapter.id,
      kind: 'adapter',
      port: adapter.port,
      ...(adapter.env ? { env: adapter.env } : {}),
      ...(adapter.kind ? { adapterKind: adapter.kind } : {}),
      ...(adapter.settings ? { settings: adapter.settings } : {}),
      schemaFile: relative(ROOT, fileURLToPath(adapter.schemaFile)).split('\\').join('/'),
      ...(adapter.factory ? { factory: adapter.factory } : {}),
    }));
  }
  return providers.flatMap(({ sandbox }) =>
    sandbox
      ? [{ name: sandbox.name, kind: 'sandbox' as const, port: sandbox.port, ...(sandbox.settings ? { settings: sandbox.settings } : {}), factory: async (deps) => sandbox.create({ logger: deps.logger, settings: deps.config.settings }).app } satisfies CatalogueEntry]
      : [],
  );
}

/** What the storefront's server takes from the providers' manifests: the relay's allowed paths and the providers' scripts. */
export function storefrontProviders(providers: readonly ProviderEntry[]): StorefrontProviders {
  return {
    relayPaths: Object.fromEntries(providers.flatMap(({ adapter }) => (adapter.storefront?.relayPaths ? [[adapter.id, adapter.storefront.relayPaths]] : []))),
    shopperIp: providers.flatMap(({ adapter }) => (adapter.storefront?.shopperIp ? [adapter.id] : [])),
    scripts: (urls) => Object.fromEntries(providers.flatMap(({ adapter }) => {
      const script = adapter.storefront?.script?.(urls);
      return script ? [[adapter.id, script]] : [];
    })),
  };
}
