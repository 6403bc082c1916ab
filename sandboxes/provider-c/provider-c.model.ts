/**
 * Shapes the provider C sandbox (Qliro One) stores and answers with: the published ones (the order
 * read, its items, customer, addresses, payment method, shipping methods, payment transactions)
 * and the sandbox's own record around them. Amounts are major units; `VatRate` is in percent.
 */

/** Where the shopper stands in the checkout (`CustomerCheckoutStatus`, Qliro's QliroOrderInterface). */
export const CHECKOUT_STATUSES = ['InProcess', 'OnHold', 'Completed', 'Refused'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Why a purchase is on hold until the provider decides (the sandbox operator's choice; not in the published read). */
export const PENDING_REASONS = ['AwaitingProvider', 'MissingDeliveryAddress', 'ManualApproval'] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

/** An order item's type (QliroOrderItemInterface). */
export const ITEM_TYPES = ['Product', 'Discount', 'Fee', 'Shipping'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** A payment transaction's status (QliroOrderManagementStatusInterface). */
export const TRANSACTION_STATUSES = ['Created', 'UserInteractionRequired', 'InProcess', 'OnHold', 'Success', 'Error', 'Cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The checkout's languages (developers.qliro.com, "Checkout basics"). */
export const LANGUAGES = ['sv-se', 'en-us', 'fi-fi', 'da-dk', 'fr-fr', 'de-de', 'nb-no', 'nl-nl'] as const;

/** The shopper's payment methods the sandbox's checkout offers (`PaymentMethodName`). */
export const PAYMENT_METHODS = { card: 'CREDITCARDS', invoice: 'QLIRO_INVOICE' } as const;

export interface OrderItem {
  MerchantReference: string;
  Description: string;
  Type: ItemType;
  Quantity: number;
  PricePerItemIncVat: number;
  PricePerItemExVat: number;
  VatRate?: number;
  Metadata?: Record<string, unknown>;
}

/** An address as the order read and the validation carry it (QliroOrderCustomerAddressInterface, plus `Street2`). */
export interface CustomerAddress {
  FirstName?: string | null;
  LastName?: string | null;
  CareOf?: string | null;
  CompanyName?: string | null;
  Street?: string | null;
  Street2?: string | null;
  PostalCode?: string | null;
  City?: string | null;
}

export type JuridicalType = 'Physical' | 'Company';

/** The customer in the order read (QliroOrderCustomerInterface). */
export interface Customer {
  Email: string | null;
  MobileNumber: string | null;
  PersonalNumber: string | null;
  JuridicalType: JuridicalType;
}

/** The create request's prefill (`CustomerInformation`): what the merchant already knows, and what of it the shopper may not change. */
export interface CustomerInformation {
  Email?: string;
  MobileNumber?: string;
  PersonalNumber?: string;
  JuridicalType?: JuridicalType;
  Address?: CustomerAddress;
  ShippingAddress?: CustomerAddress;
  LockCustomerInformation?: boolean;
  LockCustomerEmail?: boolean;
  LockCustomerMobileNumber?: boolean;
  LockCustomerAddress?: boolean;
}

export interface PaymentMethod {
  PaymentMethodName: string;
  PaymentTypeCode: string | null;
}

/** A shipping method the merchant offers in the checkout (`AvailableShippingMethods`, QliroOrderShippingMethodInterface). */
export interface ShippingMethod {
  MerchantReference: string;
  DisplayName: string;
  PriceIncVat: number;
  PriceExVat: number;
  ShippingFeeMerchantReference?: string;
  Descriptions?: string[];
  Brand?: string;
}

/** A payment transaction of an order (AdminOrderPaymentTransactionInterface). */
export interface PaymentTransaction {
  PaymentTransactionId: number;
  Type: string;
  Amount: number;
  Currency: string;
  Status: TransactionStatus;
  PaymentMethodName: string;
}

export interface ProviderCMerchant {
  merchantId: string;
  secret: string;
  /** `production` enforces the recurring limit (three payments per saved card per day); `test` does not. */
  mode: 'test' | 'production';
  /** A shipping-provider integration is active for the merchant: recurring payments are refused. */
  shippingIntegration: boolean;
  /** A validation not answered in time counts as approved (default true): agreed with the provider per merchant. */
  validationTimeoutApproves?: boolean;
}

/** The merchant's addresses of an order, as the create request named them. */
export interface MerchantUrls {
  MerchantTermsUrl?: string;
  MerchantConfirmationUrl?: string;
  MerchantIntegrityPolicyUrl?: string;
  MerchantCheckoutStatusPushUrl?: string;
  MerchantOrderManagementStatusPushUrl?: string;
  MerchantOrderValidationUrl?: string;
  MerchantSavedCreditCardPushUrl?: string;
  MerchantNotificationUrl?: string;
  MerchantOrderAvailableShippingMethodsUrl?: string;
}

/** One call the sandbox made to the merchant and what came back. */
export interface CallbackRecord {
  kind: 'validation' | 'push' | 'omPush' | 'savedCard';
  url: string;
  body: unknown;
  status: number | null;
  answer: unknown;
  error: string | null;
  at: string;
}

/**
 * The sandbox's record of an order: the published fields (answered by the order read) with the
 * merchant's addresses and prefill as sent, and the sandbox's own state (why it is on hold, the
 * saved card it gave). `kind` tells a checkout order from a merchant payment (a recurring charge).
 */
export interface ProviderCOrder {
  OrderId: number;
  MerchantId: string;
  kind: 'checkout' | 'merchantPayment';
  MerchantReference: string;
  Currency: string;
  Country: string;
  Language: string;
  OrderItems: OrderItem[];
  TotalPrice: number;
  CustomerCheckoutStatus: CheckoutStatus;
  Customer: Customer | null;
  BillingAddress: CustomerAddress | null;
  ShippingAddress: CustomerAddress | null;
  PaymentMethod: PaymentMethod | null;
  SignupForNewsletter: boolean;
  RequireIdentityVerification: boolean;
  Urls: MerchantUrls;
  CustomerInformation: CustomerInformation | null;
  AvailableShippingMethods: ShippingMethod[];
  /** The `MerchantReference` of the shipping method the shopper chose in the checkout. */
  SelectedShippingMethod: string | null;
  PaymentTransactions: PaymentTransaction[];
  PendingReason: PendingReason | null;
  /** How a pending purchase ended, or null. */
  PendingResolution: 'accepted' | 'declined' | null;
  /** The card the purchase saved for later payments (its `MerchantSavedCreditCardId`), or null. */
  SavedCreditCardId: string | null;
  ValidationTimeoutApproves: boolean;
  OrderHtmlSnippet: string;
  CreatedAt: string;
  UpdatedAt: string;
  CompletedAt: string | null;
}

/** A card a shopper saved in a purchase: what merchant payments charge (`MerchantSavedCreditCardId` = `Id`). */
export interface SavedCreditCard {
  Id: string;
  MerchantId: string;
  CardBrandName: string;
  CardBin: string;
  CardLast4Digits: string;
  ExpiryMonth: string;
  ExpiryYear: string;
  CreatedAt: string;
  /** Merchant payments made with the card, with when. */
  Payments: Array<{ OrderId: number; CreatedAt: string }>;
}
