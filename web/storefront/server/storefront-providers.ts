import type { ServiceUrls } from '../../../platform/env/env.config.js';

/**
 * What the storefront's server needs from the providers, handed in by the service catalogue from
 * the providers' manifests (app/provider.rows.ts): the adapter paths each provider's browser
 * frontend may call through the relay, and the provider scripts a frontend loads. The storefront
 * names no provider.
 */
export interface StorefrontProviders {
  /** Per adapter id: the paths (after `/api/adapters/{adapterId}/`) the relay forwards. */
  relayPaths: Readonly<Record<string, RegExp>>;
  /** The adapters told the shopper's IP address by the relay (their manifests' `storefront.shopperIp`). */
  shopperIp?: readonly string[];
  /** Per adapter id: the provider's client script, from the services' URLs. */
  scripts: (urls: Partial<ServiceUrls>) => Record<string, string>;
}
