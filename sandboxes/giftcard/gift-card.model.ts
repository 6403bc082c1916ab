/** Shapes the gift card sandbox stores and answers with. Amounts are major units. */

export interface StoredCard {
  cardId: string;
  /** The card's secret code (PIN); null when the card needs none. */
  code: string | null;
  currency: string;
  /** Balance when seeded, and now (reduced by commits only). Exact decimal strings. */
  initialBalance: string;
  balance: string;
  createdAt: string;
}

export type ReservationStatus = 'reserved' | 'cancelled' | 'committed' | 'expired';

export interface Reservation {
  reservationId: string;
  cardId: string;
  orderId: string;
  paymentId: string;
  amount: number;
  currency: string;
  status: ReservationStatus;
  createdAt: string;
  expiresAt: string;
  cancelledAt: string | null;
  committedAt: string | null;
}

/** Balance check answer: `available` is what a new reservation may take. */
export interface CardBalance {
  cardId: string;
  balance: number;
  currency: string;
  codeRequired: boolean;
  reserved: number;
  available: number;
}

/** The sandbox's view of a card (`GET /api/sandbox/cards/{cardId}`). */
export interface CardState extends CardBalance {
  initialBalance: number;
  committed: number;
  reservations: Reservation[];
}
