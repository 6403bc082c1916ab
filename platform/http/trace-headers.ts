/** Headers that follow a request from service to service, so one checkout reads as one trace. */
export const TRACE_HEADERS = ['traceparent', 'tracestate', 'x-request-id'] as const;

/** The trace headers present (as single strings) among `headers`. */
export function pickTraceHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of TRACE_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string' && value.length <= 512) picked[name] = value;
  }
  return picked;
}
