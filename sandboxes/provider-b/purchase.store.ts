// The provider B sandbox's purchases in memory: initialize, read, update items, the shopper's input, completion and order management.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { Decimal, isMoney, sumAmounts, toAmount } from '../shared/money.js';
import {
  emptyAddress,
  emptyDelivery,
  FINAL_STEPS,
  SHIPPING_OPTIONS,
  type CheckboxState,
  type DeliveryAddress,
  type Purchase,
  type PurchaseAddress,
  type PurchaseItem,
  type PurchaseMode,
  type ShopperInput,
} from './purchase.model.js';

type Prefill = { customerToken?: string | null; invoicingAddress?: Partial<PurchaseAddress>; deliveryAddress?: Partial<DeliveryAddress>; userInputs?: { email?: string | null; phone?: string | null } };

/** Initialize payment as published (the fields the sandbox models). */
export interface NewPurchase {
  checkoutSetup?: {
    mode?: PurchaseMode;
    language?: string | number;
    /** Where the server callback goes after the purchase (POST, body `{purchaseId}`, no signature). */
    completedNotificationUrl?: string;
    termsAndConditionsUrl?: string;
    differentDeliveryAddress?: CheckboxState;
    emailNewsletterSubscription?: CheckboxState;
  };
  items: PurchaseItem[];
  extraIdentifiers?: Record<string, string | number>;
  b2C?: Prefill;
  b2B?: Prefill;
}

/** Delivered or returned items: the line totals (amount × quantity). */
export const itemsTotal = (items: readonly PurchaseItem[]) => toAmount(sumAmounts(items.map((item) => new Decimal(item.amount).times(item.quantity ?? 1).toNumber())));

/** How long a purchase session lasts before it times out (Avarda: 30 minutes, "Handling session timeout"). */
export const PURCHASE_TTL_MS = 30 * 60 * 1000;
/** The purchase JWT outlives the session by this much, so the form can still read a timed-out purchase (Avarda: 60 minutes, "Handling purchase session"). */
const JWT_TTL_MS = 60 * 60 * 1000;

/**
 * A refusal as Avarda answers it: 400 with its numeric `errorCode` and message (docs.avarda.com,
 * Checkout 3 "Error codes"; 0 is its non-specific error), and the field it is about.
 */
export const refusal = (code: string, errorCode: number, message: string, pointer?: string) => new AppError(400, code, message, { errorCode, ...(pointer ? { pointer } : {}) });

/** Avarda's field limits with their published error codes (Checkout 3 "Error codes" 126–131, 210, 211). */
const LIMITS: ReadonlyArray<{ field: keyof DeliveryAddress; max?: number; pattern?: RegExp; errorCode: number; message: string }> = [
  { field: 'name', max: 40, errorCode: 126, message: 'Name can not be longer than 40 characters.' },
  { field: 'address1', max: 40, errorCode: 127, message: 'Address 1 can not be longer than 40 characters.' },
  { field: 'city', max: 30, errorCode: 128, message: 'City can not be longer than 30 characters.' },
  { field: 'zip', pattern: /^\d{3} ?\d{1,2}$/, errorCode: 129, message: 'Invalid Zip format.' },
  { field: 'firstName', max: 40, errorCode: 130, message: 'First name can not be longer than 40 characters.' },
  { field: 'lastName', max: 40, errorCode: 131, message: 'Last name can not be longer than 40 characters.' },
  { field: 'phone', pattern: /^\+?[0-9 ()-]{5,20}$/, errorCode: 211, message: 'Invalid phone.' },
  { field: 'email', pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, errorCode: 210, message: 'Invalid email.' },
];

function checkAddress<T extends object>(address: T | undefined, pointer: string): T | undefined {
  if (!address) return undefined;
  for (const limit of LIMITS) {
    const value = (address as Record<string, unknown>)[limit.field];
    if (typeof value !== 'string' || value === '') continue;
    if ((limit.max !== undefined && value.length > limit.max) || (limit.pattern && !limit.pattern.test(value))) throw refusal('invalid_field', limit.errorCode, limit.message, `${pointer}/${limit.field}`);
  }
  return address;
}

/** Fields given (an empty string clears one), over what was there. */
const merged = <T extends object>(current: T, input: Partial<T> | undefined): T => {
  if (!input) return current;
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined).map(([key, value]) => [key, value === '' ? null : value]));
  return { ...current, ...given };
};
const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * Provider B's purchases, in memory. Each operation checks and changes a purchase synchronously
 * (no await in between), so two requests never interleave inside one. A purchase not completed
 * times out when its session ends (seen on the next read, by the sandbox's clock).
 */
export class PurchaseStore {
  private readonly purchases = new Map<string, Purchase>();
  private readonly jwtSecret = randomBytes(32);
  /** The order-management request ids (`tranId`) each purchase has applied. */
  private readonly tranIds = new Map<string, Set<string>>();

  constructor(
    private readonly now: () => Date,
    private readonly ttlMs = PURCHASE_TTL_MS,
    /** The checkout site's currency and country: Avarda configures them per client, initialize payment names none. */
    private readonly site = { currency: 'NOK', country: 'NO' },
  ) {}

  create(clientId: string, input: NewPurchase): { purchase: Purchase; jwt: string } {
    const items = checkItems(input.items);
    const mode = input.checkoutSetup?.mode ?? 'B2C';
    const prefill = (mode === 'B2B' ? input.b2B : input.b2C) ?? {};
    const pointer = mode === 'B2B' ? '/b2B' : '/b2C';
    checkAddress(prefill.invoicingAddress, `${pointer}/invoicingAddress`);
    checkAddress(prefill.deliveryAddress, `${pointer}/deliveryAddress`);
    checkAddress(prefill.userInputs, `${pointer}/userInputs`);
    const created = this.now();
    const delivery = merged(emptyDelivery(), prefill.deliveryAddress);
    const setup = input.checkoutSetup ?? {};
    const purchase: Purchase = {
      purchaseId: randomBytes(16).toString('hex'),
      mode,
      step: 'Initialized',
      extraIdentifiers: Object.fromEntries(Object.entries(input.extraIdentifiers ?? {}).map(([key, value]) => [key, String(value)])),
      language: String(setup.language ?? 'English'),
      currency: this.site.currency,
      country: this.site.country,
      items,
      userInputs: { email: prefill.userInputs?.email || null, phone: prefill.userInputs?.phone || null },
      invoicingAddress: merged(emptyAddress(), prefill.invoicingAddress),
      deliveryAddress: delivery,
      customerInfo: { firstName: null, lastName: null },
      differentDeliveryAddress: setup.differentDeliveryAddress ?? (filled(delivery.firstName) ? 'Checked' : 'Unchecked'),
      emailNewsletterSubscription: setup.emailNewsletterSubscription ?? 'Unchecked',
      selectedPayment: null,
      shippingOption: null,
      callbackUrl: setup.completedNotificationUrl ?? null,
      management: { status: 'none', authorizedAmount: 0, deliveredAmount: 0, refundedAmount: 0 },
      createdUtc: created.toISOString(),
      expiredUtc: new Date(created.getTime() + this.ttlMs).toISOString(),
      completedUtc: null,
      callbacks: [],
      clientId,
    };
    // The prefill moves the purchase on as the shopper's own typing would.
    purchase.step = stepOf(purchase);
    this.purchases.set(purchase.purchaseId, purchase);
    return { purchase, jwt: this.jwtFor(purchase, created) };
  }

  /** The purchase (timed out first when its session is over); `clientId` given: only that partner's. */
  get(purchaseId: string, clientId?: string): Purchase {
    const purchase = this.purchases.get(purchaseId);
    if (!purchase || (clientId !== undefined && purchase.clientId !== clientId)) throw notFound(`Purchase ${purchaseId} was not found.`, 'purchase_not_found');
    if (!FINAL_STEPS.includes(purchase.step) && this.now().getTime() >= Date.parse(purchase.expiredUtc)) purchase.step = 'TimedOut';
    return purchase;
  }

  /** How long the purchase's session has left, by the sandbox's clock (0 once over). */
  remainingMs(purchase: Purchase): number {
    return Math.max(0, Date.parse(purchase.expiredUtc) - this.now().getTime());
  }

  list(): Purchase[] {
    return [...this.purchases.keys()].map((id) => this.get(id));
  }

  /** The partner replaces the items (the cart changed); refused once the purchase is final. */
  updateItems(clientId: string, purchaseId: string, items: PurchaseItem[]): Purchase {
    const purchase = this.open(this.get(purchaseId, clientId));
    purchase.items = checkItems(items);
    return purchase;
  }

  /** What the shopper typed in the form (merged over what was there); the step follows what is now entered. */
  setShopper(purchaseId: string, input: ShopperInput): Purchase {
    const purchase = this.open(this.get(purchaseId));
    checkAddress(input.userInputs, '/userInputs');
    checkAddress(input.invoicingAddress, '/invoicingAddress');
    checkAddress(input.deliveryAddress, '/deliveryAddress');
    purchase.userInputs = merged(purchase.userInputs, input.userInputs);
    purchase.invoicingAddress = merged(purchase.invoicingAddress, input.invoicingAddress);
    if (input.differentDeliveryAddress === false) {
      purchase.deliveryAddress = emptyDelivery();
      if (purchase.differentDeliveryAddress === 'Checked') purchase.differentDeliveryAddress = 'Unchecked';
    } else {
      purchase.deliveryAddress = merged(purchase.deliveryAddress, input.deliveryAddress);
      if (input.differentDeliveryAddress === true && purchase.differentDeliveryAddress !== 'Hidden') purchase.differentDeliveryAddress = 'Checked';
    }
    if (input.shippingOption !== undefined) {
      const option = input.shippingOption === null ? null : SHIPPING_OPTIONS.find((candidate) => candidate.id === input.shippingOption);
      if (option === undefined) throw refusal('unknown_shipping_option', 0, `There is no shipping option ${input.shippingOption}.`, '/shippingOption');
      purchase.shippingOption = option;
    }
    if (input.paymentMethod) purchase.selectedPayment = { type: input.paymentMethod, paymentFee: 0 };
    if (input.emailNewsletterSubscription !== undefined && purchase.emailNewsletterSubscription !== 'Hidden') purchase.emailNewsletterSubscription = input.emailNewsletterSubscription ? 'Checked' : 'Unchecked';
    purchase.step = stepOf(purchase);
    return purchase;
  }

  /**
   * The shopper pressed buy and the provider decided: `completed` (authorized for the total) or
   * `declined` — Avarda refuses the chosen method in its form and the shopper may choose another:
   * the purchase stays open, as it was.
   */
  complete(purchaseId: string, outcome: 'completed' | 'declined'): Purchase {
    const purchase = this.open(this.get(purchaseId));
    const missing = missingForCompletion(purchase);
    if (missing.length > 0) throw new AppError(409, 'shopper_data_missing', `The shopper has not entered ${missing.join(', ')} yet.`, { missing });
    if (outcome === 'declined') return purchase;
    purchase.step = 'Completed';
    purchase.completedUtc = this.now().toISOString();
    purchase.management = { status: 'authorized', authorizedAmount: itemsTotal(purchase.items), deliveredAmount: 0, refundedAmount: 0 };
    return purchase;
  }

  /** Order (deliver, capture) the given items: their total, at most what is authorized and not delivered yet. A `tranId` seen before is not applied again. */
  deliver(clientId: string, purchaseId: string, items: PurchaseItem[], tranId?: string): Purchase {
    const purchase = this.completed(this.get(purchaseId, clientId));
    if (this.seen(purchase, tranId)) return purchase;
    const { management } = purchase;
    if (management.status !== 'authorized') throw refusal('not_deliverable', 0, `Purchase ${purchaseId} is ${management.status}; only an authorized purchase can be delivered.`);
    const value = this.amountOf(itemsTotal(checkItems(items)), management.authorizedAmount);
    management.deliveredAmount = value;
    management.status = 'delivered';
    this.remember(purchase, tranId);
    return purchase;
  }

  /** Return (refund) items: their total, at most what was delivered and not refunded yet. */
  refund(clientId: string, purchaseId: string, items: PurchaseItem[], tranId?: string): Purchase {
    const purchase = this.completed(this.get(purchaseId, clientId));
    if (this.seen(purchase, tranId)) return purchase;
    const { management } = purchase;
    if (management.status !== 'delivered' && management.status !== 'partially_refunded') throw refusal('not_refundable', 0, `Purchase ${purchaseId} is ${management.status}; only a delivered purchase can be refunded.`);
    const left = new Decimal(management.deliveredAmount).minus(management.refundedAmount);
    const value = this.amountOf(itemsTotal(checkItems(items)), left.toNumber());
    management.refundedAmount = toAmount(new Decimal(management.refundedAmount).plus(value));
    management.status = new Decimal(management.refundedAmount).equals(management.deliveredAmount) ? 'refunded' : 'partially_refunded';
    this.remember(purchase, tranId);
    return purchase;
  }

  /** Cancel a completed purchase that was not delivered (after delivery: return). */
  cancel(clientId: string, purchaseId: string): Purchase {
    const purchase = this.completed(this.get(purchaseId, clientId));
    if (purchase.management.status === 'cancelled') return purchase;
    if (purchase.management.status !== 'authorized') throw refusal('not_cancellable', 0, `Purchase ${purchaseId} is ${purchase.management.status}; only an authorized purchase can be cancelled.`);
    purchase.management.status = 'cancelled';
    return purchase;
  }

  recordCallback(purchaseId: string, attempt: Purchase['callbacks'][number]): void {
    this.purchases.get(purchaseId)?.callbacks.push(attempt);
  }

  private seen(purchase: Purchase, tranId: string | undefined): boolean {
    return tranId !== undefined && (this.tranIds.get(purchase.purchaseId)?.has(tranId) ?? false);
  }

  private remember(purchase: Purchase, tranId: string | undefined): void {
    if (tranId === undefined) return;
    const known = this.tranIds.get(purchase.purchaseId) ?? new Set<string>();
    known.add(tranId);
    this.tranIds.set(purchase.purchaseId, known);
  }

  /** The purchase JWT (Avarda's claims, "Handling purchase session": sub, jti, PurchaseId, exp), HS256 with the sandbox's own key. */
  private jwtFor(purchase: Purchase, created: Date): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: 'Checkout', jti: randomUUID(), PurchaseId: purchase.purchaseId, exp: Math.floor((created.getTime() + JWT_TTL_MS) / 1000) };
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
    return `${unsigned}.${createHmac('sha256', this.jwtSecret).update(unsigned).digest('base64url')}`;
  }

  private open(purchase: Purchase): Purchase {
    if (FINAL_STEPS.includes(purchase.step)) throw refusal('purchase_final', 0, `Purchase ${purchase.purchaseId} is ${purchase.step}; it can no longer change.`);
    return purchase;
  }

  /** Order management needs a completed purchase (Avarda's error 100). */
  private completed(purchase: Purchase): Purchase {
    if (purchase.step !== 'Completed') throw refusal('purchase_not_completed', 100, 'Purchase must be in completed state.');
    return purchase;
  }

  private amountOf(amount: number, most: number): number {
    if (!isMoney(amount) || amount <= 0) throw refusal('invalid_amount', 0, 'The items must come to a positive amount with at most two decimals.', '/items');
    if (new Decimal(amount).greaterThan(most)) throw refusal('amount_too_large', 0, `The items come to ${amount}, more than the ${most} available.`, '/items');
    return amount;
  }
}

/** Where a purchase's entered data has it: details entered, else e-mail and postal code, else nothing yet. */
function stepOf(purchase: Purchase): Purchase['step'] {
  const address = purchase.invoicingAddress;
  const names = purchase.mode === 'B2B' ? filled(address.name) : filled(address.firstName) && filled(address.lastName);
  if (filled(purchase.userInputs.email) && names && filled(address.address1) && filled(address.zip) && filled(address.city)) return 'PersonalInfo';
  if (filled(purchase.userInputs.email) && filled(address.zip)) return 'EmailZipEntry';
  return 'Initialized';
}

/** What Avarda's form requires before it lets the shopper complete (its required fields, and a method). */
function missingForCompletion(purchase: Purchase): string[] {
  const missing: string[] = [];
  if (!filled(purchase.userInputs.email)) missing.push('an e-mail');
  if (stepOf(purchase) !== 'PersonalInfo') missing.push('a name and invoicing address');
  if (!purchase.selectedPayment) missing.push('a payment method');
  return missing;
}

function checkItems(items: PurchaseItem[]): PurchaseItem[] {
  items.forEach((item, index) => {
    for (const field of ['amount', 'taxAmount'] as const) {
      if (item[field] !== undefined && !isMoney(item[field])) throw refusal('invalid_amount', 0, 'Maximum number of decimal places allowed is 2.', `/items/${index}/${field}`);
    }
  });
  return items.map((item) => ({ ...item }));
}
