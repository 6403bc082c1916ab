/**
 * What the provider A sandbox stores and answers (docs/sandboxes.md, "Provider A"): a hosted
 * checkout order and, once the shopper bought, its order-management side. Field names follow the
 * provider's conventions (snake_case); amounts are integer minor units, tax rates basis points.
 */

export interface OrderLine {
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

export interface MerchantUrls {
  terms: string;
  checkout: string;
  confirmation: string;
  push: string;
  validation?: string;
  shipping_option_update?: string;
  /** Fraud-risk decisions on pending orders (`{order_id, event_type}`). */
  notification?: string;
}

export interface ShippingOption {
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

export type CheckoutStatus = 'checkout_incomplete' | 'checkout_complete';
export type FraudStatus = 'ACCEPTED' | 'PENDING' | 'REJECTED';
export type ManagementStatus = 'AUTHORIZED' | 'PART_CAPTURED' | 'CAPTURED' | 'CANCELLED';

export interface Capture {
  capture_id: string;
  captured_amount: number;
  description?: string;
  captured_at: string;
}

export interface Refund {
  refund_id: string;
  refunded_amount: number;
  description?: string;
  refunded_at: string;
}

/** One call the sandbox made to a merchant URL, and what came back. */
export interface MerchantCall {
  kind: 'validation' | 'shipping_option_update' | 'push' | 'notification';
  url: string;
  at: string;
  attempt: number;
  /** HTTP status; null while the call is in flight, or when there was no answer (then `error` says why). */
  status: number | null;
  answer?: unknown;
  error?: string;
}

/** The order-management side of a bought order (`GET /ordermanagement/v1/orders/{id}`). */
export interface ManagedOrder {
  status: ManagementStatus;
  fraud_status: FraudStatus;
  acknowledged: boolean;
  captured_amount: number;
  refunded_amount: number;
  captures: Capture[];
  refunds: Refund[];
}

export interface ProviderOrder {
  order_id: string;
  status: CheckoutStatus;
  purchase_country: string;
  purchase_currency: string;
  locale: string;
  order_amount: number;
  order_tax_amount: number;
  order_lines: OrderLine[];
  merchant_urls: MerchantUrls;
  shipping_options: ShippingOption[];
  shipping_countries: string[];
  selected_shipping_option: ShippingOption | null;
  recurring: boolean;
  /** Issued when a recurring checkout completes; the checkout order carries it (order management does not). */
  recurring_token: string | null;
  merchant_reference1: string | null;
  merchant_reference2: string | null;
  billing_address: ProviderAddress | null;
  shipping_address: ProviderAddress | null;
  /** Set for orders placed with a customer token (no shopper, no hosted page). */
  customer_token: string | null;
  created_at: string;
  completed_at: string | null;
  management: ManagedOrder | null;
}

/** A customer token for recurring orders (`POST /customer-token/v1/tokens/{token}/order`). */
export interface CustomerToken {
  token: string;
  status: 'ACTIVE' | 'CANCELLED';
  /** Fraud status every order placed with the token gets (tests pick PENDING or REJECTED). */
  fraud_status: FraudStatus;
  billing_address: ProviderAddress;
  created_at: string;
}

/** The order fields a merchant sends on create and update. */
export interface OrderInput {
  purchase_country: string;
  purchase_currency: string;
  locale: string;
  order_amount: number;
  order_tax_amount: number;
  order_lines: OrderLine[];
  merchant_urls: MerchantUrls;
  shipping_options?: ShippingOption[];
  shipping_countries?: string[];
  recurring?: boolean;
  merchant_reference1?: string;
  merchant_reference2?: string;
  billing_address?: ProviderAddress;
  shipping_address?: ProviderAddress;
}

export type OrderUpdate = Partial<Omit<OrderInput, 'merchant_urls' | 'recurring' | 'purchase_currency'>> & { merchant_urls?: Partial<MerchantUrls> };

export interface TokenOrderInput {
  purchase_currency: string;
  order_amount: number;
  order_tax_amount: number;
  order_lines: OrderLine[];
  merchant_reference1?: string;
  merchant_reference2?: string;
  auto_capture?: boolean;
}
