import type { ProviderOrder } from './provider-a.model.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/**
 * The hosted checkout a person clicks through (the snippet's iframe): the lines and total, the
 * shipping options, the shopper's details, a fraud-status pick (sandbox only) and a buy button.
 * It uses the shopper API of its own origin; after a purchase, or the merchant's denial, the whole
 * window follows `redirectUrl`.
 */
export function hostedPage(order: ProviderOrder): string {
  const currency = order.purchase_currency;
  const lines = order.order_lines.map((line) => `<tr><td>${escapeHtml(line.name)} × ${line.quantity}</td><td class="n">${money(line.total_amount, currency)}</td></tr>`).join('');
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Provider A checkout</title>
<style>body{font:15px system-ui,sans-serif;margin:16px;color:#222}table{width:100%;border-collapse:collapse}td{padding:4px 0}.n{text-align:right}
.total td{border-top:1px solid #999;font-weight:600}fieldset{margin:12px 0;border:1px solid #ccc}label{display:block;margin:4px 0}
input[type=text]{width:60%}button{font-size:16px;padding:8px 24px;background:#1a7f37;color:#fff;border:0;border-radius:4px;cursor:pointer}
#message{margin-top:12px;color:#b00020}</style></head><body>`;
  const summary = `<h2>Your order</h2><table id="lines">${lines}<tr class="total"><td>Total</td><td class="n" id="total">${money(order.order_amount, currency)}</td></tr></table>`;
  if (order.status === 'checkout_complete') {
    return `${head}<h1>Thank you for your purchase!</h1><p>Order <code>${escapeHtml(order.order_id)}</code> is complete.</p>${summary}</body></html>`;
  }
  const options = order.shipping_options
    .map((option) => {
      const checked = order.selected_shipping_option?.id === option.id ? ' checked' : '';
      return `<label><input type="radio" name="shipping" value="${escapeHtml(option.id)}"${checked}> ${escapeHtml(option.name)} — ${money(option.price, currency)}${option.description ? ` <small>${escapeHtml(option.description)}</small>` : ''}</label>`;
    })
    .join('');
  const field = (name: string, label: string, value = '') => `<label>${label} <input type="text" name="${name}" value="${escapeHtml(value)}"></label>`;
  const billing = order.billing_address ?? {};
  const form = `<form id="checkout">
${options ? `<fieldset><legend>Shipping</legend>${options}</fieldset>` : ''}
<fieldset><legend>Your details</legend>${field('givenName', 'Given name', billing.given_name ?? 'Sam')}${field('familyName', 'Family name', billing.family_name ?? 'Shopper')}
${field('email', 'E-mail', billing.email ?? 'sam.shopper@example.com')}${field('phone', 'Phone', billing.phone ?? '+46700000000')}
${field('streetAddress', 'Street address', billing.street_address ?? 'Testgatan 1')}${field('postalCode', 'Postal code', billing.postal_code ?? '11122')}
${field('city', 'City', billing.city ?? 'Stockholm')}${field('country', 'Country', billing.country ?? order.purchase_country)}</fieldset>
<fieldset><legend>Sandbox: risk decision</legend><select name="fraudStatus"><option>ACCEPTED</option><option>PENDING</option><option>REJECTED</option></select></fieldset>
<button type="submit" id="buy">Buy</button><div id="message" role="alert"></div></form>`;
  const script = `<script>
const base = '/api/sandbox/orders/' + ${JSON.stringify(encodeURIComponent(order.order_id)).replace(/</g, '\\u003c')};
// The shop's page sizes the snippet's iframe to this page (no scrolling inside the checkout).
const tellHeight = () => { const style = getComputedStyle(document.body); parent.postMessage({ source: 'provider-a', event: 'resize', value: { height: Math.ceil(document.body.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom)) } }, '*'); };
new ResizeObserver(tellHeight).observe(document.body);
const message = document.getElementById('message');
const post = (path, body) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ ok: r.ok, body: await r.json() }));
for (const radio of document.querySelectorAll('input[name=shipping]')) radio.addEventListener('change', async () => {
  message.textContent = '';
  const answer = await post('/shipping-option', { id: radio.value });
  if (!answer.ok) { message.textContent = answer.body.message; return; }
  location.reload();
});
document.getElementById('checkout').addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(event.target);
  const customer = {};
  for (const key of ['givenName', 'familyName', 'email', 'phone', 'streetAddress', 'postalCode', 'city', 'country']) if (data.get(key)) customer[key] = data.get(key);
  document.getElementById('buy').disabled = true;
  const answer = await post('/purchase', { customer, fraudStatus: data.get('fraudStatus') });
  document.getElementById('buy').disabled = false;
  if (!answer.ok) { message.textContent = answer.body.message; return; }
  // Approved or denied, the shopper follows redirectUrl (a denial: the merchant's error page).
  (window.top || window).location.href = answer.body.redirectUrl;
});
</script>`;
  return `${head}${summary}${form}${script}</body></html>`;
}
