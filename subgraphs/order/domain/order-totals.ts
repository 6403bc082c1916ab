import { sum, toAmount } from '../../../platform/money/money.js';
import type { Amount, OrderDocument } from '../../../contracts/order.types.js';

/** The order total: the cart total plus every shipping's total, summed exactly. */
export function orderTotal(document: Pick<OrderDocument, 'cart' | 'shippings'>): Amount {
  const amounts = [document.cart.total, ...document.shippings.map((shipping) => shipping.total).filter((t): t is Amount => !!t)];
  // The usual order (no priced shipping): the total is the cart's, with nothing to add (`+ 0` as the sum writes -0).
  const [only] = amounts;
  if (amounts.length === 1 && typeof only?.includingVat === 'number' && typeof only.excludingVat === 'number' && Number.isFinite(only.includingVat) && Number.isFinite(only.excludingVat)) {
    return { includingVat: only.includingVat + 0, excludingVat: only.excludingVat + 0 };
  }
  return {
    includingVat: toAmount(sum(amounts.map((amount) => amount.includingVat))),
    excludingVat: toAmount(sum(amounts.map((amount) => amount.excludingVat))),
  };
}

/** Fields the engine derives after every change, so no writer can leave them inconsistent. */
export function deriveFields(document: OrderDocument): void {
  document.total = orderTotal(document);
}
