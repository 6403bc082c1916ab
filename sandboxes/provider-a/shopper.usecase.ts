import { AppError } from '../../platform/errors/app-error.js';
import { fillOrderId, type MerchantAnswer, type MerchantCalls } from './merchant-calls.js';
import { checkoutOrder, shippingUpdateView } from './provider-a.views.js';
import type { FraudStatus, OrderLine, ProviderAddress, ProviderOrder } from './provider-a.model.js';
import type { ProviderAStore } from './provider-a.store.js';

/** The shopper's details as the shopper API takes them (the platform's address field names). */
export interface ShopperCustomer {
  givenName?: string;
  familyName?: string;
  email?: string;
  phone?: string;
  streetAddress?: string;
  streetAddress2?: string;
  postalCode?: string;
  city?: string;
  region?: string;
  country?: string;
}

export type PurchaseOutcome = { status: 'checkout_complete'; redirectUrl: string } | { status: 'refused'; message: string; redirectUrl: string };

/** Who buys when the shopper gives no details (tests, a quick click-through). */
export const DEFAULT_SHOPPER: ShopperCustomer = {
  givenName: 'Sam',
  familyName: 'Shopper',
  email: 'sam.shopper@example.com',
  phone: '+46700000000',
  streetAddress: 'Testgatan 1',
  postalCode: '11122',
  city: 'Stockholm',
  country: 'SE',
};

export function toProviderAddress(customer: ShopperCustomer): ProviderAddress {
  const fields: Array<[keyof ShopperCustomer, keyof ProviderAddress]> = [
    ['givenName', 'given_name'],
    ['familyName', 'family_name'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['streetAddress', 'street_address'],
    ['streetAddress2', 'street_address2'],
    ['postalCode', 'postal_code'],
    ['city', 'city'],
    ['region', 'region'],
    ['country', 'country'],
  ];
  return Object.fromEntries(fields.filter(([from]) => customer[from]).map(([from, to]) => [to, customer[from]]));
}

const isAmounts = (value: unknown): value is { order_amount: number; order_tax_amount: number; order_lines: OrderLine[] } => {
  const body = value as { order_amount?: unknown; order_tax_amount?: unknown; order_lines?: unknown } | undefined;
  return !!body && Number.isInteger(body.order_amount) && Number.isInteger(body.order_tax_amount) && Array.isArray(body.order_lines);
};

const DENIED = new Set([301, 302, 303, 307]);

/**
 * The merchant's validation answer as Klarna reads it: 2xx approves; a redirect (301, 302, 303,
 * 307) denies and sends the shopper to its `Location`; 400 with `error_type`/`error_text` keeps
 * the shopper in the checkout with that text; anything else (no answer) denies.
 */
function validationRefusal(answer: MerchantAnswer, checkoutPage: string): PurchaseOutcome | undefined {
  if (answer.status !== null && answer.status >= 200 && answer.status < 300) return undefined;
  if (answer.status !== null && DENIED.has(answer.status) && answer.location) return { status: 'refused', message: 'The shop declined the purchase.', redirectUrl: answer.location };
  const text = (answer.body as { error_text?: unknown } | undefined)?.error_text;
  if (answer.status === 400 && typeof text === 'string') return { status: 'refused', message: text, redirectUrl: checkoutPage };
  return { status: 'refused', message: answer.status === null ? 'The shop did not answer; please try again.' : `The shop refused the purchase (HTTP ${answer.status}).`, redirectUrl: checkoutPage };
}

/**
 * What the shopper does in the hosted checkout (its page and `/api/sandbox/orders/...` both come
 * here): pick a shipping option (the provider asks the merchant for the new amounts), buy (the
 * provider asks the merchant to validate, then completes and schedules the push), and the risk
 * check deciding a pending order.
 */
export class ShopperActions {
  constructor(
    private readonly store: ProviderAStore,
    private readonly calls: MerchantCalls,
  ) {}

  async chooseShipping(orderId: string, optionId: string): Promise<ProviderOrder> {
    const order = this.store.selectShipping(orderId, optionId);
    const url = order.merchant_urls.shipping_option_update;
    if (!url) return this.store.applyAmounts(orderId, this.store.linesWithShipping(orderId));
    const answer = await this.calls.post('shipping_option_update', url, orderId, shippingUpdateView(order));
    if (answer.status !== 200 || !isAmounts(answer.body)) {
      const reason = answer.status === null ? 'did not answer' : answer.status === 200 ? 'answered without the new amounts' : `answered HTTP ${answer.status}`;
      throw new AppError(502, 'merchant_shipping_update_failed', `The shop ${reason} when shipping option ${optionId} was chosen.`, { answer: answer.body ?? null });
    }
    try {
      return this.store.applyAmounts(orderId, answer.body);
    } catch (error) {
      throw new AppError(502, 'merchant_shipping_update_failed', `The shop's new amounts do not add up: ${(error as Error).message}`, { answer: answer.body });
    }
  }

  async purchase(orderId: string, input: { customer?: ShopperCustomer; fraudStatus?: FraudStatus }): Promise<PurchaseOutcome> {
    const billing = toProviderAddress({ ...DEFAULT_SHOPPER, ...input.customer });
    const order = this.store.setCustomer(orderId, billing, null);
    const url = order.merchant_urls.validation;
    if (url) {
      const answer = await this.calls.post('validation', url, orderId, checkoutOrder(order));
      const refused = validationRefusal(answer, fillOrderId(order.merchant_urls.checkout, orderId));
      if (refused) return refused;
    }
    const complete = this.store.complete(orderId, input.fraudStatus ?? 'ACCEPTED');
    this.calls.schedulePush(() => this.store.get(orderId));
    return { status: 'checkout_complete', redirectUrl: fillOrderId(complete.merchant_urls.confirmation, orderId) };
  }

  /** The provider's risk check changed its mind (a PENDING order decided): the merchant gets a push. */
  /** The provider's risk check decided a pending order: the merchant's notification URL hears of it (`{order_id, event_type}`). */
  async changeFraudStatus(orderId: string, fraudStatus: FraudStatus): Promise<ProviderOrder> {
    const order = this.store.setFraudStatus(orderId, fraudStatus);
    const url = order.merchant_urls.notification;
    if (url && fraudStatus !== 'PENDING') await this.calls.post('notification', url, orderId, { order_id: orderId, event_type: fraudStatus === 'ACCEPTED' ? 'FRAUD_RISK_ACCEPTED' : 'FRAUD_RISK_REJECTED' });
    return order;
  }
}
