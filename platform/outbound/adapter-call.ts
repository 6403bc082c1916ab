import { request } from 'undici';
import { guardedAgent, outboundRefusal, REFUSED_CODE } from './outbound-guard.js';
import { recordHttpOutcome, withClientSpan } from '../telemetry/outbound.js';

/**
 * One HTTP call from the order service to an adapter (hook, validation, notification), bounded
 * by a timeout. Never throws: every outcome is a value the caller turns into accept/veto.
 */
export type CallOutcome =
  | { kind: 'answered'; status: number; body: unknown; text: string; durationMs: number }
  | { kind: 'timeout'; durationMs: number }
  | { kind: 'unreachable'; error: string; durationMs: number };

const MAX_BODY_CHARS = 1_000_000;

/** Keep-alive connections to adapters, shared by every call of the process; only to addresses the outbound policy allows. */
const agent = guardedAgent({ keepAliveTimeout: 10_000, connections: 64 });

/** The headers of a call, given the exact body text (call tokens sign a hash of it). */
export type CallHeaders = Record<string, string> | ((bodyText: string) => Promise<Record<string, string>>);

/** `purpose` (hook, validation, notification) names the call's client span; the trace continues at the adapter. */
export async function callAdapter(url: string, body: unknown, headers: CallHeaders, timeoutMs: number, purpose = 'adapter call'): Promise<CallOutcome> {
  return withClientSpan({ name: `POST ${purpose}`, method: 'POST', url }, async (traceHeaders, span) => {
    const outcome = await callOnce(url, body, headers, traceHeaders, timeoutMs);
    recordHttpOutcome(span, outcome.kind === 'answered' ? outcome.status : undefined, outcome.kind === 'answered' ? undefined : outcome.kind);
    return outcome;
  });
}

async function callOnce(url: string, body: unknown, headers: CallHeaders, traceHeaders: Record<string, string>, timeoutMs: number): Promise<CallOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  // A URL someone registered may point anywhere: refused addresses are never called (docs/outbound.md).
  const refusal = await outboundRefusal(url);
  if (refusal) return { kind: 'unreachable', error: refusal, durationMs: elapsed() };
  const sent = JSON.stringify(body);
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(typeof headers === 'function' ? await headers(sent) : headers), ...traceHeaders },
      body: sent,
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: agent,
    });
    const text = (await response.body.text()).slice(0, MAX_BODY_CHARS);
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { kind: 'answered', status: response.statusCode, body: parsed, text, durationMs: elapsed() };
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

/** The message an adapter gave with a refusal: `{message}`, `{error}`, `{errors:[{message}]}` or plain text. */
/** An adapter's message is passed on to callers; longer text is cut. */
const MAX_MESSAGE_LENGTH = 500;

export function messageOf(outcome: Extract<CallOutcome, { kind: 'answered' }>): string {
  const body = outcome.body as Record<string, unknown> | undefined;
  const candidates = [
    body?.message,
    body?.error_text,
    body?.errorMessage,
    typeof body?.error === 'string' ? body.error : undefined,
    Array.isArray(body?.errors) ? (body.errors[0] as { message?: unknown } | undefined)?.message : undefined,
    Array.isArray(body) ? (body[0] as { message?: unknown; code?: unknown } | undefined)?.message ?? (body[0] as { code?: unknown } | undefined)?.code : undefined,
  ];
  const found = candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
  return (found ?? (outcome.text.trim() || `HTTP ${outcome.status}`)).slice(0, MAX_MESSAGE_LENGTH);
}
