import { randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { Decimal, isMoney, sumAmounts, toAmount } from '../shared/money.js';
import type { CardBalance, CardState, Reservation, StoredCard } from './gift-card.model.js';
import { forgetOldest } from '../shared/kept-records.js';

export interface CardInput {
  cardId: string;
  code?: string;
  balance: number;
  currency: string;
}

export interface ReserveInput {
  cardId: string;
  orderId: string;
  paymentId: string;
  amount: number;
  code?: string;
  currency?: string;
}

export const RESERVATION_TTL_MS = 24 * 60 * 60 * 1000;

const sameCode = (expected: string, given: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Gift cards and reservations, in memory. Every operation checks and changes state
 * synchronously (no await in between), so concurrent requests can never over-reserve a card.
 * The balance drops only at commit; a reservation expires after 24 h unless committed.
 */
export class GiftCardStore {
  private readonly cards = new Map<string, StoredCard>();
  private readonly reservations = new Map<string, Reservation>();
  /** (orderId, paymentId) → the reservation that key last created. */
  private readonly byKey = new Map<string, string>();

  constructor(
    private readonly now: () => Date,
    private readonly reservationTtlMs = RESERVATION_TTL_MS,
  ) {}

  createCard(input: CardInput): CardState {
    if (this.cards.has(input.cardId)) throw new AppError(409, 'card_exists', `Gift card ${input.cardId} already exists.`);
    if (!isMoney(input.balance)) throw badRequest('invalid_amount', 'balance must have at most two decimals.', [{ pointer: '/balance' }]);
    const balance = new Decimal(input.balance).toString();
    this.cards.set(input.cardId, {
      cardId: input.cardId,
      code: input.code ?? null,
      currency: input.currency,
      initialBalance: balance,
      balance,
      createdAt: this.now().toISOString(),
    });
    // A card is forgotten with its reservations (a balance is the card's and its reservations').
    forgetOldest(this.cards, undefined, (cardId) => {
      for (const [id, reservation] of this.reservations) if (reservation.cardId === cardId) this.reservations.delete(id);
      for (const [key, id] of this.byKey) if (!this.reservations.has(id)) this.byKey.delete(key);
    });
    return this.state(input.cardId);
  }

  listCards(): CardState[] {
    return [...this.cards.keys()].map((cardId) => this.state(cardId));
  }

  /**
   * Balance check. `verifyCode` (the default) refuses a code-protected card without its code
   * (400 `code_required`) or with a wrong one (403 `invalid_code`).
   */
  balance(cardId: string, code: string | undefined, verifyCode = true): CardBalance {
    const card = this.card(cardId);
    if (verifyCode) this.checkCode(card, code);
    const reserved = this.reservedOn(cardId);
    const balance = new Decimal(card.balance);
    return {
      cardId,
      balance: toAmount(balance),
      currency: card.currency,
      codeRequired: card.code !== null,
      reserved: toAmount(reserved),
      available: toAmount(balance.minus(reserved)),
    };
  }

  /** Everything about a card, for the sandbox's own view. */
  state(cardId: string): CardState {
    const card = this.card(cardId);
    const reservations = [...this.reservations.values()].filter((r) => r.cardId === cardId).map((r) => this.fresh(r));
    const committed = sumAmounts(reservations.filter((r) => r.status === 'committed').map((r) => r.amount));
    return {
      ...this.balance(cardId, undefined, false),
      initialBalance: new Decimal(card.initialBalance).toNumber(),
      committed: toAmount(committed),
      reservations: reservations.map((r) => ({ ...r })),
    };
  }

  /**
   * Reserves `amount` on the card. The same (orderId, paymentId) returns its live or committed
   * reservation (`created: false`); with another card or amount it is 409 `reservation_exists`.
   * Over the available balance → 409 `insufficient_balance`.
   */
  reserve(input: ReserveInput): { reservation: Reservation; created: boolean } {
    const card = this.card(input.cardId);
    this.checkCode(card, input.code);
    if (input.currency !== undefined && input.currency !== card.currency) {
      throw badRequest('currency_mismatch', `Gift card ${card.cardId} is in ${card.currency}, not ${input.currency}.`);
    }
    if (!isMoney(input.amount) || input.amount <= 0) {
      throw badRequest('invalid_amount', 'amount must be positive with at most two decimals.', [{ pointer: '/amount' }]);
    }
    const key = `${input.orderId}\u0000${input.paymentId}`;
    const previousId = this.byKey.get(key);
    const previous = previousId ? this.fresh(this.reservations.get(previousId)!) : undefined;
    if (previous && (previous.status === 'reserved' || previous.status === 'committed')) {
      if (previous.cardId === input.cardId && new Decimal(previous.amount).equals(input.amount)) return { reservation: { ...previous }, created: false };
      throw new AppError(409, 'reservation_exists', `Order ${input.orderId} payment ${input.paymentId} already has reservation ${previous.reservationId} of ${previous.amount} on card ${previous.cardId}; cancel it first.`, { reservationId: previous.reservationId });
    }
    const available = new Decimal(card.balance).minus(this.reservedOn(card.cardId));
    if (available.lessThan(input.amount)) {
      throw new AppError(409, 'insufficient_balance', `Gift card ${card.cardId} has ${toAmount(available)} ${card.currency} available, less than ${input.amount}.`, {
        available: toAmount(available),
        requested: input.amount,
      });
    }
    const at = this.now();
    const reservation: Reservation = {
      reservationId: randomUUID(),
      cardId: card.cardId,
      orderId: input.orderId,
      paymentId: input.paymentId,
      amount: toAmount(input.amount),
      currency: card.currency,
      status: 'reserved',
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + this.reservationTtlMs).toISOString(),
      cancelledAt: null,
      committedAt: null,
    };
    this.reservations.set(reservation.reservationId, reservation);
    this.byKey.set(key, reservation.reservationId);
    return { reservation: { ...reservation }, created: true };
  }

  getReservation(reservationId: string): Reservation {
    return { ...this.reservation(reservationId) };
  }

  listReservations(filter: { orderId?: string; paymentId?: string; cardId?: string }): Reservation[] {
    return [...this.reservations.values()]
      .filter((r) => (filter.orderId === undefined || r.orderId === filter.orderId) && (filter.paymentId === undefined || r.paymentId === filter.paymentId) && (filter.cardId === undefined || r.cardId === filter.cardId))
      .map((r) => ({ ...this.fresh(r) }));
  }

  /** Releases a reservation (idempotent; an expired one stays expired). Committed → 409. */
  cancel(reservationId: string): Reservation {
    const reservation = this.reservation(reservationId);
    if (reservation.status === 'committed') {
      throw new AppError(409, 'reservation_committed', `Reservation ${reservationId} is committed and cannot be cancelled.`);
    }
    if (reservation.status === 'reserved') {
      reservation.status = 'cancelled';
      reservation.cancelledAt = this.now().toISOString();
    }
    return { ...reservation };
  }

  /** Redeems a reservation: the card's balance drops by its amount (idempotent). */
  commit(reservationId: string): Reservation {
    const reservation = this.reservation(reservationId);
    if (reservation.status === 'committed') return { ...reservation };
    if (reservation.status !== 'reserved') {
      throw new AppError(409, `reservation_${reservation.status}`, `Reservation ${reservationId} is ${reservation.status} and cannot be committed.`);
    }
    const card = this.card(reservation.cardId);
    card.balance = new Decimal(card.balance).minus(reservation.amount).toString();
    reservation.status = 'committed';
    reservation.committedAt = this.now().toISOString();
    return { ...reservation };
  }

  private card(cardId: string): StoredCard {
    const card = this.cards.get(cardId);
    if (!card) throw notFound(`Gift card ${cardId} was not found.`, 'card_not_found');
    return card;
  }

  private reservation(reservationId: string): Reservation {
    const reservation = this.reservations.get(reservationId);
    if (!reservation) throw notFound(`Reservation ${reservationId} was not found.`, 'reservation_not_found');
    return this.fresh(reservation);
  }

  private checkCode(card: StoredCard, code: string | undefined): void {
    if (card.code === null) return;
    if (code === undefined || code === '') throw badRequest('code_required', `Gift card ${card.cardId} needs its code.`);
    if (!sameCode(card.code, code)) throw new AppError(403, 'invalid_code', `The code of gift card ${card.cardId} is not valid.`);
  }

  /** Marks a live reservation past its expiry as expired. */
  private fresh(reservation: Reservation): Reservation {
    if (reservation.status === 'reserved' && Date.parse(reservation.expiresAt) <= this.now().getTime()) reservation.status = 'expired';
    return reservation;
  }

  private reservedOn(cardId: string): Decimal {
    let reserved = new Decimal(0);
    for (const reservation of this.reservations.values()) {
      if (reservation.cardId === cardId && this.fresh(reservation).status === 'reserved') reserved = reserved.plus(reservation.amount);
    }
    return reserved;
  }
}
