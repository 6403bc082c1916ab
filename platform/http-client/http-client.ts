import { Agent, type Dispatcher } from 'undici';
import { guardedAgent, outboundRefusal, REFUSED_CODE } from '../outbound/outbound-guard.js';
import { recordHttpOutcome, withClientSpan } from '../telemetry/outbound.js';
import { PlatformCallError } from './platform-call-error.js';
import { DEFAULT_TIMEOUTS } from '../env/env.config.js';

/**
 * The one JSON-over-HTTP client of the platform. One core (`send`): keep-alive connections, a
 * timeout, JSON in and out, the trace headers of a client span, and — for a URL that comes from
 * someone's word (hooks, validations, notifications an adapter registered) — the outbound
 * address policy. Two thin styles over it: `callAdapter` never throws (the engine turns every
 * outcome into accept or veto), `callJson` throws a PlatformCallError on anything but 2xx.
 */
export type CallOutcome =
  | { kind: 'answered'; status: number; body: unknown; text: string; durationMs: number }
  | { kind: 'timeout'; durationMs: number }
  | { kind: 'unreachable'; error: string; durationMs: number };

/** The headers of a call, given the exact body text (call tokens sign a hash of it). */
export type CallHeaders = Record<string, string> | ((bodyText: string) => Promise<Record<string, string>>);

/**
 * A body already serialised as JSON, sent as it is: a caller that sends one value to several
 * receivers (the hooks of one change, the validations of an order) serialises it once, and the
 * call tokens hash the same text.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export interface SendOptions {
  method: string;
  headers?: CallHeaders;
  /** Sent as JSON when not undefined (a JsonText as its text). */
  body?: unknown;
  /** Sent as an HTML form (`application/x-www-form-urlencoded`, an OAuth token request) instead of `body`. */
  form?: Record<string, string>;
  timeoutMs: number;
  /** The URL is someone's word: check it and connect only to addresses the outbound policy allows. */
  guarded: boolean;
  traceHeaders?: Record<string, string>;
  /**
   * The request may go out a second time (once, with fresh headers) when the connection it went
   * out on was found closed before any answer began: a kept-alive connection the server closed
   * just then. Default: for the methods HTTP calls idempotent (GET, HEAD, OPTIONS, PUT, DELETE).
   * Other calls only when their receiver takes a repeat as the same call; a provider's money call
   * (a POST) is never repeated here: its failure goes back to whoever asked, who may ask again
   * under the same idempotency key.
   */
  replayable?: boolean;
}

const MAX_BODY_CHARS = 1_000_000;

/** One answer the client received, as observers see it (the API documents' test checks each against its document). */
export interface ObservedExchange {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}
const observers = new Set<(exchange: ObservedExchange) => void>();

/** Calls `observer` with every answer this process's client receives; returns the way to stop. */
export function observeExchanges(observer: (exchange: ObservedExchange) => void): () => void {
  observers.add(observer);
  return () => void observers.delete(observer);
}

/**
 * Keep-alive connections shared by every call of the process: to registered URLs only through the
 * guard. Every call has its own deadline (`timeoutMs`, over the whole exchange), so undici's own
 * header and body timers (300 s, a timer set and cleared per request) are off.
 */
const AGENT_OPTIONS = {
  keepAliveTimeout: 10_000,
  // A server that names its keep-alive time (Node's 5 s, Fastify's 72 s) closes an idle connection
  // then; this client stops using it 3 s earlier (undici's default margin is 2 s), so a busy
  // process whose timers run late does not send on a connection the server is closing.
  keepAliveTimeoutThreshold: 3_000,
  connections: 64,
  headersTimeout: 0,
  bodyTimeout: 0,
};
const guarded = guardedAgent(AGENT_OPTIONS);
const trusted = new Agent(AGENT_OPTIONS);

export async function send(url: string, options: SendOptions): Promise<CallOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  if (options.guarded) {
    // A URL someone registered may point anywhere: refused addresses are never called (docs/outbound.md).
    const refusal = await outboundRefusal(url);
    if (refusal) return { kind: 'unreachable', error: refusal, durationMs: elapsed() };
  }
  const sent = options.form
    ? new URLSearchParams(options.form).toString()
    : options.body === undefined
      ? undefined
      : options.body instanceof JsonText
        ? options.body.text
        : JSON.stringify(options.body);
  const contentType = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
  const method = options.method.toUpperCase();
  const attempt = async (timeoutMs: number) => {
    // Headers are made per attempt: a call token is never sent twice.
    const headers = typeof options.headers === 'function' ? await options.headers(sent ?? '') : options.headers;
    const request = { method, headers: { accept: 'application/json', ...(sent === undefined ? {} : { 'content-type': contentType }), ...headers, ...options.traceHeaders }, body: sent };
    return exchange(options.guarded ? guarded : trusted, new URL(url), request, timeoutMs);
  };
  try {
    const answer = await attempt(options.timeoutMs).catch(async (error: unknown) => {
      const left = options.timeoutMs - (performance.now() - started);
      if (!(options.replayable ?? IDEMPOTENT_METHODS.has(method)) || !lostBeforeAnswer.has(error as object) || left <= 0) throw error;
      return attempt(left);
    });
    const text = answer.text;
    if (observers.size > 0) {
      for (const observe of observers) observe({ method, url, status: answer.status, contentType: answer.contentType, body: text });
    }
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { kind: 'answered', status: answer.status, body: parsed, text, durationMs: elapsed() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout', durationMs: elapsed() };
    const code = (error as { code?: string }).code;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // The connection's own lookup refused the address (the name's DNS changed since the check above).
    const refused = code === REFUSED_CODE ? (error as Error) : cause?.code === REFUSED_CODE ? cause : undefined;
    if (refused) return { kind: 'unreachable', error: `refused by the outbound address policy: ${refused.message}`, durationMs: elapsed() };
    return { kind: 'unreachable', error: cause?.code ?? code ?? cause?.message ?? (error as Error).message, durationMs: elapsed() };
  }
}

/** The methods HTTP defines as idempotent: a request with one of them may be sent again. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** What a connection closed under a request says: reset by the peer, a write into a closed socket, undici's "other side closed". */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
/** Errors of exchanges whose connection was lost before any answer began: the request may never have been read. */
const lostBeforeAnswer = new WeakSet<object>();

/** Bytes of an answer kept: enough for MAX_BODY_CHARS characters of UTF-8, the rest is not buffered. */
const MAX_BODY_BYTES = MAX_BODY_CHARS * 4;

/**
 * One exchange on the keep-alive dispatcher, the answer's body collected as text (cut at
 * MAX_BODY_CHARS): what undici's `request()` and `body.text()` give, without the per-call
 * response stream, async resource and abort signal and listener they set up (a third of a
 * loopback call's CPU). Rejects with the connection's error, or a TimeoutError once `timeoutMs`
 * has passed (the timer is cleared when the answer is complete).
 */
function exchange(dispatcher: Dispatcher, url: URL, request: { method: string; headers: Record<string, string>; body: string | undefined }, timeoutMs: number): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let timedOut: Error | undefined;
    const timer = setTimeout(() => {
      timedOut = new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError');
      // Not started yet (waiting for a connection): the caller has its answer now, the request is aborted when it starts.
      if (controller) controller.abort(timedOut);
      else reject(timedOut);
    }, timeoutMs);
    let status = 0;
    let contentType = '';
    const chunks: Buffer[] = [];
    let size = 0;
    dispatcher.dispatch(
      { origin: url.origin, path: `${url.pathname}${url.search}`, method: request.method as Dispatcher.HttpMethod, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) },
      {
        onRequestStart(started) {
          controller = started;
          if (timedOut) started.abort(timedOut);
        },
        onResponseStart(_controller, statusCode, headers) {
          status = statusCode;
          contentType = String(headers['content-type'] ?? '');
        },
        onResponseData(_controller, chunk) {
          if (size >= MAX_BODY_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
        },
        onResponseEnd() {
          clearTimeout(timer);
          resolve({ status, contentType, text: Buffer.concat(chunks).toString('utf8').slice(0, MAX_BODY_CHARS) });
        },
        onResponseError(_controller, error) {
          clearTimeout(timer);
          const code = (error as { code?: string }).code;
          if (status === 0 && code !== undefined && CONNECTION_LOST.has(code) && error !== timedOut) lostBeforeAnswer.add(error);
          reject(error);
        },
      },
    );
  });
}

/**
 * One POST from the platform to an adapter's registered URL (hook, validation, notification),
 * guarded and bounded. Never throws: every outcome is a value. `purpose` names the client span.
 */
export async function callAdapter(url: string, body: unknown, headers: CallHeaders, timeoutMs: number, purpose = 'adapter call'): Promise<CallOutcome> {
  return withClientSpan({ name: `POST ${purpose}`, method: 'POST', url }, async (traceHeaders, span) => {
    // Every adapter call may arrive twice (hooks and validations compute, payment callbacks carry
    // their operation id, notifications their idempotency key): a lost connection is tried again once.
    const outcome = await send(url, { method: 'POST', headers, body, timeoutMs, guarded: true, traceHeaders, replayable: true });
    recordHttpOutcome(span, outcome.kind === 'answered' ? outcome.status : undefined, outcome.kind === 'answered' ? undefined : outcome.kind);
    return outcome;
  });
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Default: the process's PLATFORM_CALL_TIMEOUT_MS (configureCallTimeout). */
  timeoutMs?: number;
}

/** How long a `callJson` that names no timeout waits: PLATFORM_CALL_TIMEOUT_MS, set for the process by startSystem. */
let platformCallTimeoutMs: number = DEFAULT_TIMEOUTS.platformCallMs;

/** Sets how long this process's calls to the platform's services and adapters wait for an answer (startSystem, from PLATFORM_CALL_TIMEOUT_MS). */
export function configureCallTimeout(timeoutMs: number): void {
  platformCallTimeoutMs = timeoutMs;
}

/**
 * One JSON call to a configured address (platform services, adapters' own platform calls).
 * 2xx answers the parsed body (undefined when empty); any other answer throws a
 * PlatformCallError keeping the callee's status (4xx passed on as is, so a hook veto reaches
 * the caller as the 400 it was) and `{code, message, details}`.
 */
export async function callJson<T>(url: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  // A client span per call; the callee continues the trace (and the request id) from its headers.
  return withClientSpan({ name: `${method} ${new URL(url).host}`, method, url }, async (traceHeaders, span) => {
    const timeoutMs = options.timeoutMs ?? platformCallTimeoutMs;
    const outcome = await send(url, { method, headers: options.headers, body: options.body, timeoutMs, guarded: false, traceHeaders });
    if (outcome.kind !== 'answered') {
      recordHttpOutcome(span, undefined);
      const why = outcome.kind === 'timeout' ? `no answer within ${timeoutMs} ms` : outcome.error;
      throw new PlatformCallError(url, undefined, undefined, `${url} could not be reached: ${why}`);
    }
    // A body that is not JSON is kept as its text (for the message and the logs).
    const body = outcome.body === undefined && outcome.text.trim() !== '' ? outcome.text : outcome.body;
    if (outcome.status < 200 || outcome.status >= 300) {
      recordHttpOutcome(span, outcome.status);
      const message = typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message : `The service answered HTTP ${outcome.status}.`;
      throw new PlatformCallError(url, outcome.status, body, message);
    }
    return body as T;
  });
}
