/** Provider C (iframe checkout): the adapter's id, its configuration, and the provider's order as the adapter reads it. */

export const PROVIDER_C_ADAPTER_ID = 'provider_c_checkout_adapter';
/** The payment's name on the order. */
export const PROVIDER_C_PAYMENT_NAME = 'Provider C Checkout';

/** The adapter's configuration in a channel (provider_c_checkout_adapter.schema.json beside it). */
export interface ProviderCConfiguration {
  id: string;
  active?: boolean;
  apiSettings: { apiUrl: string; merchantId: string; sharedSecret: string };
  redirectUrls: { termsUrl: string; confirmationUrl: string; checkoutUrl?: string };
  /** The checkout's locale at the provider; default from the order's culture. */
  locale?: string;
  validation?: {
    /** The spec's configurable validation address: the provider calls it instead of the adapter's own. */
    url?: string;
    /** A validation not answered in time counts as approved (default true). */
    approveOnTimeout?: boolean;
  };
  /** The spec's unnamed switch for recurring payments. */
  recurring?: { enabled?: boolean };
  /** A shipping-provider integration is active in the channel: recurring orders are refused. */
  shipping?: { providerIntegration?: boolean; vatRate?: number };
}

export const CHECKOUT_STATUSES = ['InProcess', 'OnHold', 'Completed', 'Refused'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export interface ProviderAddress {
  FirstName: string | null;
  LastName: string | null;
  StreetAddress: string | null;
  CoAddress: string | null;
  PostalCode: string | null;
  City: string | null;
  CountryCode: string | null;
  AddressLines?: string[];
}

export interface ProviderCartLine {
  ArticleNumber: string;
  Name: string;
  Quantity: number;
  UnitPrice: number;
  VatPercent: number;
  Type?: 'Line' | 'ShippingFee' | 'Discount';
}

/** The provider's checkout order (`GET /checkout/merchantapi/orders/{id}`), the fields the adapter reads. */
export interface ProviderOrder {
  OrderId: number;
  MerchantReference: string;
  Currency: string;
  OrderAmount: number;
  Cart: { Items: ProviderCartLine[] };
  CustomerCheckoutStatus: CheckoutStatus;
  PendingReason: string | null;
  Customer: { IsCompany: boolean; CompanyName: string | null; EmailAddress: string | null; PhoneNumber: string | null };
  BillingAddress: ProviderAddress | null;
  ShippingAddress: ProviderAddress | null;
  SelectedShippingOption: { Id: string; Name: string; Price: number } | null;
  RecurringToken: string | null;
  OrderHtmlSnippet: string;
}

/** What the storefront gets from create and GET (spec: `{paymentId, htmlSnippet}`). */
export interface ProviderCSession {
  paymentId: string;
  htmlSnippet: string;
}
