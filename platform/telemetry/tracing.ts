import { trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { TelemetryConfig } from '../env/env.config.js';
import { UnrecordedTracerProvider } from './unrecorded-tracer.js';

/** The instrumentation scope of every span the platform makes itself (Apollo's gateway adds its own). */
const TRACER_NAME = 'checkout-platform';

export interface Tracing {
  exporter: TelemetryConfig['tracesExporter'];
  /** Spans ended so far (exporter `memory` only; empty otherwise). */
  finishedSpans(): ReadableSpan[];
  /** Drops the spans kept so far (exporter `memory`). */
  reset(): void;
  /** Sends what is still buffered (OTLP); kept open for other systems of the process. */
  flush(): Promise<void>;
}

let installed: Tracing | undefined;

/**
 * Installs the process's tracer provider once: W3C trace context and baggage propagation and the
 * AsyncLocalStorage context manager always (request scopes and log fields ride on them), span
 * export only when configured. With no exporter, spans are not recorded at all (the unrecorded
 * tracer): the same ids and context travel, nothing is kept. A second system in the same process
 * (tests) shares the first's.
 */
export function installTracing(config: TelemetryConfig): Tracing {
  if (installed) return installed;
  const memory = config.tracesExporter === 'memory' ? new InMemorySpanExporter() : undefined;
  const processors: SpanProcessor[] = [];
  if (memory) processors.push(new SimpleSpanProcessor(memory));
  if (config.tracesExporter === 'otlp' && config.otlpEndpoint) {
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${config.otlpEndpoint.replace(/\/$/, '')}/v1/traces` })));
  }
  const provider =
    processors.length === 0 ? new UnrecordedTracerProvider((name) => name !== TRACER_NAME) : new NodeTracerProvider({ resource: resourceFromAttributes({ 'service.name': config.serviceName }), spanProcessors: processors });
  provider.register();
  const tracing: Tracing = {
    exporter: config.tracesExporter,
    finishedSpans: () => memory?.getFinishedSpans() ?? [],
    reset: () => memory?.reset(),
    flush: () => provider.forceFlush(),
  };
  installed = tracing;
  return tracing;
}

export const tracer = (): Tracer => trace.getTracer(TRACER_NAME);
