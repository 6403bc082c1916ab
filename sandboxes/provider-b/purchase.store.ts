import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { Decimal, isMoney, sumAmounts, toAmount } from '../shared/money.js';
import { FINAL_STEPS, type Purchase, type PurchaseItem, type ShopperInput } from './purchase.model.js';

/** Initialize payment as published (the fields the sandbox models). */
export interface NewPurchase {
  checkoutSetup?: { mode?: 'B2C' | 'B2B'; language?: string; /** Where the server callback goes after the purchase (POST, body `{purchaseId}`, no signature). */ completedNotificationUrl?: string };
  items: PurchaseItem[];
  extraIdentifiers?: { orderReference?: string };
}

/** Delivered or returned items: the line totals (amount × quantity). */
export const itemsTotal = (items: readonly PurchaseItem[]) => toAmount(sumAmounts(items.map((item) => new Decimal(item.amount).times(item.quantity ?? 1).toNumber())));

/** How long a purchase's JWT (and so the purchase) lives before it times out. */
export const PURCHASE_TTL_MS = 60 * 60 * 1000;

const conflict = (code: string, message: string, details?: unknown) => new AppError(409, code, message, details);

/**
 * Provider B's purchases, in memory. Each operation checks and changes a purchase synchronously
 * (no await in between), so two requests never interleave inside one. A purchase that is not
 * final times out when its JWT expires (seen on the next read, by the sandbox's clock).
 */
export class PurchaseStore {
  private readonly purchases = new Map<string, Purchase>();
  private readonly jwtSecret = randomBytes(32);
  /** The order-management request ids (`tranId`) each purchase has applied. */
  private readonly tranIds = new Map<string, Set<string>>();

  constructor(
    private readonly now: () => Date,
    private readonly ttlMs = PURCHASE_TTL_MS,
    /** The site's currency: Avarda configures it per client, initialize payment names none. */
    private readonly currency = 'NOK',
  ) {}

  create(clientId: string, input: NewPurchase): { purchase: Purchase; jwt: string } {
    const items = checkItems(input.items);
    const created = this.now();
    const purchase: Purchase = {
      purchaseId: randomUUID(),
      merchantReference: input.extraIdentifiers?.orderReference ?? '',
      currency: this.currency,
      language: input.checkoutSetup?.language ?? 'English',
      items,
      totalAmount: total(items),
      currentStep: 'Initiated',
      customer: null,
      deliveryAddress: null,
      invoicingAddress: null,
      shippingOption: null,
      paymentMethod: null,
      consents: {},
      callbackUrl: input.checkoutSetup?.completedNotificationUrl ?? null,
      management: { status: 'none', authorizedAmount: 0, deliveredAmount: 0, refundedAmount: 0 },
      createdUtc: created.toISOString(),
      expiredUtc: new Date(created.getTime() + this.ttlMs).toISOString(),
      completedUtc: null,
      callbacks: [],
      clientId,
    };
    this.purchases.set(purchase.purchaseId, purchase);
    return { purchase, jwt: this.jwtFor(purchase) };
  }

  /** The purchase (timed out first when its time is over); `clientId` given: only that partner's. */
  get(purchaseId: string, clientId?: string): Purchase {
    const purchase = this.purchases.get(purchaseId);
    if (!purchase || (clientId !== undefined && purchase.clientId !== clientId)) throw notFound(`Purchase ${purchaseId} was not found.`, 'purchase_not_found');
    if (!FINAL_STEPS.includes(purchase.currentStep) && this.now().getTime() >= Date.parse(purchase.expiredUtc)) purchase.currentStep = 'TimedOut';
    return purchase;
  }

  list(): Purchase[] {
    return [...this.purchases.keys()].map((id) => this.get(id));
  }

  /** The partner replaces the items (the cart changed); refused once the purchase is final. */
  updateItems(clientId: string, purchaseId: string, items: PurchaseItem[]): Purchase {
    const purchase = this.open(this.get(purchaseId, clientId));
    purchase.items = checkItems(items);
    purchase.totalAmount = total(purchase.items);
    return purchase;
  }

  /** What the shopper typed in the embedded checkout (merged over what was there). */
  setShopper(purchaseId: string, input: ShopperInput): Purchase {
    const purchase = this.open(this.get(purchaseId));
    if (input.customer) purchase.customer = { ...purchase.customer, ...input.customer };
    if (input.deliveryAddress) purchase.deliveryAddress = { ...purchase.deliveryAddress, ...input.deliveryAddress };
    if (input.invoicingAddress) purchase.invoicingAddress = { ...purchase.invoicingAddress, ...input.invoicingAddress };
    if (input.shippingOption) {
      if (!isMoney(input.shippingOption.amount)) throw badRequest('invalid_amount', 'shippingOption.amount must have at most two decimals.', [{ pointer: '/shippingOption/amount' }]);
      purchase.shippingOption = input.shippingOption;
    }
    if (input.paymentMethod) purchase.paymentMethod = input.paymentMethod;
    if (input.consents) purchase.consents = { ...purchase.consents, ...input.consents };
    purchase.currentStep = 'ShopperDataEntered';
    return purchase;
  }

  /** The shopper pressed buy and the provider decided: `Completed` (authorized for the total) or `Declined`. */
  complete(purchaseId: string, outcome: 'completed' | 'declined'): Purchase {
    const purchase = this.open(this.get(purchaseId));
    if (outcome === 'declined') {
      purchase.currentStep = 'Declined';
      return purchase;
    }
    const missing = [!purchase.customer?.email && 'customer.email', !purchase.deliveryAddress?.postalCode && 'deliveryAddress', !purchase.paymentMethod && 'paymentMethod'].filter(Boolean);
    if (missing.length > 0) throw conflict('shopper_data_missing', `The shopper has not entered ${missing.join(', ')} yet.`, { missing });
    purchase.currentStep = 'Completed';
    purchase.completedUtc = this.now().toISOString();
    purchase.management = { status: 'authorized', authorizedAmount: purchase.totalAmount, deliveredAmount: 0, refundedAmount: 0 };
    return purchase;
  }

  /** Order (deliver, capture) the given items: their total, at most what is authorized and not delivered yet. A `tranId` seen before is not applied again. */
  deliver(clientId: string, purchaseId: string, items: PurchaseItem[], tranId?: string): Purchase {
    const purchase = this.get(purchaseId, clientId);
    if (this.seen(purchase, tranId)) return purchase;
    const { management } = purchase;
    if (management.status !== 'authorized') throw conflict('not_deliverable', `Purchase ${purchaseId} is ${management.status}; only an authorized purchase can be delivered.`);
    const value = this.amountOf(itemsTotal(checkItems(items)), management.authorizedAmount, '/items');
    management.deliveredAmount = value;
    management.status = 'delivered';
    this.remember(purchase, tranId);
    return purchase;
  }

  /** Return (refund) items: their total, at most what was delivered and not refunded yet. */
  refund(clientId: string, purchaseId: string, items: PurchaseItem[], tranId?: string): Purchase {
    const purchase = this.get(purchaseId, clientId);
    if (this.seen(purchase, tranId)) return purchase;
    const { management } = purchase;
    if (management.status !== 'delivered' && management.status !== 'partially_refunded') {
      throw conflict('not_refundable', `Purchase ${purchaseId} is ${management.status}; only a delivered purchase can be refunded.`);
    }
    const left = new Decimal(management.deliveredAmount).minus(management.refundedAmount);
    const value = this.amountOf(itemsTotal(checkItems(items)), left.toNumber(), '/items');
    management.refundedAmount = toAmount(new Decimal(management.refundedAmount).plus(value));
    management.status = new Decimal(management.refundedAmount).equals(management.deliveredAmount) ? 'refunded' : 'partially_refunded';
    this.remember(purchase, tranId);
    return purchase;
  }

  /** Cancel an authorized purchase that was not delivered (after delivery: return). */
  cancel(clientId: string, purchaseId: string): Purchase {
    const purchase = this.get(purchaseId, clientId);
    if (purchase.management.status === 'cancelled') return purchase;
    if (purchase.management.status !== 'authorized') throw conflict('not_cancellable', `Purchase ${purchaseId} is ${purchase.management.status}; only an authorized purchase can be cancelled.`);
    purchase.management.status = 'cancelled';
    return purchase;
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

  recordCallback(purchaseId: string, attempt: Purchase['callbacks'][number]): void {
    this.purchases.get(purchaseId)?.callbacks.push(attempt);
  }

  /** A JWT for the embedded checkout: `{purchaseId, exp}`, HS256 with the sandbox's own key. */
  private jwtFor(purchase: Purchase): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ purchaseId: purchase.purchaseId, exp: Math.floor(Date.parse(purchase.expiredUtc) / 1000) })}`;
    return `${unsigned}.${createHmac('sha256', this.jwtSecret).update(unsigned).digest('base64url')}`;
  }

  private open(purchase: Purchase): Purchase {
    if (FINAL_STEPS.includes(purchase.currentStep)) throw conflict('purchase_final', `Purchase ${purchase.purchaseId} is ${purchase.currentStep}; it can no longer change.`, { currentStep: purchase.currentStep });
    return purchase;
  }

  private amountOf(amount: number, most: number, pointer: string): number {
    if (!isMoney(amount) || amount <= 0) throw badRequest('invalid_amount', 'amount must be positive with at most two decimals.', [{ pointer }]);
    if (new Decimal(amount).greaterThan(most)) throw conflict('amount_too_large', `amount ${amount} is more than the ${most} available.`, { available: most });
    return amount;
  }
}

function checkItems(items: PurchaseItem[]): PurchaseItem[] {
  items.forEach((item, index) => {
    for (const field of ['amount', 'taxAmount'] as const) {
      if (item[field] !== undefined && !isMoney(item[field])) throw badRequest('invalid_amount', `items[${index}].${field} must have at most two decimals.`, [{ pointer: `/items/${index}/${field}` }]);
    }
  });
  return items.map((item) => ({ ...item }));
}

const total = (items: PurchaseItem[]) => itemsTotal(items);
