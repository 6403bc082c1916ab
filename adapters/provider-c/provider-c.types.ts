/** Provider C (Qliro One): the adapter's id, its configuration, and the provider's published shapes the adapter sends and reads. */

export const PROVIDER_C_ADAPTER_ID = 'provider_c_checkout_adapter';
/** The payment's name on the order. */
export const PROVIDER_C_PAYMENT_NAME = 'Provider C Checkout';

/** A shipping method the shop offers inside the provider's checkout. */
export interface CheckoutShippingMethod {
  id: string;
  name: string;
  /** Price incl. VAT, major units. */
  price: number;
}

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
  /** A shipping-provider integration is active in the channel: recurring payments are refused. */
  shipping?: { providerIntegration?: boolean; vatRate?: number; methods?: CheckoutShippingMethod[] };
}

/** `CustomerCheckoutStatus` (Qliro's QliroOrderInterface). */
export const CHECKOUT_STATUSES = ['InProcess', 'OnHold', 'Completed', 'Refused'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A payment transaction's `Status` (QliroOrderManagementStatusInterface). */
export type TransactionStatus = 'Created' | 'UserInteractionRequired' | 'InProcess' | 'OnHold' | 'Success' | 'Error' | 'Cancelled';

/** An order item (QliroOrderItemInterface): prices per item incl. and excl. VAT in major units, `VatRate` in percent. */
export interface OrderItem {
  MerchantReference: string;
  Description: string;
  Type: 'Product' | 'Discount' | 'Fee' | 'Shipping';
  Quantity: number;
  PricePerItemIncVat: number;
  PricePerItemExVat: number;
  VatRate?: number;
  Metadata?: Record<string, unknown>;
}

/** An address (QliroOrderCustomerAddressInterface, plus `Street2`). */
export interface CustomerAddress {
  FirstName?: string | null;
  LastName?: string | null;
  CareOf?: string | null;
  CompanyName?: string | null;
  Street?: string | null;
  Street2?: string | null;
  PostalCode?: string | number | null;
  City?: string | null;
}

export type JuridicalType = 'Physical' | 'Company';

/** The order read (`GET /checkout/merchantapi/orders/{OrderId}`, QliroOrderInterface): the fields the adapter reads. */
export interface QliroOrder {
  OrderId: number;
  MerchantReference: string;
  TotalPrice: number;
  Country: string;
  Currency: string;
  Language?: string;
  OrderHtmlSnippet: string;
  CustomerCheckoutStatus: CheckoutStatus;
  Customer?: { Email?: string | null; MobileNumber?: string | number | null; PersonalNumber?: string | null; JuridicalType?: JuridicalType | null } | null;
  BillingAddress?: CustomerAddress | null;
  ShippingAddress?: CustomerAddress | null;
  OrderItems?: OrderItem[] | null;
  PaymentMethod?: { PaymentMethodName?: string | null; PaymentTypeCode?: string | null } | null;
}

/** A payment transaction (AdminOrderPaymentTransactionInterface). */
export interface PaymentTransaction {
  PaymentTransactionId: number;
  Type?: string;
  Amount: number;
  Currency?: string;
  Status: TransactionStatus;
  PaymentMethodName?: string;
}

/** The admin order read (`GET /checkout/adminapi/v2/orders/{OrderId}`, AdminOrderInterface): what a merchant payment is read by. */
export interface AdminOrder {
  OrderId: number;
  MerchantReference: string;
  TotalPrice: number;
  Currency: string;
  PaymentTransactions: PaymentTransaction[];
}

/** What the storefront gets from create and GET (spec: `{paymentId, htmlSnippet}`). */
export interface ProviderCSession {
  paymentId: string;
  htmlSnippet: string;
}
