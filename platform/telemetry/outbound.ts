import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { currentScope } from './request-scope.js';
import { tracer } from './tracing.js';

/** Baggage entry carrying the GraphQL operation name to the services a request calls (a log field, never trusted). */
export const OPERATION_BAGGAGE = 'graphql.operation';

/**
 * Headers that continue the active trace on another service: traceparent/tracestate of `ctx`,
 * the request id and operation name of the request being served. They replace any copies in
 * the headers they are spread over (the forwarded ones belong to the previous hop).
 */
export function outboundTraceHeaders(ctx: Context = context.active()): Record<string, string> {
  const scope = currentScope();
  let carrierContext = ctx;
  if (scope?.operationName) {
    const baggage = (propagation.getBaggage(ctx) ?? propagation.createBaggage()).setEntry(OPERATION_BAGGAGE, { value: scope.operationName });
    carrierContext = propagation.setBaggage(ctx, baggage);
  }
  const headers: Record<string, string> = {};
  propagation.inject(carrierContext, headers);
  if (scope?.requestId) headers['x-request-id'] = scope.requestId;
  return headers;
}

export interface ClientCall {
  /** Span name, e.g. `POST hook` or `subgraph order`. */
  name: string;
  url?: string;
  method?: string;
  attributes?: Record<string, string | number | boolean | undefined>;
  /** False for a call that leaves no process (an in-process subgraph): `run` gets no trace headers, none are built. */
  propagate?: boolean;
}

/**
 * Runs an outbound call inside a client span; `run` gets the trace headers to send. The span
 * ends with the call; a thrown error marks it failed. `status` lets the caller record the answer.
 */
export async function withClientSpan<T>(call: ClientCall, run: (headers: Record<string, string>, span: Span) => Promise<T>): Promise<T> {
  const attributes: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(call.attributes ?? {})) if (value !== undefined) attributes[key] = value;
  if (call.method) attributes['http.request.method'] = call.method;
  if (call.url) attributes['url.full'] = stripQuery(call.url);
  const span = tracer().startSpan(call.name, { kind: SpanKind.CLIENT, attributes });
  const ctx = trace.setSpan(context.active(), span);
  try {
    return await context.with(ctx, () => run(call.propagate === false ? {} : outboundTraceHeaders(ctx), span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** Records an HTTP answer (or its absence) on a client span. */
export function recordHttpOutcome(span: Span, status: number | undefined, error?: string): void {
  if (status !== undefined) span.setAttribute('http.response.status_code', status);
  if (status === undefined || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, ...(error ? { message: error } : {}) });
}

/** Signed callback URLs carry secrets in their query; spans keep scheme, host and path only. */
const stripQuery = (url: string) => url.split('?')[0]!;
