import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';

/** The spans of one trace as an indented tree (name and service), for assertions and for reading. */
export function traceTree(spans: readonly ReadableSpan[]): string {
  const byParent = new Map<string | undefined, ReadableSpan[]>();
  const ids = new Set(spans.map((span) => span.spanContext().spanId));
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent && ids.has(parent) ? parent : undefined;
    byParent.set(key, [...(byParent.get(key) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    const children = (byParent.get(parent) ?? []).sort((a, b) => hr(a.startTime) - hr(b.startTime));
    for (const span of children) {
      const service = span.attributes['checkout.service'];
      lines.push(`${'  '.repeat(depth)}${span.name}${service ? ` [${String(service)}]` : ''}`);
      walk(span.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines.join('\n');
}

const hr = ([seconds, nanos]: [number, number]) => seconds * 1e9 + nanos;
