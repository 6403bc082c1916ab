/** The platform's side of the allocation: which payments' amounts the engine sets in the commit that changes the order (docs/order-engine.md, "Allocation"). */
import { activePayments, allocate } from '../../../contracts/allocation.js';
import { sameAmount } from '../../../contracts/amount.js';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { mayChangeAmountIn } from './order-lock.rules.js';

/**
 * A payment whose amount the platform keeps at its share: open (`intent`) and without a provider
 * session to update — it registered no `amountChanged` callback. A payment that registered one
 * keeps a session at its provider: it is told its share after commit and records what the
 * provider accepted (amount-change.planner.ts).
 */
export const isPlatformAllocated = (payment: PaymentDocument): boolean => payment.state === 'intent' && !payment.callbacks?.amountChanged;

/** What the shares depend on: the total and each active payment's amount, limit and state. */
const allocationInputs = (order: OrderDocument): string =>
  `${order.total.includingVat}|${activePayments(order).map((p) => `${p.id}:${p.amount}:${p.upperLimitAmount ?? ''}:${p.state}`).join('|')}`;

/**
 * Sets, on the draft of a change, each platform-allocated payment's amount to its share
 * (contracts/allocation.ts) when the change moved what the shares depend on: so a gift card
 * added, a payment removed or a cart changed leaves every such payment at its share in the same
 * commit, with no call to its adapter and no write-back. Left alone: a payment whose amount this
 * change set itself (its writer decided it, e.g. a payment being created), and every amount while
 * the order is locked (amounts change in checkout only). Returns whether an amount changed.
 */
export function allocateAmounts(before: OrderDocument, draft: OrderDocument): boolean {
  if (!mayChangeAmountIn(draft.state.currentStatus) || allocationInputs(before) === allocationInputs(draft)) return false;
  const previous = new Map(before.payments.map((payment) => [payment.id, payment.amount]));
  const shares = allocate(draft);
  let changed = false;
  draft.payments = draft.payments.map((payment) => {
    const share = shares.get(payment.id);
    const before = previous.get(payment.id);
    const setByThisChange = before === undefined || !sameAmount(before, payment.amount);
    if (share === undefined || setByThisChange || !isPlatformAllocated(payment) || sameAmount(share, payment.amount)) return payment;
    changed = true;
    return { ...payment, amount: share };
  });
  return changed;
}
