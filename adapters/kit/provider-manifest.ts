/**
 * A provider's manifest: what the platform, the demo data and the storefront need to know about
 * one adapter, declared in the adapter's own folder (`adapters/<provider>/<provider>.manifest.ts`)
 * and read by the service catalogue's one row for it (app/service.catalogue.ts). Nothing outside
 * the adapter's folders names the provider besides that row (docs/adapter-kit.md, "The manifest").
 * Not to be confused with the runtime manifest the adapter serves (adapter-manifest.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceSetting, ServiceUrls } from '../../platform/env/env.config.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { ServiceDeps } from '../../platform/service-deps.js';
import type { AdapterManifest } from './adapter-manifest.js';

export type { ServiceSetting } from '../../platform/env/env.config.js';
export { settingValue } from '../../platform/env/env.config.js';

/** What the demo seeding hands an adapter's demo (app/demo/demo-data.ts). */
export interface AdapterDemoContext {
  /** Every service's base URL in this process (its sandbox's among them when it runs here). */
  urls: Partial<ServiceUrls>;
  /** This adapter's base URL. */
  adapterUrl: string;
  /** The configuration fields every adapter's demo configuration starts with ($schema, id, active, adapter). */
  base: Record<string, unknown>;
  /** Where a provider sends the shopper back (the storefront's pages when it runs). */
  shopPages: { checkout: string; confirmation: string };
  /** A JSON call (the demo seeding's, never throws on a 4xx/5xx). */
  send(url: string, method: string, body: unknown): Promise<{ status: number; body: any }>;
  logger: Logger;
}

export interface AdapterProviderManifest {
  /** The adapter id: its service name, configuration id and `adapterId` in the storefront API. */
  id: string;
  /** What it is, as its runtime manifest says (adapter-manifest.ts): a payment provider unless said (`giftcard`, `commerce`). */
  kind?: AdapterManifest['kind'];
  /** Default port (`<ID>_PORT`). */
  port: number;
  /** Prefix of its environment variables when not the id in capitals (`<PROVIDER>_ADAPTER`). */
  env?: string;
  /** Its settings (environment variables), read and checked with the rest at boot. */
  settings?: readonly ServiceSetting[];
  /** Builds it; absent for an adapter hosted elsewhere (reached at `<ENV>_URL`). */
  factory?: (deps: ServiceDeps) => Promise<FastifyInstance>;
  /** Its configuration schema (JSON Schema), beside it in its folder. */
  schemaFile: URL;
  /** What the storefront's server needs: the REST paths its browser frontend may call through the relay, and the provider's client script. */
  storefront?: {
    relayPaths?: RegExp;
    /**
     * The provider asks for the shopper's IP address (3-D Secure): the storefront's relay then adds
     * the address it saw, vouched for by the storefront's own token. Only providers that declare it
     * get that token; the others get the shopper's checkout token alone.
     */
    shopperIp?: boolean;
    /** The provider's script a frontend loads (its sandbox's in a demo), from the services' URLs; undefined when none. */
    script?: (urls: Partial<ServiceUrls>) => string | undefined;
  };
  /** The demo channel's configuration of it (undefined: not seeded here, e.g. its sandbox does not run), and seeding besides. */
  demo?: {
    configuration(context: AdapterDemoContext): Record<string, unknown> | undefined;
    seed?(context: AdapterDemoContext): Promise<void>;
  };
}
