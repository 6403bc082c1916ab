/**
 * The order's snippet (`OrderHtmlSnippet`: where the checkout goes, and the script that puts it
 * there and defines `window.q1`) and a demo page that embeds the snippet as a merchant's page would
 * (`/api/sandbox/orders/{orderId}/page`): its `q1Ready` registers every listener and shows what
 * the checkout reported, in words, with the provider's later decisions on a pending purchase.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The snippet the merchant embeds: a container, then the checkout script (it runs where it stands). */
export function orderSnippet(baseUrl: string, orderId: number): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `<div class="qliro-one-checkout"></div><script src="${escapeHtml(`${base}/checkout/q1.js`)}" data-frame="/checkout/frame/${orderId}"></script>`;
}

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#1d2330;background:#fff}
h1,h2{font-size:1.1rem;margin:.2rem 0 .8rem}button{padding:.5rem 1rem;font-size:1rem;margin:.3rem .3rem 0 0;cursor:pointer}
pre{background:#111;color:#ddd;padding:.6rem;font-size:.8rem;max-height:260px;overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere}
.grid{display:grid;grid-template-columns:1fr;gap:16px}@media (min-width:760px){.grid{grid-template-columns:minmax(320px,2fr) minmax(240px,1fr)}}`;

/** A merchant's page stand-in: the snippet with every `q1` listener, and the provider's side of a pending purchase. */
export function demoPage(orderId: number, snippet: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Provider C sandbox</title><style>${STYLE}</style>
<script>
window.q1Ready = (q1) => {
  const log = (name) => (...args) => { document.getElementById('log').textContent += name + ' ' + args.map((arg) => JSON.stringify(arg)).join(' ') + '\\n'; };
  q1.onCheckoutLoaded(log('onCheckoutLoaded'));
  q1.onCustomerInfoChanged(log('onCustomerInfoChanged'));
  q1.onShippingMethodChanged(log('onShippingMethodChanged'));
  q1.onPaymentMethodChanged(log('onPaymentMethodChanged'));
  q1.onPaymentDeclined(log('onPaymentDeclined'));
  q1.onPaymentProcess(log('onPaymentProcess start'), log('onPaymentProcess end'));
  q1.onSessionExpired(log('onSessionExpired'));
};
</script></head>
<body data-order-id="${orderId}"><h1>Provider C sandbox: a merchant's page with the checkout</h1>
<div class="grid"><div>${snippet}</div><div>
<h2>Provider side</h2>
<p>A purchase pending at the bank is decided later:</p>
<button type="button" data-decision="accepted">Accept the pending purchase</button><button type="button" data-decision="declined">Decline the pending purchase</button>
<p><button type="button" id="push">Send the checkout push again</button></p>
<p id="state" role="status"></p>
<h2>What the checkout told this page</h2><pre id="log"></pre></div></div>
<script>
(() => {
  const api = '/api/sandbox/orders/' + document.body.dataset.orderId;
  const words = { InProcess: 'The shopper has not purchased yet.', Completed: 'The purchase is complete.', OnHold: 'The purchase is pending at the bank.', Refused: 'The purchase was refused.' };
  const refresh = async () => { const r = await fetch(api); const order = await r.json(); document.getElementById('state').textContent = words[order.CustomerCheckoutStatus] || ''; };
  const post = async (path, body) => {
    const r = await fetch(api + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = await r.json();
    document.getElementById('log').textContent += path.slice(1) + ': ' + (r.ok ? 'done' : data.message) + '\\n';
    await refresh();
  };
  for (const b of document.querySelectorAll('button[data-decision]')) b.addEventListener('click', () => post('/resolve', { decision: b.dataset.decision }));
  document.getElementById('push').addEventListener('click', () => post('/push', {}));
  void refresh();
  setInterval(refresh, 2000);
})();
</script></body></html>`;
}
