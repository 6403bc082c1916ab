/// <reference path="./import-glob.d.ts" />
// Which frontend module serves which provider adapter id.
import { genericFrontend } from './generic.frontend.js';
import type { AdapterFrontend, MountedFrontend, ProviderFrontend, ProviderFrontendOptions } from './provider-frontend.js';

/**
 * The frontends that live in their adapter's folder (`adapters/<provider>/frontend/*.frontend.ts`,
 * each exporting `adapterFrontend`), found when the app is built: adding one touches no file here.
 */
const IN_ADAPTER_FOLDERS: readonly AdapterFrontend[] = Object.values(import.meta.glob<AdapterFrontend>('../../../../adapters/*/frontend/*.frontend.ts', { eager: true, import: 'adapterFrontend' }));

/**
 * One entry per provider adapter id: those found in the adapters' folders, and the ones still kept
 * here (to move into their adapters' folders). An adapter without an entry gets the generic
 * frontend, which starts the payment and shows the adapter's snippet or redirect.
 */
export const PROVIDER_FRONTENDS: Readonly<Record<string, ProviderFrontend>> = {
  ...Object.fromEntries(IN_ADAPTER_FOLDERS.map(({ adapterId, frontend }) => [adapterId, frontend])),
};

/** The frontend of an adapter: its entry in PROVIDER_FRONTENDS, else the generic one. */
export const frontendFor = (adapterId: string): ProviderFrontend => PROVIDER_FRONTENDS[adapterId] ?? genericFrontend;

/** Mounts the frontend of `options.adapterId` into `element`. */
export const mountProviderFrontend = (element: HTMLElement, options: ProviderFrontendOptions): MountedFrontend => frontendFor(options.adapterId).mount(element, options);
