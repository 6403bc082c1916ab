import { describe, expect, it } from '@jest/globals';
import { SANDBOX_RECORDS_KEPT } from '../shared/kept-records.js';
import { GiftCardStore } from './gift-card.store.js';

describe('GiftCardStore keeps the last cards only', () => {
  it('forgets the oldest card beyond the bound, with its reservations', () => {
    const store = new GiftCardStore(() => new Date('2026-11-23T00:00:00Z'));
    store.createCard({ cardId: 'first', balance: 100, currency: 'NOK' });
    const { reservation } = store.reserve({ cardId: 'first', orderId: 'o1', paymentId: 'p1', amount: 40 });
    for (let i = 0; i < SANDBOX_RECORDS_KEPT; i++) store.createCard({ cardId: `card-${i}`, balance: 10, currency: 'NOK' });
    expect(store.listCards()).toHaveLength(SANDBOX_RECORDS_KEPT);
    expect(() => store.state('first')).toThrow();
    expect(() => store.getReservation(reservation.reservationId)).toThrow();
    expect(store.listReservations({ orderId: 'o1' })).toEqual([]);
    // The same order and payment may reserve again on a new card.
    expect(store.reserve({ cardId: 'card-0', orderId: 'o1', paymentId: 'p1', amount: 5 }).created).toBe(true);
  });
});
