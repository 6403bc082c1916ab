/**
 * Qliro One's merchant and admin API as published, to and from the sandbox's record: the create,
 * update and merchant-payment requests, the order read, the admin order read, and the bodies the
 * provider sends the merchant (validation, checkout status push, order-management status push,
 * saved credit card). docs/adapters/provider-c.md ("Published API") names the source of each.
 */
import { Decimal, sumAmounts, toAmount } from '../shared/money.js';
import type { CustomerAddress, CustomerInformation, JuridicalType, MerchantUrls, OrderItem, PaymentTransaction, ProviderCOrder, SavedCreditCard, ShippingMethod } from './provider-c.model.js';

/** Create order (`POST /checkout/merchantapi/orders`, QliroOrderCreateRequestInterface). */
export interface PublishedCreateOrder extends MerchantUrls {
  MerchantApiKey: string;
  MerchantReference: string;
  Currency: string;
  Country: string;
  Language: string;
  MerchantConfirmationUrl: string;
  MerchantTermsUrl: string;
  OrderItems: OrderItem[];
  CustomerInformation?: CustomerInformation;
  AvailableShippingMethods?: ShippingMethod[];
  EnforcedJuridicalType?: JuridicalType;
  MinimumCustomerAge?: number;
  AskForNewsletterSignup?: boolean;
  AskForNewsletterSignupChecked?: boolean;
  RequireIdentityVerification?: boolean;
  BackgroundColor?: string;
  PrimaryColor?: string;
  CallToActionColor?: string;
  CallToActionHoverColor?: string;
  CornerRadius?: number;
  ButtonCornerRadius?: number;
}

/** Update order (`PUT /checkout/merchantapi/orders/{OrderId}`, QliroOrderUpdateRequestInterface). */
export interface PublishedUpdateOrder {
  MerchantApiKey?: string;
  OrderItems: OrderItem[];
  AvailableShippingMethods?: ShippingMethod[];
  RequireIdentityVerification?: boolean;
}

/** Create merchant payment (`POST /checkout/adminapi/v2/merchantpayment`, AdminCreateMerchantPaymentRequestInterface). */
export interface PublishedMerchantPayment {
  RequestId: string;
  MerchantApiKey: string;
  MerchantReference: string;
  Currency: string;
  Country: string;
  Language: string;
  MerchantOrderManagementStatusPushUrl: string;
  OrderItems: OrderItem[];
  Customer?: { Email?: string; MobileNumber?: string; PersonalNumber?: string; VatNumber?: string; JuridicalType?: JuridicalType };
  BillingAddress?: CustomerAddress;
  ShippingAddress?: CustomerAddress;
  PaymentMethod: { Name: 'CREDITCARDS' | 'QLIRO_INVOICE'; SubType?: string; SelectedLetterInvoiceOption?: boolean; MerchantSavedCreditCardId?: string };
}

/** What the items cost together (prices per item incl. VAT × quantity). */
export const itemsTotal = (items: readonly OrderItem[]): number => toAmount(sumAmounts(items.map((item) => new Decimal(item.PricePerItemIncVat).times(item.Quantity))));

/**
 * The published price rules of an item (developers.qliro.com, "Checkout basics"): a product, fee
 * or shipping costs at least nothing and no less incl. VAT than excl.; a discount is nothing or
 * less. Answers the first broken rule's words, or undefined.
 */
export function itemProblem(item: OrderItem): string | undefined {
  const { PricePerItemIncVat: inc, PricePerItemExVat: ex } = item;
  if (item.Type === 'Discount') return inc <= 0 && ex <= 0 ? undefined : 'a Discount has PricePerItemIncVat and PricePerItemExVat of 0 or less';
  if (inc < 0 || ex < 0) return `a ${item.Type} has PricePerItemIncVat and PricePerItemExVat of 0 or more`;
  return inc >= ex ? undefined : `a ${item.Type} has PricePerItemIncVat at least PricePerItemExVat`;
}

const present = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

/** The order read (`GET /checkout/merchantapi/orders/{OrderId}`, QliroOrderInterface). */
export function orderRead(order: ProviderCOrder) {
  return present({
    OrderId: order.OrderId,
    MerchantReference: order.MerchantReference,
    TotalPrice: order.TotalPrice,
    Country: order.Country,
    Currency: order.Currency,
    Language: order.Language,
    OrderHtmlSnippet: order.OrderHtmlSnippet,
    CustomerCheckoutStatus: order.CustomerCheckoutStatus,
    SignupForNewsletter: order.SignupForNewsletter,
    IdentityVerification: { RequireIdentityVerification: order.RequireIdentityVerification, IdentityVerified: null },
    Customer: order.Customer ?? undefined,
    BillingAddress: order.BillingAddress ?? undefined,
    ShippingAddress: order.ShippingAddress ?? undefined,
    OrderItems: order.OrderItems,
    PaymentMethod: order.PaymentMethod ?? undefined,
    MerchantProvidedMetadata: [],
  });
}

/** The admin order read (`GET /checkout/adminapi/v2/orders/{OrderId}`, AdminOrderInterface). */
export function adminOrderRead(order: ProviderCOrder) {
  return present({
    OrderId: order.OrderId,
    MerchantReference: order.MerchantReference,
    TotalPrice: order.TotalPrice,
    Country: order.Country,
    Currency: order.Currency,
    Language: order.Language,
    Customer: order.Customer ?? undefined,
    BillingAddress: order.BillingAddress ?? undefined,
    ShippingAddress: order.ShippingAddress ?? undefined,
    OrderItemActions: [],
    PaymentTransactions: order.PaymentTransactions,
  });
}

/** The validation request (`POST {MerchantOrderValidationUrl}`, ValidateOrderNotificationInterface): the order as the shopper is about to buy it. */
export function validationBody(order: ProviderCOrder) {
  return {
    OrderId: order.OrderId,
    MerchantReference: order.MerchantReference,
    Currency: order.Currency,
    IdentityVerification: { RequireIdentityVerification: order.RequireIdentityVerification, IdentityVerified: null },
    Customer: { Email: order.Customer?.Email ?? null, MobileNumber: order.Customer?.MobileNumber ?? null, PersonalNumber: order.Customer?.PersonalNumber ?? null },
    ShippingAddress: order.ShippingAddress,
    OrderItems: order.OrderItems,
    PaymentMethod: order.PaymentMethod,
    SelectedShippingMethod: order.SelectedShippingMethod,
    SelectedShippingSecondaryOption: null,
  };
}

/** The checkout status push (`POST {MerchantCheckoutStatusPushUrl}`, CheckoutStatusInterface; developers.qliro.com "Notifications"). */
export const checkoutPushBody = (order: ProviderCOrder, at: Date) => ({
  OrderId: order.OrderId,
  MerchantReference: order.MerchantReference,
  Status: order.CustomerCheckoutStatus,
  Timestamp: at.toISOString(),
  NotificationType: 'CustomerCheckoutStatus',
  PaymentTransactionId: order.PaymentTransactions.at(-1)?.PaymentTransactionId ?? order.OrderId * 10,
});

/** The order-management status push (`POST {MerchantOrderManagementStatusPushUrl}`, QliroOrderManagementStatusInterface). */
export const managementPushBody = (order: ProviderCOrder, transaction: PaymentTransaction, at: Date) => ({
  OrderId: order.OrderId,
  MerchantReference: order.MerchantReference,
  PaymentTransactionId: transaction.PaymentTransactionId,
  Amount: transaction.Amount,
  Currency: transaction.Currency,
  Status: transaction.Status,
  PaymentType: transaction.Type,
  Timestamp: at.toISOString(),
});

/** The saved credit card notification (`POST {MerchantSavedCreditCardPushUrl}`, MerchantSavedCreditCardNotificationInterface). */
export const savedCardPushBody = (order: ProviderCOrder, card: SavedCreditCard, at: Date) => ({
  OrderId: order.OrderId,
  Id: card.Id,
  CardBrandName: card.CardBrandName,
  CardBin: card.CardBin,
  CardLast4Digits: card.CardLast4Digits,
  ExpiryYear: card.ExpiryYear,
  ExpiryMonth: card.ExpiryMonth,
  TimeStamp: at.toISOString(),
});
