import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import { refusePaymentTransition } from '../../../contracts/payment-state.machine.js';
import { IMMUTABLE_FIELDS } from '../domain/payment.rules.js';
import { isWithin, jsonEqual } from '../domain/order-paths.js';

/**
 * The order's status moves only through a status change (the state machine, its roles and its
 * `transitions[]` entry): a hook may refuse a move, never make one or rewrite the history.
 */
export const refuseStatePointer = (pointer: string): string | undefined =>
  isWithin(pointer, '/state') ? `the patch writes ${pointer}: the order's state moves only through a status change, which a hook may refuse but not make` : undefined;

/** A payment's fields no patch changes: those no PUT changes (adapter, order, tenant, type), and its currency. */
const FIXED_PAYMENT_FIELDS = [...IMMUTABLE_FIELDS, 'currency'] as const satisfies readonly (keyof PaymentDocument)[];

/**
 * Why a hook's patch breaks a payment rule (the payment API's, docs/payment-api.md), or undefined.
 * A payment is its adapter's: a patch of another adapter's hook may change its `amount` only (spec
 * Hooks 6: a `/cart` hook keeps the payments' amounts equal to the total), and adds or removes
 * none. Its own adapter's hook may record the payment's lifecycle, but a payment keeps its adapter,
 * order, tenant, type and currency, moves only along the payment state machine, and a payment a
 * patch adds starts in a state a payment can be created in, in the order's currency.
 */
export function refusePaymentPatch(hookAdapterId: string, before: OrderDocument, after: OrderDocument): string | undefined {
  const previous = new Map(before.payments.map((payment) => [payment.id, payment]));
  const kept = new Set(after.payments.map((payment) => payment.id));
  const removed = before.payments.find((payment) => !kept.has(payment.id) && payment.adapterId !== hookAdapterId);
  if (removed) return `payment ${removed.id} is ${removed.adapterId}'s: another adapter's hook cannot remove it`;
  for (const payment of after.payments) {
    const was = previous.get(payment.id);
    if (was && jsonEqual(was, payment)) continue;
    const owner = was?.adapterId ?? payment.adapterId;
    if (owner !== hookAdapterId) {
      if (!was) return `payment ${payment.id} is ${owner}'s: another adapter's hook cannot add it`;
      if (!jsonEqual(withoutAmount(was), withoutAmount(payment))) return `payment ${payment.id} is ${owner}'s: another adapter's hook may change its amount only`;
      continue;
    }
    if (was) {
      const field = FIXED_PAYMENT_FIELDS.find((name) => payment[name] !== was[name]);
      if (field) return `payment ${payment.id}'s ${field} cannot change (it is ${String(was[field])})`;
    } else if (payment.currency !== undefined && payment.currency !== after.currency) {
      return `payment ${payment.id}'s currency ${payment.currency} is not the order's (${after.currency})`;
    }
    const refusal = refusePaymentTransition(was?.state, payment.state);
    if (refusal) return `payment ${payment.id}: ${refusal}`;
  }
  return undefined;
}

function withoutAmount(payment: PaymentDocument): Omit<PaymentDocument, 'amount'> {
  const rest: Partial<PaymentDocument> = { ...payment };
  delete rest.amount;
  return rest as Omit<PaymentDocument, 'amount'>;
}
