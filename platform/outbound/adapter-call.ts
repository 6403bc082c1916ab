import type { CallOutcome } from '../http-client/http-client.js';

/** The platform's calls to adapters' registered URLs: the guarded style of the one HTTP client. */
export { callAdapter, JsonText, type CallHeaders, type CallOutcome } from '../http-client/http-client.js';

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
