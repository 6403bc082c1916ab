import { TEST_CARDS } from './test-cards.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `GET /dropin.js`: the sandbox's drop-in component, small enough to read. A storefront mounts it
 * with the adapter's create answer and forwards what it hands over, as with a real drop-in:
 *
 *   const dropin = ProviderDDropin.mount(element, { paymentMethodsResponse, amount,
 *     onSubmit: (state) => post(adapter transaction, state.data),        // answer → dropin.handle(answer)
 *     onAdditionalDetails: (state) => post(adapter details, state.data) }); // answer → dropin.handle(answer)
 */
export const DROPIN_SCRIPT = `(() => {
  const el = (tag, attrs = {}, ...children) => { const e = document.createElement(tag); Object.assign(e, attrs); e.append(...children); return e; };
  const sandbox = document.currentScript ? new URL(document.currentScript.src).origin : location.origin;
  function mount(root, options) {
    const methods = (options.paymentMethodsResponse || {}).paymentMethods || [];
    const stored = (options.paymentMethodsResponse || {}).storedPaymentMethods || [];
    const form = el('form', { className: 'dropin' });
    const choices = [...stored.map((s) => ({ label: 'Stored ' + s.brand + ' •••• ' + s.lastFour, data: { type: 'scheme', storedPaymentMethodId: s.id } })),
      ...methods.map((m) => ({ label: m.name, type: m.type }))];
    choices.forEach((choice, i) => form.append(el('label', {}, el('input', { type: 'radio', name: 'method', value: String(i), checked: i === 0 }), ' ' + choice.label), el('br')));
    const card = el('input', { name: 'card', placeholder: 'Card number', ariaLabel: 'Card number', autocomplete: 'cc-number', inputMode: 'numeric', value: '4111 1111 1111 1111', size: 22 });
    // What the drop-in is doing, read out as it changes: "Paying…" only while the submit is in
    // flight, the bank's step while an action is shown, then the answer.
    const status = el('p', { className: 'status', role: 'status' });
    const pay = el('button', { type: 'submit', textContent: 'Pay' });
    form.append(el('p', {}, el('label', {}, 'Card number ', card)), pay, status);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const choice = choices[Number(new FormData(form).get('method') || 0)];
      const paymentMethod = choice.data || (choice.type === 'scheme'
        ? { type: 'scheme', encryptedCardNumber: 'test_' + card.value.replace(/\\s+/g, ''), encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' }
        : { type: choice.type, token: 'sandbox-wallet-token' });
      status.textContent = 'Paying…';
      pay.disabled = true;
      options.onSubmit({ data: { paymentMethod, browserInfo: { userAgent: navigator.userAgent, language: navigator.language } } }, api);
    });
    root.replaceChildren(form);
    // A redirect action leaves the page, as the provider's drop-in does: the top window goes to the
    // issuer's page (GET, or a form POST of action.data), which sends the shopper back to the
    // payment's returnUrl with ?redirectResult=…; the page there sends {details: {redirectResult}}.
    const redirect = (action) => {
      status.textContent = 'Taking you to your bank…';
      const top = window.top || window;
      if ((action.method || 'GET').toUpperCase() !== 'POST') return top.location.assign(action.url);
      const post = el('form', { method: 'POST', action: action.url, target: '_top' });
      for (const [name, value] of Object.entries(action.data || {})) post.append(el('input', { type: 'hidden', name, value: String(value) }));
      document.body.append(post);
      post.submit();
    };
    const api = {
      handle(answer) {
        if (answer && answer.action) return api.handleAction(answer.action);
        pay.disabled = false;
        status.textContent = 'Result: ' + (answer && answer.resultCode ? answer.resultCode : JSON.stringify(answer));
      },
      handleAction(action) {
        if (action.type === 'redirect') return redirect(action);
        pay.disabled = true;
        status.textContent = 'Confirm the payment with your bank.';
        const id = action.authorisationToken || new URL(action.url).pathname.split('/').pop();
        const box = el('div', { className: 'challenge' }, el('p', { textContent: '3-D Secure (' + (action.subtype || action.type) + '): answer as the bank would' }));
        for (const outcome of ['authorise', 'refuse', 'cancel']) {
          box.append(el('button', { type: 'button', textContent: outcome, onclick: async () => {
            const res = await fetch(sandbox + '/api/sandbox/challenges/' + id + '/complete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) });
            const answer = await res.json();
            box.remove();
            status.textContent = 'Checking with your bank…';
            options.onAdditionalDetails({ data: { details: answer.details } }, api);
          } }), ' ');
        }
        root.append(box);
      },
    };
    return api;
  }
  window.ProviderDDropin = { mount };
})();
`;

/** `GET /dropin`: a page a person can click: the drop-in against the sandbox's demo merchant (no platform needed). */
export function dropinPage(query: { amount?: string; currency?: string; shopperReference?: string }): string {
  const amount = { value: Number.parseInt(query.amount ?? '', 10) || 24990, currency: /^[A-Z]{3}$/.test(query.currency ?? '') ? query.currency! : 'EUR' };
  const cards = TEST_CARDS.map((card) => `<li><code>${card.number}</code> — ${escape(card.note)}</li>`).join('');
  const setup = JSON.stringify({ amount, shopperReference: query.shopperReference ?? null }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Provider D sandbox drop-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto}.dropin,.challenge{border:1px solid #ccc;padding:1rem;margin:1rem 0}</style></head>
<body><h1>Provider D drop-in (sandbox)</h1><p>Pays <b>${amount.value} ${amount.currency}</b> (minor units) at the sandbox's demo merchant account.</p>
<div id="dropin">Loading…</div><h2>Test cards</h2><ul>${cards}</ul>
<script src="/dropin.js"></script><script>
const setup = ${setup};
const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
// Back from the bank's page (a redirect action): its redirectResult goes to /payments/details once.
const back = new URLSearchParams(location.search);
const redirectResult = back.get('redirectResult');
if (redirectResult) {
  back.delete('redirectResult');
  const rest = back.toString();
  history.replaceState(null, '', location.pathname + (rest ? '?' + rest : ''));
}
post('/api/sandbox/dropin/paymentMethods', setup).then((paymentMethodsResponse) => {
  const dropin = ProviderDDropin.mount(document.getElementById('dropin'), { paymentMethodsResponse, amount: setup.amount,
    onSubmit: (state, dropin) => post('/api/sandbox/dropin/payments', { ...setup, ...state.data }).then((a) => dropin.handle(a)),
    onAdditionalDetails: (state, dropin) => post('/api/sandbox/dropin/details', state.data).then((a) => dropin.handle(a)) });
  if (redirectResult) post('/api/sandbox/dropin/details', { details: { redirectResult } }).then((a) => dropin.handle(a));
});
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
