/**
 * The order document both sides of the adapter boundary read and write: the spec's Order, as
 * `schemas/order.schema.json` describes it (order.types.test.ts checks the two agree).
 */

/** The order's statuses; the moves between them are the engine's (order-state.machine.ts). */
export const ORDER_STATUSES = ['checkout', 'processing', 'accepted', 'completed', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The parts of the order hooks subscribe to and target. */
export const ORDER_PARTS = ['/state', '/consents', '/customer', '/cart', '/shippings', '/payments'] as const;
export type OrderPart = (typeof ORDER_PARTS)[number];

/** Amounts are decimals in major units (249.9). */
export interface Amount {
  includingVat: number;
  excludingVat: number;
}

export interface Hook {
  id: string;
  adapterId: string;
  subscribeTo: OrderPart;
  target?: OrderPart;
  invoke: string;
}

export interface Notification {
  id: string;
  adapterId?: string;
  reference?: string;
  description?: string;
  /** JSON pointer into the order, e.g. /state/currentStatus. */
  scope: string;
  /** JSON Schema (2020-12) the new value at `scope` must satisfy for the notification to fire. */
  schema: Record<string, unknown> | boolean;
  invoke: string;
}

export interface Validation {
  id: string;
  adapterId: string;
  url: string;
}

export interface PaymentDocument {
  id: string;
  adapterId: string;
  state: string;
  amount: number;
  reference?: string;
  name?: string;
  currency?: string;
  type?: string;
  merchant?: string;
  channel?: string;
  orderId?: string;
  upperLimitAmount?: number;
  attributes?: Record<string, unknown>;
  actions?: Array<{ adapterId?: string; type: string; url: string }>;
  recurring?: { token?: string; attributes?: Record<string, unknown> };
  callbacks?: Partial<Record<'process' | 'abort' | 'confirm' | 'amountChanged' | 'capture' | 'cancel' | 'refund' | 'refresh', string>>;
  [field: string]: unknown;
}

export interface Address {
  type?: string;
  givenName?: string;
  familyName?: string;
  streetAddress?: string;
  streetAddress2?: string;
  postalCode?: string;
  city?: string;
  region?: string;
  country?: string;
  phone?: string;
  email?: string;
  nationalIdentificationNumber?: string;
  attributes?: Record<string, unknown>;
}

export interface CartItem {
  id: string;
  [field: string]: unknown;
}

export interface Shipping {
  id: string;
  total?: Amount;
  [field: string]: unknown;
}

/** The order as stored in `orders.document` and answered by the REST shims (the spec's Order). */
export interface OrderDocument {
  id: string;
  merchant: string;
  channel: string;
  state: { currentStatus: OrderStatus; transitions: Array<{ status: OrderStatus; timeStamp: string }> };
  culture?: string;
  currency: string;
  country?: string;
  reference?: string;
  cart: { reference?: string; items: CartItem[]; total: Amount; attributes?: Record<string, unknown> };
  shippings: Shipping[];
  payments: PaymentDocument[];
  customer: { type?: string; billing?: Address; shipping?: Address };
  consents?: unknown;
  validations: Validation[];
  hooks: Hook[];
  notifications: Notification[];
  total: Amount;
}

export type OrderCart = OrderDocument['cart'];
