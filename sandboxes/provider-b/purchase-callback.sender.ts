import { send } from '../../platform/http-client/http-client.js';
import type { CallbackAttempt, Purchase } from './purchase.model.js';
import type { PurchaseStore } from './purchase.store.js';

/**
 * The server callback after a purchase ended: `POST {callbackUrl}` with `{purchaseId}` and no
 * signature (provider B signs nothing: the merchant re-reads the purchase). Every attempt is kept
 * on the purchase; the sandbox does not retry by itself — `POST /api/sandbox/purchases/{id}/callback`
 * sends it again (a provider's retry, or a duplicate). An attempt waits `timeoutMs` for the answer.
 */
export async function sendPurchaseCallback(store: PurchaseStore, purchase: Purchase, timeoutMs: number): Promise<CallbackAttempt | null> {
  if (!purchase.callbackUrl) return null;
  const outcome = await send(purchase.callbackUrl, { method: 'POST', body: { purchaseId: purchase.purchaseId }, timeoutMs, guarded: false });
  const attempt: CallbackAttempt = {
    url: purchase.callbackUrl,
    at: new Date().toISOString(),
    status: outcome.kind === 'answered' ? outcome.status : null,
    error: outcome.kind === 'answered' ? (outcome.status >= 300 ? outcome.text.slice(0, 500) : null) : outcome.kind === 'timeout' ? 'timeout' : outcome.error,
  };
  store.recordCallback(purchase.purchaseId, attempt);
  return attempt;
}
