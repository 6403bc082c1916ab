import type { Purchase } from './purchase.model.js';

const FINAL_STEPS = ['Completed', 'Declined', 'TimedOut'];
const escape = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a person clicks through instead of provider B's embedded checkout: what the shopper
 * would type (customer, delivery address, shipping option, payment method), then buy or decline.
 * It calls the sandbox's own shopper API, so clicking here is what a test does with HTTP: **Buy**
 * sends what the form holds (PUT …/shopper) and then buys (POST …/complete), as a provider's
 * checkout buys with what the shopper sees; **Save what I entered** only sends the form.
 */
export function shopperPage(purchase: Omit<Purchase, 'clientId'>): string {
  const c = purchase.customer ?? {};
  const a = purchase.deliveryAddress ?? {};
  const field = (name: string, label: string, value: unknown) => `<label>${label} <input name="${name}" value="${escape(value)}"></label>`;
  // The selects start from what the purchase holds, so sending the form keeps what was entered before.
  const choices = (options: string[][], current: string) =>
    options.map(([value, label]) => `<option value="${escape(value)}"${value === current ? ' selected' : ''}>${escape(label)}</option>`).join('');
  const final = FINAL_STEPS.includes(purchase.currentStep);
  const lines = purchase.items.map((item) => `<tr><td>${escape(item.description)}</td><td>${escape(item.quantity)}</td><td>${escape(item.amount)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Provider B sandbox — purchase ${escape(purchase.purchaseId)}</title>
<style>body{font-family:sans-serif;max-width:42rem;margin:2rem auto}label{display:block;margin:.3rem 0}input,select{margin-left:.5rem}fieldset{margin:1rem 0}#result{white-space:pre-wrap;background:#f4f4f4;padding:.5rem}</style></head>
<body>
<h1>Provider B checkout (sandbox)</h1>
<p>Purchase <code>${escape(purchase.purchaseId)}</code> for order <code>${escape(purchase.merchantReference)}</code>: step <strong id="step">${escape(purchase.currentStep)}</strong>, total ${escape(purchase.totalAmount)} ${escape(purchase.currency)}.</p>
<table><tr><th>Item</th><th>Qty</th><th>Amount</th></tr>${lines}</table>
<form id="shopper">
<fieldset><legend>Customer</legend>${field('email', 'E-mail', c.email)}${field('phone', 'Phone', c.phone)}${field('givenName', 'Given name', c.givenName)}${field('familyName', 'Family name', c.familyName)}</fieldset>
<fieldset><legend>Delivery address</legend>${field('streetAddress', 'Street', a.streetAddress)}${field('postalCode', 'Postal code', a.postalCode)}${field('city', 'City', a.city)}${field('country', 'Country', a.country ?? 'NO')}</fieldset>
<fieldset><legend>Shipping and payment</legend>
<label>Shipping <select name="shipping">${choices([['', '(none)'], ['postal', 'Postal, 49'], ['pickup', 'Pick-up point, 0']], purchase.shippingOption?.id ?? '')}</select></label>
<label>Payment method <select name="paymentMethod">${choices(['Card', 'Invoice', 'DirectBank'].map((method) => [method, method]), purchase.paymentMethod ?? 'Card')}</select></label>
<label><input type="checkbox" name="newsletter"${purchase.consents?.newsletter ? ' checked' : ''}> Newsletter</label></fieldset>
<button type="submit" ${final ? 'disabled' : ''}>Save what I entered</button>
<button type="button" id="buy" ${final ? 'disabled' : ''}>Buy</button>
<button type="button" id="decline" ${final ? 'disabled' : ''}>Decline</button>
</form>
<p id="result"></p>
<script>
const base = location.pathname.replace(/\\/page$/, '');
const form = document.getElementById('shopper');
const FINAL = ${JSON.stringify(FINAL_STEPS)};
let final = ${final};
/** Shows the answer, and the purchase's step when it names one (a final step keeps the buttons disabled). */
const show = async (response) => {
  const body = await response.json();
  document.getElementById('result').textContent = response.status + ' ' + JSON.stringify(body, null, 2);
  const step = response.ok ? (body.purchase ?? body).currentStep : undefined;
  if (step) {
    document.getElementById('step').textContent = step;
    final = FINAL.includes(step);
  }
};
const shipping = { postal: { id: 'postal', name: 'Postal', amount: 49, vatRate: 0.25, carrier: 'Posten' }, pickup: { id: 'pickup', name: 'Pick-up point', amount: 0, vatRate: 0.25, carrier: 'Posten' } };
const value = (name) => form.elements[name].value || undefined;
const buttons = [...form.querySelectorAll('button')];
/** What the form holds now, as the shopper API takes it. */
const entered = () => {
  const body = {
    customer: { type: 'person', email: value('email'), phone: value('phone'), givenName: value('givenName'), familyName: value('familyName') },
    deliveryAddress: { givenName: value('givenName'), familyName: value('familyName'), streetAddress: value('streetAddress'), postalCode: value('postalCode'), city: value('city'), country: value('country') },
    paymentMethod: value('paymentMethod'),
    consents: { newsletter: form.elements.newsletter.checked },
  };
  if (value('shipping')) body.shippingOption = shipping[value('shipping')];
  return body;
};
const save = () => fetch(base + '/shopper', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entered()) });
const complete = (outcome) => fetch(base + '/complete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) });
/** One action at a time: the buttons wait while it runs. */
const busy = (action) => async (event) => {
  event.preventDefault();
  buttons.forEach((button) => (button.disabled = true));
  try {
    await action();
  } catch (error) {
    document.getElementById('result').textContent = 'failed: ' + error;
  } finally {
    buttons.forEach((button) => (button.disabled = final));
  }
};
form.addEventListener('submit', busy(async () => show(await save())));
// Buy uses what the form holds: saved first, then bought; a refused save is shown and nothing is bought.
document.getElementById('buy').addEventListener('click', busy(async () => {
  const saved = await save();
  await show(saved.ok ? await complete('completed') : saved);
}));
document.getElementById('decline').addEventListener('click', busy(async () => show(await complete('declined'))));
</script>
</body></html>`;
}
