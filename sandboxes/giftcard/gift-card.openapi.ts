import { errors, json } from '../../platform/http/api-docs.schemas.js';

/** What the gift card sandbox answers, for its API document (docs/api-documents.md). */

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const obj = (properties: Record<string, object>) => ({ type: 'object', required: Object.keys(properties), properties }) as const;

const reservation = obj({
  reservationId: str,
  cardId: str,
  orderId: str,
  paymentId: str,
  amount: num,
  currency: str,
  status: { enum: ['reserved', 'cancelled', 'committed', 'expired'] },
  createdAt: str,
  expiresAt: str,
  cancelledAt: nullableStr,
  committedAt: nullableStr,
});
const balanceProperties = { cardId: str, balance: num, currency: str, codeRequired: { type: 'boolean' }, reserved: num, available: num };
const balance = obj(balanceProperties);
const card = obj({ ...balanceProperties, initialBalance: num, committed: num, reservations: { type: 'array', items: reservation } });

export const answers = {
  balance: { 200: json('The balance; `available` is what a reservation may take', balance), ...errors(404) },
  reserve: { 200: json('Already reserved for this order and payment: the same reservation', reservation), 201: json('Reserved (Location)', reservation), ...errors(404, 409, 422) },
  reservations: { 200: json('Reservations', obj({ reservations: { type: 'array', items: reservation } })) },
  reservation: { 200: json('The reservation', reservation), ...errors(404) },
  reservationChange: { 200: json('The reservation', reservation), ...errors(404, 409) },
  seeded: { 201: json('The seeded card (Location)', card), ...errors(409) },
  cards: { 200: json('Every card', obj({ cards: { type: 'array', items: card } })) },
  card: { 200: json('Everything about the card', card), ...errors(404) },
};
