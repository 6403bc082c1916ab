import type { ProviderNames } from '../provider-names.js';

/** What the provider is: a payment provider (the shopper pays on its page or in its component) or a gift card system. */
export type ProviderKind = 'payment' | 'giftcard';
/** How a payment provider's shopper pays: sent to its hosted page (`redirect`) or inside its component mounted in the storefront (`embedded`). */
export type PaymentFlow = 'redirect' | 'embedded';

/** What every template is given: the provider's names, what it is and the ports chosen for it. */
export interface TemplateContext {
  names: ProviderNames;
  kind: ProviderKind;
  flow: PaymentFlow;
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
