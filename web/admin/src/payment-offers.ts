/** Which of the platform's payment actions a payment can take now: its adapter registered the callback, and the payment state machine allows the move. */
import { precisionOf } from '../../../contracts/currency-exponents.js';
import { PAYMENT_MACHINE } from '../../../contracts/payment-state.machine.js';

/** The actions the gateway runs through a payment's own callbacks (cancelPayment, refundPayment, refreshPayment; capture at delivery). */
export type PlatformAction = 'capture' | 'cancel' | 'refund' | 'refresh';
export const PLATFORM_ACTIONS: readonly PlatformAction[] = ['capture', 'cancel', 'refund', 'refresh'];

/** The state each action moves the payment to (refresh moves it wherever the provider says). */
const TARGET: Record<Exclude<PlatformAction, 'refresh'>, string> = { capture: 'captured', cancel: 'cancelled', refund: 'refunded' };

/** What the offers read of a payment; `callbacks` is the JSON of the callback URLs its adapter registered, by name. */
export interface OfferedPayment {
  state: string;
  amount: number;
  refundedAmount: number;
  currency?: string | null;
  callbacks?: unknown;
}

/** Whether the payment's adapter registered the callback `name` (the platform calls only these; without one it answers payment_action_unavailable). */
export function registered(payment: Pick<OfferedPayment, 'callbacks'>, name: string): boolean {
  const callbacks = payment.callbacks;
  return typeof callbacks === 'object' && callbacks !== null && typeof (callbacks as Record<string, unknown>)[name] === 'string';
}

/** What is left to refund, exactly at the currency's precision (no float residue: 149.9 - 12.4). */
export function refundable(payment: OfferedPayment, currency: string): number {
  const scale = 10 ** precisionOf(currency);
  return Math.max(0, Math.round(payment.amount * scale) - Math.round(payment.refundedAmount * scale)) / scale;
}

/**
 * The platform actions the payment can take now: a registered callback for it, and a move the
 * payment state machine allows from the payment's state (capture and cancel from `reserved`,
 * cancel also before it; refund from `captured` while something is left). Refresh changes no
 * state by itself: its callback is enough. An action an adapter only lists in `actions[]` (at its
 * own address) is not one of these: the gateway cannot run it.
 */
export function availableActions(payment: OfferedPayment, orderCurrency: string): Set<PlatformAction> {
  const available = new Set<PlatformAction>();
  for (const action of PLATFORM_ACTIONS) {
    if (!registered(payment, action)) continue;
    if (action !== 'refresh' && !PAYMENT_MACHINE.allowed(payment.state, TARGET[action])) continue;
    if (action === 'refund' && refundable(payment, payment.currency ?? orderCurrency) <= 0) continue;
    available.add(action);
  }
  return available;
}
