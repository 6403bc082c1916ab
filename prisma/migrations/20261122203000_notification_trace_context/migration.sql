-- The trace context of the request that queued a notification (traceparent, tracestate, baggage,
-- x-request-id as a header map), so its delivery continues that request's trace (docs/observability.md).
ALTER TABLE "notification_jobs" ADD COLUMN "trace_context" JSONB;
