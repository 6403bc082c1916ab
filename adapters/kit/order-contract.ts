/**
 * The order as adapters see it, and the one platform rule they share, re-exported from the order
 * and payment subgraphs until `contracts/` holds them (issue 8): adapters import them from here,
 * never from a subgraph.
 */
export type { Address, Hook, Notification, OrderCart, OrderDocument, PaymentDocument, Shipping, Validation } from '../../contracts/order.types.js';
export { cardAlreadyAdded } from '../../subgraphs/payment/payment.rules.js';
export type { PaymentAnswer } from '../../contracts/callbacks.types.js';
