// What every payment provider's frontend module is: a framework-free controller mounted into an element.
import type { ApolloClient } from '@apollo/client';
import type { StorefrontConfig } from '../checkout-session.js';

/**
 * What a provider's frontend gets: the order, its adapter, the checkout's client, and a way to say
 * the shopper is done (the storefront then shows the confirmation; the order follows through
 * orderChanged) or that something went wrong (a message for the page).
 */
export interface ProviderFrontendOptions {
  orderId: string;
  adapterId: string;
  client: ApolloClient;
  /** The storefront's settings (a provider's drop-in script); read from the storefront's server when absent. */
  config?: StorefrontConfig;
  /** The shopper finished with the provider. */
  onCompleted: () => void;
  onError: (message: string) => void;
}

/** A mounted frontend: `unmount` removes its DOM and listeners and ignores whatever answers come after. */
export interface MountedFrontend {
  unmount(): void;
}

/**
 * One provider's browser protocol (docs/adapters/provider-*.md): it starts its payment itself
 * (startPayment → PaymentSession) and renders the provider's UI into `element`, which it owns
 * until unmounted.
 */
export interface ProviderFrontend {
  mount(element: HTMLElement, options: ProviderFrontendOptions): MountedFrontend;
}

/**
 * What a frontend module in an adapter's folder exports as `adapterFrontend`
 * (`adapters/<provider>/frontend/*.frontend.ts`): the adapter id it serves and its frontend. The
 * registry finds these modules at build time; no list names them (docs/adapter-kit.md).
 */
export interface AdapterFrontend {
  adapterId: string;
  frontend: ProviderFrontend;
}
