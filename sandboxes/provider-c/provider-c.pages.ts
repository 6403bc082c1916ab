/**
 * The pages a person can click: the checkout iframe itself (`/checkout/frame/{orderId}`, what the
 * snippet embeds) and a demo page that embeds the snippet like a storefront would
 * (`/api/sandbox/orders/{orderId}/page`). The iframe talks to the shopper API of its own origin
 * and tells the embedding page what happened with `postMessage({source: "provider-c", event, value})`:
 * the identity events (`identity.email`, …), `shippingConfirmed`, and `purchase` with the
 * outcome and the address to go to. The storefront forwards them to the adapter's callbacks.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The snippet the merchant embeds: a container with the iframe. */
export function orderSnippet(baseUrl: string, orderId: number): string {
  const src = `${baseUrl.replace(/\/+$/, '')}/checkout/frame/${orderId}`;
  return `<div id="provider-c-checkout-${orderId}" class="provider-c-checkout"><iframe src="${escapeHtml(src)}" title="Checkout" style="width:100%;min-height:680px;border:0" allow="payment"></iframe></div>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#1d2330;background:#fafafa}
h1,h2{font-size:1.1rem;margin:.2rem 0 .8rem}label{display:block;margin:.35rem 0;font-size:.9rem}
input,select{width:100%;box-sizing:border-box;padding:.4rem;font-size:.95rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.6rem}button{padding:.5rem 1rem;font-size:1rem;margin:.3rem .3rem 0 0;cursor:pointer}
table{border-collapse:collapse;width:100%;font-size:.9rem}td{padding:.2rem;border-bottom:1px solid #ddd}
.status{padding:.6rem;border-radius:6px;background:#e8eefc;margin:.6rem 0}.error{background:#fde8e8}.ok{background:#e6f6ea}
pre{background:#111;color:#ddd;padding:.6rem;font-size:.8rem;max-height:260px;overflow:auto}`;

/** The iframe: the order, the shopper's form and the purchase buttons, or the outcome. */
export function framePage(orderId: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout ${orderId}</title><style>${STYLE}</style></head>
<body data-order-id="${orderId}">
<h1>Provider C checkout · order ${orderId}</h1>
<table id="lines"></table><p><strong>Total: <span id="total"></span></strong></p>
<div id="status" class="status"></div>
<form id="shopper" hidden>
  <h2>Your details</h2>
  <label><input type="checkbox" name="isCompany" style="width:auto"> Purchasing as a company</label>
  <label>Company name <input name="companyName" data-event="identity.companyName"></label>
  <div class="row"><label>Email <input name="email" type="email" data-event="identity.email" required></label>
  <label>Phone <input name="phoneNumber" data-event="identity.phoneNumber"></label></div>
  <div class="row"><label>First name <input name="firstName" data-event="identity.firstName"></label>
  <label>Last name <input name="lastName" data-event="identity.lastName"></label></div>
  <label>Street address <input name="streetAddress" data-event="identity.streetAddress"></label>
  <label>c/o <input name="coAddress" data-event="identity.coAddress"></label>
  <div class="row"><label>Postal code <input name="postalCode" data-event="identity.postalCode"></label>
  <label>City <input name="city" data-event="identity.city"></label></div>
  <h2>Delivery</h2>
  <label>Shipping option <select name="shippingOption"><option value="">Choose…</option>
    <option value="standard|Standard parcel|49">Standard parcel (49.00)</option><option value="pickup|Pick-up point|0">Pick-up point (0.00)</option></select></label>
  <h2>Pay</h2>
  <button type="button" data-outcome="completed">Purchase</button>
  <button type="button" data-outcome="pending">Purchase (pending at the bank)</button>
  <button type="button" data-outcome="refused">Purchase (refused)</button>
</form>
<script>
(() => {
  const id = document.body.dataset.orderId;
  const api = '/api/sandbox/orders/' + id;
  const form = document.getElementById('shopper');
  const statusBox = document.getElementById('status');
  const tell = (event, value) => window.parent.postMessage({ source: 'provider-c', orderId: Number(id), event, value }, '*');
  const show = (text, kind) => { statusBox.textContent = text; statusBox.className = 'status ' + (kind || ''); };
  const call = async (method, path, body) => {
    const r = await fetch(api + path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw Object.assign(new Error(data.message || ('HTTP ' + r.status)), { data });
    return data;
  };
  const shopper = () => {
    const f = new FormData(form);
    const customer = { isCompany: f.get('isCompany') === 'on' };
    for (const name of ['companyName','email','phoneNumber','firstName','lastName','streetAddress','coAddress','postalCode','city']) { const v = String(f.get(name) || '').trim(); if (v) customer[name] = v; }
    const body = { customer };
    const option = String(f.get('shippingOption') || '');
    if (option) { const [oid, name, price] = option.split('|'); body.shippingOption = { id: oid, name, price: Number(price) }; }
    return body;
  };
  // The cart as the merchant last set it (a shipping choice re-prices it through the merchant).
  const renderCart = (order) => {
    document.getElementById('lines').innerHTML = '';
    for (const line of order.Cart.Items) {
      const tr = document.createElement('tr');
      for (const cell of [line.Quantity + ' ×', line.Name, line.UnitPrice.toFixed(2) + ' ' + order.Currency]) { const td = document.createElement('td'); td.textContent = cell; tr.appendChild(td); }
      document.getElementById('lines').appendChild(tr);
    }
    document.getElementById('total').textContent = order.OrderAmount.toFixed(2) + ' ' + order.Currency;
  };
  const render = (order) => {
    renderCart(order);
    form.hidden = order.CustomerCheckoutStatus !== 'InProcess';
    if (order.CustomerCheckoutStatus === 'Completed') show('Thank you! Your purchase is complete (PurchaseCompleted).', 'ok');
    else if (order.CustomerCheckoutStatus === 'OnHold') show('Thank you! Your purchase is pending: ' + order.PendingReason + '. You will hear from us.', '');
    else if (order.CustomerCheckoutStatus === 'Refused') show('The purchase was refused.', 'error');
    else show('Enter your details and purchase.', '');
  };
  form.addEventListener('change', async (e) => {
    const field = e.target;
    try {
      await call('PUT', '/shopper', shopper());
      if (field.name === 'shippingOption') tell('shippingConfirmed', field.value.split('|')[0]);
      else if (field.name === 'isCompany') tell('identity.isCompany', field.checked);
      else if (field.dataset.event) { tell(field.dataset.event, field.value); if (['streetAddress','coAddress','postalCode','city'].includes(field.name)) tell('identity.addressLines', null); }
    } catch (err) { show(err.message, 'error'); }
  });
  for (const button of form.querySelectorAll('button[data-outcome]')) {
    button.addEventListener('click', async () => {
      try {
        await call('PUT', '/shopper', shopper());
        const result = await call('POST', '/purchase', { outcome: button.dataset.outcome });
        render(result.order);
        tell('purchase', { status: result.order.CustomerCheckoutStatus, redirectUrl: result.redirectUrl });
      } catch (err) { show(err.message, 'error'); tell('purchaseFailed', err.message); }
    });
  }
  call('GET', '').then(render, (err) => show(err.message, 'error'));
  // The page embedding the iframe sizes it to its content (no scrolling inside the checkout).
  const tellHeight = () => { const style = getComputedStyle(document.body); tell('resize', { height: Math.ceil(document.body.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom)) }); };
  new ResizeObserver(tellHeight).observe(document.body);
  // The merchant changes the cart from its side (after a shipping choice, a gift card): follow it.
  setInterval(() => { if (!form.hidden) call('GET', '').then(renderCart, () => undefined); }, 1500);
})();
</script></body></html>`;
}

/** A storefront stand-in: embeds the snippet, shows the iframe's events, and resolves a pending purchase. */
export function demoPage(orderId: number, snippet: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Provider C sandbox · order ${orderId}</title><style>${STYLE}
.grid{display:grid;grid-template-columns:minmax(320px,2fr) minmax(240px,1fr);gap:16px}</style></head>
<body data-order-id="${orderId}"><h1>Provider C sandbox · a storefront page with the iframe of order ${orderId}</h1>
<div class="grid"><div>${snippet}</div><div>
<h2>Provider side</h2>
<p>For a pending (OnHold) purchase, the provider decides later:</p>
<button data-decision="accepted">Accept pending purchase</button><button data-decision="declined">Decline pending purchase</button>
<p><button id="push">Send the checkout push again</button></p>
<h2>Events from the iframe</h2><pre id="log"></pre>
<h2>Order at the provider</h2><pre id="order"></pre></div></div>
<script>
(() => {
  const id = document.body.dataset.orderId;
  const log = document.getElementById('log');
  const refresh = async () => { const r = await fetch('/api/sandbox/orders/' + id); document.getElementById('order').textContent = JSON.stringify(await r.json(), null, 2); };
  window.addEventListener('message', (e) => {
    if (!e.data || e.data.source !== 'provider-c') return;
    if (e.data.event === 'resize') { const frame = document.querySelector('iframe'); if (frame && frame.contentWindow === e.source) frame.style.height = e.data.value.height + 'px'; return; }
    log.textContent += e.data.event + ' ' + JSON.stringify(e.data.value) + '\\n';
    if (e.data.event === 'purchase' && e.data.value.redirectUrl) log.textContent += '→ a storefront would now go to ' + e.data.value.redirectUrl + '\\n';
    void refresh();
  });
  const post = async (path, body) => {
    const r = await fetch('/api/sandbox/orders/' + id + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = await r.json();
    log.textContent += path.slice(1) + ' → ' + r.status + ' ' + (r.ok ? '' : data.message) + '\\n';
    await refresh();
    const frame = document.querySelector('iframe'); if (frame) frame.src = frame.src;
  };
  for (const b of document.querySelectorAll('button[data-decision]')) b.addEventListener('click', () => post('/resolve', { decision: b.dataset.decision }));
  document.getElementById('push').addEventListener('click', () => post('/push', {}));
  void refresh();
})();
</script></body></html>`;
}
