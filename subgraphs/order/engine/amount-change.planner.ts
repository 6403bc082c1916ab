import { money, sum, toAmount } from '../../../platform/money/money.js';
import type { OrderDocument, PaymentDocument } from '../domain/order.types.js';
import { activePayments } from './validation-runner.js';

/** `upperLimitAmount` at or above this means "no limit" (the spec's examples use 2147483647). */
export const UNLIMITED = 2_147_483_647;

const hasLimit = (payment: PaymentDocument) => payment.upperLimitAmount !== undefined && payment.upperLimitAmount < UNLIMITED;

/**
 * What each active payment should cover of the order total: payments with a limit (gift cards)
 * cover up to their limit, in the order they were added; the last payment without a limit
 * covers what remains; other unlimited payments keep their amounts. Never below zero.
 */
export function allocate(order: Pick<OrderDocument, 'payments' | 'total'>): Map<string, number> {
  const payments = activePayments(order as OrderDocument);
  const shares = new Map<string, number>();
  let remaining = money(order.total.includingVat);
  for (const payment of payments.filter(hasLimit)) {
    const share = remaining.lessThan(payment.upperLimitAmount!) ? remaining : money(payment.upperLimitAmount!);
    shares.set(payment.id, toAmount(share.isNegative() ? money(0) : share));
    remaining = remaining.minus(share.isNegative() ? 0 : share);
  }
  const unlimited = payments.filter((payment) => !hasLimit(payment));
  const last = unlimited.at(-1);
  for (const payment of unlimited) {
    if (payment === last) continue;
    shares.set(payment.id, payment.amount);
    remaining = remaining.minus(payment.amount);
  }
  if (last) shares.set(last.id, toAmount(remaining.isNegative() ? money(0) : remaining));
  return shares;
}

export interface PlannedAmountChange {
  payment: PaymentDocument;
  amount: number;
  url: string;
}

const amountsOf = (order: OrderDocument) => activePayments(order).map((p) => `${p.id}:${p.amount}`).join('|');

/**
 * The amountChanged callbacks a committed change calls: when the total or the set of active
 * payment amounts changed, every other payment with an `amountChanged` callback whose share
 * now differs from its amount is told its new share. The changing adapter's own payments are
 * left out (it made the change).
 */
export function planAmountChanges(before: OrderDocument, after: OrderDocument, actorAdapterId: string | undefined): PlannedAmountChange[] {
  const totalChanged = !money(before.total.includingVat).equals(after.total.includingVat);
  if (!totalChanged && amountsOf(before) === amountsOf(after)) return [];
  const shares = allocate(after);
  const planned: PlannedAmountChange[] = [];
  for (const payment of activePayments(after)) {
    const url = payment.callbacks?.amountChanged;
    const share = shares.get(payment.id);
    if (!url || share === undefined || payment.adapterId === actorAdapterId) continue;
    if (money(share).equals(payment.amount)) continue;
    planned.push({ payment, amount: share, url });
  }
  return planned;
}

/** Exposed for the validation rule's wording: what the payments cover in all. */
export const coveredBy = (order: OrderDocument) => toAmount(sum(activePayments(order).map((p) => p.amount)));
