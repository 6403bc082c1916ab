import { timeOrderedUuid } from '../platform/db/time-ordered-id.js';
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../platform/auth/request-auth.js';
import { connectDatabase } from '../platform/db/database.js';
import { AppError, notFound } from '../platform/errors/app-error.js';
import { createServiceApp } from '../platform/http/app.factory.js';
import { callSignerFor } from '../platform/outbound/call-signer.js';
import { observePool } from '../platform/telemetry/metrics.js';
import type { ServiceDeps } from '../platform/service-deps.js';
import { DeliveryAdminRepository } from './delivery-admin.repository.js';
import { EventRepository } from './event.repository.js';
import { registerNotificationAdminRoutes } from './notification-admin.routes.js';
import { eventSchema, listEventsResponses, retryResponses } from './events.openapi.js';
import { NotificationQueue } from './notification-queue.repository.js';
import { ReceiverRepository } from './receiver.repository.js';
import { NotificationWorker } from './notification.worker.js';
import type { OrderJobs } from './order-jobs.port.js';
import { observeOutbox } from './outbox.metrics.js';

/**
 * The outbox as the admin reads it (events, failed deliveries, receivers): this service's admin
 * API answers from it, and the composition root hands it to the order subgraph's admin fields.
 */
export function createNotificationAdmin(db: ServiceDeps['db']) {
  return { events: new EventRepository(db.prisma), deliveries: new DeliveryAdminRepository(db.pool), receivers: new ReceiverRepository(db.pool) };
}

/** The worker's connections: a claim, batched outcomes, failures and the sweep at once. */
const WORKER_CONNECTIONS = 4;

const RETRYABLE = ['notification.dead_lettered', 'notification.delivery_failed', 'notification.delivered'];

/**
 * The notification service (port 4005): delivers queued notifications and answers the events API.
 * Its worker has its own small pool: claims, outcomes and the retention sweep (a delivery holds no
 * connection while it waits on its receiver).
 * `orderJobs`: the order engine's side of payment callbacks and amountChanged calls (from app/).
 */
export async function createNotificationService(deps: ServiceDeps, orderJobs: OrderJobs): Promise<FastifyInstance> {
  const app = createServiceApp('notifications', deps);
  const settings = deps.config.notifications;
  // Claims and outcomes commit without waiting for the WAL flush: one lost to a database crash is a
  // lease that expires or an attempt made again (at-least-once; receivers de-duplicate on the event's key).
  const workerDb = connectDatabase(deps.db.url, { max: WORKER_CONNECTIONS, sessionOptions: '-c synchronous_commit=off' });
  const queue = new NotificationQueue(workerDb.pool, {
    pause: { failures: settings.pauseAfterFailures, afterMs: settings.pauseAfterMs },
    // At most this many deliveries to one host across all replicas (default: half a process's workers): one that hangs cannot take them all.
    perHost: settings.hostConcurrency,
    leaseMs: settings.leaseMs,
    onReceiverPaused: (receiver) => deps.logger.warn(receiver, 'notification receiver paused: its deliveries wait for an admin to resume it'),
  });
  const admin = createNotificationAdmin(deps.db);
  const { events } = admin;
  const worker = new NotificationWorker(queue, callSignerFor(deps.config), deps.logger, {
    databaseUrl: deps.db.url,
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutMs,
    retryDelaysMs: settings.retryDelaysMs,
    retention: settings.retention,
    // Not while the process is not ready for a cause of its own (its signing key): its calls would be refused.
    mayDeliver: async () => (await Promise.all((deps.readiness ?? []).map((check) => check().then(() => true, () => false)))).every(Boolean),
  }, orderJobs);

  app.addSchema(eventSchema);
  app.get<{ Querystring: { orderId: string } }>(
    '/api/v1/events',
    { schema: { querystring: { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string', minLength: 1, maxLength: 128 } } }, summary: "An order's events", response: listEventsResponses } },
    async (request) => {
      const { tenant } = request.auth;
      if (!(await events.orderExists(tenant, request.query.orderId))) throw notFound(`Order ${request.query.orderId} was not found.`, 'order_not_found');
      return events.listForOrder(tenant, request.query.orderId);
    },
  );

  app.post<{ Params: { eventId: string } }>(
    '/api/v1/events/:eventId/retry',
    { schema: { params: { type: 'object', required: ['eventId'], properties: { eventId: { type: 'string', minLength: 1, maxLength: 64 } } }, summary: 'Deliver a notification again (admin, service, adapter)', response: retryResponses } },
    async (request, reply) => {
      requireRole(request.auth, 'admin', 'service', 'adapter');
      const { tenant } = request.auth;
      const event = await events.find(tenant, request.params.eventId);
      if (!event) throw notFound(`Event ${request.params.eventId} was not found.`, 'event_not_found');
      const jobId = (event.data as { jobId?: string }).jobId;
      if (!RETRYABLE.includes(event.type) || !jobId) {
        throw new AppError(409, 'not_retryable', `Event ${event.id} (${event.type}) is not a notification delivery.`);
      }
      const outcome = await queue.requeue(jobId, tenant.merchant, tenant.channel);
      if (outcome === 'pending') throw new AppError(409, 'already_pending', `The delivery of event ${event.id} is already waiting in the queue.`);
      if (outcome === 'missing') throw notFound(`The delivery of event ${event.id} no longer exists.`, 'delivery_not_found');
      const retryEventId = timeOrderedUuid();
      await deps.db.prisma.orderEvent.create({
        data: { id: retryEventId, merchant: tenant.merchant, channel: tenant.channel, orderId: event.orderId, type: 'notification.retry_requested', version: event.version, actor: request.auth.principal.subject, data: { jobId, retriedEventId: event.id } },
      });
      return reply.status(202).send({ status: 'requeued', jobId, eventId: retryEventId });
    },
  );

  registerNotificationAdminRoutes(app, admin.receivers, admin.deliveries);

  const stopObservingOutbox = observeOutbox(deps.db.pool);
  const stopObservingPool = observePool('notifications_worker', workerDb.pool);
  app.addHook('onReady', () => worker.start());
  app.addHook('onClose', async () => {
    stopObservingOutbox();
    stopObservingPool();
    await worker.stop();
    await workerDb.close();
  });
  return app;
}
