/**
 * Qliro One's merchant API as published, translated to and from the sandbox's own order model:
 * create and update requests (`OrderItems` with prices per item incl. and excl. VAT), and the
 * bodies the provider sends the merchant (checkout status push, validation).
 */
import { Decimal } from '../shared/money.js';
import type { CartLine, MerchantSettings, PcAddress, ProviderCOrder } from './provider-c.model.js';
import type { CreateOrderInput, RecurringOrderInput } from './provider-c.store.js';

/** An order item as published. */
export interface OrderItem {
  MerchantReference: string;
  Description: string;
  Type: 'Product' | 'Discount' | 'Fee' | 'Shipping';
  Quantity: number;
  PricePerItemIncVat: number;
  PricePerItemExVat: number;
  VatRate?: number;
}

/** Create order (`POST /checkout/merchantapi/orders`) as published, plus `Recurring` (not published: see docs). */
export interface PublishedCreateOrder {
  MerchantApiKey: string;
  MerchantReference: string;
  Currency: string;
  Country: string;
  Language: string;
  MerchantTermsUrl: string;
  MerchantConfirmationUrl: string;
  MerchantCheckoutStatusPushUrl: string;
  MerchantOrderManagementStatusPushUrl?: string;
  MerchantOrderValidationUrl?: string;
  OrderItems: OrderItem[];
  Recurring?: boolean;
}

export type PublishedRecurringOrder = Pick<PublishedCreateOrder, 'MerchantApiKey' | 'MerchantReference' | 'Currency' | 'Country' | 'OrderItems'> &
  Partial<Pick<PublishedCreateOrder, 'Language' | 'MerchantOrderManagementStatusPushUrl'>>;

const TYPES: Record<OrderItem['Type'], NonNullable<CartLine['Type']>> = { Product: 'Line', Fee: 'Line', Shipping: 'ShippingFee', Discount: 'Discount' };
const PUBLISHED_TYPES: Record<NonNullable<CartLine['Type']>, OrderItem['Type']> = { Line: 'Product', ShippingFee: 'Shipping', Discount: 'Discount' };

/** `VatRate` when given, else from the two prices (25 for 125 / 100). */
const vatPercent = (item: OrderItem) =>
  item.VatRate ?? (item.PricePerItemExVat === 0 ? 0 : new Decimal(item.PricePerItemIncVat).dividedBy(item.PricePerItemExVat).minus(1).times(100).toDecimalPlaces(2).toNumber());

export const cartLines = (items: readonly OrderItem[]): CartLine[] =>
  items.map((item) => ({ ArticleNumber: item.MerchantReference, Name: item.Description, Quantity: item.Quantity, UnitPrice: item.PricePerItemIncVat, VatPercent: vatPercent(item), Type: TYPES[item.Type] }));

export const orderItems = (lines: readonly CartLine[]): OrderItem[] =>
  lines.map((line) => ({
    MerchantReference: line.ArticleNumber,
    Description: line.Name,
    Type: PUBLISHED_TYPES[line.Type ?? 'Line'],
    Quantity: line.Quantity,
    PricePerItemIncVat: line.UnitPrice,
    PricePerItemExVat: new Decimal(line.UnitPrice).dividedBy(1 + line.VatPercent / 100).toDecimalPlaces(2).toNumber(),
    VatRate: line.VatPercent,
  }));

/** `nb-no` (published) → `nb-NO` (the sandbox's locale). */
const locale = (language: string) => language.replace(/-([a-z]{2})$/i, (_match, region: string) => `-${region.toUpperCase()}`);

export function createInput(request: PublishedCreateOrder): CreateOrderInput {
  const settings: MerchantSettings = {
    TermsUri: request.MerchantTermsUrl,
    ConfirmationUri: request.MerchantConfirmationUrl,
    PushUri: request.MerchantCheckoutStatusPushUrl,
    ...(request.MerchantOrderManagementStatusPushUrl ? { OrderManagementPushUri: request.MerchantOrderManagementStatusPushUrl } : {}),
    ...(request.MerchantOrderValidationUrl ? { CheckoutValidationCallBackUri: request.MerchantOrderValidationUrl } : {}),
  };
  return {
    MerchantReference: request.MerchantReference,
    Currency: request.Currency,
    CountryCode: request.Country,
    Locale: locale(request.Language),
    Cart: { Items: cartLines(request.OrderItems) },
    MerchantSettings: settings,
    ...(request.Recurring !== undefined ? { Recurring: request.Recurring } : {}),
  };
}

export function recurringInput(request: PublishedRecurringOrder): RecurringOrderInput {
  return {
    MerchantReference: request.MerchantReference,
    Currency: request.Currency,
    CountryCode: request.Country,
    ...(request.Language ? { Locale: locale(request.Language) } : {}),
    Cart: { Items: cartLines(request.OrderItems) },
    ...(request.MerchantOrderManagementStatusPushUrl ? { MerchantSettings: { OrderManagementPushUri: request.MerchantOrderManagementStatusPushUrl } } : {}),
  };
}

/** The checkout status push as published (`NotificationType: CustomerCheckoutStatus`). */
export const pushBody = (order: ProviderCOrder, at: Date) => ({
  OrderId: order.OrderId,
  MerchantReference: order.MerchantReference,
  Status: order.CustomerCheckoutStatus,
  Timestamp: at.toISOString(),
  NotificationType: 'CustomerCheckoutStatus',
  PaymentTransactionId: order.OrderId * 10 + 1,
});

const address = (from: PcAddress | null) =>
  from ? { FirstName: from.FirstName, LastName: from.LastName, CareOf: from.CoAddress, Street: from.StreetAddress, PostalCode: from.PostalCode, City: from.City } : null;

/** The validation call as published: the order as the shopper is about to buy it. */
export const validationBody = (order: ProviderCOrder) => ({
  OrderId: order.OrderId,
  MerchantReference: order.MerchantReference,
  Currency: order.Currency,
  TotalPrice: order.OrderAmount,
  Customer: { Email: order.Customer.EmailAddress, MobileNumber: order.Customer.PhoneNumber },
  OrderItems: orderItems(order.Cart.Items),
  ShippingAddress: address(order.ShippingAddress),
  SelectedShippingMethod: order.SelectedShippingOption?.Id ?? null,
});
