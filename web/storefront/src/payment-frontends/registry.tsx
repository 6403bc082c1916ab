import type { ComponentType } from 'react';
import { GenericProviderFrontend } from './GenericProviderFrontend.js';
import { ProviderASnippet } from './ProviderASnippet.js';
import { ProviderBScript } from './ProviderBScript.js';
import { ProviderCIframe } from './ProviderCIframe.js';
import { ProviderDDropin } from './ProviderDDropin.js';

/**
 * What a payment provider's frontend gets: the order, its adapter, and a way to say the shopper is
 * done (the storefront then shows the confirmation). The component starts its payment itself
 * (startPayment → PaymentSession: htmlSnippet, redirectUrl, data) and renders the provider's UI:
 * provider A's snippet, B's script with its purchase token, C's iframe, D's drop-in.
 */
export interface ProviderFrontendProps {
  orderId: string;
  adapterId: string;
  /** The shopper finished with the provider: go to the confirmation (the order follows through orderChanged). */
  onCompleted: () => void;
  onError: (message: string) => void;
}

/**
 * Extension point: one entry per provider adapter id, added by the engineer building that
 * adapter's frontend (e.g. `provider_a_checkout_adapter: ProviderASnippet`). An adapter without an
 * entry gets the generic frontend, which starts the payment and shows the adapter's snippet or redirect.
 */
export const PROVIDER_FRONTENDS: Readonly<Record<string, ComponentType<ProviderFrontendProps>>> = {
  provider_a_checkout_adapter: ProviderASnippet,
  provider_b_checkout_adapter: ProviderBScript,
  provider_c_checkout_adapter: ProviderCIframe,
  provider_d_dropin_adapter: ProviderDDropin,
};

/** The frontend of the payment's adapter (its entry in PROVIDER_FRONTENDS, else the generic one). */
export function ProviderFrontend(props: ProviderFrontendProps) {
  const Frontend = PROVIDER_FRONTENDS[props.adapterId] ?? GenericProviderFrontend;
  return <Frontend {...props} />;
}
