import { send } from '../conformance-http.js';
import { CheckFailure, CheckSkipped } from '../conformance.types.js';
import type { Check } from './check.js';

/** A cancel address the adapter handed out (often signed), else the contract's bare path with the order and payment. */
function cancelUrl(adapterUrl: string, seen: unknown, orderId: string, paymentId: string): string {
  const handedOut = JSON.stringify(seen ?? '').match(/https?:\/\/[^"\s]*\/callback\/cancel[^"\s]*/);
  if (handedOut) return handedOut[0].replace(/\\u0026/g, '&');
  const url = new URL(`${adapterUrl.replace(/\/+$/, '')}/callback/cancel`);
  url.searchParams.set('orderId', orderId);
  url.searchParams.set('paymentId', paymentId);
  return url.toString();
}

/** GET {adapter_url}/callback/cancel (the customer's browser leaving the provider): 301 to the checkout page. */
export const cancelCallbackCheck: Check = {
  name: 'GET {adapter_url}/callback/cancel answers 301 to the checkout page',
  async run(context) {
    const { orderId, paymentId } = context.created();
    const payment = await context.platformPayment(orderId, paymentId);
    const seen = [context.createAnswer, payment];
    const handedOut = JSON.stringify(seen).includes('/callback/cancel');
    const url = cancelUrl(context.target.adapterUrl, seen, orderId, paymentId);
    const answer = await send('GET', url);
    // Unknown routes of a kit app answer 401 before 404 (auth runs first); a browser redirect carries no token, so either means "not offered".
    if (!handedOut && (answer.status === 404 || answer.status === 401)) throw new CheckSkipped(`the adapter has no cancel callback (GET ${url} answered ${answer.status})`);
    const location = answer.headers.get('location');
    if (answer.status !== 301 || !location) throw new CheckFailure(`GET ${url} answered ${answer.status}${location ? ` to ${location}` : ''}, not a 301 with a location`);
    return `→ ${location}`;
  },
};
