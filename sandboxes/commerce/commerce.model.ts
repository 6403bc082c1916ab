/** Shapes the commerce platform sandbox stores and answers with. Amounts are major units. */

/** An amount with and without VAT, e.g. `{includingVat: 249.9, excludingVat: 199.92}`. */
export interface Price {
  includingVat: number;
  excludingVat: number;
}

/** A total: with and without VAT, and the VAT in it. */
export interface Total extends Price {
  vat: number;
}

/** Postal address, in the checkout spec's customer address shape. */
export interface Address {
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

/** The buyer (customer) of a basket. */
export interface Buyer {
  type: 'person';
  givenName?: string;
  familyName?: string;
  email?: string;
  phone?: string;
  nationalIdentificationNumber?: string;
  billing: Address | null;
  shipping: Address | null;
}

/** A basket line as stored: price incl. VAT and VAT rate as exact decimal strings. */
export interface StoredItem {
  id: string;
  sku: string;
  productId: string;
  name: string;
  quantity: number;
  unitPriceIncVat: string;
  vatRate: string;
  image: string | null;
}

/** Delivery chosen on a basket (a platform method, or 128 with the checkout's shipping). */
export interface StoredDelivery {
  deliveryMethodId: number;
  name: string;
  priceIncVat: string;
  vatRate: string;
  reference: string | null;
}

export type BasketStatus = 'open' | 'completed';

export interface StoredBasket {
  id: string;
  clientId: number;
  currency: string;
  currencyId: number;
  status: BasketStatus;
  /** Increases on every change; a purchase records the version it was made from. */
  version: number;
  items: StoredItem[];
  delivery: StoredDelivery | null;
  buyer: Buyer | null;
  /** The latest commerce order purchased from this basket. */
  orderId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BasketItemView {
  id: string;
  sku: string;
  productId: string;
  name: string;
  quantity: number;
  unitPrice: Price;
  /** Fraction, e.g. 0.25. */
  vatRate: number;
  total: Total;
  /** Image key relative to the configured image base address, or null. */
  image: string | null;
}

export interface DeliveryView {
  deliveryMethodId: number;
  name: string;
  price: Price;
  vatRate: number;
  reference: string | null;
}

export interface BasketView {
  id: string;
  clientId: number;
  currency: string;
  currencyId: number;
  status: BasketStatus;
  version: number;
  items: BasketItemView[];
  itemsTotal: Total;
  delivery: DeliveryView | null;
  total: Total;
  hasBuyer: boolean;
  orderId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentMethod {
  id: number;
  name: string;
  type: 'external' | 'invoice' | 'card';
  active: boolean;
}

export interface DeliveryMethod {
  id: number;
  name: string;
  type: 'external' | 'postal' | 'pickup';
  /** Fixed price of platform methods; the external method takes its price from the checkout. */
  priceIncVat: number;
  vatRate: number;
  active: boolean;
}

export type CommerceOrderStatus = 'pending_payment' | 'paid' | 'cancelled';
export type CommercePaymentStatus = 'pending' | 'validated' | 'paid' | 'cancelled';

export interface CommerceOrder {
  id: string;
  basketId: string;
  basketVersion: number;
  clientId: number;
  status: CommerceOrderStatus;
  currency: string;
  currencyId: number;
  items: BasketItemView[];
  delivery: DeliveryView;
  buyer: Buyer;
  total: Total;
  payment: {
    paymentMethodId: number;
    name: string;
    status: CommercePaymentStatus;
    amount: number | null;
    reference: string | null;
    validatedAt: string | null;
    paidAt: string | null;
  };
  /** The checkout's order id (or any reference the caller passed). */
  externalReference: string | null;
  cancelledReason: string | null;
  replacedBy: string | null;
  createdAt: string;
  updatedAt: string;
}
