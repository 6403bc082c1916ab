// The provider C sandbox's checkout frame (`/checkout/frame/{orderId}`): the shopper's side of a Qliro One order, in the page the snippet's script embeds.

/** What the frame looks like: readable from 320 px up (one column on a phone), nothing wider than the frame. */
const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;padding:12px;color:#1d2330;background:#fafafa;line-height:1.4}
h1{font-size:1.15rem;margin:.2rem 0 .6rem}h2,legend{font-size:1rem;font-weight:600;margin:.8rem 0 .4rem;padding:0}
fieldset{border:0;margin:0;padding:0;min-width:0}label{display:block;margin:.35rem 0;font-size:.95rem}
input[type=text],input[type=email],input[type=tel]{display:block;width:100%;padding:.5rem;font-size:1rem;border:1px solid #6b7280;border-radius:4px;background:#fff;color:#1d2330}
input[readonly]{background:#eef0f3}.choice{display:flex;gap:.5rem;align-items:center;margin:.3rem 0}.choice input{margin:0}
.row{display:grid;grid-template-columns:1fr;gap:0 .75rem}@media (min-width:520px){.row{grid-template-columns:1fr 1fr}}
button{padding:.6rem 1rem;font-size:1rem;margin:.4rem .4rem 0 0;cursor:pointer;border-radius:4px;border:1px solid #1d4ed8;background:#fff;color:#1d4ed8}
button.primary{background:#1d4ed8;color:#fff;width:100%;margin-right:0}button:disabled{opacity:.6;cursor:wait}
table{border-collapse:collapse;width:100%;font-size:.95rem}td{padding:.25rem .2rem;border-bottom:1px solid #d1d5db;vertical-align:top}td.amount{text-align:right;white-space:nowrap}
.known p{margin:0 0 .4rem}.total{font-weight:600;text-align:right;margin:.5rem 0}.known{background:#fff;border:1px solid #d1d5db;border-radius:6px;padding:.6rem;margin:.4rem 0;overflow-wrap:anywhere}
.status{padding:.6rem;border-radius:6px;background:#e8eefc;margin:.6rem 0}.status:empty{display:none}.error{background:#fde8e8;color:#7f1d1d}.ok{background:#e6f6ea;color:#14532d}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.sandbox{margin-top:1rem;border-top:1px dashed #9ca3af;padding-top:.4rem;font-size:.9rem;color:#374151}`;

/**
 * The checkout: the items and total, what the shop already told the provider about the shopper
 * (its `CustomerInformation`: shown, not asked again; "Change details" opens the form), the
 * shipping methods the shop offers, the payment method and Purchase — or the outcome in words. It
 * shows no order number or reference. It talks to the sandbox's shopper API of its own origin and
 * tells the page that embeds it (the `embedder` origin it was given) what happened, for the
 * snippet's script to call the page's `q1` listeners; while the page has it locked (an order
 * update under way) nothing can be bought, and the order read again is reported back.
 */
export function checkoutPage(orderId: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout</title><style>${STYLE}</style></head>
<body data-order-id="${orderId}"><main>
<h1>Checkout</h1>
<table id="lines"><caption class="sr">Your order</caption></table><p class="total">Total: <span id="total"></span></p>
<div id="status" class="status" role="status" aria-live="polite"></div>
<div id="alert" class="status error" role="alert"></div>
<section id="checkout" hidden>
  <h2>Your details</h2>
  <div id="known" class="known" hidden><p id="known-text"></p><button type="button" id="change">Change details</button></div>
  <form id="shopper" hidden>
    <label class="choice"><input type="checkbox" name="isCompany"> Purchasing as a company</label>
    <label>Company name <input type="text" name="companyName" autocomplete="organization"></label>
    <div class="row"><label>Email <input type="email" name="email" autocomplete="email"></label>
    <label>Phone <input type="tel" name="phoneNumber" autocomplete="tel"></label></div>
    <div class="row"><label>First name <input type="text" name="firstName" autocomplete="given-name"></label>
    <label>Last name <input type="text" name="lastName" autocomplete="family-name"></label></div>
    <label>Street address <input type="text" name="streetAddress" autocomplete="address-line1"></label>
    <label>c/o <input type="text" name="coAddress" autocomplete="address-line2"></label>
    <div class="row"><label>Postal code <input type="text" name="postalCode" autocomplete="postal-code"></label>
    <label>City <input type="text" name="city" autocomplete="address-level2"></label></div>
  </form>
  <fieldset id="delivery" hidden><legend>Delivery</legend><div id="methods"></div></fieldset>
  <fieldset><legend>Pay with</legend>
    <label class="choice"><input type="radio" name="paymentMethod" value="card" checked> Card</label>
    <label class="choice"><input type="radio" name="paymentMethod" value="invoice"> Invoice</label>
  </fieldset>
  <button type="button" class="primary" data-outcome="completed">Purchase</button>
  <div class="sandbox"><p>Sandbox outcomes:</p>
  <button type="button" data-outcome="pending">Purchase (pending at the bank)</button>
  <button type="button" data-outcome="refused">Purchase (refused)</button></div>
</section>
</main>
<script>
(() => {
  const id = document.body.dataset.orderId;
  const embedder = new URL(location.href).searchParams.get('embedder') || '*';
  const api = '/api/sandbox/orders/' + id;
  const $ = (selector) => document.querySelector(selector);
  const form = $('#shopper');
  const tell = (event, value) => window.parent.postMessage({ source: 'q1-checkout', event, value }, embedder);
  const say = (text, kind) => { const box = kind === 'error' ? $('#alert') : $('#status'); (kind === 'error' ? $('#status') : $('#alert')).textContent = ''; box.textContent = text; box.className = 'status' + (kind ? ' ' + kind : ''); };
  const call = async (method, path, body) => {
    const r = await fetch(api + path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw Object.assign(new Error(data.message || 'The checkout could not be reached.'), { data });
    return data;
  };
  const money = (value, currency) => Number(value).toFixed(2) + ' ' + currency;
  const DECLINED = {
    OutOfStock: 'Something in your order is no longer in stock.',
    PostalCodeIsNotSupported: 'The shop does not deliver to this postal code.',
    ShippingIsNotSupportedForPostalCode: 'The chosen delivery is not available for this postal code.',
    CashOnDeliveryIsNotSupportedForShippingMethod: 'Cash on delivery is not available for the chosen delivery.',
    IdentityNotVerified: 'Your identity could not be verified.',
    Other: 'The shop could not accept this order. Please review it and try again.',
  };
  const FIELDS = ['companyName', 'email', 'phoneNumber', 'firstName', 'lastName', 'streetAddress', 'coAddress', 'postalCode', 'city'];
  let order = null;
  let editing = false;
  let locked = false;
  let syncing = null;

  const fill = (o) => {
    const b = o.BillingAddress || {};
    const c = o.Customer || {};
    const values = { companyName: b.CompanyName, email: c.Email, phoneNumber: c.MobileNumber, firstName: b.FirstName, lastName: b.LastName, streetAddress: b.Street, coAddress: b.CareOf, postalCode: b.PostalCode, city: b.City };
    for (const name of FIELDS) form.elements[name].value = values[name] == null ? '' : String(values[name]);
    form.elements.isCompany.checked = c.JuridicalType === 'Company';
    const lock = o.CustomerInformation || {};
    form.elements.email.readOnly = Boolean(lock.LockCustomerInformation || lock.LockCustomerEmail);
    form.elements.phoneNumber.readOnly = Boolean(lock.LockCustomerInformation || lock.LockCustomerMobileNumber);
    for (const name of ['companyName', 'firstName', 'lastName', 'streetAddress', 'coAddress', 'postalCode', 'city']) form.elements[name].readOnly = Boolean(lock.LockCustomerInformation || lock.LockCustomerAddress);
  };
  const complete = (o) => Boolean(o.Customer && o.Customer.Email && o.BillingAddress && o.BillingAddress.Street && o.BillingAddress.PostalCode && o.BillingAddress.City);
  const showKnown = (o) => {
    const b = o.BillingAddress || {};
    const c = o.Customer || {};
    const known = complete(o) && !editing;
    $('#known').hidden = !known;
    form.hidden = known;
    if (!known) return;
    const name = [b.FirstName, b.LastName].filter(Boolean).join(' ');
    $('#known-text').textContent = [b.CompanyName, name, [b.Street, b.CareOf].filter(Boolean).join(', '), [b.PostalCode, b.City].filter(Boolean).join(' '), c.Email, c.MobileNumber].filter(Boolean).join(' · ');
  };
  const renderCart = (o) => {
    const table = $('#lines');
    for (const row of Array.from(table.querySelectorAll('tr'))) row.remove();
    for (const line of o.OrderItems) {
      const tr = document.createElement('tr');
      for (const [cell, css] of [[line.Quantity + ' ×', ''], [line.Description, ''], [money(line.PricePerItemIncVat * line.Quantity, o.Currency), 'amount']]) { const td = document.createElement('td'); td.textContent = cell; if (css) td.className = css; tr.appendChild(td); }
      table.appendChild(tr);
    }
    $('#total').textContent = money(o.TotalPrice, o.Currency);
  };
  const renderMethods = (o) => {
    const box = $('#methods');
    box.replaceChildren();
    $('#delivery').hidden = o.AvailableShippingMethods.length === 0;
    for (const method of o.AvailableShippingMethods) {
      const label = document.createElement('label');
      label.className = 'choice';
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'shippingMethod';
      input.value = method.MerchantReference;
      input.checked = o.SelectedShippingMethod === method.MerchantReference;
      label.append(input, ' ' + method.DisplayName + ' (' + Number(method.PriceIncVat).toFixed(2) + ')');
      box.appendChild(label);
    }
  };
  const setDisabled = (disabled) => { for (const control of document.querySelectorAll('#checkout input, #checkout button')) control.disabled = disabled; };
  const render = (o, refill) => {
    order = o;
    renderCart(o);
    const open = o.CustomerCheckoutStatus === 'InProcess';
    $('#checkout').hidden = !open;
    if (open) {
      if (refill) fill(o);
      showKnown(o);
      renderMethods(o);
      if (o.PaymentMethod) for (const input of document.querySelectorAll('input[name=paymentMethod]')) input.checked = (input.value === 'invoice') === (o.PaymentMethod.PaymentMethodName === 'QLIRO_INVOICE');
    } else if (o.CustomerCheckoutStatus === 'Completed') say('Thank you! Your purchase is complete.', 'ok');
    else if (o.CustomerCheckoutStatus === 'OnHold') say('Thank you! Your payment is being reviewed; you will hear from us shortly.', '');
    else if (o.CustomerCheckoutStatus === 'Refused') say('Your payment was declined.', 'error');
  };
  const customer = () => {
    const f = new FormData(form);
    const value = (name) => String(f.get(name) || '').trim();
    const entered = { isCompany: f.get('isCompany') === 'on' };
    for (const name of FIELDS) if (value(name)) entered[name] = value(name);
    return entered;
  };
  const customerInfo = (o) => {
    const b = o.BillingAddress;
    const c = o.Customer || {};
    return { email: c.Email, mobileNumber: c.MobileNumber, personalNumber: c.PersonalNumber, juridicalType: c.JuridicalType, address: b && b.Street ? { firstName: b.FirstName, lastName: b.LastName, companyName: b.CompanyName, street: b.Street, careOf: b.CareOf, postalCode: b.PostalCode, city: b.City } : null };
  };

  $('#change').addEventListener('click', () => { editing = true; showKnown(order); form.elements.email.focus(); });
  form.addEventListener('change', async () => {
    if (locked) return;
    try { render(await call('PUT', '/shopper', { customer: customer() }), false); tell('customer', customerInfo(order)); }
    catch (error) { say(error.message, 'error'); }
  });
  $('#methods').addEventListener('change', async (event) => {
    if (locked) return;
    try {
      const o = await call('PUT', '/shopper', { shippingMethod: event.target.value });
      render(o, false);
      const method = o.AvailableShippingMethods.find((candidate) => candidate.MerchantReference === event.target.value);
      tell('shipping', { method: method.MerchantReference, methodName: method.DisplayName, price: method.PriceIncVat, priceExVat: method.PriceExVat });
    } catch (error) { say(error.message, 'error'); }
  });
  for (const input of document.querySelectorAll('input[name=paymentMethod]')) input.addEventListener('change', async () => {
    try { const o = await call('PUT', '/shopper', { paymentMethod: input.value }); render(o, false); tell('paymentMethod', { method: o.PaymentMethod.PaymentMethodName }); }
    catch (error) { say(error.message, 'error'); }
  });
  for (const button of document.querySelectorAll('button[data-outcome]')) {
    button.addEventListener('click', async () => {
      if (locked) return;
      // What the form holds, read before the controls are disabled (a disabled field is not in the form's data).
      const entered = form.hidden ? null : customer();
      setDisabled(true);
      say('', '');
      tell('processStart');
      try {
        if (entered) await call('PUT', '/shopper', { customer: entered });
        const result = await call('POST', '/purchase', { outcome: button.dataset.outcome });
        render(result.order, false);
        tell('processEnd');
        if (result.order.CustomerCheckoutStatus === 'Refused') tell('declined', { reason: 'Other' });
        else if (result.redirectUrl) tell('confirmed', { redirectUrl: result.redirectUrl });
      } catch (error) {
        const details = (error.data && error.data.details) || {};
        if (error.data && error.data.code === 'validation_declined') { say(details.DeclineReasonMessage || DECLINED[details.DeclineReason] || DECLINED.Other, 'error'); tell('declined', { reason: details.DeclineReason }); }
        else { if (error.data && error.data.code === 'customer_incomplete') { editing = true; showKnown(order); } say(error.message, 'error'); }
        setDisabled(false);
        tell('processEnd');
      }
    });
  }

  // The page locks the checkout while it updates the order, then asks for the order as it is now until it unlocks.
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (event.source !== window.parent || (embedder !== '*' && event.origin !== embedder) || !message || message.source !== 'q1-merchant') return;
    if (message.command === 'lock') { locked = true; setDisabled(true); say('Updating your order…', ''); }
    else if (message.command === 'unlock') {
      locked = false;
      if (syncing) clearInterval(syncing);
      syncing = null;
      setDisabled(false);
      say('', '');
      call('GET', '').then((o) => render(o, false), () => undefined);
    } else if (message.command === 'sync' && !syncing) {
      const report = () => call('GET', '').then((o) => { renderCart(o); order = o; tell('order', { totalPrice: o.TotalPrice }); }, () => undefined);
      syncing = setInterval(report, 300);
      report();
    }
  });

  tell('rendered');
  call('GET', '').then((o) => { render(o, true); tell('loaded'); }, (error) => say(error.message, 'error'));
  // The checkout's height, for the script to size the frame to (no scrolling inside the checkout).
  const tellHeight = () => tell('resize', { height: Math.ceil(document.body.getBoundingClientRect().height) });
  new ResizeObserver(tellHeight).observe(document.body);
})();
</script></body></html>`;
}
