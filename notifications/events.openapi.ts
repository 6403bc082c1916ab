import { errors, json } from '../platform/http/api-docs.schemas.js';

/** What the events API answers, for the service's API document (docs/api-documents.md). */

export const eventSchema = {
  $id: 'OrderEvent',
  title: 'OrderEvent',
  type: 'object',
  required: ['id', 'sequence', 'orderId', 'merchant', 'channel', 'type', 'version', 'actor', 'data', 'createdAt'],
  properties: {
    id: { type: 'string' },
    sequence: { type: 'integer', description: 'Commit order across the platform.' },
    orderId: { type: 'string' },
    merchant: { type: 'string' },
    channel: { type: 'string' },
    type: { type: 'string', description: 'e.g. `order.created`, `notification.delivered`, `notification.dead_lettered` (docs/events.md).' },
    version: { type: ['integer', 'null'], description: 'The order version the event belongs to.' },
    actor: { type: ['string', 'null'] },
    data: { description: 'Any JSON: what the event carries.' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const listEventsResponses = { 200: json("The order's events in commit order", { type: 'array', items: { $ref: 'OrderEvent#' } }), ...errors(404) };

export const retryResponses = {
  202: json('The delivery is queued again', {
    type: 'object',
    required: ['status', 'jobId', 'eventId'],
    properties: { status: { const: 'requeued' }, jobId: { type: 'string' }, eventId: { type: 'string', description: 'The `notification.retry_requested` event.' } },
  }),
  ...errors(404, 409),
};

// The operators' routes (notification-admin.routes.ts).
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const pageInfo = { type: 'object', required: ['hasNextPage', 'endCursor'], properties: { hasNextPage: { type: 'boolean' }, endCursor: nullableText } } as const;
const receiver = {
  type: 'object',
  required: ['id', 'url', 'status', 'consecutiveFailures', 'queued'],
  properties: {
    id: text,
    url: text,
    status: { enum: ['active', 'paused'] },
    consecutiveFailures: { type: 'integer' },
    failingSince: nullableText,
    lastError: nullableText,
    lastFailureAt: nullableText,
    lastSuccessAt: nullableText,
    pausedAt: nullableText,
    resumedAt: nullableText,
    resumedBy: nullableText,
    queued: { type: 'integer', description: 'Jobs still waiting to be delivered' },
  },
} as const;
const delivery = {
  type: 'object',
  required: ['id', 'orderId', 'kind', 'notificationId', 'invoke', 'receiver', 'status', 'attempts', 'lastError', 'nextAttemptAt', 'createdAt', 'updatedAt'],
  properties: {
    id: text,
    orderId: text,
    orderVersion: { type: 'integer' },
    kind: text,
    notificationId: text,
    invoke: text,
    receiver: { type: 'object', required: ['id', 'url', 'status'], properties: { id: nullableText, url: text, status: { enum: ['active', 'paused'] } } },
    status: { enum: ['failed', 'dead'] },
    attempts: { type: 'integer' },
    lastError: nullableText,
    nextAttemptAt: { ...nullableText, description: 'null when dead or held by a paused receiver' },
    createdAt: text,
    updatedAt: text,
  },
} as const;
const ids = { type: 'array', items: text } as const;

export const adminAnswers = {
  receivers: { 200: json('Receivers by URL', { type: 'object', required: ['items', 'pageInfo'], properties: { items: { type: 'array', items: receiver }, pageInfo } }) },
  receiver: { 200: json("A receiver's health", receiver), ...errors(404) },
  resumed: {
    200: json('Resumed; its held deliveries are queued again', { type: 'object', required: ['status', 'requeued', 'receiver'], properties: { status: { const: 'resumed' }, requeued: { type: 'integer' }, receiver } }),
    ...errors(404, 409),
  },
  deliveries: { 200: json('Failed and dead-lettered deliveries', { type: 'object', required: ['items', 'pageInfo'], properties: { items: { type: 'array', items: delivery }, pageInfo } }) },
  replayed: {
    202: json('Queued again', {
      type: 'object',
      required: ['status', 'requeued', 'jobIds', 'held', 'notReplayed', 'hasMore'],
      properties: { status: { const: 'requeued' }, requeued: { type: 'integer' }, jobIds: ids, held: ids, notReplayed: ids, hasMore: { type: 'boolean' } },
    }),
  },
};
