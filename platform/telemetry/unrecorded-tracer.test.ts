import { describe, expect, it } from '@jest/globals';
import { context, createTraceState, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { UnrecordedTracerProvider } from './unrecorded-tracer.js';

// Registered as a process registers it: the AsyncLocalStorage context manager and W3C propagation come along.
const provider = new UnrecordedTracerProvider();
provider.register();
const tracer = trace.getTracer('test');
const parent = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.NONE, traceState: createTraceState('vendor=1'), isRemote: true };

describe('the unrecorded tracer (no trace exporter)', () => {
  it('starts a root span with a new valid trace and the sampled flag, recording nothing', () => {
    const span = tracer.startSpan('root', {}, ROOT_CONTEXT);
    const ids = span.spanContext();
    expect(trace.isSpanContextValid(ids)).toBe(true);
    expect(ids.traceFlags).toBe(TraceFlags.SAMPLED);
    expect(span.isRecording()).toBe(false);
    expect(tracer.startSpan('root', {}, ROOT_CONTEXT).spanContext().traceId).not.toBe(ids.traceId);
  });

  it("continues the parent's trace: same trace id, flags and state, a span id of its own", () => {
    const child = tracer.startSpan('child', {}, trace.setSpanContext(ROOT_CONTEXT, parent)).spanContext();
    expect(child).toMatchObject({ traceId: parent.traceId, traceFlags: TraceFlags.NONE });
    expect(child.traceState?.get('vendor')).toBe('1');
    expect(child.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child.spanId).not.toBe(parent.spanId);
    // `root` ignores the parent.
    expect(tracer.startSpan('root', { root: true }, trace.setSpanContext(ROOT_CONTEXT, parent)).spanContext().traceId).not.toBe(parent.traceId);
  });

  it('is what the API hands out, and injects the span it made as traceparent', () => {
    const span = tracer.startSpan('call', {}, trace.setSpanContext(ROOT_CONTEXT, parent));
    const headers: Record<string, string> = {};
    propagation.inject(trace.setSpan(ROOT_CONTEXT, span), headers);
    expect(headers.traceparent).toBe(`00-${parent.traceId}-${span.spanContext().spanId}-00`);
  });

  it('startActiveSpan runs the callback with its span active, a child of the given context', () => {
    const seen = tracer.startActiveSpan('active', {}, trace.setSpanContext(ROOT_CONTEXT, parent), (span) => ({ span, active: trace.getActiveSpan() }));
    expect(seen.active).toBe(seen.span);
    expect(seen.span.spanContext().traceId).toBe(parent.traceId);
    expect(tracer.startActiveSpan('bare', (span) => span.spanContext().traceFlags)).toBe(TraceFlags.SAMPLED);
    expect(context.active()).toBe(ROOT_CONTEXT);
  });
});

describe("a library's tracer when nothing records (pass-through)", () => {
  const library = new UnrecordedTracerProvider((name) => name === 'library').getTracer('library');

  it('hands out the active span as the library span, with no context switch', () => {
    const active = trace.setSpanContext(ROOT_CONTEXT, parent);
    context.with(active, () => {
      const seen = library.startActiveSpan('plan', (span) => ({ ids: span.spanContext(), context: context.active() }));
      expect(seen.ids).toMatchObject({ traceId: parent.traceId, spanId: parent.spanId });
      expect(seen.context).toBe(active);
      expect(library.startSpan('fetch').spanContext().spanId).toBe(parent.spanId);
    });
  });

  it('runs the callback in a context the library names, and is invalid where no span is active', () => {
    const named = trace.setSpanContext(ROOT_CONTEXT, parent);
    expect(library.startActiveSpan('x', {}, named, (span) => [span.spanContext().spanId, trace.getSpanContext(context.active())?.spanId])).toEqual([parent.spanId, parent.spanId]);
    expect(trace.isSpanContextValid(library.startSpan('root', {}, ROOT_CONTEXT).spanContext())).toBe(false);
    expect(library.startSpan('root', {}, ROOT_CONTEXT).isRecording()).toBe(false);
  });
});
