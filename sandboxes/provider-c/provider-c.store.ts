import { randomBytes } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { Decimal, isMoney, sumAmounts, toAmount } from '../shared/money.js';
import type { CartLine, CheckoutStatus, MerchantSettings, PcAddress, PcCustomer, PendingReason, ProviderCMerchant, ProviderCOrder, RecurringToken, ShippingOption } from './provider-c.model.js';

/** Orders a recurring token may create per day (UTC) in production mode. */
export const RECURRING_DAILY_LIMIT = 3;

export interface CreateOrderInput {
  MerchantReference: string;
  Currency: string;
  CountryCode: string;
  Locale: string;
  Cart: { Items: CartLine[] };
  MerchantSettings: MerchantSettings;
  Recurring?: boolean;
}

export type RecurringOrderInput = Omit<CreateOrderInput, 'Recurring' | 'MerchantSettings' | 'Locale'> & {
  Locale?: string;
  MerchantSettings?: Partial<MerchantSettings>;
};

/** What the shopper typed into the iframe (`PUT /api/sandbox/orders/{id}/shopper`). */
export interface ShopperInput {
  customer?: {
    isCompany?: boolean;
    companyName?: string;
    email?: string;
    phoneNumber?: string;
    firstName?: string;
    lastName?: string;
    streetAddress?: string;
    coAddress?: string;
    postalCode?: string;
    city?: string;
    countryCode?: string;
  };
  shippingAddress?: { firstName?: string; lastName?: string; streetAddress?: string; coAddress?: string; postalCode?: string; city?: string; countryCode?: string };
  shippingOption?: { id: string; name: string; price: number };
}

const emptyCustomer = (): PcCustomer => ({ IsCompany: false, CompanyName: null, EmailAddress: null, PhoneNumber: null });

function address(input: { firstName?: string; lastName?: string; streetAddress?: string; coAddress?: string; postalCode?: string; city?: string; countryCode?: string }, fallbackCountry: string): PcAddress {
  const value = (text: string | undefined) => (text === undefined || text === '' ? null : text);
  const result: PcAddress = {
    FirstName: value(input.firstName),
    LastName: value(input.lastName),
    StreetAddress: value(input.streetAddress),
    CoAddress: value(input.coAddress),
    PostalCode: value(input.postalCode),
    City: value(input.city),
    CountryCode: value(input.countryCode) ?? fallbackCountry,
    AddressLines: [],
  };
  result.AddressLines = [result.StreetAddress, result.CoAddress, [result.PostalCode, result.City].filter(Boolean).join(' ') || null].filter((line): line is string => !!line);
  return result;
}

/**
 * Provider C's merchants, checkout orders and recurring tokens, in memory. Every operation checks
 * and changes state synchronously, so parallel requests (two token orders at once) cannot slip
 * past the daily limit.
 */
export class ProviderCStore {
  private readonly merchants = new Map<string, ProviderCMerchant>();
  private readonly orders = new Map<number, ProviderCOrder>();
  private readonly tokens = new Map<string, RecurringToken>();
  private nextOrderId = 8_000_001;

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

  create(merchantId: string, input: CreateOrderInput, snippetFor: (orderId: number) => string): ProviderCOrder {
    const merchant = this.requireMerchant(merchantId);
    const shippingIntegration = merchant.shippingIntegration;
    if (input.Recurring && shippingIntegration) throw recurringWithShipping();
    const at = this.now().toISOString();
    const OrderId = this.nextOrderId++;
    const order: ProviderCOrder = {
      OrderId,
      MerchantId: merchantId,
      MerchantReference: input.MerchantReference,
      Currency: input.Currency,
      CountryCode: input.CountryCode,
      Locale: input.Locale,
      ...totals(input.Cart.Items),
      MerchantSettings: { ...input.MerchantSettings },
      CustomerCheckoutStatus: 'InProcess',
      PendingReason: null,
      PendingResolution: null,
      Customer: emptyCustomer(),
      BillingAddress: null,
      ShippingAddress: null,
      SelectedShippingOption: null,
      Recurring: input.Recurring ?? false,
      RecurringToken: null,
      ShippingIntegration: shippingIntegration,
      ValidationTimeoutApproves: merchant.validationTimeoutApproves ?? true,
      OrderHtmlSnippet: snippetFor(OrderId),
      CreatedAt: at,
      UpdatedAt: at,
      CompletedAt: null,
    };
    this.orders.set(OrderId, order);
    return structuredClone(order);
  }

  /** The merchant's order; another merchant's is 404 like a missing one. */
  get(orderId: number, merchantId?: string): ProviderCOrder {
    const order = this.orders.get(orderId);
    if (!order || (merchantId !== undefined && order.MerchantId !== merchantId)) throw notFound(`Order ${orderId} was not found.`, 'order_not_found');
    return structuredClone(order);
  }

  list(): ProviderCOrder[] {
    return [...this.orders.values()].map((order) => structuredClone(order));
  }

  /** The merchant changes the cart while the shopper is still in the checkout. */
  updateCart(merchantId: string, orderId: number, cart: { Items: CartLine[] }): ProviderCOrder {
    const order = this.live(orderId, merchantId);
    if (order.CustomerCheckoutStatus !== 'InProcess') throw notInProcess(order);
    Object.assign(order, totals(cart.Items), { UpdatedAt: this.now().toISOString() });
    return structuredClone(order);
  }

  setShopper(orderId: number, input: ShopperInput): ProviderCOrder {
    const order = this.live(orderId);
    if (order.CustomerCheckoutStatus !== 'InProcess') throw notInProcess(order);
    if (input.customer) {
      const c = input.customer;
      order.Customer = {
        IsCompany: c.isCompany ?? order.Customer.IsCompany,
        CompanyName: c.companyName ?? order.Customer.CompanyName,
        EmailAddress: c.email ?? order.Customer.EmailAddress,
        PhoneNumber: c.phoneNumber ?? order.Customer.PhoneNumber,
      };
      order.BillingAddress = address(c, order.CountryCode);
      if (!input.shippingAddress) order.ShippingAddress = { ...order.BillingAddress, AddressLines: [...order.BillingAddress.AddressLines] };
    }
    if (input.shippingAddress) order.ShippingAddress = address(input.shippingAddress, order.CountryCode);
    if (input.shippingOption) {
      if (!isMoney(input.shippingOption.price)) throw badRequest('invalid_amount', 'shippingOption.price must have at most two decimals.', [{ pointer: '/shippingOption/price' }]);
      const option: ShippingOption = { Id: input.shippingOption.id, Name: input.shippingOption.name, Price: input.shippingOption.price };
      order.SelectedShippingOption = option;
    }
    order.UpdatedAt = this.now().toISOString();
    return structuredClone(order);
  }

  /** Checks an order can be purchased now (in process, customer entered). */
  assertPurchasable(orderId: number): ProviderCOrder {
    const order = this.live(orderId);
    if (order.CustomerCheckoutStatus !== 'InProcess') throw notInProcess(order);
    const missing = [
      ...(order.Customer.EmailAddress ? [] : ['email']),
      ...(order.BillingAddress?.StreetAddress && order.BillingAddress.PostalCode && order.BillingAddress.City ? [] : ['address']),
    ];
    if (missing.length > 0) throw badRequest('customer_incomplete', `The shopper has not entered: ${missing.join(', ')}.`, missing.map((field) => ({ field })));
    return structuredClone(order);
  }

  /** The purchase's outcome after an approved validation. */
  finish(orderId: number, status: Exclude<CheckoutStatus, 'InProcess'>, pendingReason: PendingReason | null): ProviderCOrder {
    const order = this.live(orderId);
    if (order.CustomerCheckoutStatus !== 'InProcess') throw notInProcess(order);
    order.CustomerCheckoutStatus = status;
    order.PendingReason = status === 'OnHold' ? (pendingReason ?? 'AwaitingProvider') : null;
    this.settle(order);
    return structuredClone(order);
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
    this.settle(order);
    return structuredClone(order);
  }

  createToken(merchantId: string, customer?: ShopperInput['customer']): RecurringToken {
    this.requireMerchant(merchantId);
    const billing = address(customer ?? { firstName: 'Rita', lastName: 'Recurring', streetAddress: 'Tokenveien 3', postalCode: '0150', city: 'Oslo', countryCode: 'NO' }, 'NO');
    const token: RecurringToken = {
      Token: `rt_${randomBytes(12).toString('hex')}`,
      MerchantId: merchantId,
      Customer: { IsCompany: customer?.isCompany ?? false, CompanyName: customer?.companyName ?? null, EmailAddress: customer?.email ?? 'rita@example.com', PhoneNumber: customer?.phoneNumber ?? '+4799999999' },
      BillingAddress: billing,
      ShippingAddress: { ...billing, AddressLines: [...billing.AddressLines] },
      CreatedAt: this.now().toISOString(),
      Orders: [],
    };
    this.tokens.set(token.Token, token);
    return structuredClone(token);
  }

  token(token: string, merchantId?: string): RecurringToken {
    const found = this.tokens.get(token);
    if (!found || (merchantId !== undefined && found.MerchantId !== merchantId)) throw notFound(`Recurring token ${token} was not found.`, 'token_not_found');
    return structuredClone(found);
  }

  /**
   * An order from a saved token, no shopper involved: completed at once with the token's
   * addresses. Refused with a shipping-provider integration, and — in production mode — when
   * the token already made three orders today (UTC, the sandbox's clock).
   */
  recurringOrder(merchantId: string, tokenValue: string, input: RecurringOrderInput, snippetFor: (orderId: number) => string): ProviderCOrder {
    const merchant = this.requireMerchant(merchantId);
    const token = this.tokens.get(tokenValue);
    if (!token || token.MerchantId !== merchantId) throw notFound(`Recurring token ${tokenValue} was not found.`, 'token_not_found');
    if (merchant.shippingIntegration) throw recurringWithShipping();
    const today = this.now().toISOString().slice(0, 10);
    const usedToday = token.Orders.filter((entry) => entry.CreatedAt.slice(0, 10) === today).length;
    if (merchant.mode === 'production' && usedToday >= RECURRING_DAILY_LIMIT) {
      throw new AppError(429, 'recurring_limit_reached', `Recurring token ${tokenValue} has already made ${usedToday} orders today; at most ${RECURRING_DAILY_LIMIT} per day are allowed in production.`, {
        limit: RECURRING_DAILY_LIMIT,
        usedToday,
      });
    }
    const created = this.create(merchantId, {
      ...input,
      Locale: input.Locale ?? 'en-US',
      MerchantSettings: { TermsUri: '', ConfirmationUri: '', PushUri: '', ...input.MerchantSettings },
    }, snippetFor);
    const order = this.orders.get(created.OrderId)!;
    order.Customer = { ...token.Customer };
    order.BillingAddress = structuredClone(token.BillingAddress);
    order.ShippingAddress = structuredClone(token.ShippingAddress);
    order.CustomerCheckoutStatus = 'Completed';
    order.RecurringToken = token.Token;
    order.CompletedAt = order.CreatedAt;
    token.Orders.push({ OrderId: order.OrderId, CreatedAt: order.CreatedAt });
    return structuredClone(order);
  }

  private settle(order: ProviderCOrder): void {
    const at = this.now().toISOString();
    order.UpdatedAt = at;
    if (order.CustomerCheckoutStatus !== 'Completed') return;
    order.CompletedAt = at;
    if (order.Recurring && !order.RecurringToken) {
      const customerInput = {
        isCompany: order.Customer.IsCompany,
        ...(order.Customer.EmailAddress ? { email: order.Customer.EmailAddress } : {}),
        ...(order.Customer.PhoneNumber ? { phoneNumber: order.Customer.PhoneNumber } : {}),
        firstName: order.BillingAddress?.FirstName ?? undefined,
        lastName: order.BillingAddress?.LastName ?? undefined,
        streetAddress: order.BillingAddress?.StreetAddress ?? undefined,
        postalCode: order.BillingAddress?.PostalCode ?? undefined,
        city: order.BillingAddress?.City ?? undefined,
        countryCode: order.BillingAddress?.CountryCode ?? undefined,
      };
      order.RecurringToken = this.createToken(order.MerchantId, customerInput).Token;
    }
  }

  private live(orderId: number, merchantId?: string): ProviderCOrder {
    const order = this.orders.get(orderId);
    if (!order || (merchantId !== undefined && order.MerchantId !== merchantId)) throw notFound(`Order ${orderId} was not found.`, 'order_not_found');
    return order;
  }

  private requireMerchant(merchantId: string): ProviderCMerchant {
    const merchant = this.merchants.get(merchantId);
    if (!merchant) throw notFound(`Merchant ${merchantId} is not known.`, 'merchant_not_found');
    return merchant;
  }
}

/** Order amount and VAT from the lines (exact decimals; each line's VAT from its incl. price). */
function totals(items: CartLine[]): Pick<ProviderCOrder, 'Cart' | 'OrderAmount' | 'VatAmount'> {
  items.forEach((line, index) => {
    if (!isMoney(line.UnitPrice)) throw badRequest('invalid_amount', `Cart.Items[${index}].UnitPrice must have at most two decimals.`, [{ pointer: `/Cart/Items/${index}/UnitPrice` }]);
  });
  const lineTotal = (line: CartLine) => new Decimal(line.UnitPrice).times(line.Quantity);
  const amount = sumAmounts(items.map(lineTotal));
  const vat = sumAmounts(items.map((line) => {
    const total = lineTotal(line);
    return total.minus(total.dividedBy(new Decimal(1).plus(new Decimal(line.VatPercent).dividedBy(100)))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  }));
  return { Cart: { Items: items.map((line) => ({ ...line })) }, OrderAmount: toAmount(amount), VatAmount: toAmount(vat) };
}

const notInProcess = (order: ProviderCOrder) =>
  new AppError(409, 'order_not_in_process', `Order ${order.OrderId} is ${order.CustomerCheckoutStatus}; it can no longer change.`, { status: order.CustomerCheckoutStatus });

const recurringWithShipping = () =>
  badRequest('recurring_with_shipping_integration', 'Recurring orders cannot be combined with a shipping-provider integration.');
