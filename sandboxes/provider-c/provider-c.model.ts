/** Shapes the provider C sandbox (iframe checkout) stores and answers with. Amounts are major units. */

/** Where the shopper stands in the checkout (the provider's `CustomerCheckoutStatus`). */
export const CHECKOUT_STATUSES = ['InProcess', 'OnHold', 'Completed', 'Refused'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Why a purchase is on hold until an event resolves it. */
export const PENDING_REASONS = ['AwaitingProvider', 'MissingDeliveryAddress', 'ManualApproval'] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

export interface ProviderCMerchant {
  merchantId: string;
  secret: string;
  /** `production` enforces the recurring limit (three orders per token per day); `test` does not. */
  mode: 'test' | 'production';
  /** A shipping-provider integration is active for the merchant: recurring orders are refused. */
  shippingIntegration: boolean;
  /** A validation not answered in time counts as approved (default true): agreed with the provider per merchant. */
  validationTimeoutApproves?: boolean;
}

export interface CartLine {
  ArticleNumber: string;
  Name: string;
  Quantity: number;
  /** Price of one unit including VAT, major units. */
  UnitPrice: number;
  VatPercent: number;
  Type?: 'Line' | 'ShippingFee' | 'Discount';
}

export interface MerchantSettings {
  TermsUri: string;
  ConfirmationUri: string;
  /** Checkout-status push (completion, pending, refusal). */
  PushUri: string;
  /** Order-management push: the event resolving a pending purchase. Default: PushUri. */
  OrderManagementPushUri?: string;
  /** Called at the purchase click; absent: every purchase is approved. */
  CheckoutValidationCallBackUri?: string;
}

export interface PcAddress {
  FirstName: string | null;
  LastName: string | null;
  StreetAddress: string | null;
  CoAddress: string | null;
  PostalCode: string | null;
  City: string | null;
  CountryCode: string | null;
  AddressLines: string[];
}

export interface PcCustomer {
  IsCompany: boolean;
  CompanyName: string | null;
  EmailAddress: string | null;
  PhoneNumber: string | null;
}

export interface ShippingOption {
  Id: string;
  Name: string;
  Price: number;
}

/** One call the sandbox made to the merchant (validation, push, event) and what came back. */
export interface CallbackRecord {
  kind: 'validation' | 'push';
  url: string;
  body: unknown;
  status: number | null;
  answer: unknown;
  error: string | null;
  at: string;
}

export interface ProviderCOrder {
  OrderId: number;
  MerchantId: string;
  MerchantReference: string;
  Currency: string;
  CountryCode: string;
  Locale: string;
  Cart: { Items: CartLine[] };
  OrderAmount: number;
  VatAmount: number;
  MerchantSettings: MerchantSettings;
  CustomerCheckoutStatus: CheckoutStatus;
  PendingReason: PendingReason | null;
  /** How a pending purchase ended (the event sent), or null. */
  PendingResolution: 'accepted' | 'declined' | null;
  Customer: PcCustomer;
  BillingAddress: PcAddress | null;
  ShippingAddress: PcAddress | null;
  SelectedShippingOption: ShippingOption | null;
  Recurring: boolean;
  /** The token a completed recurring-enabled purchase (or a token order) gives. */
  RecurringToken: string | null;
  ShippingIntegration: boolean;
  ValidationTimeoutApproves: boolean;
  OrderHtmlSnippet: string;
  CreatedAt: string;
  UpdatedAt: string;
  CompletedAt: string | null;
}

export interface RecurringToken {
  Token: string;
  MerchantId: string;
  Customer: PcCustomer;
  BillingAddress: PcAddress;
  ShippingAddress: PcAddress;
  CreatedAt: string;
  /** Provider order ids created from this token, with when. */
  Orders: Array<{ OrderId: number; CreatedAt: string }>;
}
