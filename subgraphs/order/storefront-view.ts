import { money, sum, toAmount } from '../../platform/money/money.js';
import { coveredBy, paidBy } from '../../contracts/allocation.js';
import type { Amount, CartItem, OrderCart, OrderDocument } from '../../contracts/order.types.js';

/**
 * The order as a storefront shows it (docs/storefront-api.md): money with its currency, typed
 * cart lines, VAT, what is paid and what is still due. Pure functions of the order document.
 */

export interface Money {
  amount: number;
  currency: string;
}

/** The cart as the GraphQL type `Cart` resolves it: the order's cart and the currency its lines are in. */
export type CartView = OrderCart & { currency: string };

export const cartViewOf = (document: Pick<OrderDocument, 'cart' | 'currency'>): CartView => ({ ...document.cart, currency: document.currency });

export interface CartLineView {
  id: string;
  sku: string | null;
  productId: string | null;
  name: string;
  quantity: number;
  unitPrice: Money;
  unitPriceExcludingVat: Money;
  total: Money;
  totalExcludingVat: Money;
  vat: Money;
  vatRate: number;
  imageUrl: string | null;
  productUrl: string | null;
}

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const stringOr = <T>(value: unknown, fallback: T): string | T => (typeof value === 'string' && value !== '' ? value : fallback);
const amountOf = (value: unknown): Amount => {
  const amount = (value ?? {}) as Partial<Amount>;
  const including = numberOr(amount.includingVat, 0);
  return { includingVat: including, excludingVat: numberOr(amount.excludingVat, including) };
};

/** One cart item, typed: fields the commerce adapter's mapping does not give are derived (total from unit × quantity) or null. */
export function cartLineOf(item: CartItem, currency: string): CartLineView {
  const quantity = numberOr(item.quantity, 1);
  const unit = amountOf(item.unitPrice);
  const total = item.total === undefined ? { includingVat: toAmount(money(unit.includingVat).times(quantity)), excludingVat: toAmount(money(unit.excludingVat).times(quantity)) } : amountOf(item.total);
  const of = (amount: number): Money => ({ amount, currency });
  return {
    id: item.id,
    sku: stringOr(item.sku, null),
    productId: stringOr(item.productId, null),
    name: stringOr(item.name, stringOr(item.sku, item.id)),
    quantity,
    unitPrice: of(unit.includingVat),
    unitPriceExcludingVat: of(unit.excludingVat),
    total: of(total.includingVat),
    totalExcludingVat: of(total.excludingVat),
    vat: of(toAmount(money(total.includingVat).minus(total.excludingVat))),
    vatRate: numberOr(item.vatRate, 0),
    imageUrl: stringOr(item.imageUrl, null),
    productUrl: stringOr(item.productUrl, null),
  };
}

export interface OrderAmountsView {
  currency: string;
  items: Money;
  shipping: Money;
  total: Money;
  totalExcludingVat: Money;
  vat: Money;
  covered: Money;
  paid: Money;
  due: Money;
}

/**
 * Total, VAT, what the active payments cover, what of it is paid (contracts/allocation `paidBy`:
 * gift cards, reserved and captured payments) and what the shopper still has to pay — the total
 * minus what is paid, never below 0 — in the order's currency. A provider's payment that is only
 * started covers the rest of the total, yet the rest is still to pay.
 */
export function orderAmountsOf(document: Pick<OrderDocument, 'cart' | 'shippings' | 'payments' | 'total' | 'currency'>): OrderAmountsView {
  const currency = document.currency;
  const of = (amount: number): Money => ({ amount, currency });
  const paid = paidBy(document);
  const due = money(document.total.includingVat).minus(paid);
  return {
    currency,
    items: of(document.cart.total.includingVat),
    shipping: of(toAmount(sum(document.shippings.map((shipping) => shipping.total?.includingVat ?? 0)))),
    total: of(document.total.includingVat),
    totalExcludingVat: of(document.total.excludingVat),
    vat: of(toAmount(money(document.total.includingVat).minus(document.total.excludingVat))),
    covered: of(coveredBy(document)),
    paid: of(paid),
    due: of(due.isNegative() ? 0 : toAmount(due)),
  };
}
