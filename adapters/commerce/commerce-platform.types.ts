/**
 * What the commerce platform's API answers and accepts (docs/sandboxes.md, "Commerce API").
 * Amounts are decimals in major units; VAT rates are fractions.
 */

/** The checkout payment method the adapter purchases with (spec, item 9). */
export const CHECKOUT_PAYMENT_METHOD_ID = 239;
/** The external delivery method: delivery managed by the checkout (spec, items 9 and 10). */
export const EXTERNAL_DELIVERY_METHOD_ID = 128;

export interface CommercePrice {
  includingVat: number;
  excludingVat: number;
}

export interface CommerceTotal extends CommercePrice {
  vat?: number;
}

export interface CommerceAddress {
  givenName?: string;
  familyName?: string;
  streetAddress: string;
  streetAddress2?: string;
  postalCode: string;
  city: string;
  region?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone?: string;
  email?: string;
}

export interface Buyer {
  type?: 'person';
  givenName?: string;
  familyName?: string;
  email?: string;
  phone?: string;
  nationalIdentificationNumber?: string;
  billing: CommerceAddress | null;
  shipping: CommerceAddress | null;
}

export interface BasketItem {
  /** The id used in the item path (the checkout's cart item id). */
  id: string;
  sku: string;
  productId: string;
  name: string;
  quantity: number;
  unitPrice: CommercePrice;
  vatRate: number;
  total: CommerceTotal;
  /** Key relative to `application.imageBaseUrl`, or null. */
  image: string | null;
}

export interface BasketDelivery {
  deliveryMethodId: number;
  name: string;
  price: CommercePrice;
  vatRate: number;
  reference: string | null;
}

export interface Basket {
  id: string;
  clientId: number;
  currency: string;
  currencyId: number;
  status: 'open' | 'completed';
  version: number;
  items: BasketItem[];
  itemsTotal: CommerceTotal;
  delivery: BasketDelivery | null;
  total: CommerceTotal;
  hasBuyer: boolean;
  /** The latest commerce order purchased from this basket. */
  orderId: string | null;
}

/** The body of `PUT /api/v1/baskets/{id}/delivery`; only method 128 takes a caller's name and price. */
export interface DeliveryInput {
  deliveryMethodId: number;
  name?: string;
  priceIncVat?: number;
  vatRate?: number;
  reference?: string;
}

export interface PurchaseInput {
  paymentMethodId: number;
  deliveryMethodId: number;
  externalReference?: string;
  buyer?: Buyer;
  delivery?: Omit<DeliveryInput, 'deliveryMethodId'>;
}

export interface PaymentInput {
  amount?: number;
  currency?: string;
  paymentReference?: string;
  externalReference?: string;
}

export interface CommerceOrder {
  id: string;
  basketId: string;
  basketVersion: number;
  clientId: number;
  status: 'pending_payment' | 'paid' | 'cancelled';
  currency: string;
  total: CommerceTotal;
  payment: { paymentMethodId: number; status: 'pending' | 'validated' | 'paid' | 'cancelled'; amount: number | null; reference: string | null };
  externalReference: string | null;
  replacedBy: string | null;
}

/** A delivery method of the commerce platform (`GET /api/v1/delivery-methods`). */
export interface DeliveryMethod {
  id: number;
  name: string;
  type: string;
  priceIncVat: number;
  vatRate: number;
  active: boolean;
}
