import type { Tenant } from '../kit/platform.js';
import { AppError, badRequest } from '../kit/platform.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import { type LifecycleCall, type PartPaymentProvider, type ProviderResult, withTransaction } from '../kit/index.js';
import type { GiftCardConfiguration, GiftCardContext } from './gift-card.context.js';
import { attributesOf } from './gift-card.domain.js';
import { GiftCardSystemError, type GiftCardSystemClient, type Reservation } from './gift-card-system.client.js';
import { codeOf, systemUnavailable } from './gift-card-system.errors.js';
import { viewOf, type GiftCardPaymentView } from './gift-card.view.js';

type Call = LifecycleCall<GiftCardConfiguration>;

/**
 * Gift cards as part payments on the kit's runtime (`mountPartPaymentProvider`): the runtime
 * mounts read and the lifecycle callbacks, logs the transactions these steps
 * answer (or carry when they throw) and records `confirm`'s outcome. A card's part in the
 * payment lifecycle the platform drives (spec gift card rules 5–7): `process` reserves its amount
 * when the order goes to processing, `abort` releases the reservation (a vetoed move, or the order
 * back in checkout), `confirm` commits it when the order completes. The platform calls each card
 * on its own, so a card never waits for another. Adding and removing cards is the adapter's own
 * (gift-card-payments.usecase.ts).
 */
export function giftCardProvider(context: GiftCardContext): PartPaymentProvider<GiftCardConfiguration, GiftCardPaymentView> {
  const system = (configuration: GiftCardConfiguration) => context.giftCardSystem(configuration);
  return {
    name: 'Gift card',
    readSession: async ({ payment }) => viewOf(payment),
    // No amountChanged: nothing is held at the gift card system until the card is reserved, so the platform sets the card's amount (its share, up to its limit) itself.

    /**
     * Rule 5: reserve the card's amount with its code. Reserved → the payment's new state and
     * reservation id for the platform to record in the same commit; refused (invalid or missing
     * code, not enough balance — also another checkout holding it: the gift card system serialises
     * reservations, so of two at once exactly one wins —, unknown card, system down) → 400 with a
     * message for the shopper, which vetoes the move. A refused card holds nothing.
     */
    async process({ tenant, configuration, payment, request }: Call): Promise<ProviderResult> {
      if (!(payment.state === 'intent' || payment.state === 'reserved') || payment.amount <= 0) return {};
      const cardId = attributesOf(payment).cardId;
      let reservation: Reservation;
      try {
        reservation = await reserveOne(context, system(configuration), tenant, request.orderId, request.currency, payment);
      } catch (error) {
        throw withTransaction(badRequest('gift_card_refused', refusalMessage(error, cardId)), { event: 'reserve', pspEvent: 'reserve', amount: payment.amount, isSuccess: false, pspStatus: codeOf(error), requestJson: { cardId, amount: payment.amount }, errorDetail: (error as Error).message });
      }
      return {
        state: 'reserved',
        attributes: { ...payment.attributes, reservationId: reservation.reservationId },
        pspStatus: reservation.status,
        transaction: { event: 'reserve', pspEvent: 'reserve', amount: reservation.amount, isSuccess: true, pspStatus: reservation.status, requestJson: { cardId, amount: reservation.amount }, responseJson: reservation },
      };
    },

    /**
     * Rule 6 and the compensation of a vetoed move: cancel every live reservation of (order,
     * payment) at the gift card system — also one whose `process` answer never reached the
     * platform — and put a reserved card back to `intent`. The system failing → 502 (logged; a
     * move back to checkout is not blocked by it, the card stays reserved and is re-used later).
     */
    async abort({ configuration, payment, request }: Call): Promise<ProviderResult> {
      let released: string[];
      try {
        released = await releaseLiveReservations(system(configuration), request.orderId, payment.id);
      } catch (error) {
        throw withTransaction(systemUnavailable(error), { event: 'release', pspEvent: 'cancel', amount: payment.amount, isSuccess: false, pspStatus: codeOf(error), errorDetail: (error as Error).message });
      }
      const transaction = released.length > 0 ? { event: 'release', pspEvent: 'cancel', amount: payment.amount, isSuccess: true, pspStatus: 'cancelled', responseJson: { reservationIds: released } } : undefined;
      if (payment.state !== 'reserved') return transaction ? { transaction } : {};
      const { reservationId: _released, ...attributes } = { ...payment.attributes } as Record<string, unknown>;
      return { state: 'intent', attributes, ...(transaction ? { transaction } : {}) };
    },

    /**
     * Rule 7 (after commit, retried until 2xx; the runtime reads the order fresh and records the
     * answer): commit the reservation — the balance drops by exactly the amount — and the payment
     * becomes `captured`. Committing is idempotent at the gift card system and a captured card is
     * skipped, so a repeated call changes nothing. The system unreachable → 502 (retried); a
     * reservation that can no longer be committed (cancelled, expired) is logged for the merchant
     * and answered 2xx (retrying cannot help).
     */
    async confirm({ configuration, payment, request }: Call): Promise<ProviderResult> {
      if (payment.state !== 'reserved') return {};
      const { reservationId, sealedCode: _done, ...attributes } = attributesOf(payment);
      try {
        if (!reservationId) throw new GiftCardSystemError(409, 'reservation_missing', 'The payment is reserved but names no reservation.');
        const reservation = await system(configuration).commit(reservationId);
        return { state: 'captured', attributes: { ...attributes, reservationId }, transaction: { event: 'capture', pspEvent: 'commit', amount: reservation.amount, isSuccess: true, pspStatus: reservation.status, responseJson: reservation } };
      } catch (error) {
        const failed = { event: 'capture', pspEvent: 'commit', amount: payment.amount, isSuccess: false, pspStatus: codeOf(error), errorDetail: (error as Error).message };
        if (!(error instanceof GiftCardSystemError) || error.transient) throw withTransaction(systemUnavailable(error), failed);
        context.kit.logger.error({ err: error, orderId: request.orderId, paymentId: payment.id }, 'a gift card reservation could not be committed');
        return { transaction: failed };
      }
    },
  };
}

async function reserveOne(context: GiftCardContext, client: GiftCardSystemClient, tenant: Tenant, orderId: string, currency: string, payment: PaymentDocument): Promise<Reservation> {
  const attributes = attributesOf(payment);
  const code = attributes.sealedCode ? context.vault.open(attributes.sealedCode, { ...tenant, orderId, cardId: attributes.cardId }) : undefined;
  if (attributes.codeRequired && code === undefined) throw new AppError(400, 'code_unreadable', `The code of gift card ${attributes.cardId} can no longer be read; remove the card and add it again.`);
  const request = { orderId, paymentId: payment.id, amount: payment.amount, currency, ...(code ? { code } : {}) };
  try {
    return await client.reserve(attributes.cardId, request);
  } catch (error) {
    // A reservation of this payment for another amount (left by an earlier attempt): replace it.
    const stale = error instanceof GiftCardSystemError && error.code === 'reservation_exists' ? error.details?.reservationId : undefined;
    if (typeof stale !== 'string') throw error;
    await client.cancel(stale);
    return client.reserve(attributes.cardId, request);
  }
}

/** Cancels every live reservation of the payment (idempotent); the ids cancelled. */
export async function releaseLiveReservations(client: GiftCardSystemClient, orderId: string, paymentId: string): Promise<string[]> {
  const cancelled: string[] = [];
  for (const reservation of await client.reservationsOf(orderId, paymentId)) {
    if (reservation.status !== 'reserved') continue;
    await client.cancel(reservation.reservationId);
    cancelled.push(reservation.reservationId);
  }
  return cancelled;
}

/** What the shopper is told when the move to processing is stopped. */
function refusalMessage(error: unknown, cardId: string): string {
  if (error instanceof AppError) return error.message;
  if (!(error instanceof GiftCardSystemError)) return `Gift card ${cardId} could not be reserved.`;
  switch (error.code) {
    case 'invalid_code':
      return `The code of gift card ${cardId} is invalid.`;
    case 'code_required':
      return `Gift card ${cardId} needs its code.`;
    case 'insufficient_balance':
      return `Gift card ${cardId} has ${String(error.details?.available ?? 'less')} available, less than the ${String(error.details?.requested ?? 'amount')} to pay.`;
    case 'card_not_found':
      return `Gift card ${cardId} was not found.`;
    case 'currency_mismatch':
      return `Gift card ${cardId} is in another currency than the order.`;
    default:
      return error.transient ? `The gift card system could not reserve gift card ${cardId} now; try again.` : `Gift card ${cardId} could not be reserved: ${error.message}`;
  }
}
