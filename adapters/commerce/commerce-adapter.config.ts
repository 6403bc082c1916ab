/** The commerce adapter's configuration (`commerce_adapter`; commerce_adapter.schema.json beside it). */
export interface CommerceAdapterConfiguration {
  id: string;
  active?: boolean;
  settings: { clientId: number; applicationId: number };
  api: {
    /** Token endpoint of the commerce identity service. */
    identityAddress: string;
    identityClientId: string;
    /** A secret: stored encrypted, never answered; the adapter reads it in clear. */
    identityClientSecret: string;
    identityScope: string;
    /** Base address of the commerce API; defaults to the origin of `identityAddress`. */
    apiAddress?: string;
  };
  application?: { productUrlPattern?: string; imageBaseUrl?: string };
  country?: { defaultCountry?: string };
  features?: { shippingChangedHookEnabled?: boolean };
  /** Managed mode: the shipping options the checkout offers (prices in minor units, tax rate in hundredths of a percent). */
  shippingOptions?: Array<{ id: string; name: string; description?: string; price: number; taxRate?: number; preselected?: boolean }>;
}

export const COMMERCE_ADAPTER_ID = 'commerce_adapter';

/**
 * Delivery mode (spec, item 10): `managed` when `features.shippingChangedHookEnabled` is true —
 * the checkout chooses the shipping and the basket gets the external delivery method 128;
 * `full-control` otherwise — the basket's delivery is mapped to the order's shippings.
 */
export type DeliveryMode = 'managed' | 'full-control';

export const deliveryModeOf = (configuration: Pick<CommerceAdapterConfiguration, 'features'>): DeliveryMode =>
  configuration.features?.shippingChangedHookEnabled === true ? 'managed' : 'full-control';

/** The commerce API's base address: `api.apiAddress`, else the origin of `api.identityAddress`. */
export function apiBaseUrlOf(configuration: Pick<CommerceAdapterConfiguration, 'api'>): string {
  const explicit = configuration.api.apiAddress?.trim();
  if (explicit) return explicit.replace(/\/+$/, '');
  return new URL(configuration.api.identityAddress).origin;
}
