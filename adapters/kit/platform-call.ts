import { AppError } from '../../platform/errors/app-error.js';
import { recordHttpOutcome, withClientSpan } from '../../platform/telemetry/outbound.js';

/** A platform service (or provider) answered with an error, or could not be reached. */
export class PlatformCallError extends AppError {
  /** What the callee said (or why it could not be reached), with its address: for logs, not for callers. */
  readonly upstreamMessage: string;

  constructor(
    readonly url: string,
    readonly httpStatus: number | undefined,
    readonly body: unknown,
    message: string,
  ) {
    // A refusal (4xx) is the callee's answer to our caller and is passed on whole; a failure
    // (5xx) keeps only the callee's message, and no answer says so without the address.
    const passOn = httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500;
    const bodyCode = typeof (body as { code?: unknown })?.code === 'string' ? (body as { code: string }).code : undefined;
    super(
      passOn ? httpStatus : 502,
      passOn ? (bodyCode ?? 'upstream_refused') : 'upstream_unavailable',
      httpStatus === undefined ? 'A service this request needs could not be reached; try again shortly.' : message,
      passOn ? (body as { details?: unknown })?.details : undefined,
    );
    this.upstreamMessage = message;
  }
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

/**
 * One JSON call. 2xx answers the parsed body (undefined when empty); any other answer throws a
 * PlatformCallError keeping the callee's status (4xx passed on as is, so a hook veto reaches
 * the caller as the 400 it was) and `{code, message, details}`.
 */
export async function callJson<T>(url: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  // A client span per call; the callee continues the trace (and the request id) from its headers.
  return withClientSpan({ name: `${method} ${new URL(url).host}`, method, url }, async (traceHeaders, span) => {
    try {
      return await callJsonOnce<T>(url, method, options, traceHeaders);
    } catch (error) {
      recordHttpOutcome(span, (error as PlatformCallError).httpStatus);
      throw error;
    }
  });
}

async function callJsonOnce<T>(url: string, method: string, options: CallOptions, traceHeaders: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers, ...traceHeaders },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new PlatformCallError(url, undefined, undefined, `${url} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const message = typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message : `The service answered HTTP ${response.status}.`;
    throw new PlatformCallError(url, response.status, body, message);
  }
  return body as T;
}
