import { randomUUID } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { Decimal, isMoney } from '../shared/money.js';
import { itemProblem, itemsTotal, type PublishedCreateOrder, type PublishedMerchantPayment, type PublishedUpdateOrder } from './merchant-api.mapper.js';
import {
  PAYMENT_METHODS,
  type CheckoutStatus,
  type CustomerAddress,
  type OrderItem,
  type PaymentTransaction,
  type PendingReason,
  type ProviderCMerchant,
  type ProviderCOrder,
  type SavedCreditCard,
  type TransactionStatus,
} from './provider-c.model.js';

/** Payments a saved card may make per day (UTC) in production mode (the spec's limit). */
export const RECURRING_DAILY_LIMIT = 3;

/** What the shopper entered in the checkout (`PUT /api/sandbox/orders/{id}/shopper`, the sandbox's own). */
export interface ShopperInput {
  customer?: {
    isCompany?: boolean;
    companyName?: string;
    email?: string;
    phoneNumber?: string;
    personalNumber?: string;
    firstName?: string;
    lastName?: string;
    streetAddress?: string;
    coAddress?: string;
    postalCode?: string;
    city?: string;
  };
  shippingAddress?: { firstName?: string; lastName?: string; streetAddress?: string; coAddress?: string; postalCode?: string; city?: string };
  /** The `MerchantReference` of one of the order's `AvailableShippingMethods`. */
  shippingMethod?: string;
  paymentMethod?: keyof typeof PAYMENT_METHODS;
}

const text = (value: string | undefined) => (value === undefined || value === '' ? null : value);

function addressOf(input: { firstName?: string; lastName?: string; streetAddress?: string; coAddress?: string; postalCode?: string; city?: string; companyName?: string }): CustomerAddress {
  return { FirstName: text(input.firstName), LastName: text(input.lastName), CareOf: text(input.coAddress), CompanyName: text(input.companyName), Street: text(input.streetAddress), PostalCode: text(input.postalCode), City: text(input.city) };
}

/**
 * Provider C's merchants, orders (checkout orders and merchant payments) and saved cards, in
 * memory. Every operation checks and changes state synchronously, so parallel requests (two
 * merchant payments at once) cannot slip past the daily limit.
 */
export class ProviderCStore {
  private readonly merchants = new Map<string, ProviderCMerchant>();
  private readonly orders = new Map<number, ProviderCOrder>();
  private readonly cards = new Map<string, SavedCreditCard>();
  private nextOrderId = 8_000_001;
  private nextTransactionId = 5_000_001;

  constructor(
    private readonly now: () => Date,
    merchants: ProviderCMerchant[],
  ) {
    for (const merchant of merchants) this.merchants.set(merchant.merchantId, { ...merchant });
  }

  merchant(merchantId: string): ProviderCMerchant | undefined {
    return this.merchants.get(merchantId);
  }

  /** Every merchant (a request without `MerchantApiKey` is matched by the secret its token was made with). */
  allMerchants(): ProviderCMerchant[] {
    return [...this.merchants.values()];
  }

  addMerchant(merchant: ProviderCMerchant): ProviderCMerchant {
    if (this.merchants.has(merchant.merchantId)) throw new AppError(409, 'merchant_exists', `Merchant ${merchant.merchantId} already exists.`);
    this.merchants.set(merchant.merchantId, { ...merchant });
    return { ...merchant };
  }

  /** A checkout order; what the merchant already knows of the shopper (`CustomerInformation`) is where the checkout starts. */
  create(merchantId: string, request: PublishedCreateOrder, snippetFor: (orderId: number) => string): ProviderCOrder {
    const merchant = this.requireMerchant(merchantId);
    checkItems(request.OrderItems, request.AvailableShippingMethods);
    const { MerchantApiKey: _key, MerchantReference, Currency, Country, Language, OrderItems, CustomerInformation, AvailableShippingMethods, RequireIdentityVerification, ...rest } = request;
    const urls = Object.fromEntries(Object.entries(rest).filter(([name, value]) => name.endsWith('Url') && typeof value === 'string' && value !== ''));
    const prefill = CustomerInformation ?? null;
    const known = prefill && (prefill.Email || prefill.MobileNumber || prefill.Address);
    const billing = prefill?.Address ? { ...prefill.Address } : null;
    const order = this.insert(merchantId, {
      kind: 'checkout',
      MerchantReference,
      Currency,
      Country,
      Language,
      OrderItems,
      RequireIdentityVerification: RequireIdentityVerification ?? false,
      Urls: urls,
      CustomerInformation: prefill,
      AvailableShippingMethods: AvailableShippingMethods ?? [],
      Customer: known ? { Email: prefill.Email ?? null, MobileNumber: prefill.MobileNumber ?? null, PersonalNumber: prefill.PersonalNumber ?? null, JuridicalType: prefill.JuridicalType ?? 'Physical' } : null,
      BillingAddress: billing,
      ShippingAddress: prefill?.ShippingAddress ? { ...prefill.ShippingAddress } : billing ? { ...billing } : null,
      ValidationTimeoutApproves: merchant.validationTimeoutApproves ?? true,
    }, snippetFor);
    return structuredClone(order);
  }

  /** The merchant's order; another merchant's is 404 like a missing one. */
  get(orderId: number, merchantId?: string): ProviderCOrder {
    return structuredClone(this.live(orderId, merchantId));
  }

  /** The merchant's order by its `MerchantReference` (the newest when several). */
  byReference(merchantId: string, reference: string): ProviderCOrder {
    const found = [...this.orders.values()].filter((order) => order.MerchantId === merchantId && order.MerchantReference === reference).at(-1);
    if (!found) throw notFound(`No order has MerchantReference ${reference}.`, 'order_not_found');
    return structuredClone(found);
  }

  list(): ProviderCOrder[] {
    return [...this.orders.values()].map((order) => structuredClone(order));
  }

  /** The merchant changes the items (and the shipping methods offered) while the shopper is still in the checkout. */
  update(merchantId: string, orderId: number, request: PublishedUpdateOrder): ProviderCOrder {
    const order = this.live(orderId, merchantId);
    if (order.kind !== 'checkout' || order.CustomerCheckoutStatus !== 'InProcess') throw notInProcess(order);
    checkItems(request.OrderItems, request.AvailableShippingMethods);
    order.OrderItems = structuredClone(request.OrderItems);
    order.TotalPrice = itemsTotal(order.OrderItems);
    if (request.AvailableShippingMethods) order.AvailableShippingMethods = structuredClone(request.AvailableShippingMethods);
    if (request.RequireIdentityVerification !== undefined) order.RequireIdentityVerification = request.RequireIdentityVerification;
    order.UpdatedAt = this.now().toISOString();
    return structuredClone(order);
  }

  /** What the shopper entered or chose in the checkout; a shipping method chosen becomes the order's shipping item. */
  setShopper(orderId: number, input: ShopperInput): ProviderCOrder {
    const order = this.live(orderId);
    if (order.CustomerCheckoutStatus !== 'InProcess') throw notInProcess(order);
    if (input.customer) {
      const c = input.customer;
      const company = c.isCompany ?? order.Customer?.JuridicalType === 'Company';
      order.Customer = {
        Email: c.email ?? order.Customer?.Email ?? null,
        MobileNumber: c.phoneNumber ?? order.Customer?.MobileNumber ?? null,
        PersonalNumber: c.personalNumber ?? order.Customer?.PersonalNumber ?? null,
        JuridicalType: company ? 'Company' : 'Physical',
      };
      order.BillingAddress = addressOf({ ...c, companyName: company ? c.companyName : undefined });
      if (!input.shippingAddress) order.ShippingAddress = { ...order.BillingAddress };
    }
    if (input.shippingAddress) order.ShippingAddress = addressOf(input.shippingAddress);
    if (input.shippingMethod !== undefined) {
      const method = order.AvailableShippingMethods.find((candidate) => candidate.MerchantReference === input.shippingMethod);
      if (!method) throw badRequest('invalid_request', `The merchant offers no shipping method ${input.shippingMethod}.`, [{ pointer: '/shippingMethod' }]);
      const vat = method.PriceExVat > 0 ? new Decimal(method.PriceIncVat).dividedBy(method.PriceExVat).minus(1).times(100).toDecimalPlaces(2).toNumber() : 0;
      const item: OrderItem = { MerchantReference: method.MerchantReference, Description: method.DisplayName, Type: 'Shipping', Quantity: 1, PricePerItemIncVat: method.PriceIncVat, PricePerItemExVat: method.PriceExVat, VatRate: vat };
      order.OrderItems = [...order.OrderItems.filter((line) => line.Type !== 'Shipping'), item];
      order.TotalPrice = itemsTotal(order.OrderItems);
      order.SelectedShippingMethod = method.MerchantReference;
    }
    if (input.paymentMethod) order.PaymentMethod = { PaymentMethodName: PAYMENT_METHODS[input.paymentMethod], PaymentTypeCode: null };
    order.UpdatedAt = this.now().toISOString();
    return structuredClone(order);
  }

  /** Checks an order can be purchased now (in process, the customer's email and address entered). */
  assertPurchasable(orderId: number): ProviderCOrder {
    const order = this.live(orderId);
    if (order.kind !== 'checkout' || order.CustomerCheckoutStatus !== 'InProcess') throw notInProcess(order);
    const missing = [...(order.Customer?.Email ? [] : ['email']), ...(order.BillingAddress?.Street && order.BillingAddress.PostalCode && order.BillingAddress.City ? [] : ['address'])];
    if (missing.length > 0) throw badRequest('customer_incomplete', `Please enter your ${missing.join(' and ')}.`, missing.map((field) => ({ field })));
    if (!order.PaymentMethod) order.PaymentMethod = { PaymentMethodName: PAYMENT_METHODS.card, PaymentTypeCode: null };
    return structuredClone(order);
  }

  /** The purchase's outcome after an approved validation: its payment transaction, and a saved card when the shopper paid by card and the merchant asked for one. */
  finish(orderId: number, status: Exclude<CheckoutStatus, 'InProcess'>, pendingReason: PendingReason | null): { order: ProviderCOrder; card: SavedCreditCard | null } {
    const order = this.live(orderId);
    if (order.CustomerCheckoutStatus !== 'InProcess') throw notInProcess(order);
    order.CustomerCheckoutStatus = status;
    order.PendingReason = status === 'OnHold' ? (pendingReason ?? 'AwaitingProvider') : null;
    const method = order.PaymentMethod?.PaymentMethodName ?? PAYMENT_METHODS.card;
    order.PaymentTransactions.push(this.transaction(order, status === 'Completed' ? 'Success' : status === 'OnHold' ? 'OnHold' : 'Error', method));
    let card: SavedCreditCard | null = null;
    if (status === 'Completed' && method === PAYMENT_METHODS.card && order.Urls.MerchantSavedCreditCardPushUrl) {
      card = this.saveCard(order.MerchantId);
      order.SavedCreditCardId = card.Id;
    }
    this.touch(order, status === 'Completed');
    return { order: structuredClone(order), card };
  }

  /** A pending (OnHold) purchase accepted or declined by the provider. */
  resolve(orderId: number, decision: 'accepted' | 'declined'): ProviderCOrder {
    const order = this.live(orderId);
    if (order.CustomerCheckoutStatus !== 'OnHold') {
      throw new AppError(409, 'order_not_on_hold', `Order ${orderId} is ${order.CustomerCheckoutStatus}; only an OnHold order can be resolved.`, { status: order.CustomerCheckoutStatus });
    }
    order.CustomerCheckoutStatus = decision === 'accepted' ? 'Completed' : 'Refused';
    order.PendingReason = null;
    order.PendingResolution = decision;
    const last = order.PaymentTransactions.at(-1);
    if (last) last.Status = decision === 'accepted' ? 'Success' : 'Cancelled';
    this.touch(order, decision === 'accepted');
    return structuredClone(order);
  }

  /** A card a shopper saved (the sandbox operator's way to have one without a purchase). */
  saveCard(merchantId: string): SavedCreditCard {
    this.requireMerchant(merchantId);
    const card: SavedCreditCard = { Id: randomUUID(), MerchantId: merchantId, CardBrandName: 'Visa', CardBin: '411111', CardLast4Digits: '1111', ExpiryMonth: '12', ExpiryYear: '2030', CreatedAt: this.now().toISOString(), Payments: [] };
    this.cards.set(card.Id, card);
    return structuredClone(card);
  }

  savedCard(id: string): SavedCreditCard {
    const card = this.cards.get(id);
    if (!card) throw notFound(`Saved card ${id} was not found.`, 'saved_card_not_found');
    return structuredClone(card);
  }

  /**
   * A merchant payment (a recurring charge, no shopper): a saved card is charged at once (its
   * transaction `Success`). Refused with a shipping-provider integration, for a card the merchant
   * has not saved, and — in production mode — when the card already paid three times today
   * (UTC, the sandbox's clock).
   */
  merchantPayment(merchantId: string, request: PublishedMerchantPayment, snippetFor: (orderId: number) => string): ProviderCOrder {
    const merchant = this.requireMerchant(merchantId);
    checkItems(request.OrderItems);
    if (merchant.shippingIntegration) throw badRequest('operation_not_supported', 'Merchant payments cannot be combined with a shipping-provider integration.');
    if (request.PaymentMethod.Name !== PAYMENT_METHODS.card) throw badRequest('operation_not_supported', 'The sandbox charges saved cards only (PaymentMethod.Name CREDITCARDS).');
    const card = request.PaymentMethod.MerchantSavedCreditCardId ? this.cards.get(request.PaymentMethod.MerchantSavedCreditCardId) : undefined;
    if (!card || card.MerchantId !== merchantId) throw badRequest('invalid_request', `MerchantSavedCreditCardId ${request.PaymentMethod.MerchantSavedCreditCardId ?? '(none)'} is not a card of this merchant.`);
    const today = this.now().toISOString().slice(0, 10);
    const usedToday = card.Payments.filter((entry) => entry.CreatedAt.slice(0, 10) === today).length;
    if (merchant.mode === 'production' && usedToday >= RECURRING_DAILY_LIMIT) {
      throw new AppError(400, 'recurring_limit_reached', `The saved card has already paid ${usedToday} times today; at most ${RECURRING_DAILY_LIMIT} per day are allowed in production.`, { limit: RECURRING_DAILY_LIMIT, usedToday });
    }
    const customer = request.Customer;
    const order = this.insert(merchantId, {
      kind: 'merchantPayment',
      MerchantReference: request.MerchantReference,
      Currency: request.Currency,
      Country: request.Country,
      Language: request.Language,
      OrderItems: request.OrderItems,
      Urls: { MerchantOrderManagementStatusPushUrl: request.MerchantOrderManagementStatusPushUrl },
      Customer: customer ? { Email: customer.Email ?? null, MobileNumber: customer.MobileNumber ?? null, PersonalNumber: customer.PersonalNumber ?? null, JuridicalType: customer.JuridicalType ?? 'Physical' } : null,
      BillingAddress: request.BillingAddress ?? null,
      ShippingAddress: request.ShippingAddress ?? request.BillingAddress ?? null,
      PaymentMethod: { PaymentMethodName: PAYMENT_METHODS.card, PaymentTypeCode: null },
      SavedCreditCardId: card.Id,
    }, snippetFor);
    order.CustomerCheckoutStatus = 'Completed';
    order.PaymentTransactions.push(this.transaction(order, 'Success', PAYMENT_METHODS.card));
    this.touch(order, true);
    card.Payments.push({ OrderId: order.OrderId, CreatedAt: order.CreatedAt });
    return structuredClone(order);
  }

  private insert(merchantId: string, fields: Partial<ProviderCOrder> & Pick<ProviderCOrder, 'kind' | 'MerchantReference' | 'Currency' | 'Country' | 'Language' | 'OrderItems' | 'Urls'>, snippetFor: (orderId: number) => string): ProviderCOrder {
    const at = this.now().toISOString();
    const OrderId = this.nextOrderId++;
    const order: ProviderCOrder = {
      OrderId,
      MerchantId: merchantId,
      TotalPrice: itemsTotal(fields.OrderItems),
      CustomerCheckoutStatus: 'InProcess',
      Customer: null,
      BillingAddress: null,
      ShippingAddress: null,
      PaymentMethod: null,
      SignupForNewsletter: false,
      RequireIdentityVerification: false,
      CustomerInformation: null,
      AvailableShippingMethods: [],
      SelectedShippingMethod: null,
      PaymentTransactions: [],
      PendingReason: null,
      PendingResolution: null,
      SavedCreditCardId: null,
      ValidationTimeoutApproves: true,
      OrderHtmlSnippet: snippetFor(OrderId),
      CreatedAt: at,
      UpdatedAt: at,
      CompletedAt: null,
      ...structuredClone(fields),
    };
    this.orders.set(OrderId, order);
    return order;
  }

  private transaction(order: ProviderCOrder, status: TransactionStatus, method: string): PaymentTransaction {
    return { PaymentTransactionId: this.nextTransactionId++, Type: 'Preauthorization', Amount: order.TotalPrice, Currency: order.Currency, Status: status, PaymentMethodName: method };
  }

  private touch(order: ProviderCOrder, completed: boolean): void {
    order.UpdatedAt = this.now().toISOString();
    if (completed) order.CompletedAt = order.UpdatedAt;
  }

  private live(orderId: number, merchantId?: string): ProviderCOrder {
    const order = this.orders.get(orderId);
    if (!order || (merchantId !== undefined && order.MerchantId !== merchantId)) throw notFound(`Order ${orderId} was not found.`, 'order_not_found');
    return order;
  }

  private requireMerchant(merchantId: string): ProviderCMerchant {
    const merchant = this.merchants.get(merchantId);
    if (!merchant) throw notFound(`Merchant ${merchantId} is not known.`, 'merchant_mismatch');
    return merchant;
  }
}

/** Items and shipping methods by the published rules: at most two decimals, each item's price rule. */
function checkItems(items: readonly OrderItem[], methods: ReadonlyArray<{ PriceIncVat: number; PriceExVat: number }> = []): void {
  items.forEach((item, index) => {
    for (const field of ['PricePerItemIncVat', 'PricePerItemExVat'] as const) {
      if (!isMoney(item[field])) throw badRequest('invalid_request', `OrderItems[${index}].${field} must have at most two decimals.`, [{ pointer: `/OrderItems/${index}/${field}` }]);
    }
    const problem = itemProblem(item);
    if (problem) throw badRequest('invalid_request', `OrderItems[${index}]: ${problem}.`, [{ pointer: `/OrderItems/${index}` }]);
  });
  methods.forEach((method, index) => {
    if (!isMoney(method.PriceIncVat) || !isMoney(method.PriceExVat) || method.PriceIncVat < method.PriceExVat || method.PriceExVat < 0) {
      throw badRequest('invalid_request', `AvailableShippingMethods[${index}] needs PriceIncVat at least PriceExVat, both 0 or more with at most two decimals.`, [{ pointer: `/AvailableShippingMethods/${index}` }]);
    }
  });
}

const notInProcess = (order: ProviderCOrder) =>
  badRequest('operation_not_supported', `The order is ${order.CustomerCheckoutStatus}; it can no longer change.`, [{ status: order.CustomerCheckoutStatus }]);

