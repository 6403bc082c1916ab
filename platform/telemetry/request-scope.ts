import { context, createContextKey, trace, type Context } from '@opentelemetry/api';

/**
 * What every log line written while serving a request carries, wherever it is written: the
 * request id, the tenant once authenticated, the GraphQL operation once known. It lives in the
 * request's OpenTelemetry context (AsyncLocalStorage), so deep code needs no logger passed in.
 */
export interface RequestScope {
  requestId?: string;
  merchant?: string;
  channel?: string;
  operationName?: string;
}

/** What a GraphQL operation name looks like; anything else is not put on log lines or metrics. */
export const isOperationName = (name: string | null | undefined): name is string => typeof name === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(name);

const SCOPE = createContextKey('checkout-platform.request-scope');

export const withRequestScope = (ctx: Context, scope: RequestScope): Context => ctx.setValue(SCOPE, scope);

export const currentScope = (): RequestScope | undefined => context.active().getValue(SCOPE) as RequestScope | undefined;

/** Fields for a log line: the scope's, plus the trace id when a span is active. */
export function logFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  const scope = currentScope();
  if (scope?.requestId) fields.requestId = scope.requestId;
  if (scope?.merchant) fields.merchant = scope.merchant;
  if (scope?.channel) fields.channel = scope.channel;
  if (scope?.operationName) fields.operationName = scope.operationName;
  const span = trace.getActiveSpan()?.spanContext();
  if (span && trace.isSpanContextValid(span)) fields.traceId = span.traceId;
  return fields;
}
