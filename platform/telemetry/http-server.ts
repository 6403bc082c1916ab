import type { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpMetrics } from './metrics.js';
import { OPERATION_BAGGAGE } from './outbound.js';
import { isOperationName, withRequestScope, type RequestScope } from './request-scope.js';
import { tracer } from './tracing.js';

const SERVER_SPAN = Symbol('checkout-platform.server-span');
const SCOPE = Symbol('checkout-platform.request-scope');
type Traced = IncomingMessage & { [SERVER_SPAN]?: Span; [SCOPE]?: RequestScope };

/**
 * fastify's server, with every request handled inside its own context: a server span that
 * continues the caller's trace (traceparent), and the request scope of log lines. The request
 * and response emitters are bound to it too, so work resumed from their events (the body
 * arriving, the answer finishing) stays in the request's context.
 */
export function tracedServerFactory(handler: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createServer((req: Traced, res) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer().startSpan(req.method ?? 'HTTP', { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? '' } }, parent);
    // The operation name a calling service put in baggage labels this hop's log lines.
    const operation = propagation.getBaggage(parent)?.getEntry(OPERATION_BAGGAGE)?.value;
    const scope: RequestScope = isOperationName(operation) ? { operationName: operation } : {};
    req[SERVER_SPAN] = span;
    req[SCOPE] = scope;
    const ctx = withRequestScope(trace.setSpan(parent, span), scope);
    emitIn(ctx, req);
    emitIn(ctx, res);
    // Ended here when fastify's onResponse did not end it (a request aborted before its answer).
    res.once('close', () => span.isRecording() && span.end());
    context.with(ctx, () => handler(req, res));
  });
}

/**
 * Every listener of `emitter` runs in `ctx`, whoever emits: what OpenTelemetry's
 * `context.bind(ctx, emitter)` gives, for less. That one wraps each listener as it is added and
 * keeps a map of the wrappers for removeListener (a request adds a dozen); this one switches
 * context once per event, and only when the emitting code is not in `ctx` already.
 */
function emitIn(ctx: Context, emitter: EventEmitter): void {
  const emit = emitter.emit;
  emitter.emit = function emitInContext(this: EventEmitter, event: string | symbol, ...args: unknown[]): boolean {
    return context.active() === ctx ? emit.call(this, event, ...args) : context.with(ctx, emit, this, event, ...args);
  };
}

export const requestScopeOf = (request: FastifyRequest): RequestScope | undefined => (request.raw as Traced)[SCOPE];
/** The request id joins the request's log fields (called by fastify's genReqId); answers it. */
export function scopeRequestId(req: IncomingMessage, requestId: string): string {
  const scope = (req as Traced)[SCOPE];
  if (scope) scope.requestId = requestId;
  return requestId;
}

/** The authenticated tenant joins the request's log fields (called by the auth hook). */
export function scopeTenant(request: FastifyRequest, tenant: { merchant: string; channel: string }): void {
  const scope = requestScopeOf(request);
  if (!scope) return;
  scope.merchant = tenant.merchant;
  scope.channel = tenant.channel;
}

export const serverSpanOf = (request: FastifyRequest): Span | undefined => (request.raw as Traced)[SERVER_SPAN];

/**
 * At the end of each request: the span's name and the HTTP metrics, both by route pattern —
 * never the raw URL, whose ids would make every request its own series.
 */
export function instrumentHttp(app: FastifyInstance, service: string): void {
  const metrics = httpMetrics(service);
  // Synchronous (done), so no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.requests.inc({ method: request.method, route, status: String(status) });
    metrics.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const span = serverSpanOf(request);
    if (span?.isRecording()) {
      span.updateName(`${request.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status, 'checkout.service': service, 'checkout.request_id': request.id });
      const scope = requestScopeOf(request);
      if (scope?.merchant) span.setAttributes({ 'checkout.merchant': scope.merchant, 'checkout.channel': scope.channel ?? '' });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
