import { activePayments, allocate } from '../../../contracts/allocation.js';
import { sameAmount } from '../../../contracts/amount.js';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { INITIAL_STATUS } from '../../../contracts/order-state.machine.js';
import { isLockedStatus, mayChangeAmountIn } from './order-lock.rules.js';

export interface PlannedAmountChange {
  payment: PaymentDocument;
  amount: number;
  url: string;
}

const amountsOf = (order: OrderDocument) => activePayments(order).map((p) => `${p.id}:${p.amount}`).join('|');

/**
 * The amountChanged callbacks a committed change calls: when the total or the set of active
 * payment amounts changed, or the order went back from the lock to checkout (a call that fell due
 * while it was locked was dropped), every other payment with an `amountChanged` callback whose
 * share now differs from its amount is told its new share. The changing adapter's own payments
 * are left out (it made the change).
 */
export function planAmountChanges(before: OrderDocument, after: OrderDocument, actorAdapterId: string | undefined): PlannedAmountChange[] {
  const totalChanged = !sameAmount(before.total.includingVat, after.total.includingVat);
  const unlocked = isLockedStatus(before.state.currentStatus) && after.state.currentStatus === INITIAL_STATUS;
  if (!totalChanged && !unlocked && amountsOf(before) === amountsOf(after)) return [];
  const shares = allocate(after);
  const planned: PlannedAmountChange[] = [];
  for (const payment of activePayments(after)) {
    const url = payment.callbacks?.amountChanged;
    const share = shares.get(payment.id);
    if (!url || share === undefined || payment.adapterId === actorAdapterId) continue;
    if (sameAmount(share, payment.amount)) continue;
    planned.push({ payment, amount: share, url });
  }
  return planned;
}

/** amountChanged calls share the outbox with notifications; their job id names the payment. */
const JOB_PREFIX = 'amountChanged:';
export const amountChangeJobId = (paymentId: string) => `${JOB_PREFIX}${paymentId}`;
export const paymentIdOfAmountChangeJob = (jobId: string) => jobId.slice(JOB_PREFIX.length);

/** What the notification service knows when an amountChanged call falls due. */
export interface DueAmountChange {
  paymentId: string;
  /** The order now (latest version). */
  current: OrderDocument;
  /** The last call this payment was answered 2xx for, with the order as of the change that planned it. */
  lastTold?: { amount: number; plannedAt: OrderDocument };
}

export type AmountChangeDecision = { send: true; amount: number } | { send: false; reason: string };

const paymentIn = (order: OrderDocument, id: string) => activePayments(order).find((payment) => payment.id === id);

/**
 * Whether a queued amountChanged call is still worth making, decided when it falls due rather
 * than when it was planned: the share is recomputed on the order as it is now, and the call is
 * dropped when the order is locked (its payments' amounts do not change until it moves on; going
 * back to checkout plans the call again), the payment is gone, already covers its share, or was
 * already told this share while it held the amount it holds now (two changes in quick succession
 * would otherwise tell an adapter the same thing twice while it is still following the first call).
 */
export function decideDueAmountChange(due: DueAmountChange): AmountChangeDecision {
  const status = due.current.state.currentStatus;
  if (!mayChangeAmountIn(status)) return { send: false, reason: `the order is ${status}: its payments' amounts are locked` };
  const payment = paymentIn(due.current, due.paymentId);
  if (!payment) return { send: false, reason: 'the payment is no longer active' };
  const share = allocate(due.current).get(payment.id);
  if (share === undefined || sameAmount(share, payment.amount)) return { send: false, reason: 'the payment already covers its share' };
  const told = due.lastTold;
  const amountWhenTold = told && paymentIn(told.plannedAt, payment.id)?.amount;
  if (told && amountWhenTold !== undefined && sameAmount(told.amount, share) && sameAmount(amountWhenTold, payment.amount)) {
    return { send: false, reason: 'the adapter was already told this share' };
  }
  return { send: true, amount: share };
}
