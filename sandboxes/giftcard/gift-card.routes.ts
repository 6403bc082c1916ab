import type { FastifyInstance } from 'fastify';
import type { CardInput, GiftCardStore, ReserveInput } from './gift-card.store.js';
import { balanceQuerySchema, cardParamsSchema, createCardSchema, reservationQuerySchema, reserveSchema } from './gift-card.schemas.js';
import { answers } from './gift-card.openapi.js';

type CardParams = { Params: { cardId: string } };
type ReservationParams = { Params: { reservationId: string } };

/** The gift card API the adapter calls (HTTP Basic): balance check, reservations, commit. */
export function registerGiftCardRoutes(api: FastifyInstance, store: GiftCardStore): void {
  api.get<CardParams & { Querystring: { code?: string } }>(
    '/api/v1/cards/:cardId',
    { schema: { params: cardParamsSchema, querystring: balanceQuerySchema, summary: 'Balance check (the code when the card has one)', response: answers.balance }, config: { operation: 'getCard' } },
    async (request) => store.balance(request.params.cardId, request.query.code),
  );

  api.get<CardParams>(
    '/api/v1/cards/:cardId/info',
    { schema: { params: cardParamsSchema, summary: 'Card info without the code', response: answers.balance }, config: { operation: 'getCardInfo' } },
    async (request) => store.balance(request.params.cardId, undefined, false),
  );

  api.post<CardParams & { Body: Omit<ReserveInput, 'cardId'> }>(
    '/api/v1/cards/:cardId/reservations',
    { schema: { params: cardParamsSchema, body: reserveSchema, summary: 'Reserve an amount (idempotent per order and payment)', response: answers.reserve }, config: { operation: 'reserve' } },
    async (request, reply) => {
      const { reservation, created } = store.reserve({ ...request.body, cardId: request.params.cardId });
      if (created) void reply.header('location', `/api/v1/reservations/${reservation.reservationId}`);
      return reply.status(created ? 201 : 200).send(reservation);
    },
  );

  api.get<{ Querystring: { orderId?: string; paymentId?: string; cardId?: string } }>(
    '/api/v1/reservations',
    { schema: { querystring: reservationQuerySchema, response: answers.reservations }, config: { operation: 'listReservations' } },
    async (request) => ({ reservations: store.listReservations(request.query) }),
  );

  api.get<ReservationParams>('/api/v1/reservations/:reservationId', { config: { operation: 'getReservation' }, schema: { response: answers.reservation } }, async (request) =>
    store.getReservation(request.params.reservationId),
  );

  api.delete<ReservationParams>('/api/v1/reservations/:reservationId', { config: { operation: 'cancelReservation' }, schema: { response: answers.reservationChange } }, async (request) =>
    store.cancel(request.params.reservationId),
  );

  api.post<ReservationParams>('/api/v1/reservations/:reservationId/commit', { config: { operation: 'commitReservation' }, schema: { response: answers.reservationChange } }, async (request) =>
    store.commit(request.params.reservationId),
  );
}

/** `/api/sandbox/cards` (no auth): seed a card, read everything about one or all. */
export function registerGiftCardSandboxRoutes(app: FastifyInstance, store: GiftCardStore): void {
  app.post<{ Body: CardInput }>('/api/sandbox/cards', { schema: { body: createCardSchema, summary: 'Seed a card', response: answers.seeded } }, async (request, reply) =>
    reply.status(201).header('location', `/api/sandbox/cards/${request.body.cardId}`).send(store.createCard(request.body)),
  );
  app.get('/api/sandbox/cards', { schema: { response: answers.cards } }, async () => ({ cards: store.listCards() }));
  app.get<CardParams>('/api/sandbox/cards/:cardId', { schema: { response: answers.card } }, async (request) => store.state(request.params.cardId));
}
