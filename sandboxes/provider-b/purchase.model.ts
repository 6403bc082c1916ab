/** Provider B's purchases as the sandbox keeps them, in Avarda Checkout 3's terms (docs/sandboxes.md, "Provider B"). */

/** The purchase mode (Avarda's `mode`): a person's purchase or a company's. */
export type PurchaseMode = 'B2C' | 'B2B';

/**
 * The steps of a purchase the sandbox goes through, named as Avarda's (`step.current`; the full
 * list is Avarda's Magento module's Helper/PurchaseState.php): nothing entered, e-mail and postal
 * code entered, the shopper's details entered, then Completed — or TimedOut when its session ends
 * first (30 minutes after it started).
 */
export type PurchaseStep = 'Initialized' | 'EmailZipEntry' | 'PersonalInfo' | 'Completed' | 'TimedOut';
export const FINAL_STEPS: readonly PurchaseStep[] = ['Completed', 'TimedOut'];

/** A checkbox of Avarda's form as the API names its state (Helper/AvardaCheckBoxTypeValues.php). */
export type CheckboxState = 'Hidden' | 'Unchecked' | 'Checked';

/** One line of a purchase as Avarda Checkout 3 publishes it: amounts are major units incl. VAT **per unit**; `notes` carries the merchant's reference. */
export interface PurchaseItem {
  description: string;
  notes?: string;
  amount: number;
  taxCode?: string;
  taxAmount?: number;
  quantity?: number;
}

/** An address of a purchase, every field Avarda answers (null: not entered). `name` is a company's (B2B), the names a person's. */
export interface PurchaseAddress {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}

/** The delivery address, with its own phone and e-mail (Avarda's Magento module reads both). */
export interface DeliveryAddress extends PurchaseAddress {
  phone: string | null;
  email: string | null;
}

/** The method the shopper chose (`paymentMethods.selectedPayment`). */
export interface SelectedPayment {
  type: string;
  paymentFee: number;
}

/** An option of the sandbox's shipping broker (an Ingrid-like module in the purchase's `Modules`). */
export interface ShippingBrokerOption {
  id: string;
  product: string;
  carrier: string;
  /** Price incl. VAT, major units. */
  price: number;
  /** The VAT in it. */
  taxAmount: number;
}

/** The options the sandbox's form offers (its shipping broker). */
export const SHIPPING_OPTIONS: readonly ShippingBrokerOption[] = [
  { id: 'postal', product: 'Postal', carrier: 'Posten', price: 49, taxAmount: 9.8 },
  { id: 'pickup', product: 'Pick-up point', carrier: 'Posten', price: 0, taxAmount: 0 },
];

/** The payment methods the sandbox's form offers (Avarda's `selectedPayment.type` values, Helper/PaymentMethod.php). */
export const PAYMENT_METHODS = ['Card', 'Invoice', 'DirectPayment'] as const;

/** What the shopper entered in the form (the sandbox's shopper API): merged over what the purchase holds. */
export interface ShopperInput {
  userInputs?: { email?: string; phone?: string };
  invoicingAddress?: Partial<PurchaseAddress>;
  /** A delivery address other than the invoicing one (Avarda's "different delivery address"). */
  deliveryAddress?: Partial<DeliveryAddress>;
  /** Whether the shopper asked to deliver elsewhere; false clears the delivery address. */
  differentDeliveryAddress?: boolean;
  /** One of SHIPPING_OPTIONS by id; null: none chosen. */
  shippingOption?: string | null;
  paymentMethod?: (typeof PAYMENT_METHODS)[number];
  /** The newsletter checkbox, when the form shows it. */
  emailNewsletterSubscription?: boolean;
}

export interface CallbackAttempt {
  url: string;
  at: string;
  status: number | null;
  error: string | null;
}

/** Order management after a completed purchase (the sandbox's bookkeeping: Avarda's purchase read shows none of it). */
export type ManagementStatus = 'none' | 'authorized' | 'delivered' | 'partially_refunded' | 'refunded' | 'cancelled';

export interface Purchase {
  purchaseId: string;
  mode: PurchaseMode;
  step: PurchaseStep;
  /** `extraIdentifiers` as the merchant sent them. */
  extraIdentifiers: Record<string, string>;
  language: string;
  /** The checkout site's (Avarda configures it per client). */
  currency: string;
  country: string;
  items: PurchaseItem[];
  userInputs: { email: string | null; phone: string | null };
  invoicingAddress: PurchaseAddress;
  deliveryAddress: DeliveryAddress;
  /** A company's contact person (B2B). */
  customerInfo: { firstName: string | null; lastName: string | null };
  differentDeliveryAddress: CheckboxState;
  emailNewsletterSubscription: CheckboxState;
  selectedPayment: SelectedPayment | null;
  /** The shipping broker's option the shopper chose. */
  shippingOption: ShippingBrokerOption | null;
  callbackUrl: string | null;
  management: { status: ManagementStatus; authorizedAmount: number; deliveredAmount: number; refundedAmount: number };
  createdUtc: string;
  expiredUtc: string;
  completedUtc: string | null;
  /** The server callbacks the sandbox sent after the purchase (sandbox views only). */
  callbacks: CallbackAttempt[];
  clientId: string;
}

export const emptyAddress = (): PurchaseAddress => ({ name: null, firstName: null, lastName: null, address1: null, address2: null, zip: null, city: null, country: null });
export const emptyDelivery = (): DeliveryAddress => ({ ...emptyAddress(), phone: null, email: null });
