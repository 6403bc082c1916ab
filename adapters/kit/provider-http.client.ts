import { send, type CallHeaders } from '../../platform/http-client/http-client.js';
import { withClientSpan } from '../../platform/telemetry/outbound.js';
import { ProviderError } from './provider-error.js';

/** An answer of the provider, any status (`exchange`); `body` is the parsed JSON, `text` the raw body. */
export interface ProviderAnswer {
  status: number;
  body: unknown;
  text: string;
}

/** One call to the provider. */
export interface ProviderRequest {
  method: string;
  /** From the client's `baseUrl` (query included). */
  path: string;
  /** Sent as JSON when not undefined. */
  body?: unknown;
  /** Sent as an HTML form instead of `body` (an OAuth client-credentials token request). */
  form?: Record<string, string>;
  /**
   * The call's idempotency key, sent in the provider's header (`idempotencyHeader`): the same
   * request, the same key, so a retry changes nothing at the provider. None: no header.
   */
  idempotencyKey?: string;
  /** Headers of this call only, over the client's own (a bearer token fetched for it). */
  headers?: Record<string, string>;
  /** The path as the span and messages name it when `path` holds ids (e.g. `/payments/{pspReference}/captures`); default `path` without its query. */
  route?: string;
}

/** What the provider's error body says, read by its adapter (`refusal`); missing parts get defaults. */
export interface ProviderRefusal {
  code?: string;
  message?: string;
}

/** An error class of an adapter's own (`class AcmePayError extends ProviderError`). */
export type ProviderErrorClass = new (status: number | undefined, code: string, message: string, body?: unknown) => ProviderError;

export interface ProviderHttpOptions {
  /** The provider as people read it in span names and messages ("Acme Pay", "the gift card system"). */
  name: string;
  /** The provider's API address (the configuration's or a setting); a trailing slash is dropped. */
  baseUrl: string;
  /** How long each call waits for an answer (the adapter's `<PROVIDER>_API_TIMEOUT_MS` setting). */
  timeoutMs: number;
  /** Headers every call carries (its credentials), or made from the exact body text (a signature). */
  headers?: CallHeaders;
  /** The header a call's `idempotencyKey` goes in; default `Idempotency-Key`. */
  idempotencyHeader?: string;
  /** The longest key the provider takes (longer keys are cut); default no limit. */
  idempotencyKeyMaxLength?: number;
  /**
   * Whether the address is someone's word (the merchant's configuration): then the outbound
   * address policy applies (docs/outbound.md). Default true; false only for an address of the
   * platform's own settings.
   */
  guarded?: boolean;
  /** Reads the provider's refusal (a non-2xx answer): its error code and message. Default: HTTP_<status> and the body's `message`. */
  refusal?: (answer: ProviderAnswer, request: ProviderRequest) => ProviderRefusal;
  /** The error it throws (default ProviderError): the adapter's subclass, so its callers can tell its provider's refusals apart. */
  error?: ProviderErrorClass;
}

/**
 * The one HTTP client of the providers' adapters (docs/adapter-kit.md, "Calling the provider"):
 * each call in a client span named `<METHOD> <name> <route>`, JSON in and out, the adapter's
 * timeout, the outbound address policy, an optional idempotency key in the provider's header, and
 * every failure a ProviderError (the adapter's subclass): `status` undefined and code `timeout` or
 * `unreachable` when no answer came, the provider's status and code when it refused.
 */
export class ProviderHttpClient {
  private readonly baseUrl: string;

  constructor(private readonly options: ProviderHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** The call's answer body when 2xx; a ProviderError otherwise. */
  async send<T>(request: ProviderRequest): Promise<T> {
    return this.accept<T>(await this.exchange(request), request);
  }

  /** The provider's answer, whatever its status (e.g. to retry a 401 with a new token); a ProviderError only when no answer came. */
  exchange(request: ProviderRequest): Promise<ProviderAnswer> {
    const { options } = this;
    const url = `${this.baseUrl}${request.path}`;
    const route = routeOf(request);
    return withClientSpan({ name: `${request.method} ${options.name} ${route}`, method: request.method, url }, async (traceHeaders) => {
      const key = request.idempotencyKey === undefined ? {} : { [options.idempotencyHeader ?? 'Idempotency-Key']: request.idempotencyKey.slice(0, options.idempotencyKeyMaxLength) };
      const own = options.headers;
      const headers: CallHeaders = typeof own === 'function' ? async (text) => ({ ...(await own(text)), ...key, ...request.headers }) : { ...own, ...key, ...request.headers };
      const outcome = await send(url, { method: request.method, headers, body: request.body, ...(request.form ? { form: request.form } : {}), timeoutMs: options.timeoutMs, guarded: options.guarded ?? true, traceHeaders });
      if (outcome.kind === 'answered') return { status: outcome.status, body: outcome.body, text: outcome.text };
      const why = outcome.kind === 'timeout' ? `did not answer within ${options.timeoutMs} ms` : `could not be reached (${outcome.error})`;
      throw new (options.error ?? ProviderError)(undefined, outcome.kind, `${capitalised(options.name)} ${why} (${request.method} ${route}).`);
    });
  }

  /** An answer's body when 2xx; else the provider's refusal as a ProviderError (`refusal` reads its code and message). */
  accept<T>(answer: ProviderAnswer, request: ProviderRequest): T {
    if (answer.status >= 200 && answer.status < 300) return answer.body as T;
    const said = this.options.refusal?.(answer, request) ?? {};
    const message = (answer.body as { message?: unknown } | undefined)?.message;
    throw new (this.options.error ?? ProviderError)(
      answer.status,
      said.code ?? `HTTP_${answer.status}`,
      said.message ?? `${capitalised(this.options.name)} refused ${request.method} ${routeOf(request)} (HTTP ${answer.status})${typeof message === 'string' ? `: ${message}` : '.'}`,
      answer.body ?? (answer.text || null),
    );
  }
}

const routeOf = (request: ProviderRequest) => request.route ?? request.path.split('?')[0]!;
const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
