import type { ProviderNames } from '../provider-names.js';

/** What every template is given: the provider's names and the ports chosen for it. */
export interface TemplateContext {
  names: ProviderNames;
  adapterPort: number;
  sandboxPort: number;
  /** Default of `<PROVIDER>_API_TIMEOUT_MS`. */
  apiTimeoutMs: number;
}

/** A file to write, its path from the repository's root. */
export interface ScaffoldFile {
  path: string;
  text: string;
}
