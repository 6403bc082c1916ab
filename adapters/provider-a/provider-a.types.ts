/** Provider A's adapter: its id, its configuration, and the provider's shapes it reads (docs/adapters/provider-a.md). */

export const PROVIDER_A_ADAPTER_ID = 'provider_a_checkout_adapter';

export interface ShippingOptionConfig {
  id: string;
  name: string;
  description?: string;
  /** Minor units. */
  price: number;
  taxAmount?: number;
  /** Hundredths of a percent (2500 = 25 %). */
  taxRate?: number;
  preselected?: boolean;
  shippingMethod?: string;
}

/** The configuration (provider_a_checkout_adapter.schema.json beside it). */
export interface ProviderAConfiguration {
  apiSettings: { apiUrl: string; username: string; password: string };
  redirectUrls: { termsUrl: string; checkoutUrl: string; confirmationUrl: string; validationErrorUrl?: string };
  shippingCountries?: string[];
  shippingOptions?: ShippingOptionConfig[];
  providesShipping?: boolean;
  /** Ours (the spec names no switch): orders are created at the provider with recurring on, and the token is stored at finalization. */
  recurringEnabled?: boolean;
  /** Ours: where the provider reaches this adapter's callbacks (validation, push, shipping-option update, the shopper's confirmation); default the adapter's own address. */
  callbackBaseUrl?: string;
  /** Ours: send the provider a validation address (default true); false: the order goes to processing at confirmation instead. */
  validationEnabled?: boolean;
}

export interface ProviderLine {
  type?: string;
  reference?: string;
  name: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_tax_amount: number;
  total_discount_amount?: number;
}

export interface ProviderShippingOption {
  id: string;
  name: string;
  description?: string;
  price: number;
  tax_amount: number;
  tax_rate: number;
  preselected?: boolean;
  shipping_method?: string;
}

export interface ProviderAddress {
  given_name?: string;
  family_name?: string;
  email?: string;
  phone?: string;
  street_address?: string;
  street_address2?: string;
  postal_code?: string;
  city?: string;
  region?: string;
  country?: string;
}

export interface ProviderAmounts {
  order_amount: number;
  order_tax_amount: number;
  order_lines: ProviderLine[];
}

/** A checkout order as the provider answers it (`/checkout/v3/orders`). */
export interface CheckoutOrder extends ProviderAmounts {
  order_id: string;
  status: 'checkout_incomplete' | 'checkout_complete';
  purchase_currency: string;
  html_snippet: string;
  selected_shipping_option?: ProviderShippingOption | null;
  billing_address?: ProviderAddress | null;
  shipping_address?: ProviderAddress | null;
  merchant_reference1?: string | null;
  recurring?: boolean;
  /** Set once a recurring purchase completes (Klarna's checkout order carries it; order management does not). */
  recurring_token?: string | null;
}

export type FraudStatus = 'ACCEPTED' | 'PENDING' | 'REJECTED';

/** A bought order as order management answers it (`/ordermanagement/v1/orders/{id}`). */
export interface ManagedOrder extends ProviderAmounts {
  order_id: string;
  status: 'AUTHORIZED' | 'PART_CAPTURED' | 'CAPTURED' | 'CANCELLED' | string;
  fraud_status: FraudStatus;
  captured_amount: number;
  refunded_amount: number;
  remaining_authorized_amount: number;
  purchase_currency: string;
  /** Order management's own shape of the option (`method`, not `shipping_method`). */
  selected_shipping_option?: { id?: string; name?: string; price?: number; tax_amount?: number; tax_rate?: number; method?: string } | null;
  billing_address?: ProviderAddress | null;
  shipping_address?: ProviderAddress | null;
  merchant_reference1?: string | null;
}
