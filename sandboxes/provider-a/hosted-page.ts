// The provider A sandbox's hosted checkout page: the snippet's iframe a person clicks through, raising Klarna's client-side events.
import { KCO_EVENTS } from './kco-bootstrap.script.js';
import type { ProviderOrder } from './provider-a.model.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
const inline = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** Klarna's client-side events name countries by ISO 3166 alpha-3 ("swe"). */
const ALPHA3: Record<string, string> = { SE: 'swe', NO: 'nor', FI: 'fin', DK: 'dnk', DE: 'deu', AT: 'aut', NL: 'nld', GB: 'gbr', US: 'usa', CH: 'che', BE: 'bel', FR: 'fra', ES: 'esp', IT: 'ita', PL: 'pol' };

/**
 * The hosted checkout a person clicks through (the snippet's iframe): the lines and total, the
 * shipping options, the shopper's details, a fraud-status pick (sandbox only) and a buy button.
 * It uses the shopper API of its own origin; after a purchase, or the merchant's denial, the whole
 * window follows `redirectUrl`. Rendered by the snippet's bootstrap (`?embedder=<the shop's
 * origin>`), it talks to it by postMessage, to that origin only: its height (`resize`), Klarna's
 * client-side events as they happen (`load`, `user_interacted`, `shipping_option_change`,
 * `order_total_change`, `billing_address_change`, `shipping_address_change`,
 * `can_not_complete_order`, `redirect_initiated`, `network_error`), and it takes `suspend` (no
 * input while the merchant updates the order) and `resume` (the order read again: lines, total,
 * shipping options).
 */
export function hostedPage(order: ProviderOrder): string {
  const currency = order.purchase_currency;
  const lines = order.order_lines.map((line) => `<tr><td>${escapeHtml(line.name)} × ${line.quantity}</td><td class="n">${money(line.total_amount, currency)}</td></tr>`).join('');
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Provider A checkout</title>
<style>*{box-sizing:border-box}body{font:15px system-ui,sans-serif;margin:16px;color:#222;overflow-wrap:anywhere}table{width:100%;border-collapse:collapse}td{padding:4px 0}.n{text-align:right;white-space:nowrap}
.total td{border-top:1px solid #999;font-weight:600}fieldset{margin:12px 0;border:1px solid #ccc;min-width:0}label{display:block;margin:4px 0}
input[type=text]{width:100%;max-width:24rem}button{font-size:16px;padding:8px 24px;background:#1a7f37;color:#fff;border:0;border-radius:4px;cursor:pointer}button:disabled{background:#5b7f65;cursor:wait}
#message{margin-top:12px;color:#b00020}#status:empty{display:none}</style></head><body>`;
  const summary = `<h2>Your order</h2><table><tbody id="lines">${lines}</tbody><tfoot><tr class="total"><td>Total</td><td class="n" id="total">${money(order.order_amount, currency)}</td></tr></tfoot></table>`;
  const tell = `const embedder = (() => { const named = new URLSearchParams(location.search).get('embedder'); try { return named && window.parent !== window && new URL(named).origin === named ? named : null; } catch { return null; } })();
const tell = (event, data) => { if (embedder) window.parent.postMessage({ source: 'kco-sandbox', event, data }, embedder); };
// The snippet's bootstrap sizes the iframe to this page (no scrolling inside the checkout).
const tellHeight = () => { const style = getComputedStyle(document.body); tell('resize', { height: Math.ceil(document.body.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom)) }); };
new ResizeObserver(tellHeight).observe(document.body);`;
  if (order.status === 'checkout_complete') {
    return `${head}<h1>Thank you for your purchase!</h1><p>Your order is complete.</p>${summary}<script>${tell}</script></body></html>`;
  }
  const option = (shipping: ProviderOrder['shipping_options'][number], selected: boolean) =>
    `<label><input type="radio" name="shipping" value="${escapeHtml(shipping.id)}"${selected ? ' checked' : ''}> ${escapeHtml(shipping.name)} — ${money(shipping.price, currency)}${shipping.description ? ` <small>${escapeHtml(shipping.description)}</small>` : ''}</label>`;
  const options = order.shipping_options.map((shipping) => option(shipping, order.selected_shipping_option?.id === shipping.id)).join('');
  const field = (name: string, label: string, value = '') => `<label>${label} <input type="text" name="${name}" value="${escapeHtml(value)}"></label>`;
  const billing = order.billing_address ?? {};
  const form = `<form id="checkout">
<p id="status" role="status"></p>
<fieldset id="shipping"${options ? '' : ' hidden'}><legend>Shipping</legend>${options}</fieldset>
<fieldset><legend>Your details</legend>${field('givenName', 'Given name', billing.given_name ?? 'Sam')}${field('familyName', 'Family name', billing.family_name ?? 'Shopper')}
${field('email', 'E-mail', billing.email ?? 'sam.shopper@example.com')}${field('phone', 'Phone', billing.phone ?? '+46700000000')}
${field('streetAddress', 'Street address', billing.street_address ?? 'Testgatan 1')}${field('postalCode', 'Postal code', billing.postal_code ?? '11122')}
${field('city', 'City', billing.city ?? 'Stockholm')}${field('country', 'Country', billing.country ?? order.purchase_country)}</fieldset>
<fieldset><legend>Sandbox: risk decision</legend><label>Risk decision <select name="fraudStatus"><option>ACCEPTED</option><option>PENDING</option><option>REJECTED</option></select></label></fieldset>
<button type="submit" id="buy">Buy</button><div id="message" role="alert"></div></form>`;
  const script = `<script>
const base = '/api/sandbox/orders/' + ${inline(encodeURIComponent(order.order_id))};
const currency = ${inline(currency)};
const EVENTS = ${inline(KCO_EVENTS)};
const ALPHA3 = ${inline(ALPHA3)};
${tell}
const raise = (event, data) => { if (EVENTS.includes(event)) tell(event, data); };
const money = (minor) => (minor / 100).toFixed(2) + ' ' + currency;
const message = document.getElementById('message');
const statusLine = document.getElementById('status');
const form = document.getElementById('checkout');
const alpha3 = (country) => ALPHA3[String(country || '').toUpperCase()] || String(country || '').toLowerCase();
/** Input is taken unless the merchant suspended the checkout or a call is under way. */
let suspended = false;
let working = false;
const enable = () => form.querySelectorAll('fieldset, button').forEach((node) => (node.disabled = suspended || working));
const post = (path, body) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ ok: r.ok, body: await r.json() }));
const failed = () => { raise('network_error', {}); message.textContent = 'The checkout lost its connection. Try again.'; };
/** The order as the provider has it now, shown: lines, total and the shipping options. */
const show = (order) => {
  const cell = (text, numeric) => Object.assign(document.createElement('td'), { textContent: text, className: numeric ? 'n' : '' });
  document.getElementById('lines').replaceChildren(...order.order_lines.map((line) => { const row = document.createElement('tr'); row.append(cell(line.name + ' × ' + line.quantity), cell(money(line.total_amount), true)); return row; }));
  document.getElementById('total').textContent = money(order.order_amount);
  const chosen = order.selected_shipping_option && order.selected_shipping_option.id;
  for (const radio of form.querySelectorAll('input[name=shipping]')) radio.checked = radio.value === chosen;
};
const refresh = async () => {
  const answer = await fetch(base).then((r) => r.json()).catch(() => null);
  if (answer && answer.order) show(answer.order);
};
window.addEventListener('message', async (event) => {
  const data = event.data;
  if (!embedder || event.source !== window.parent || event.origin !== embedder || !data || data.source !== 'kco-sandbox-parent') return;
  if (data.event === 'suspend') {
    suspended = true;
    statusLine.textContent = 'Updating your order…';
    enable();
  } else if (data.event === 'resume') {
    await refresh();
    suspended = false;
    statusLine.textContent = '';
    enable();
  }
});
const interacted = (event) => { raise('user_interacted', { type: event.type }); document.removeEventListener('mousedown', interacted); document.removeEventListener('keydown', interacted); };
document.addEventListener('mousedown', interacted);
document.addEventListener('keydown', interacted);
raise('load', { customer: { type: 'person' }, shipping_address: { country: alpha3(form.elements.country.value), postal_code: form.elements.postalCode.value } });
for (const radio of form.querySelectorAll('input[name=shipping]')) radio.addEventListener('change', async () => {
  message.textContent = '';
  working = true;
  enable();
  try {
    const answer = await post('/shipping-option', { id: radio.value });
    if (!answer.ok) { message.textContent = answer.body.message; return refresh(); }
    const order = answer.body.order;
    show(order);
    const chosen = order.selected_shipping_option;
    if (chosen) raise('shipping_option_change', { id: chosen.id, name: chosen.name, price: chosen.price, tax_amount: chosen.tax_amount, tax_rate: chosen.tax_rate, description: chosen.description || '', promo: chosen.promo || '' });
    raise('order_total_change', { order_total: order.order_amount });
  } catch { failed(); } finally { working = false; enable(); }
});
for (const name of ['postalCode', 'country']) form.elements[name].addEventListener('change', () => {
  const address = { postal_code: form.elements.postalCode.value, country: alpha3(form.elements.country.value) };
  raise('billing_address_change', address);
  raise('shipping_address_change', address);
});
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (suspended || working) return;
  const data = new FormData(event.target);
  const customer = {};
  for (const key of ['givenName', 'familyName', 'email', 'phone', 'streetAddress', 'postalCode', 'city', 'country']) if (data.get(key)) customer[key] = data.get(key);
  working = true;
  enable();
  try {
    const answer = await post('/purchase', { customer, fraudStatus: data.get('fraudStatus') });
    if (!answer.ok) { message.textContent = answer.body.message; return; }
    // Approved or denied, the shopper follows redirectUrl (a denial: the merchant's error page).
    if (answer.body.status === 'refused') raise('can_not_complete_order', {});
    raise('redirect_initiated', true);
    (window.top || window).location.href = answer.body.redirectUrl;
  } catch { failed(); } finally { working = false; enable(); }
});
</script>`;
  return `${head}${summary}${form}${script}</body></html>`;
}
