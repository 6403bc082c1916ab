// The provider B sandbox's shopper page: the form a person (or a test) clicks instead of the provider's embedded checkout.
import type { Purchase } from './purchase.model.js';

const FINAL_STEPS = ['Completed', 'Declined', 'TimedOut'];
/** Each step of a purchase as the shopper reads it (the page shows words, never the provider's answer). */
const STEP_WORDS: Record<string, string> = {
  Initiated: 'Nothing entered yet.',
  ShopperDataEntered: 'Your details are saved.',
  Completed: 'Thank you: the purchase is complete.',
  Declined: 'The payment was declined. Choose another way to pay in the shop.',
  TimedOut: 'The purchase timed out. Start again in the shop.',
};
const escape = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a person clicks through instead of provider B's embedded checkout: what the shopper
 * would type (customer, delivery address, shipping option, payment method), then buy or decline.
 * It calls the sandbox's own shopper API, so clicking here is what a test does with HTTP: **Buy**
 * sends what the form holds (PUT …/shopper) and then buys (POST …/complete), as a provider's
 * checkout buys with what the shopper sees; **Decline** is a submit the provider refuses; **Save
 * what I entered** only sends the form. Embedded by `/checkout.js` (`?embedder=<the shop's
 * origin>`, in a frame), it also tells the shop, by postMessage to that origin only: a changed
 * customer or delivery address (`deliveryAddressChanged {zip, country}`) or shipping option
 * (`shippingOptionChanged`) once saved; before a submit it asks the shop (`beforeSubmit`, Avarda's
 * payload) and goes on only when the shop answers `beforeSubmitContinue`; then how it ended
 * (`completedPurchase`, `declinedPurchase`). `refreshForm` from the shop re-reads the purchase's
 * lines and total. Answers are shown in words, never as the API's JSON.
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
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Provider B sandbox — purchase ${escape(purchase.purchaseId)}</title>
<style>body{font-family:sans-serif;max-width:42rem;margin:2rem auto;padding:0 .5rem;overflow-wrap:anywhere}label{display:block;margin:.3rem 0}input,select{margin-left:.5rem;max-width:60%}fieldset{margin:1rem 0}#result{background:#f4f4f4;padding:.5rem}#result:empty{display:none}</style></head>
<body>
<h1>Provider B checkout (sandbox)</h1>
<p>Purchase <code>${escape(purchase.purchaseId)}</code> for order <code>${escape(purchase.merchantReference)}</code>: step <strong id="step">${escape(purchase.currentStep)}</strong>, total <span id="total">${escape(purchase.totalAmount)}</span> ${escape(purchase.currency)}.</p>
<table><thead><tr><th>Item</th><th>Qty</th><th>Amount</th></tr></thead><tbody id="lines">${lines}</tbody></table>
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
<p id="result" role="status"></p>
<script>
const base = location.pathname.replace(/\\/page$/, '');
const form = document.getElementById('shopper');
const result = document.getElementById('result');
const FINAL = ${JSON.stringify(FINAL_STEPS)};
const STEP_WORDS = ${JSON.stringify(STEP_WORDS)};
const purchaseId = ${JSON.stringify(purchase.purchaseId)};
let final = ${final};
/** The shop's page this checkout is embedded in (the script names its origin), else null: the page stands alone. */
const embedder = (() => {
  const named = new URLSearchParams(location.search).get('embedder');
  try {
    return named && window.parent !== window && new URL(named).origin === named ? named : null;
  } catch {
    return null;
  }
})();
/** Tells the embedding page (only its origin may read it). */
const tell = (event, data, id) => {
  if (embedder) window.parent.postMessage({ source: 'provider-b-checkout', purchaseId, event, id, data }, embedder);
};
/** Shows the answer in words, and the purchase's step when it names one (a final step keeps the buttons disabled). */
const show = async (response) => {
  const body = await response.json().catch(() => ({}));
  const step = response.ok ? (body.purchase ?? body).currentStep : undefined;
  if (step) {
    document.getElementById('step').textContent = step;
    final = FINAL.includes(step);
  }
  result.textContent = response.ok ? (STEP_WORDS[step] ?? 'Done.') : 'Not done: ' + (body.message ?? 'the provider could not do that just now.');
  return step;
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
/** One thing at a time, in the order the shopper did them (a change is saved and told before a submit that follows it). */
let queue = Promise.resolve();
const inOrder = (action) => {
  const run = queue.then(action);
  queue = run.catch(() => undefined);
  return run;
};
/** One action at a time: the buttons wait while it runs. */
const busy = (action) => async (event) => {
  event.preventDefault();
  buttons.forEach((button) => (button.disabled = true));
  try {
    await inOrder(action);
  } catch (error) {
    result.textContent = 'Not done: the provider could not be reached. Try again.';
  } finally {
    buttons.forEach((button) => (button.disabled = final));
  }
};
/** The embedding page's answer to a submit: true to go on (beforeSubmitContinue), false when it stopped it. */
let submits = 0;
const answers = new Map();
window.addEventListener('message', (event) => {
  const message = event.data;
  if (!embedder || event.source !== window.parent || event.origin !== embedder || !message || message.source !== 'provider-b-merchant') return;
  if (message.event === 'refreshForm') void refresh();
  const answered = answers.get(message.id);
  if (!answered) return;
  answers.delete(message.id);
  answered(message.event === 'beforeSubmitContinue');
});
const askShop = (data) =>
  new Promise((resolve) => {
    submits += 1;
    answers.set(submits, resolve);
    tell('beforeSubmit', data, submits);
  });
/** The purchase's lines and total as the provider has them now (after the merchant updated its items). */
const refresh = async () => {
  const response = await fetch(base);
  if (!response.ok) return;
  const purchase = await response.json();
  const cell = (text) => Object.assign(document.createElement('td'), { textContent: String(text ?? '') });
  document.getElementById('lines').replaceChildren(...purchase.items.map((item) => {
    const row = document.createElement('tr');
    row.append(cell(item.description), cell(item.quantity), cell(item.amount));
    return row;
  }));
  document.getElementById('total').textContent = purchase.totalAmount;
};
/** What a submit needs before the shop is asked (the provider's form checks it as the shopper types). */
const missing = () => [!value('email') && 'your e-mail', !value('postalCode') && 'your postal code', !value('paymentMethod') && 'a payment method'].filter(Boolean);
/**
 * Buy (or Decline: the provider refuses the payment) with what the form holds: saved first; when
 * embedded, the shop is asked before the purchase goes on (beforeSubmit) and told how it ended.
 */
const submit = (outcome) => async () => {
  const saved = await save();
  if (!saved.ok) return show(saved);
  if (embedder) {
    const absent = missing();
    if (absent.length > 0) return (result.textContent = 'Enter ' + absent.join(', ') + ' first.');
    result.textContent = 'Checking with the shop…';
    const method = value('paymentMethod');
    const goOn = await askShop({ purchaseId, zip: value('postalCode'), country: value('country'), email: value('email'), selectedPaymentMethodId: method, selectedPaymentMethodType: method, mode: 'B2C' });
    if (!goOn) return (result.textContent = 'The shop did not let the purchase go on: see its message.');
  }
  const step = await show(await complete(outcome));
  if (step === 'Completed') tell('completedPurchase');
  else if (step === 'Declined') tell('declinedPurchase');
};
form.addEventListener('submit', busy(async () => show(await save())));
// Embedded: what the shopper changes is saved at once and told to the shop (the customer and address once a delivery address has a postal code).
form.addEventListener('change', (event) => {
  const name = event.target.name;
  if (!embedder || final || name === 'paymentMethod' || name === 'newsletter') return;
  void inOrder(async () => {
    const saved = await save();
    await show(saved);
    if (!saved.ok) return;
    if (name === 'shipping') {
      if (value('shipping')) tell('shippingOptionChanged', { shippingOptionId: value('shipping') });
    } else if (value('postalCode')) tell('deliveryAddressChanged', { zip: value('postalCode'), country: value('country') });
  }).catch(() => (result.textContent = 'Not saved: the provider could not be reached.'));
});
document.getElementById('buy').addEventListener('click', busy(submit('completed')));
document.getElementById('decline').addEventListener('click', busy(submit('declined')));
</script>
</body></html>`;
}
