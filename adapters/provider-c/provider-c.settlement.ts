import type { OrderDocument } from '../kit/order-contract.js';
import type { CheckoutStatus } from './provider-c.types.js';

type OrderStatus = OrderDocument['state']['currentStatus'];

/**
 * What each checkout status of the provider means for the payment and the order, as data:
 * Completed → the payment is authorized (`reserved`) and the order runs to `completed`;
 * OnHold (pending at the provider or bank, a missing delivery address, manual approval) → the
 * payment stays `processing` and the order stops at `accepted` until the provider's event;
 * Refused → the payment `failed`, the order back to `checkout` (the shopper may pay again) — or,
 * for a pending payment the provider declines later, the order stays `accepted` (no move leads
 * back from there). InProcess: the shopper has not purchased yet; nothing to do.
 */
export const SETTLEMENT: Readonly<Record<CheckoutStatus, { payment: string; order: OrderStatus } | undefined>> = {
  InProcess: undefined,
  Completed: { payment: 'reserved', order: 'completed' },
  OnHold: { payment: 'processing', order: 'accepted' },
  Refused: { payment: 'failed', order: 'checkout' },
};

/** The order's forward path; each step is its own commit (hooks and notifications see every one). */
const FORWARD: readonly OrderStatus[] = ['checkout', 'processing', 'accepted', 'completed'];

/** The moves from `current` to `target`: forward along the path, or `processing → checkout` back; nothing else. */
export function orderMoves(current: OrderStatus, target: OrderStatus): OrderStatus[] {
  if (target === 'checkout') return current === 'processing' ? ['checkout'] : [];
  const from = FORWARD.indexOf(current);
  const to = FORWARD.indexOf(target);
  if (from < 0 || to <= from) return [];
  return FORWARD.slice(from + 1, to + 1);
}

/** A payment state the provider's answer may still move (a final one stays as it is). */
export const SETTLEABLE_PAYMENT_STATES: readonly string[] = ['intent', 'processing', 'reserved'];
