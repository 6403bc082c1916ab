// Which frontend module serves which provider adapter id.
import { genericFrontend } from './generic.frontend.js';
import { providerAFrontend } from './provider-a.frontend.js';
import { providerBFrontend } from './provider-b.frontend.js';
import { providerCFrontend } from './provider-c.frontend.js';
import { providerDFrontend } from './provider-d.frontend.js';
import type { MountedFrontend, ProviderFrontend, ProviderFrontendOptions } from './provider-frontend.js';

/**
 * Extension point: one entry per provider adapter id, added by the engineer building that
 * adapter's frontend. An adapter without an entry gets the generic frontend, which starts the
 * payment and shows the adapter's snippet or redirect.
 */
export const PROVIDER_FRONTENDS: Readonly<Record<string, ProviderFrontend>> = {
  provider_a_checkout_adapter: providerAFrontend,
  provider_b_checkout_adapter: providerBFrontend,
  provider_c_checkout_adapter: providerCFrontend,
  provider_d_dropin_adapter: providerDFrontend,
};

/** The frontend of an adapter: its entry in PROVIDER_FRONTENDS, else the generic one. */
export const frontendFor = (adapterId: string): ProviderFrontend => PROVIDER_FRONTENDS[adapterId] ?? genericFrontend;

/** Mounts the frontend of `options.adapterId` into `element`. */
export const mountProviderFrontend = (element: HTMLElement, options: ProviderFrontendOptions): MountedFrontend => frontendFor(options.adapterId).mount(element, options);
