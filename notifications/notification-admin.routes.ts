import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, notFound } from '../platform/errors/app-error.js';
import type { DeliveryAdminRepository } from './delivery-admin.repository.js';
import type { DeliveryFilter } from '../contracts/notification-admin.types.js';
import type { ReceiverRepository } from './receiver.repository.js';
import { adminAnswers } from './events.openapi.js';

const ADMIN = { roles: ['admin'] as const };
const UUID = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } as const;
const JOB_ID = { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } as const;
// Query strings are text (the platform's ajv does not coerce types): 1–200, read as a number by the route.
const FIRST = { type: 'string', pattern: '^(?:[1-9][0-9]?|1[0-9]{2}|200)$', default: '50' } as const;
const filterProperties = {
  status: { enum: ['failed', 'dead'] },
  orderId: { type: 'string', minLength: 1, maxLength: 128 },
  receiverId: UUID,
  notificationId: { type: 'string', minLength: 1, maxLength: 256 },
} as const;

/**
 * The operators' side of delivery (docs/events.md): receivers' health with resume, and failed or
 * dead-lettered deliveries across orders with bulk replay. Admin only, within the caller's tenant.
 */
export function registerNotificationAdminRoutes(app: FastifyInstance, receivers: ReceiverRepository, deliveries: DeliveryAdminRepository): void {
  app.get<{ Querystring: { status?: 'active' | 'paused'; first: string; after?: string } }>(
    '/api/v1/receivers',
    {
      config: ADMIN,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { enum: ['active', 'paused'] }, first: FIRST, after: { type: 'string', minLength: 1, maxLength: 4096 } },
        },
        summary: "Receivers' health (admin)",
        response: adminAnswers.receivers,
      },
    },
    async (request) => {
      const { status, first, after } = request.query;
      return receivers.list(request.auth.tenant, { ...(status ? { status } : {}), first: Number(first), ...(after ? { after } : {}) });
    },
  );

  app.get<{ Params: { receiverId: string } }>(
    '/api/v1/receivers/:receiverId',
    { config: ADMIN, schema: { params: { type: 'object', required: ['receiverId'], properties: { receiverId: UUID } }, summary: 'One receiver (admin)', response: adminAnswers.receiver } },
    async (request) => {
      const receiver = await receivers.find(request.auth.tenant, request.params.receiverId);
      if (!receiver) throw notFound(`Receiver ${request.params.receiverId} was not found.`, 'receiver_not_found');
      return receiver;
    },
  );

  app.post<{ Params: { receiverId: string } }>(
    '/api/v1/receivers/:receiverId/resume',
    { config: ADMIN, schema: { params: { type: 'object', required: ['receiverId'], properties: { receiverId: UUID } }, summary: 'Resume a paused receiver (admin)', response: adminAnswers.resumed } },
    async (request) => {
      const outcome = await receivers.resume(request.auth.tenant, request.params.receiverId, request.auth.principal.subject);
      if (outcome.kind === 'missing') throw notFound(`Receiver ${request.params.receiverId} was not found.`, 'receiver_not_found');
      if (outcome.kind === 'not_paused') throw new AppError(409, 'receiver_not_paused', `Receiver ${request.params.receiverId} is not paused.`, { status: outcome.receiver.status });
      return { status: 'resumed', requeued: outcome.requeued, receiver: outcome.receiver };
    },
  );

  app.get<{ Querystring: DeliveryFilter & { first: string; after?: string } }>(
    '/api/v1/deliveries',
    {
      config: ADMIN,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { ...filterProperties, first: FIRST, after: JOB_ID } },
        summary: 'Failed and dead-lettered deliveries across orders (admin)',
        response: adminAnswers.deliveries,
      },
    },
    async (request) => {
      const { first, after, ...filter } = request.query;
      return deliveries.list(request.auth.tenant, filter, { first: Number(first), ...(after ? { after } : {}) });
    },
  );

  app.post<{ Body: { ids?: string[]; filter?: DeliveryFilter; limit?: number } }>(
    '/api/v1/deliveries/replay',
    {
      config: ADMIN,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: JOB_ID },
            filter: { type: 'object', additionalProperties: false, properties: filterProperties },
            limit: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        },
        summary: 'Replay deliveries by ids or by filter (admin)',
        response: adminAnswers.replayed,
      },
    },
    async (request, reply) => {
      const { ids, filter, limit } = request.body;
      if ((ids === undefined) === (filter === undefined)) throw badRequest('invalid_request', 'Give either `ids` or `filter`, not both and not neither.');
      if (ids && limit !== undefined) throw badRequest('invalid_request', '`limit` goes with `filter`; `ids` replays exactly the ids given.');
      const outcome = await deliveries.replay(request.auth.tenant, ids ? { ids } : { filter: filter!, limit: limit ?? 100 }, request.auth.principal.subject);
      return reply.status(202).send({ status: 'requeued', requeued: outcome.jobIds.length, ...outcome });
    },
  );
}
