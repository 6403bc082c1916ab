import { send } from '../../platform/http-client/http-client.js';
import { bodyValue, type ExchangeJournal } from '../shared/exchange.journal.js';
import type { CallbackAttempt, Purchase } from './purchase.model.js';
import type { PurchaseStore } from './purchase.store.js';

/**
 * The server callback after a purchase ended: `POST {callbackUrl}` with `{purchaseId}` and no
 * signature (provider B signs nothing: the merchant re-reads the purchase). Every attempt is kept
 * on the purchase; the sandbox does not retry by itself — `POST /api/sandbox/purchases/{id}/callback`
 * sends it again (a provider's retry, or a duplicate). An attempt waits `timeoutMs` for the answer.
 * Each is recorded in the exchange journal as `completedNotification`.
 */
export async function sendPurchaseCallback(store: PurchaseStore, purchase: Purchase, timeoutMs: number, journal: ExchangeJournal): Promise<CallbackAttempt | null> {
  if (!purchase.callbackUrl) return null;
  const body = { purchaseId: purchase.purchaseId };
  const outcome = await send(purchase.callbackUrl, { method: 'POST', body, timeoutMs, guarded: false });
  journal.record({
    direction: 'out',
    operation: 'completedNotification',
    method: 'POST',
    url: purchase.callbackUrl,
    headers: { 'content-type': 'application/json' },
    requestBody: body,
    ...(outcome.kind === 'answered' ? { status: outcome.status, responseBody: bodyValue(outcome.text) } : {}),
  });
  const attempt: CallbackAttempt = {
    url: purchase.callbackUrl,
    at: new Date().toISOString(),
    status: outcome.kind === 'answered' ? outcome.status : null,
    error: outcome.kind === 'answered' ? (outcome.status >= 300 ? outcome.text.slice(0, 500) : null) : outcome.kind === 'timeout' ? 'timeout' : outcome.error,
  };
  store.recordCallback(purchase.purchaseId, attempt);
  return attempt;
}
