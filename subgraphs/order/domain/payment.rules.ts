import type { Tenant } from '../../../platform/auth/principal.js';
import { AppError, badRequest, forbidden, refused } from '../../../platform/errors/app-error.js';
import { cardAlreadyAddedRefusal } from '../../../contracts/payment-refusals.js';
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { isActivePayment } from '../../../contracts/allocation.js';
import { HOLDING_PAYMENT_STATES } from '../../../contracts/payment-states.js';
import { allowedPaymentMoves, refusePaymentTransition } from '../../../contracts/payment-state.machine.js';

/**
 * Part payments (spec "Gift card adapter" rule 2): several of one adapter may be open on an
 * order at once (one per card), so the one-active-payment rule does not apply to them.
 */
export const PART_PAYMENT_TYPES: readonly string[] = ['giftcard'];

/** The message of the spec's "Errors" row for a second active payment of an adapter. */
export const activePaymentMessage = (existingId: string) =>
  `The order already has an active payment for this adapter; update it instead (PUT /api/v0/payments/${existingId}).`;

/** An `intent` payment that counts for the one-active-payment-per-adapter rule. */
const isActiveIntent = (payment: Pick<PaymentDocument, 'state' | 'type'>) =>
  payment.state === 'intent' && !PART_PAYMENT_TYPES.includes(payment.type ?? '');

/**
 * Refuses (409 `active_payment_exists`) a payment becoming an active `intent` when another
 * payment of the same adapter on the order already is one. Run inside the change, on the draft.
 * A payment that already was one (`before`) is left alone, so old orders stay writable.
 */
export function assertNoOtherActiveIntent(
  draft: OrderDocument,
  candidate: Pick<PaymentDocument, 'id' | 'adapterId' | 'state' | 'type'>,
  before?: Pick<PaymentDocument, 'state' | 'type'>,
): void {
  if (!isActiveIntent(candidate) || (before && isActiveIntent(before))) return;
  const existing = draft.payments.find((payment) => payment.id !== candidate.id && payment.adapterId === candidate.adapterId && isActiveIntent(payment));
  if (existing) {
    throw new AppError(409, 'active_payment_exists', activePaymentMessage(existing.id), { paymentId: existing.id, adapterId: existing.adapterId });
  }
}

/** The card a part payment stands for: `attributes.cardId` when set, else its `reference`. */
export function cardOf(payment: Pick<PaymentDocument, 'reference' | 'attributes'>): string | undefined {
  const cardId = payment.attributes?.cardId;
  if (typeof cardId === 'string' && cardId !== '') return cardId;
  return payment.reference === undefined || payment.reference === '' ? undefined : payment.reference;
}

type CardCandidate = Pick<PaymentDocument, 'id' | 'adapterId' | 'state' | 'type' | 'reference' | 'attributes'>;

/** An active part payment naming a card: the kind the one-payment-per-card rule is about. */
const activeCardOf = (payment: Omit<CardCandidate, 'id' | 'adapterId'>): string | undefined =>
  PART_PAYMENT_TYPES.includes(payment.type ?? '') && isActivePayment(payment) ? cardOf(payment) : undefined;

/**
 * Refuses (409 `gift_card_already_added`) a part payment becoming active for a card that another
 * active part payment of the same adapter on the order already stands for. Run inside the change,
 * on the draft, so of several adds of one card at once exactly one wins. A payment that already
 * stood for that card (`before`) is left alone, so old orders stay writable.
 */
export function assertCardNotAdded(draft: OrderDocument, candidate: CardCandidate, before?: Omit<CardCandidate, 'id' | 'adapterId'>): void {
  const card = activeCardOf(candidate);
  if (card === undefined || (before && activeCardOf(before) === card)) return;
  const existing = draft.payments.find((payment) => payment.id !== candidate.id && payment.adapterId === candidate.adapterId && activeCardOf(payment) === card);
  if (existing) {
    throw refused(cardAlreadyAddedRefusal(existing.id, card));
  }
}

/** A payment's currency is the order's (400 `currency_mismatch`). */
export function assertCurrency(draft: OrderDocument, currency: string | undefined): void {
  if (currency !== undefined && currency !== draft.currency) {
    throw badRequest('currency_mismatch', `The payment's currency ${currency} is not the order's (${draft.currency}).`);
  }
}

/** `merchant` and `channel` in a body must be the tenant the request acts for (403 `tenant_mismatch`). */
export function assertTenant(tenant: Tenant, body: { merchant?: string; channel?: string }): void {
  if (body.merchant !== undefined && body.merchant !== tenant.merchant) {
    throw forbidden(`The payment names merchant "${body.merchant}", but the request acts for "${tenant.merchant}".`, 'tenant_mismatch');
  }
  if (body.channel !== undefined && body.channel !== tenant.channel) {
    throw forbidden(`The payment names channel "${body.channel}", but the request acts for "${tenant.channel}".`, 'tenant_mismatch');
  }
}

/** An adapter token writes only its own adapter's payments (403 `forbidden`); other writer roles write any. */
export function assertMayWrite(actor: Actor, adapterId: string): void {
  if (actor.role === 'adapter' && actor.adapterId !== adapterId) {
    throw forbidden(`An adapter token for ${actor.adapterId ?? 'no adapter'} cannot write payments of ${adapterId}.`);
  }
}

/** An adapter token reads only its own adapter's payment logs (403 `forbidden`); admin and service read any. */
export function assertMayRead(actor: Actor, adapterId: string | null): void {
  if (actor.role === 'adapter' && actor.adapterId !== adapterId) {
    throw forbidden(`An adapter token for ${actor.adapterId ?? 'no adapter'} cannot read the log of ${adapterId ?? 'another adapter'}.`);
  }
}

/** 400 `illegal_payment_transition` naming the allowed moves (`from` undefined: a new payment). */
export function assertTransition(from: string | undefined, to: string): void {
  const refusal = refusePaymentTransition(from, to);
  if (refusal) throw badRequest('illegal_payment_transition', refusal, { from: from ?? null, to, allowed: allowedPaymentMoves(from) });
}

/** Fields a PUT may repeat but never change. */
export const IMMUTABLE_FIELDS = ['adapterId', 'orderId', 'merchant', 'channel', 'type'] as const;

/**
 * 400 `payment_field_immutable` when a PUT tries to change the payment's adapter, order, tenant or
 * type (the type decides which one-active-payment rule applies, so it is fixed at creation).
 */
export function assertImmutable(current: PaymentDocument, orderId: string, update: Partial<PaymentDocument>): void {
  const stored: Record<(typeof IMMUTABLE_FIELDS)[number], unknown> = {
    adapterId: current.adapterId,
    orderId,
    merchant: current.merchant ?? update.merchant,
    channel: current.channel ?? update.channel,
    type: current.type ?? update.type,
  };
  for (const field of IMMUTABLE_FIELDS) {
    if (update[field] !== undefined && update[field] !== stored[field]) {
      throw badRequest('payment_field_immutable', `A payment's ${field} cannot change (it is ${String(stored[field])}).`, { field });
    }
  }
}

/**
 * Every rule a new payment meets, on the fresh order draft, whichever path adds it (the payment
 * API, the order service's `/payments`): who may write it, a legal first state, the order's
 * currency, one active `intent` per adapter, one active payment per gift card.
 */
export function assertNewPayment(actor: Actor, draft: OrderDocument, payment: CardCandidate & Pick<PaymentDocument, 'currency'>): void {
  assertMayWrite(actor, payment.adapterId);
  assertTransition(undefined, payment.state);
  assertCurrency(draft, payment.currency);
  assertNoOtherActiveIntent(draft, payment);
  assertCardNotAdded(draft, payment);
}

/**
 * Every rule a payment update meets, on the fresh order draft, whichever path changes it: the
 * writer may write the payment, its adapter, order, tenant and type stay, a state change follows the
 * payment state machine, the currency is the order's, and the one-active-payment rules hold.
 */
export function assertPaymentUpdate(actor: Actor, draft: OrderDocument, orderId: string, current: PaymentDocument, update: Partial<PaymentDocument>): void {
  assertMayWrite(actor, current.adapterId);
  assertImmutable(current, orderId, update);
  if (update.state !== undefined) assertTransition(current.state, update.state);
  if (update.state !== undefined) assertSettledKeepsMoney(draft, current, update.state);
  assertCurrency(draft, update.currency);
  const next = { ...current, ...update, id: current.id };
  assertNoOtherActiveIntent(draft, next, current);
  assertCardNotAdded(draft, next, current);
}

/** Order statuses past processing: the order was paid for (or is being decided by a pending payment). */
const SETTLED_ORDER_STATUSES: readonly string[] = ['accepted', 'completed', 'delivered'];

/**
 * Once an order is accepted, a payment that holds the shopper's money (reserved, captured) does
 * not go back to `intent` or `processing` (409 `order_settled`): that release belongs to an order
 * returning to checkout, which an accepted order no longer can.
 */
function assertSettledKeepsMoney(draft: OrderDocument, current: PaymentDocument, to: string): void {
  const status = draft.state.currentStatus;
  if (!SETTLED_ORDER_STATUSES.includes(status) || !(HOLDING_PAYMENT_STATES as readonly string[]).includes(current.state) || (to !== 'intent' && to !== 'processing')) return;
  throw new AppError(409, 'order_settled', `Order ${draft.id} is ${status}: payment ${current.id} holds the shopper's money (${current.state}) and cannot go back to ${to}.`, { status, from: current.state, to });
}
