/** The provider D sandbox's pages a person opens: the drop-in page (its own demo merchant) and the bank's 3-D Secure page. */
import { TEST_CARDS } from './test-cards.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `GET /dropin`: a page a person can click — the stand-in drop-in (`/dropin.js`, integrated as the
 * provider's own is) against the sandbox's demo merchant, no platform needed; it fits a phone.
 * Each result is shown above the drop-in, which is then mounted afresh for the next payment.
 */
export function dropinPage(query: { amount?: string; currency?: string; shopperReference?: string }): string {
  const amount = { value: Number.parseInt(query.amount ?? '', 10) || 24990, currency: /^[A-Z]{3}$/.test(query.currency ?? '') ? query.currency! : 'EUR' };
  const cards = TEST_CARDS.map((card) => `<li><code>${card.number}</code> — ${escape(card.note)}</li>`).join('');
  const setup = JSON.stringify({ amount, shopperReference: query.shopperReference ?? null }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Provider D sandbox drop-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}.dropin,.challenge{border:1px solid #ccc;padding:1rem;margin:1rem 0}.dropin .method{display:block}.dropin input:not([type]),.dropin input[name]{max-width:100%;box-sizing:border-box}code{overflow-wrap:anywhere}</style></head>
<body><main><h1>Provider D drop-in (sandbox)</h1><p>Pays <b>${amount.value} ${amount.currency}</b> (minor units) at the sandbox's demo merchant account.</p>
<p id="result" role="status"></p><div id="dropin">Loading…</div><h2>Test cards</h2><ul>${cards}</ul></main>
<script src="/dropin.js"></script><script>
const setup = ${setup};
const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const result = document.getElementById('result');
// The page's "merchant server" calls: the drop-in's state.data to /payments, its details to /payments/details.
const send = (path, body, actions) => post(path, body).then((answer) => actions.resolve({ resultCode: answer.resultCode, ...(answer.action ? { action: answer.action } : {}) }), () => actions.reject());
let dropin;
const start = async () => {
  const paymentMethodsResponse = await post('/api/sandbox/dropin/paymentMethods', setup);
  const checkout = await AdyenWeb.AdyenCheckout({ clientKey: 'test_SANDBOXDROPINPAGE', environment: 'test', amount: setup.amount, paymentMethodsResponse,
    onSubmit: (state, component, actions) => send('/api/sandbox/dropin/payments', { ...setup, ...state.data }, actions),
    onAdditionalDetails: (state, component, actions) => send('/api/sandbox/dropin/details', state.data, actions),
    onPaymentCompleted: (outcome) => { result.textContent = 'Result: ' + outcome.resultCode; start(); },
    onPaymentFailed: (outcome) => { result.textContent = 'Result: ' + (outcome ? outcome.resultCode : 'Error'); start(); },
    onError: (error) => { result.textContent = error.message; } });
  if (dropin) dropin.unmount();
  dropin = new AdyenWeb.Dropin(checkout, { paymentMethodsConfiguration: { card: { hasHolderName: true } } }).mount('#dropin');
  return checkout;
};
// Back from the bank's page (a redirect action): its redirectResult goes to /payments/details once.
const back = new URLSearchParams(location.search);
const redirectResult = back.get('redirectResult');
if (redirectResult) {
  back.delete('redirectResult');
  const rest = back.toString();
  history.replaceState(null, '', location.pathname + (rest ? '?' + rest : ''));
}
start().then((checkout) => { if (redirectResult) checkout.submitDetails({ details: { redirectResult } }); });
</script></body></html>`;
}

/** `GET /api/sandbox/challenges/{id}`: the bank's 3-D Secure page (a redirect action's `url`). */
export function challengePage(id: string, kind: string, amount: { value: number; currency: string }): string {
  const button = (outcome: string) => `<button name="outcome" value="${outcome}">${outcome}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>3-D Secure (sandbox)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem"><h1 style="font-size:1.5rem">3-D Secure ${escape(kind)}</h1>
<p>Payment of ${amount.value} ${escape(amount.currency)} (minor units). Answer as the card holder's bank would.</p>
<form method="post" action="/api/sandbox/challenges/${escape(id)}/complete">${button('authorise')} ${button('refuse')} ${button('cancel')}</form></body></html>`;
}
