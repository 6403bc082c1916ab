import { randomUUID } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import type {
  CustomerToken,
  FraudStatus,
  ManagedOrder,
  OrderInput,
  OrderLine,
  OrderUpdate,
  ProviderAddress,
  ProviderOrder,
  ShippingOption,
  TokenOrderInput,
} from './provider-a.model.js';

/** A refusal the provider API answers in its own shape (provider-a-errors.ts). */
const refused = (status: number, code: string, message: string) => new AppError(status, code, message);

/** The amounts must add up, in minor units, as the provider checks them. */
export function assertAmounts(input: { order_amount: number; order_tax_amount: number; order_lines: OrderLine[] }): void {
  for (const [index, line] of input.order_lines.entries()) {
    const expected = line.quantity * line.unit_price - (line.total_discount_amount ?? 0);
    if (line.total_amount !== expected) {
      throw badRequest('bad_value', `order_lines[${index}].total_amount is ${line.total_amount}, not quantity × unit_price − total_discount_amount (${expected}).`, [{ pointer: `/order_lines/${index}/total_amount` }]);
    }
  }
  const amount = input.order_lines.reduce((sum, line) => sum + line.total_amount, 0);
  const tax = input.order_lines.reduce((sum, line) => sum + line.total_tax_amount, 0);
  if (amount !== input.order_amount) throw badRequest('bad_value', `order_amount is ${input.order_amount}, not the sum of the lines (${amount}).`, [{ pointer: '/order_amount' }]);
  if (tax !== input.order_tax_amount) throw badRequest('bad_value', `order_tax_amount is ${input.order_tax_amount}, not the sum of the lines' tax (${tax}).`, [{ pointer: '/order_tax_amount' }]);
}

/** The shipping line the sandbox keeps in step with the selected option (type `shipping_fee`). */
export const shippingLine = (option: ShippingOption): OrderLine => ({
  type: 'shipping_fee',
  reference: option.id,
  name: option.name,
  quantity: 1,
  unit_price: option.price,
  tax_rate: option.tax_rate,
  total_amount: option.price,
  total_tax_amount: option.tax_amount,
});

/** The merchant's lines with the selected option's shipping_fee line added, and the amounts grown by it. */
function withShippingFee(order: { order_amount: number; order_tax_amount: number; order_lines: OrderLine[] }, selected: ShippingOption | null) {
  if (!selected) return {};
  return { order_lines: [...order.order_lines, shippingLine(selected)], order_amount: order.order_amount + selected.price, order_tax_amount: order.order_tax_amount + selected.tax_amount };
}

const DEFAULT_TOKEN_ADDRESS: ProviderAddress = { given_name: 'Rita', family_name: 'Recurring', email: 'rita@example.com', street_address: 'Storgatan 1', postal_code: '11122', city: 'Stockholm', country: 'SE' };

/**
 * Checkout orders, their order-management side and customer tokens, in memory. Every operation
 * checks and changes state synchronously, so concurrent calls are serialised by the event loop.
 */
export class ProviderAStore {
  private readonly orders = new Map<string, ProviderOrder>();
  private readonly tokens = new Map<string, CustomerToken>();

  constructor(private readonly now: () => Date) {}

  /**
   * A new checkout order. With shipping options the selected (preselected) option is added as a
   * `shipping_fee` line, and order_amount and order_tax_amount grow by its price and tax, as the
   * provider does: the merchant's lines are the cart without shipping.
   */
  create(input: OrderInput): ProviderOrder {
    assertAmounts(input);
    const options = input.shipping_options ?? [];
    const selected = options.find((option) => option.preselected) ?? null;
    const order: ProviderOrder = {
      order_id: randomUUID(),
      status: 'checkout_incomplete',
      purchase_country: input.purchase_country,
      purchase_currency: input.purchase_currency,
      locale: input.locale,
      order_amount: input.order_amount,
      order_tax_amount: input.order_tax_amount,
      order_lines: input.order_lines.map((line) => ({ ...line })),
      merchant_urls: { ...input.merchant_urls },
      shipping_options: options.map((option) => ({ ...option })),
      shipping_countries: input.shipping_countries ?? [],
      selected_shipping_option: selected,
      recurring: input.recurring ?? false,
      recurring_token: null,
      merchant_reference1: input.merchant_reference1 ?? null,
      merchant_reference2: input.merchant_reference2 ?? null,
      billing_address: input.billing_address ?? null,
      shipping_address: input.shipping_address ?? null,
      customer_token: null,
      created_at: this.now().toISOString(),
      completed_at: null,
      management: null,
    };
    Object.assign(order, withShippingFee(order, selected));
    this.orders.set(order.order_id, order);
    return this.copy(order);
  }

  get(orderId: string): ProviderOrder {
    return this.copy(this.order(orderId));
  }

  /** A bought order (404 before the shopper bought: order management does not know it yet). */
  getManaged(orderId: string): ProviderOrder {
    this.managed(this.order(orderId));
    return this.get(orderId);
  }

  /** A merchant update of an open checkout; refused once the shopper bought. */
  update(orderId: string, update: OrderUpdate): ProviderOrder {
    const order = this.open(orderId);
    const next = { ...order, ...update, merchant_urls: { ...order.merchant_urls, ...update.merchant_urls } } as ProviderOrder;
    if (update.shipping_options) {
      const selected = order.selected_shipping_option && update.shipping_options.find((option) => option.id === order.selected_shipping_option!.id);
      next.selected_shipping_option = selected ?? update.shipping_options.find((option) => option.preselected) ?? null;
    }
    // New lines are the merchant's cart: the selected option's shipping_fee line is added to them (as on create).
    assertAmounts(next);
    if (update.order_lines) Object.assign(next, withShippingFee(next, next.shipping_options.length > 0 ? next.selected_shipping_option : null));
    this.orders.set(orderId, next);
    return this.copy(next);
  }

  /** The shopper picked an option (before the merchant answered with the new amounts). */
  selectShipping(orderId: string, optionId: string): ProviderOrder {
    const order = this.open(orderId);
    const option = order.shipping_options.find((candidate) => candidate.id === optionId);
    if (!option) throw badRequest('unknown_shipping_option', `Order ${orderId} offers no shipping option ${optionId}.`, { options: order.shipping_options.map((o) => o.id) });
    order.selected_shipping_option = { ...option };
    return this.copy(order);
  }

  /** The new amounts for the selected option: the merchant's answer, or the sandbox's own when there is no merchant URL. */
  applyAmounts(orderId: string, amounts: { order_amount: number; order_tax_amount: number; order_lines: OrderLine[] }): ProviderOrder {
    const order = this.open(orderId);
    assertAmounts(amounts);
    Object.assign(order, { order_amount: amounts.order_amount, order_tax_amount: amounts.order_tax_amount, order_lines: amounts.order_lines.map((line) => ({ ...line })) });
    return this.copy(order);
  }

  /** Lines with the shipping line replaced by the selected option's (the sandbox's own arithmetic). */
  linesWithShipping(orderId: string): { order_amount: number; order_tax_amount: number; order_lines: OrderLine[] } {
    const order = this.order(orderId);
    const lines = order.order_lines.filter((line) => line.type !== 'shipping_fee');
    if (order.selected_shipping_option) lines.push(shippingLine(order.selected_shipping_option));
    return { order_amount: lines.reduce((s, l) => s + l.total_amount, 0), order_tax_amount: lines.reduce((s, l) => s + l.total_tax_amount, 0), order_lines: lines };
  }

  setCustomer(orderId: string, billing: ProviderAddress, shipping: ProviderAddress | null): ProviderOrder {
    const order = this.open(orderId);
    order.billing_address = { ...billing };
    order.shipping_address = shipping ? { ...shipping } : { ...billing };
    return this.copy(order);
  }

  /** The merchant approved the purchase: the checkout completes and the order is authorized. */
  complete(orderId: string, fraudStatus: FraudStatus): ProviderOrder {
    const order = this.open(orderId);
    order.status = 'checkout_complete';
    order.completed_at = this.now().toISOString();
    order.management = this.authorized(fraudStatus);
    if (order.recurring) order.recurring_token = this.createToken({ billingAddress: order.billing_address ?? DEFAULT_TOKEN_ADDRESS }).token;
    return this.copy(order);
  }

  setFraudStatus(orderId: string, fraudStatus: FraudStatus): ProviderOrder {
    this.managed(this.order(orderId)).fraud_status = fraudStatus;
    return this.get(orderId);
  }

  acknowledge(orderId: string): void {
    this.managed(this.order(orderId)).acknowledged = true;
  }

  capture(orderId: string, amount: number, description?: string): string {
    const order = this.order(orderId);
    const managed = this.managed(order);
    if (managed.status === 'CANCELLED') throw refused(403, 'capture_not_allowed', `Order ${orderId} is cancelled.`);
    if (managed.fraud_status !== 'ACCEPTED') throw refused(403, 'capture_not_allowed', `Order ${orderId} has fraud status ${managed.fraud_status}; only ACCEPTED orders can be captured.`);
    const remaining = order.order_amount - managed.captured_amount;
    if (amount <= 0 || amount > remaining) throw refused(403, 'capture_not_allowed', `Order ${orderId} has ${remaining} left to capture, not ${amount}.`);
    const capture = { capture_id: randomUUID(), captured_amount: amount, ...(description ? { description } : {}), captured_at: this.now().toISOString() };
    managed.captures.push(capture);
    managed.captured_amount += amount;
    managed.status = managed.captured_amount === order.order_amount ? 'CAPTURED' : 'PART_CAPTURED';
    return capture.capture_id;
  }

  refund(orderId: string, amount: number, description?: string): string {
    const managed = this.managed(this.order(orderId));
    const refundable = managed.captured_amount - managed.refunded_amount;
    if (amount <= 0 || amount > refundable) throw refused(403, 'refund_not_allowed', `Order ${orderId} has ${refundable} captured and not refunded, not ${amount}.`);
    const refund = { refund_id: randomUUID(), refunded_amount: amount, ...(description ? { description } : {}), refunded_at: this.now().toISOString() };
    managed.refunds.push(refund);
    managed.refunded_amount += amount;
    return refund.refund_id;
  }

  /** Cancels an authorization; refused (403) once anything was captured. Cancelling again is a no-op. */
  cancel(orderId: string): void {
    const managed = this.managed(this.order(orderId));
    if (managed.status === 'CANCELLED') return;
    if (managed.captured_amount > 0) throw refused(403, 'cancel_not_allowed', `Order ${orderId} is ${managed.status.toLowerCase().replace('_', ' ')}; a captured order cannot be cancelled.`);
    managed.status = 'CANCELLED';
  }

  setMerchantReferences(orderId: string, references: { merchant_reference1?: string; merchant_reference2?: string }): void {
    const order = this.order(orderId);
    this.managed(order);
    if (references.merchant_reference1 !== undefined) order.merchant_reference1 = references.merchant_reference1;
    if (references.merchant_reference2 !== undefined) order.merchant_reference2 = references.merchant_reference2;
  }

  createToken(input: { fraudStatus?: FraudStatus; billingAddress?: ProviderAddress }): CustomerToken {
    const token: CustomerToken = { token: randomUUID(), status: 'ACTIVE', fraud_status: input.fraudStatus ?? 'ACCEPTED', billing_address: input.billingAddress ?? DEFAULT_TOKEN_ADDRESS, created_at: this.now().toISOString() };
    this.tokens.set(token.token, token);
    return { ...token };
  }

  /** An order placed with a customer token: authorized at once (captured too with `auto_capture`). */
  tokenOrder(tokenId: string, input: TokenOrderInput): ProviderOrder {
    const token = this.tokens.get(tokenId);
    if (!token || token.status !== 'ACTIVE') throw notFound(`Customer token ${tokenId} was not found or is not active.`, 'token_not_found');
    assertAmounts(input);
    const order = this.create({
      purchase_country: token.billing_address.country ?? 'SE',
      purchase_currency: input.purchase_currency,
      locale: 'en-US',
      order_amount: input.order_amount,
      order_tax_amount: input.order_tax_amount,
      order_lines: input.order_lines,
      merchant_urls: { terms: 'about:blank', checkout: 'about:blank', confirmation: 'about:blank', push: 'about:blank' },
      ...(input.merchant_reference1 ? { merchant_reference1: input.merchant_reference1 } : {}),
      ...(input.merchant_reference2 ? { merchant_reference2: input.merchant_reference2 } : {}),
      billing_address: token.billing_address,
      shipping_address: token.billing_address,
    });
    const stored = this.order(order.order_id);
    stored.customer_token = tokenId;
    stored.status = 'checkout_complete';
    stored.completed_at = this.now().toISOString();
    stored.management = this.authorized(token.fraud_status);
    if (input.auto_capture && token.fraud_status === 'ACCEPTED') this.capture(order.order_id, order.order_amount, 'auto capture');
    return this.get(order.order_id);
  }

  /** A new authorization. */
  private authorized(fraudStatus: FraudStatus): ManagedOrder {
    return { status: 'AUTHORIZED', fraud_status: fraudStatus, acknowledged: false, captured_amount: 0, refunded_amount: 0, captures: [], refunds: [] };
  }

  private order(orderId: string): ProviderOrder {
    const order = this.orders.get(orderId);
    if (!order) throw notFound(`Order ${orderId} was not found.`, 'not_found');
    return order;
  }

  private open(orderId: string): ProviderOrder {
    const order = this.order(orderId);
    if (order.status !== 'checkout_incomplete') throw refused(403, 'read_only_order', `Order ${orderId} is ${order.status}; it can no longer be changed.`);
    return order;
  }

  private managed(order: ProviderOrder): ManagedOrder {
    if (!order.management) throw notFound(`Order ${order.order_id} has not been bought yet; order management knows it once it is complete.`, 'not_found');
    return order.management;
  }

  private copy(order: ProviderOrder): ProviderOrder {
    return structuredClone(order);
  }
}
