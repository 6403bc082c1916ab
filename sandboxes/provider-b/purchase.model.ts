/** Provider B's purchases as the sandbox keeps them and answers them (docs/sandboxes.md, "Provider B"). */

/** Where a purchase is: the shopper's steps, then an end. `TimedOut` when its JWT expired first. */
export type PurchaseStep = 'Initiated' | 'ShopperDataEntered' | 'Completed' | 'Declined' | 'TimedOut';
export const FINAL_STEPS: readonly PurchaseStep[] = ['Completed', 'Declined', 'TimedOut'];

/** Order management after a completed purchase. */
export type ManagementStatus = 'none' | 'authorized' | 'delivered' | 'partially_refunded' | 'refunded' | 'cancelled';

/** One line of a purchase as Avarda Checkout 3 publishes it: amounts are major units incl. VAT **per unit**; `notes` carries the merchant's reference. */
export interface PurchaseItem {
  description: string;
  notes?: string;
  amount: number;
  taxCode?: string;
  taxAmount?: number;
  quantity?: number;
}

export interface ShopperCustomer {
  type?: 'person' | 'company';
  email?: string;
  phone?: string;
  givenName?: string;
  familyName?: string;
  nationalIdentificationNumber?: string;
}

export interface PurchaseAddress {
  givenName?: string;
  familyName?: string;
  streetAddress?: string;
  streetAddress2?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  phone?: string;
  email?: string;
}

export interface ShippingOption {
  id: string;
  name: string;
  /** Price incl. VAT, major units. */
  amount: number;
  /** VAT as a fraction (0.25). */
  vatRate?: number;
  carrier?: string;
}

export interface ShopperInput {
  customer?: ShopperCustomer;
  deliveryAddress?: PurchaseAddress;
  invoicingAddress?: PurchaseAddress;
  shippingOption?: ShippingOption;
  paymentMethod?: string;
  /** Consents the shopper gave in the checkout (newsletter, terms). */
  consents?: Record<string, boolean>;
}

export interface CallbackAttempt {
  url: string;
  at: string;
  status: number | null;
  error: string | null;
}

export interface Purchase {
  purchaseId: string;
  merchantReference: string;
  currency: string;
  language: string;
  items: PurchaseItem[];
  totalAmount: number;
  currentStep: PurchaseStep;
  customer: ShopperCustomer | null;
  deliveryAddress: PurchaseAddress | null;
  invoicingAddress: PurchaseAddress | null;
  shippingOption: ShippingOption | null;
  paymentMethod: string | null;
  consents: Record<string, boolean>;
  callbackUrl: string | null;
  management: {
    status: ManagementStatus;
    authorizedAmount: number;
    deliveredAmount: number;
    refundedAmount: number;
  };
  createdUtc: string;
  expiredUtc: string;
  completedUtc: string | null;
  /** The server callbacks the sandbox sent after the purchase (inspection only, not in the partner API). */
  callbacks: CallbackAttempt[];
  clientId: string;
}
