import { atLeastZero, minAmount, sameAmount, subtractAmounts, sumAmounts } from './amount.js';
import type { OrderDocument, PaymentDocument } from './order.types.js';
import { HOLDING_PAYMENT_STATES, PENDING_PAYMENT_STATES, TERMINAL_PAYMENT_STATES } from './payment-states.js';

/**
 * The one allocation rule: what each payment of an order should cover. The order engine plans
 * amountChanged calls with it and adapters follow it; nothing else may restate it.
 */

/** `upperLimitAmount` at or above this means "no limit" (the spec's examples use 2147483647). */
export const UNLIMITED = 2_147_483_647;

type PaymentLike = Pick<PaymentDocument, 'state'>;
/** What the rule reads of an order: its payments and its total including VAT. */
type OrderPayments = { payments: readonly PaymentDocument[]; total: Pick<OrderDocument['total'], 'includingVat'> };

/** A payment in a final state (failed, removed, cancelled, refunded) covers nothing of the order. */
export const isActivePayment = (payment: PaymentLike): boolean => !(TERMINAL_PAYMENT_STATES as readonly string[]).includes(payment.state);
export const activePayments = <P extends PaymentLike>(order: { payments: readonly P[] }): P[] => order.payments.filter(isActivePayment);

export const hasLimit = (payment: Pick<PaymentDocument, 'upperLimitAmount'>): boolean =>
  payment.upperLimitAmount !== undefined && payment.upperLimitAmount < UNLIMITED;

/**
 * What each active payment should cover of the order total: payments with a limit (gift cards)
 * cover up to their limit, in the order they were added; the last payment without a limit
 * covers what remains; other unlimited payments keep their amounts. Never below zero.
 */
export function allocate(order: OrderPayments): Map<string, number> {
  const payments = activePayments(order);
  const shares = new Map<string, number>();
  let remaining = order.total.includingVat;
  for (const payment of payments.filter(hasLimit)) {
    const share = atLeastZero(minAmount(remaining, payment.upperLimitAmount!));
    shares.set(payment.id, share);
    remaining = subtractAmounts(remaining, share);
  }
  const unlimited = payments.filter((payment) => !hasLimit(payment));
  const last = unlimited.at(-1);
  for (const payment of unlimited) {
    if (payment === last) continue;
    shares.set(payment.id, payment.amount);
    remaining = subtractAmounts(remaining, payment.amount);
  }
  if (last) shares.set(last.id, atLeastZero(remaining));
  return shares;
}

/** The shares of the payments with a limit only (what a gift card adapter follows). */
export function limitedShares(order: OrderPayments): Map<string, number> {
  const limited = new Set(activePayments(order).filter(hasLimit).map((payment) => payment.id));
  return new Map([...allocate(order)].filter(([id]) => limited.has(id)));
}

/**
 * What a payment added now would cover by this rule: appended after the others, with this limit
 * (a gift card: its balance) or none.
 */
export function shareOfNewPayment(order: OrderPayments, upperLimitAmount: number = UNLIMITED): number {
  const probe: PaymentDocument = { id: '\u0000new', adapterId: '', state: 'intent', amount: 0, upperLimitAmount };
  return allocate({ total: order.total, payments: [...order.payments, probe] }).get(probe.id) ?? 0;
}

/**
 * What a payment without a limit covers when it is the one taking the rest: the total minus
 * every other active payment's amount, never below zero. `ownId` leaves the payment itself out.
 */
export function restToCover(order: OrderPayments, ownId?: string): number {
  const others = activePayments(order).filter((payment) => payment.id !== ownId);
  return atLeastZero(subtractAmounts(order.total.includingVat, sumAmounts(others.map((payment) => payment.amount))));
}

/** A requested amount as a payment can follow it: at most its limit, never below zero. */
export const withinLimit = (payment: Pick<PaymentDocument, 'upperLimitAmount'>, requested: number): number =>
  atLeastZero(minAmount(requested, payment.upperLimitAmount ?? UNLIMITED));

/** What the active payments cover in all (their shares of the total, paid or not). */
export const coveredBy = (order: { payments: readonly PaymentDocument[] }): number => sumAmounts(activePayments(order).map((payment) => payment.amount));

/**
 * What the shopper has already put toward the order: payments that hold their money (reserved —
 * authorized at the provider — or captured) and payments with a limit (gift cards: the balance
 * was checked when the card was added, and the card is reserved when the order goes to
 * processing). A payment only started at a provider (intent, processing) covers its share of the
 * total but is not paid yet.
 */
export const paidBy = (order: { payments: readonly PaymentDocument[] }): number =>
  sumAmounts(activePayments(order).filter((payment) => hasLimit(payment) || (HOLDING_PAYMENT_STATES as readonly string[]).includes(payment.state)).map((payment) => payment.amount));

/** Whether a payment's amount differs from its share (undefined share: not active). */
export const differsFromShare = (payment: PaymentDocument, share: number | undefined): boolean => share !== undefined && !sameAmount(share, payment.amount);

/** What a payment holds of the shopper's money now: its amount when reserved or captured, less what was refunded of it; else nothing. */
export function heldBy(payment: Pick<PaymentDocument, 'state' | 'amount'> & { refundedAmount?: unknown }): number {
  if (!(HOLDING_PAYMENT_STATES as readonly string[]).includes(payment.state)) return 0;
  const refunded = typeof payment.refundedAmount === 'number' ? payment.refundedAmount : 0;
  return atLeastZero(subtractAmounts(payment.amount, refunded));
}

/**
 * What the order's payments hold and what they are still waiting for, against its total: `held`
 * (reserved and captured, refunds taken off), `pending` (purchases the provider decides later) and
 * `due` (the total less both, never below zero). The platform's rule for `accepted` and `completed`
 * reads it (docs/order-engine.md, "Paid before accepted").
 */
export function coverageOf(order: OrderPayments): { total: number; held: number; pending: number; due: number } {
  const held = sumAmounts(order.payments.map((payment) => heldBy(payment)));
  const pending = sumAmounts(order.payments.filter((payment) => (PENDING_PAYMENT_STATES as readonly string[]).includes(payment.state)).map((payment) => payment.amount));
  const total = order.total.includingVat;
  return { total, held, pending, due: atLeastZero(subtractAmounts(subtractAmounts(total, held), pending)) };
}
