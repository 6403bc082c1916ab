import { trace } from '@opentelemetry/api';
import { deliveryMetrics } from '../platform/telemetry/metrics.js';
import { continueTrace } from '../platform/telemetry/trace-continuation.js';
import type { ClaimedJob, DeliveryResult } from './notification-queue.repository.js';

/**
 * One delivery attempt in the trace of the request that queued it (the outbox keeps its
 * traceparent), counted and timed by outcome.
 */
export function observeDelivery(job: ClaimedJob, deliver: () => Promise<DeliveryResult>): Promise<DeliveryResult> {
  return continueTrace(
    job.traceContext,
    `deliver ${job.kind}`,
    { merchant: job.merchant, channel: job.channel },
    { 'checkout.order_id': job.orderId, 'checkout.notification_id': job.notificationId, 'checkout.job_id': job.id, 'checkout.attempt': job.attempts + 1 },
    async () => {
      const result = await deliver();
      trace.getActiveSpan()?.setAttribute('checkout.outcome', result.kind);
      const metrics = deliveryMetrics();
      metrics.attempts.inc({ kind: job.kind, outcome: result.kind });
      if (result.kind !== 'skipped') metrics.duration.observe({ outcome: result.kind }, result.durationMs / 1000);
      return result;
    },
  );
}
