// The provider B sandbox's shopper page: the form a person (or a test) clicks instead of Avarda's embedded checkout.
import { PAYMENT_METHODS, SHIPPING_OPTIONS } from './purchase.model.js';
import type { SandboxPurchaseView } from './purchase.views.js';

/** Each step of a purchase as the shopper reads it (the page shows words, never the provider's answer). */
const STEP_WORDS: Record<string, string> = {
  Initialized: 'Nothing entered yet.',
  EmailZipEntry: 'Your e-mail and postal code are saved.',
  PersonalInfo: 'Your details are saved.',
  Completed: 'Thank you: the purchase is complete.',
  TimedOut: 'The purchase timed out. Start again in the shop.',
};
const DECLINED = 'The payment was declined. Choose another way to pay.';
const FINAL_STEPS = ['Completed', 'TimedOut'];
const escape = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const inline = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

/**
 * The page a person clicks through instead of provider B's embedded checkout: the lines and total,
 * the shopper's e-mail, phone and invoicing address (a delivery address if they ask for one), the
 * shipping broker's options, the payment method and the newsletter box — every field starting from
 * what the purchase holds (the shop's prefill at initialize payment), and no id of the purchase or
 * the order anywhere. It calls the sandbox's own shopper API, so clicking here is what a test does
 * with HTTP: **Buy** sends what the form holds (PUT …/shopper) and buys (POST …/complete);
 * **Decline** is a buy the provider refuses (the purchase stays open for another method); **Save
 * what I entered** only sends the form.
 *
 * Embedded by `/checkout.js` (`?embedder=<the shop's origin>`, in a frame) it talks to that script
 * by postMessage, to that origin only (`{source: 'avarda-sandbox-form', purchaseId, event, id?,
 * data?}`): its height (`resize`), so the frame fits its content; an address edit once it has a
 * postal code (`deliveryAddressChanged {zip, country, source}`, Avarda's payload) and it waits for
 * the shop's `deliveryAddressChangedContinue` or `refreshForm`; a shipping option (`shippingOptionChanged
 * {price, currency, taxAmount}`); before a buy, `beforeSubmit` with Avarda's payload, going on only
 * on `beforeSubmitContinue`; then `completed`, or `sessionTimedOut` once the session is over.
 * `refreshForm` re-reads the lines and total. Answers are said in words, never as the API's JSON.
 */
export function shopperPage(purchase: SandboxPurchaseView, remainingMs: number): string {
  const data = purchase.b2C ?? purchase.b2B!;
  const company = purchase.mode === 'B2B';
  const invoicing = data.invoicingAddress as Record<string, string | null>;
  const delivery = data.deliveryAddress as Record<string, string | null>;
  const step = data.step.current;
  const final = FINAL_STEPS.includes(step);
  const input = (name: string, label: string, value: unknown, type = 'text', autocomplete = '') =>
    `<label>${label} <input type="${type}" name="${name}" value="${escape(value)}"${autocomplete ? ` autocomplete="${autocomplete}"` : ''}></label>`;
  const checkbox = (name: string, label: string, checked: boolean) => `<label class="check"><input type="checkbox" name="${name}"${checked ? ' checked' : ''}> ${label}</label>`;
  const choices = (options: string[][], current: string) => options.map(([value, label]) => `<option value="${escape(value)}"${value === current ? ' selected' : ''}>${escape(label)}</option>`).join('');
  const lines = purchase.items.map((item) => `<tr><td>${escape(item.description)}</td><td class="n">${escape(item.quantity ?? 1)}</td><td class="n">${escape(money(item.amount, purchase.checkoutSite.currencyCode))}</td></tr>`).join('');
  const names = company ? input('name', 'Company', invoicing.name, 'text', 'organization') : `${input('firstName', 'First name', invoicing.firstName, 'text', 'given-name')}${input('lastName', 'Last name', invoicing.lastName, 'text', 'family-name')}`;
  const otherDelivery = purchase.differentDeliveryAddress === 'Checked';
  const deliverySection =
    purchase.differentDeliveryAddress === 'Hidden'
      ? ''
      : `${checkbox('differentDeliveryAddress', 'Deliver to another address', otherDelivery)}
<fieldset id="delivery"${otherDelivery ? '' : ' hidden'}><legend>Delivery address</legend>${input('deliveryFirstName', 'Recipient first name', delivery.firstName)}${input('deliveryLastName', 'Recipient last name', delivery.lastName)}${input('deliveryAddress1', 'Recipient street', delivery.address1)}${input('deliveryZip', 'Recipient postal code', delivery.zip)}${input('deliveryCity', 'Recipient city', delivery.city)}${input('deliveryCountry', 'Recipient country', delivery.country ?? purchase.checkoutSite.countryCode)}</fieldset>`;
  const newsletter = data.step.emailNewsletterSubscription === 'Hidden' ? '' : checkbox('newsletter', 'Newsletter', data.step.emailNewsletterSubscription === 'Checked');
  const shippingOptions = [['', '(none)'], ...SHIPPING_OPTIONS.map((option) => [option.id, `${option.product}, ${money(option.price, purchase.checkoutSite.currencyCode)}`])];
  const chosenShipping = (purchase.Modules?.[0]?.selected_shipping_option.shipping_method as string | undefined) ?? '';
  const chosenMethod = purchase.paymentMethods.selectedPayment?.type ?? 'Card';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout</title>
<style>*{box-sizing:border-box}body{font:15px/1.4 system-ui,sans-serif;margin:0;padding:12px;color:#222;overflow-wrap:anywhere}h1{font-size:1.3rem;margin:0 0 .5rem}
table{width:100%;border-collapse:collapse}th{text-align:left;font-weight:600}td{padding:.2rem 0;vertical-align:top}td.n,th.n{text-align:right;white-space:nowrap;padding-left:.5rem}.total td{border-top:1px solid #999;font-weight:600}
fieldset{margin:.8rem 0;padding:.5rem .75rem;border:1px solid #bbb;min-width:0}label{display:block;margin:.4rem 0}
input[type=text],input[type=email],input[type=tel],select{display:block;width:100%;max-width:28rem;margin-top:.15rem;padding:.4rem;font:inherit}
.check{display:flex;gap:.5rem;align-items:center}.buttons{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}button{font:inherit;padding:.5rem 1rem}
#result{background:#f4f4f4;padding:.5rem;margin:.5rem 0 0}#result:empty{display:none}</style></head>
<body>
<h1>Provider B checkout (sandbox)</h1>
<p id="step" data-step="${escape(step)}">${escape(STEP_WORDS[step] ?? '')}</p>
<table><thead><tr><th scope="col">Item</th><th scope="col" class="n">Qty</th><th scope="col" class="n">Price</th></tr></thead><tbody id="lines">${lines}</tbody>
<tfoot><tr class="total"><td>Total</td><td></td><td class="n" id="total">${escape(money(purchase.totalPrice, purchase.checkoutSite.currencyCode))}</td></tr></tfoot></table>
<form id="shopper" novalidate>
<fieldset><legend>Contact</legend>${input('email', 'E-mail', data.userInputs.email, 'email', 'email')}${input('phone', 'Phone', data.userInputs.phone, 'tel', 'tel')}</fieldset>
<fieldset><legend>${company ? 'Company' : 'Invoicing address'}</legend>${names}${input('address1', 'Street', invoicing.address1, 'text', 'address-line1')}${input('address2', 'Street, line 2', invoicing.address2, 'text', 'address-line2')}${input('zip', 'Postal code', invoicing.zip, 'text', 'postal-code')}${input('city', 'City', invoicing.city, 'text', 'address-level2')}${input('country', 'Country', invoicing.country ?? purchase.checkoutSite.countryCode, 'text', 'country')}</fieldset>
${deliverySection}
<fieldset><legend>Shipping and payment</legend>
<label>Shipping <select name="shipping">${choices(shippingOptions, chosenShipping)}</select></label>
<label>Payment method <select name="paymentMethod">${choices(PAYMENT_METHODS.map((method) => [method, method]), chosenMethod)}</select></label>
${newsletter}</fieldset>
<div class="buttons"><button type="submit" ${final ? 'disabled' : ''}>Save what I entered</button><button type="button" id="buy" ${final ? 'disabled' : ''}>Buy</button><button type="button" id="decline" ${final ? 'disabled' : ''}>Decline</button></div>
</form>
<p id="result" role="status"></p>
<script>
const base = location.pathname.replace(/\\/page$/, '');
const form = document.getElementById('shopper');
const result = document.getElementById('result');
const stepNode = document.getElementById('step');
const FINAL = ${inline(FINAL_STEPS)};
const STEP_WORDS = ${inline(STEP_WORDS)};
const DECLINED = ${inline(DECLINED)};
const SHIPPING = ${inline(SHIPPING_OPTIONS)};
const purchaseId = ${inline(purchase.purchaseId)};
const mode = ${inline(purchase.mode)};
const currency = ${inline(purchase.checkoutSite.currencyCode)};
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
  if (embedder) window.parent.postMessage({ source: 'avarda-sandbox-form', purchaseId, event, id, data }, embedder);
};
// The frame is sized to this page: its height goes to the script whenever it changes.
const tellHeight = () => tell('resize', { height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
new ResizeObserver(tellHeight).observe(document.documentElement);
const money = (amount) => Number(amount).toFixed(2) + ' ' + currency;
const setStep = (step) => {
  if (!step) return;
  stepNode.dataset.step = step;
  stepNode.textContent = STEP_WORDS[step] || '';
  const wasFinal = final;
  final = FINAL.includes(step);
  if (step === 'TimedOut' && !wasFinal) tell('sessionTimedOut');
};
const stepOf = (purchase) => (purchase && (purchase.b2C || purchase.b2B) ? (purchase.b2C || purchase.b2B).step.current : undefined);
/** Shows the answer in words, and the step it names (a final step keeps the buttons disabled). */
const show = async (response) => {
  const body = await response.json().catch(() => ({}));
  const step = response.ok ? stepOf(body.purchase || body) : undefined;
  setStep(step);
  result.textContent = response.ok ? STEP_WORDS[step] || 'Done.' : 'Not done: ' + (body.message || 'the provider could not do that just now.');
  return response.ok ? body : undefined;
};
const value = (name) => (form.elements[name] && form.elements[name].value.trim()) || null;
const checked = (name) => Boolean(form.elements[name] && form.elements[name].checked);
const buttons = [...form.querySelectorAll('button')];
const deliveryOn = () => checked('differentDeliveryAddress');
/** What the form holds now, as the shopper API takes it (Avarda's field names). */
const entered = () => {
  const names = mode === 'B2B' ? { name: value('name') } : { firstName: value('firstName'), lastName: value('lastName') };
  const body = {
    userInputs: { email: value('email'), phone: value('phone') },
    invoicingAddress: { ...names, address1: value('address1'), address2: value('address2'), zip: value('zip'), city: value('city'), country: value('country') },
    shippingOption: value('shipping'),
    paymentMethod: value('paymentMethod'),
  };
  if (form.elements.differentDeliveryAddress) {
    body.differentDeliveryAddress = deliveryOn();
    if (deliveryOn()) body.deliveryAddress = { firstName: value('deliveryFirstName'), lastName: value('deliveryLastName'), address1: value('deliveryAddress1'), zip: value('deliveryZip'), city: value('deliveryCity'), country: value('deliveryCountry') };
  }
  if (form.elements.newsletter) body.emailNewsletterSubscription = checked('newsletter');
  return body;
};
const save = () => fetch(base + '/shopper', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entered()) });
const complete = (outcome) => fetch(base + '/complete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) });
/** One thing at a time, in the order the shopper did them (a change is saved and told before a buy that follows it). */
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
/** The shop's answers the form waits for: a buy (beforeSubmitContinue or …Abort) and an address edit (…Continue or refreshForm). */
let asked = 0;
const waiting = new Map();
const ask = (event, data) =>
  new Promise((resolve) => {
    asked += 1;
    waiting.set(asked, resolve);
    tell(event, data, asked);
  });
window.addEventListener('message', (event) => {
  const message = event.data;
  if (!embedder || event.source !== window.parent || event.origin !== embedder || !message || message.source !== 'avarda-sandbox-script') return;
  if (message.event === 'refreshForm') void refresh();
  const answered = waiting.get(message.id);
  if (!answered) return;
  waiting.delete(message.id);
  answered(message.event);
});
/** The purchase's lines and total as the provider has them now (after the shop updated its items). */
const refresh = async () => {
  const response = await fetch(base);
  if (!response.ok) return;
  const purchase = await response.json();
  const cell = (text, numeric) => Object.assign(document.createElement('td'), { textContent: String(text ?? ''), className: numeric ? 'n' : '' });
  document.getElementById('lines').replaceChildren(...purchase.items.map((item) => {
    const row = document.createElement('tr');
    row.append(cell(item.description), cell(item.quantity ?? 1, true), cell(money(item.amount), true));
    return row;
  }));
  document.getElementById('total').textContent = money(purchase.totalPrice);
  setStep(stepOf(purchase));
};
/** What the form requires before a buy (Avarda's form checks its required fields as the shopper types). */
const missing = () => {
  const names = mode === 'B2B' ? [!value('name') && 'the company name'] : [!value('firstName') && 'your first name', !value('lastName') && 'your last name'];
  return [!value('email') && 'your e-mail', ...names, !value('address1') && 'your street', !value('zip') && 'your postal code', !value('city') && 'your city'].filter(Boolean);
};
/** Where the goods go: the delivery address when the shopper gave one, else the invoicing address. */
const destination = () =>
  deliveryOn() && value('deliveryZip') ? { zip: value('deliveryZip'), country: value('deliveryCountry'), source: 'DeliveryAddress' } : { zip: value('zip'), country: value('country'), source: 'InvoicingAddress' };
/**
 * Buy (or Decline: the provider refuses the method) with what the form holds: saved first; when
 * embedded, the shop is asked before the purchase goes on (beforeSubmit) and told how it ended.
 */
const submit = (outcome) => async () => {
  const absent = missing();
  if (absent.length > 0) return (result.textContent = 'Enter ' + absent.join(', ') + ' first.');
  const saved = await show(await save());
  if (!saved) return;
  if (embedder) {
    result.textContent = 'Checking with the shop…';
    const method = value('paymentMethod');
    const { zip, country } = destination();
    const invoicingAddress = entered().invoicingAddress;
    const answer = await ask('beforeSubmit', { zip, country, selectedPaymentMethodId: method, selectedPaymentMethodType: method, invoicingAddress, email: value('email'), mode, purchaseId });
    if (answer !== 'beforeSubmitContinue') return (result.textContent = 'The shop did not let the purchase go on: see its message.');
  }
  const response = await complete(outcome);
  const body = await show(response);
  if (!body) return;
  if (body.outcome === 'declined') return (result.textContent = DECLINED);
  if (stepOf(body.purchase) === 'Completed') tell('completed');
};
form.addEventListener('submit', busy(async () => show(await save())));
// Embedded: each change is saved at once; an address edit (once it has a postal code) is told to the shop, which answers before the form goes on; a shipping option is told too.
const ADDRESS_FIELDS = ['zip', 'country', 'address1', 'address2', 'city', 'firstName', 'lastName', 'name', 'differentDeliveryAddress', 'deliveryFirstName', 'deliveryLastName', 'deliveryAddress1', 'deliveryZip', 'deliveryCity', 'deliveryCountry'];
form.addEventListener('change', (event) => {
  const name = event.target.name;
  if (name === 'differentDeliveryAddress') document.getElementById('delivery').hidden = !deliveryOn();
  if (final || name === 'paymentMethod') return;
  void inOrder(async () => {
    const saved = await show(await save());
    if (!saved || !embedder) return;
    if (name === 'shipping') {
      const option = SHIPPING.find((candidate) => candidate.id === value('shipping'));
      if (option) tell('shippingOptionChanged', { price: option.price, currency, taxAmount: option.taxAmount });
    } else if (ADDRESS_FIELDS.includes(name) && destination().zip) {
      buttons.forEach((button) => (button.disabled = true));
      try {
        await ask('deliveryAddressChanged', destination());
      } finally {
        buttons.forEach((button) => (button.disabled = final));
      }
    }
  }).catch(() => (result.textContent = 'Not saved: the provider could not be reached.'));
});
document.getElementById('buy').addEventListener('click', busy(submit('completed')));
document.getElementById('decline').addEventListener('click', busy(submit('declined')));
// Without disableFocus the form takes the focus, on its first empty field (Avarda's option).
if (new URLSearchParams(location.search).get('focus') === '1') [...form.querySelectorAll('input:not([type=checkbox])')].find((field) => !field.value && !field.closest('[hidden]'))?.focus();
// The session ends at its time even when nobody clicks: the page reads the purchase then and says so.
if (!final) setTimeout(() => void refresh(), Math.max(0, ${Math.max(0, Math.floor(remainingMs))}) + 500);
</script>
</body></html>`;
}
