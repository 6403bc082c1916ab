import type { Operation } from 'fast-json-patch';
import type { Tenant } from '../../platform/auth/principal.js';
import { AppError, badRequest } from '../../platform/errors/app-error.js';
import type { OrderDocument, PaymentDocument } from '../../subgraphs/order/domain/order.types.js';
import type { TransactionLog } from '../kit/index.js';
import type { GiftCardContext } from './gift-card.context.js';
import { attributesOf, isGiftCard } from './gift-card.domain.js';
import { GiftCardSystemError, type GiftCardSystemClient, type Reservation } from './gift-card-system.client.js';
import { codeOf, systemUnavailable } from './gift-card-system.errors.js';

/** What the order engine posts to a hook: the changed members, hooks and total (docs/order-engine.md). */
export interface HookBody {
  id: string;
  changes?: string[];
  state?: OrderDocument['state'];
  payments?: PaymentDocument[];
}

/** A card the hook works on, with its index in the order being changed (patch paths). */
interface Target {
  index: number;
  payment: PaymentDocument;
}

/** A card's new state and attributes: a patch for the hook, or a payment API write elsewhere. */
interface CardChange extends Target {
  state: string;
  attributes: Record<string, unknown>;
}

/** Reserving at processing, releasing on the way back to checkout, committing at completed (rules 5–7). */
export class GiftCardReservations {
  constructor(private readonly context: GiftCardContext) {}

  private get kit() {
    return this.context.kit;
  }

  /** The `/state` hook: a JSON Patch inside `/payments` (possibly empty), or a 400 that vetoes the move. */
  async stateChanged(tenant: Tenant, orderId: string, body: HookBody): Promise<Operation[]> {
    const to = body.state?.currentStatus;
    if (to !== 'processing' && to !== 'checkout') return [];
    const order = await this.kit.orders.getOrder(tenant, orderId);
    // The order as the engine is changing it: payments patched by an earlier hook come in the body.
    const payments = Array.isArray(body.payments) ? body.payments : order.payments;
    const targets = payments.map((payment, index) => ({ index, payment })).filter(({ payment }) => isGiftCard(payment));
    const changes = to === 'processing' ? await this.reserveAll(tenant, order, targets) : await this.releaseAll(tenant, order, targets);
    return changes.flatMap(({ index, payment, state, attributes }) => setPayment(index, payment, state, attributes));
  }

  /** Reserves the order's open cards outside a hook (a gift-card-only completion) and records them through the payment API. */
  async reserveOrder(tenant: Tenant, order: OrderDocument): Promise<void> {
    await this.record(tenant, order.id, await this.reserveAll(tenant, order, cardsOf(order)));
  }

  /** Releases the order's reservations outside a hook and records the cards back in `intent`. */
  async releaseOrder(tenant: Tenant, orderId: string): Promise<void> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    await this.record(tenant, orderId, await this.releaseAll(tenant, order, cardsOf(order)));
  }

  private async record(tenant: Tenant, orderId: string, changes: CardChange[]): Promise<void> {
    for (const { payment, state, attributes } of changes) await this.kit.payments.updatePayment(tenant, orderId, payment.id, { state, attributes });
  }

  /** Rule 5: reserve every open card's amount; any refusal cancels what was reserved and vetoes. */
  private async reserveAll(tenant: Tenant, order: OrderDocument, cards: Target[]): Promise<CardChange[]> {
    const targets = cards.filter(({ payment }) => (payment.state === 'intent' || payment.state === 'reserved') && payment.amount > 0);
    if (targets.length === 0) return [];
    const client = this.context.giftCardSystem(await this.kit.configuration.get(tenant));
    const reserved: Array<Target & { reservation: Reservation }> = [];
    for (const target of targets) {
      try {
        reserved.push({ ...target, reservation: await this.reserveOne(client, tenant, order, target.payment) });
      } catch (error) {
        const cardId = attributesOf(target.payment).cardId;
        await this.log(tenant, order.id, target.payment.id, { event: 'reserve', pspEvent: 'reserve', amount: target.payment.amount, isSuccess: false, pspStatus: codeOf(error), requestJson: { cardId, amount: target.payment.amount }, errorDetail: (error as Error).message });
        await this.compensate(client, tenant, order.id, reserved);
        throw badRequest('gift_card_refused', refusalMessage(error, cardId));
      }
    }
    await Promise.all(
      reserved.map(({ payment, reservation }) =>
        this.log(tenant, order.id, payment.id, { event: 'reserve', pspEvent: 'reserve', amount: reservation.amount, isSuccess: true, pspStatus: reservation.status, requestJson: { cardId: reservation.cardId, amount: reservation.amount }, responseJson: reservation }),
      ),
    );
    return reserved.map(({ index, payment, reservation }) => ({ index, payment, state: 'reserved', attributes: { ...payment.attributes, reservationId: reservation.reservationId } }));
  }

  private async reserveOne(client: GiftCardSystemClient, tenant: Tenant, order: OrderDocument, payment: PaymentDocument): Promise<Reservation> {
    const attributes = attributesOf(payment);
    const code = attributes.sealedCode ? this.context.vault.open(attributes.sealedCode, { ...tenant, orderId: order.id, cardId: attributes.cardId }) : undefined;
    if (attributes.codeRequired && code === undefined) throw new AppError(400, 'code_unreadable', `The code of gift card ${attributes.cardId} can no longer be read; remove the card and add it again.`);
    const request = { orderId: order.id, paymentId: payment.id, amount: payment.amount, currency: order.currency, ...(code ? { code } : {}) };
    try {
      return await client.reserve(attributes.cardId, request);
    } catch (error) {
      // A reservation of this payment for another amount (left by a vetoed change): replace it.
      const stale = error instanceof GiftCardSystemError && error.code === 'reservation_exists' ? error.details?.reservationId : undefined;
      if (typeof stale !== 'string') throw error;
      await client.cancel(stale);
      return client.reserve(attributes.cardId, request);
    }
  }

  /** A later card was refused: the cards reserved before it are released before the veto. */
  private async compensate(client: GiftCardSystemClient, tenant: Tenant, orderId: string, reserved: Array<Target & { reservation: Reservation }>): Promise<void> {
    for (const { payment, reservation } of reserved) {
      try {
        await client.cancel(reservation.reservationId);
        await this.log(tenant, orderId, payment.id, { event: 'release', pspEvent: 'cancel', amount: reservation.amount, isSuccess: true, pspStatus: 'cancelled', responseJson: { reservationId: reservation.reservationId } });
      } catch (error) {
        // Left behind, it expires after 24 h; the next attempt replaces it (idempotent per payment).
        this.kit.logger.error({ err: error, orderId, paymentId: payment.id }, 'could not release a gift card reservation while vetoing');
      }
    }
  }

  /**
   * Rule 6: release every reservation and put the cards back to `intent`. A card the gift card
   * system cannot release now stays `reserved` (its reservation still holds, the next processing
   * re-uses it); the move back to checkout is never blocked by it.
   */
  private async releaseAll(tenant: Tenant, order: OrderDocument, cards: Target[]): Promise<CardChange[]> {
    const targets = cards.filter(({ payment }) => payment.state === 'reserved');
    if (targets.length === 0) return [];
    const client = this.context.giftCardSystem(await this.kit.configuration.get(tenant));
    const changes: CardChange[] = [];
    for (const { index, payment } of targets) {
      const { reservationId, ...rest } = { ...payment.attributes } as Record<string, unknown>;
      try {
        if (typeof reservationId === 'string') await client.cancel(reservationId);
      } catch (error) {
        await this.log(tenant, order.id, payment.id, { event: 'release', pspEvent: 'cancel', amount: payment.amount, isSuccess: false, pspStatus: codeOf(error), errorDetail: (error as Error).message });
        continue;
      }
      await this.log(tenant, order.id, payment.id, { event: 'release', pspEvent: 'cancel', amount: payment.amount, isSuccess: true, pspStatus: 'cancelled', responseJson: { reservationId } });
      changes.push({ index, payment, state: 'intent', attributes: rest });
    }
    return changes;
  }

  /**
   * Rule 7 (the `completed` notification, delivered at least once): commit each reservation, then
   * mark the payment `captured`. Committing is idempotent at the gift card system, and a captured
   * payment is skipped, so a repeated delivery changes nothing. A failure worth retrying → 502.
   */
  async completed(tenant: Tenant, orderId: string): Promise<{ committed: string[] }> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const targets = order.payments.filter((payment) => isGiftCard(payment) && payment.state === 'reserved');
    if (targets.length === 0) return { committed: [] };
    const client = this.context.giftCardSystem(await this.kit.configuration.get(tenant));
    const committed: string[] = [];
    let retry: unknown;
    for (const payment of targets) {
      const { reservationId, sealedCode: _done, ...attributes } = attributesOf(payment);
      try {
        if (!reservationId) throw new GiftCardSystemError(409, 'reservation_missing', 'The payment is reserved but names no reservation.');
        const reservation = await client.commit(reservationId);
        await this.kit.payments.updatePayment(tenant, orderId, payment.id, { state: 'captured', attributes: { ...attributes, reservationId } });
        await this.log(tenant, orderId, payment.id, { event: 'capture', pspEvent: 'commit', amount: reservation.amount, isSuccess: true, pspStatus: reservation.status, responseJson: reservation });
        committed.push(payment.id);
      } catch (error) {
        await this.log(tenant, orderId, payment.id, { event: 'capture', pspEvent: 'commit', amount: payment.amount, isSuccess: false, pspStatus: codeOf(error), errorDetail: (error as Error).message });
        if (!(error instanceof GiftCardSystemError) || error.transient) retry = error;
        else this.kit.logger.error({ err: error, orderId, paymentId: payment.id }, 'a gift card reservation could not be committed');
      }
    }
    if (retry) throw systemUnavailable(retry);
    return { committed };
  }

  /** Transaction logs are for the merchant; a failure to log never changes the answer. */
  private log(tenant: Tenant, orderId: string, paymentId: string, transaction: TransactionLog): Promise<void> {
    return this.kit.payments.logTransaction(tenant, orderId, paymentId, transaction).then(
      () => undefined,
      (error: unknown) => this.kit.logger.error({ err: error, orderId, paymentId }, 'could not log a gift card transaction'),
    );
  }
}

const cardsOf = (order: OrderDocument): Target[] => order.payments.map((payment, index) => ({ index, payment })).filter(({ payment }) => isGiftCard(payment));

/** Patch operations setting one payment's state and attributes, guarded by its id. */
function setPayment(index: number, payment: PaymentDocument, state: string, attributes: Record<string, unknown>): Operation[] {
  return [
    { op: 'test', path: `/payments/${index}/id`, value: payment.id },
    { op: 'replace', path: `/payments/${index}/state`, value: state },
    { op: 'add', path: `/payments/${index}/attributes`, value: attributes },
  ];
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
