/** The processing lock as data: which statuses lock an order and what a locked order still accepts (docs/order-engine.md, "Lock"). */
import { isWithin } from '../domain/order-paths.js';
import { LOCKED_STATUSES } from '../../../contracts/order-state.machine.js';

/**
 * What a locked (processing) order still accepts, from any caller or a hook's patch: its status,
 * and of each existing payment the fields its lifecycle writes (state, reference, attributes such
 * as a reservation id, actions, recurring). Not a payment's `amount`: the payments were validated
 * to sum to the total before the move, and no status move needs another amount (amounts change in
 * `checkout`). Nothing of cart, customer, shippings, consents, reference or registrations; no
 * payment added or removed. docs/order-engine.md, "Lock".
 */
export const LOCKED_PAYMENT_FIELDS: readonly string[] = ['state', 'reference', 'attributes', 'actions', 'recurring'];

const lockedPaymentField = new RegExp(`^/payments/\\d+/(${LOCKED_PAYMENT_FIELDS.join('|')})(/|$)`);

/** Whether an order in `status` is locked to changes except status updates (and the fields above). */
export const isLockedStatus = (status: string): boolean => (LOCKED_STATUSES as readonly string[]).includes(status);

/** Whether a change of `pointer` is accepted while the order is locked. */
export const mayChangeWhileLocked = (pointer: string): boolean => isWithin(pointer, '/state') || lockedPaymentField.test(pointer);

/** Whether a payment's amount may change while the order is in `status` (read off the list above). */
export const mayChangeAmountIn = (status: string): boolean => !isLockedStatus(status) || mayChangeWhileLocked('/payments/0/amount');

/** What a refusal says may change while locked. */
export const lockedChangesText = `the status and the payments' ${LOCKED_PAYMENT_FIELDS.join(', ')}`;
