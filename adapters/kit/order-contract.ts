/**
 * The order as adapters see it (contracts/order.types.ts), and the one payment refusal they share
 * with the payment rules (contracts/payment-refusals.ts): adapters import them from here, never
 * from a subgraph.
 */
import { cardAlreadyAddedRefusal } from '../../contracts/payment-refusals.js';
import { refused } from '../../platform/errors/app-error.js';

export type { Address, Hook, Notification, OrderCart, OrderDocument, PaymentDocument, Shipping, Validation } from '../../contracts/order.types.js';
export type { PaymentAnswer } from '../../contracts/callbacks.types.js';

/** A second active payment for the same gift card (409 `gift_card_already_added`), as the payment rules refuse it. */
export const cardAlreadyAdded = (paymentId: string, cardId: string) => refused(cardAlreadyAddedRefusal(paymentId, cardId));
