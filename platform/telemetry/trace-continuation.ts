import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OPERATION_BAGGAGE } from './outbound.js';
import { withRequestScope, type RequestScope } from './request-scope.js';
import { tracer } from './tracing.js';

/**
 * Runs work that a request queued (an outbox job) in that request's trace: a consumer span
 * whose parent is the stored traceparent, with the request's id and operation name as log
 * fields. Without a stored context the work starts a trace of its own.
 */
export async function continueTrace<T>(
  carrier: Record<string, string> | null | undefined,
  name: string,
  scope: Omit<RequestScope, 'requestId' | 'operationName'>,
  attributes: Record<string, string | number>,
  run: () => Promise<T>,
): Promise<T> {
  const stored = carrier && typeof carrier === 'object' ? carrier : {};
  const parent = propagation.extract(ROOT_CONTEXT, stored);
  const requestId = typeof stored['x-request-id'] === 'string' ? stored['x-request-id'] : undefined;
  const operationName = propagation.getBaggage(parent)?.getEntry(OPERATION_BAGGAGE)?.value;
  const span = tracer().startSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent);
  const ctx = withRequestScope(trace.setSpan(parent, span), { ...scope, ...(requestId ? { requestId } : {}), ...(operationName ? { operationName } : {}) });
  try {
    return await context.with(ctx, run);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}
