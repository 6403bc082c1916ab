import { pickTraceHeaders } from '../../platform/http/trace-headers.js';
import type { AuthContext } from '../../platform/auth/principal.js';
import type { PrismaClient } from '../../platform/db/database.js';
import type { CallHeaders } from '../../platform/graphql/subgraph.server.js';
import type { AdapterActions, Caller } from './adapter-actions.usecase.js';
import type { AdapterRegistry } from './adapter.registry.js';
import type { StorefrontOptions } from './storefront-options.usecase.js';

export interface AdapterContext {
  auth: AuthContext;
  caller: Caller;
  actions: AdapterActions;
  /** Payment and shipping options before a payment exists. */
  options: StorefrontOptions;
  /** The adapters and their manifests. */
  registry: AdapterRegistry;
  /** Ids of the adapters with an active configuration in the caller's channel (read once per request). */
  configuredIds: () => Promise<Set<string>>;
  /** Where an adapter's configuration schema is (path from the repository's root). */
  schemaFile: (adapterId: string) => string | undefined;
}

export function createAdapterContext(actions: AdapterActions, options: StorefrontOptions, registry: AdapterRegistry, prisma: PrismaClient, auth: AuthContext, headers: CallHeaders, schemaFile: (adapterId: string) => string | undefined): AdapterContext {
  let configured: Promise<Set<string>> | undefined;
  return {
    auth,
    actions,
    options,
    registry,
    schemaFile,
    caller: {
      tenant: auth.tenant,
      headers: { ...pickTraceHeaders(headers), authorization: String(headers.authorization), 'x-merchant': auth.tenant.merchant, 'x-channel': auth.tenant.channel },
    },
    configuredIds: () =>
      (configured ??= prisma.configuration
        .findMany({ where: { merchant: auth.tenant.merchant, channel: auth.tenant.channel }, select: { configurationId: true, document: true } })
        .then((rows) => new Set(rows.filter((row) => (row.document as { active?: unknown })?.active !== false).map((row) => row.configurationId)))),
  };
}
