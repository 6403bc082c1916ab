import { context, INVALID_SPAN_CONTEXT, trace, TraceFlags, type Context, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api';
import { NodeTracerProvider, RandomIdGenerator } from '@opentelemetry/sdk-trace-node';

/**
 * The tracer of a process that exports no traces (`OTEL_TRACES_EXPORTER=none`): every span is a
 * non-recording span with ids of its own — a child keeps its parent's trace id, flags and state,
 * a root gets a new trace id and the sampled flag — exactly the context the SDK's spans would
 * propagate (traceparent out, trace ids on log lines), without recording attributes, events and
 * timings that nothing would ever read (the SDK's span objects, a span processor call per end).
 */
class UnrecordedTracer implements Tracer {
  private readonly ids = new RandomIdGenerator();

  startSpan(_name: string, options?: SpanOptions, ctx: Context = context.active()): Span {
    const parent = options?.root ? undefined : trace.getSpanContext(ctx);
    const spanId = this.ids.generateSpanId();
    if (parent && trace.isSpanContextValid(parent)) {
      return trace.wrapSpanContext({ traceId: parent.traceId, spanId, traceFlags: parent.traceFlags, ...(parent.traceState ? { traceState: parent.traceState } : {}) });
    }
    return trace.wrapSpanContext({ traceId: this.ids.generateTraceId(), spanId, traceFlags: TraceFlags.SAMPLED });
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...rest: [F] | [SpanOptions, F] | [SpanOptions, Context, F]): ReturnType<F> {
    const fn = rest[rest.length - 1] as F;
    const options = rest.length > 1 ? (rest[0] as SpanOptions) : undefined;
    const parent = rest.length > 2 ? (rest[1] as Context) : context.active();
    const span = this.startSpan(name, options, parent);
    return context.with(trace.setSpan(parent, span), fn as (span: Span) => ReturnType<F>, undefined, span);
  }
}

/**
 * A library's tracer (Apollo's gateway makes a span per plan, execution, fetch and shaping) when
 * nothing records: its spans would be new ids under the request's that nobody can see, each with
 * a context switch on every await below it. Its span stands for the span already active (the
 * same ids: traceparent out and log lines read the same), and its callback runs in the context it
 * was given, so nothing is switched unless the library names another context.
 */
class PassThroughTracer implements Tracer {
  startSpan(_name: string, _options?: SpanOptions, ctx: Context = context.active()): Span {
    return trace.wrapSpanContext(trace.getSpanContext(ctx) ?? INVALID_SPAN_CONTEXT);
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...rest: [F] | [SpanOptions, F] | [SpanOptions, Context, F]): ReturnType<F> {
    const fn = rest[rest.length - 1] as F;
    if (rest.length < 3) return fn(this.startSpan(name)) as ReturnType<F>;
    const parent = rest[1] as Context;
    const span = this.startSpan(name, undefined, parent);
    return context.with(trace.setSpan(parent, span), fn as (span: Span) => ReturnType<F>, undefined, span);
  }
}

/**
 * The SDK's provider for its registration (the AsyncLocalStorage context manager, W3C trace
 * context and baggage propagation: request scopes and log fields ride on them), handing out
 * the unrecorded tracer — ours — and, to the tracers `passThrough` names (the libraries'), the
 * pass-through one.
 */
export class UnrecordedTracerProvider extends NodeTracerProvider {
  private readonly tracer = new UnrecordedTracer();
  private readonly passThroughTracer = new PassThroughTracer();

  constructor(private readonly passThrough: (name: string) => boolean = () => false) {
    super();
  }

  override getTracer(name: string): Tracer {
    return this.passThrough(name) ? this.passThroughTracer : this.tracer;
  }
}
