// A provider frontend's REST call to its adapter, relayed by the storefront's server with the checkout token.
import { readSession } from './checkout-session.js';

/** An adapter's refusal: its message, with the HTTP status and the body as the adapter answered it (e.g. a validation's array of failures). */
export class AdapterCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'AdapterCallError';
  }
}

/**
 * A REST call of a provider frontend to its adapter (a script's callbacks, an iframe's
 * events, a drop-in's submit and details), through the storefront's server
 * (`POST /api/adapters/{adapterId}/…`), with the order's checkout token. Answers the adapter's
 * JSON; a refusal throws an AdapterCallError with its message.
 */
export async function callAdapter<T = unknown>(orderId: string, adapterId: string, path: string, body: unknown = {}): Promise<T> {
  const token = readSession(orderId)?.token;
  if (!token) throw new Error('The checkout has expired: reload the page.');
  const response = await fetch(`/api/adapters/${encodeURIComponent(adapterId)}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as T & { message?: unknown };
  if (!response.ok) throw new AdapterCallError(typeof answer.message === 'string' ? answer.message : `The payment provider's adapter answered HTTP ${response.status}.`, response.status, answer);
  return answer;
}
