import { money, sum, toAmount } from '../../platform/money/money.js';
import { coveredBy } from '../../contracts/allocation.js';
import type { Amount, CartItem, OrderCart, OrderDocument } from '../../contracts/order.types.js';

/**
 * The order as a storefront shows it (docs/storefront-api.md): money with its currency, typed
 * cart lines, VAT and what is still due. Pure functions of the order document.
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
  due: Money;
}

/** Total, VAT, what the active payments cover and what is due (never below 0), in the order's currency. */
export function orderAmountsOf(document: Pick<OrderDocument, 'cart' | 'shippings' | 'payments' | 'total' | 'currency'>): OrderAmountsView {
  const currency = document.currency;
  const of = (amount: number): Money => ({ amount, currency });
  const covered = coveredBy(document);
  const due = money(document.total.includingVat).minus(covered);
  return {
    currency,
    items: of(document.cart.total.includingVat),
    shipping: of(toAmount(sum(document.shippings.map((shipping) => shipping.total?.includingVat ?? 0)))),
    total: of(document.total.includingVat),
    totalExcludingVat: of(document.total.excludingVat),
    vat: of(toAmount(money(document.total.includingVat).minus(document.total.excludingVat))),
    covered: of(covered),
    due: of(due.isNegative() ? 0 : toAmount(due)),
  };
}
