/**
 * `GET /dropin.js`: the sandbox's stand-in for the provider's drop-in script — the browser API of
 * `@adyen/adyen-web` v6 as its UMD build publishes it (`window.AdyenWeb.AdyenCheckout`,
 * `window.AdyenWeb.Dropin`), small enough to read, paying against this sandbox with its test cards.
 * A storefront integrates it exactly as the provider's own:
 *
 *   const checkout = await AdyenWeb.AdyenCheckout({ clientKey, environment, locale, amount, paymentMethodsResponse,
 *     onSubmit(state, component, actions) { … actions.resolve({ resultCode, action }) or actions.reject() },
 *     onAdditionalDetails(state, component, actions) { … actions.resolve({ resultCode, action }) },
 *     onPaymentCompleted(result, component) {}, onPaymentFailed(result, component) {}, onError(error, component) {} });
 *   const dropin = new AdyenWeb.Dropin(checkout, { paymentMethodsConfiguration }).mount(element);
 *
 * As the provider's does: a resolved answer with an action runs it (a `threeDS2` challenge or
 * fingerprint in place — its buttons answer as the bank would — or a `redirect` that takes the top
 * window to the issuer's page, GET or a form POST of `action.data`); Refused, Cancelled and Error end
 * in `onPaymentFailed({resultCode})`, any other result in `onPaymentCompleted({resultCode})`;
 * `actions.reject()` ends in `onPaymentFailed()`. `checkout.submitDetails({details})` sends a
 * return page's `redirectResult` to `onAdditionalDetails`. `state.data` is the drop-in's:
 * `paymentMethod` (the card "encrypted" as `test_<number>`), the whole `browserInfo`, `origin`,
 * `clientStateDataIndicator`.
 */
export const DROPIN_SCRIPT = `(() => {
  const el = (tag, attrs = {}, ...children) => { const e = document.createElement(tag); Object.assign(e, attrs); e.append(...children); return e; };
  const sandbox = document.currentScript ? new URL(document.currentScript.src).origin : location.origin;
  const FAILED = ['Cancelled', 'Error', 'Refused'];
  const ANSWER_FIELDS = ['action', 'resultCode', 'sessionData', 'order', 'sessionResult', 'donationToken', 'error', 'askDonation'];
  const browserInfo = () => ({ acceptHeader: '*/*', colorDepth: screen.colorDepth, javaEnabled: false, language: navigator.language, screenHeight: screen.height, screenWidth: screen.width, timeZoneOffset: new Date().getTimezoneOffset(), userAgent: navigator.userAgent });

  class Core {
    constructor(options) { this.options = options; this.paymentMethodsResponse = options.paymentMethodsResponse || {}; this.elements = []; }
    async initialize() { return this; }
    async update(options = {}) { Object.assign(this.options, options); this.paymentMethodsResponse = this.options.paymentMethodsResponse || {}; return this; }
    remove(element) { this.elements = this.elements.filter((e) => e !== element); return this; }
    /** A return page's details (redirectResult) go to onAdditionalDetails, answered by the last element mounted. */
    submitDetails(details) { const element = this.elements[this.elements.length - 1]; if (element) element.additionalDetails({ data: details }); }
  }
  async function AdyenCheckout(options) { return new Core(options).initialize(); }

  class Dropin {
    constructor(checkout, props = {}) { this.core = checkout; this.props = { ...checkout.options, ...props }; checkout.elements.push(this); }
    get data() { return this.state; }
    mount(target) {
      const root = typeof target === 'string' ? document.querySelector(target) : target;
      if (!root) throw new Error('Dropin: the element to mount into does not exist.');
      this.root = root;
      this.render();
      return this;
    }
    unmount() { if (this.root) this.root.replaceChildren(); this.core.remove(this); this.gone = true; return this; }
    render() {
      const response = this.core.paymentMethodsResponse;
      const stored = this.props.showStoredPaymentMethods === false ? [] : response.storedPaymentMethods || [];
      const methods = this.props.showPaymentMethods === false ? [] : response.paymentMethods || [];
      const card = (this.props.paymentMethodsConfiguration || {}).card || {};
      const choices = [...stored.map((s) => ({ label: 'Stored ' + s.brand + ' •••• ' + s.lastFour, data: { type: 'scheme', storedPaymentMethodId: s.id } })), ...methods.map((m) => ({ label: m.name, type: m.type }))];
      const form = el('form', { className: 'dropin' });
      choices.forEach((choice, i) => form.append(el('label', { className: 'method' }, el('input', { type: 'radio', name: 'method', value: String(i), checked: i === 0 }), ' ' + choice.label)));
      const number = el('input', { name: 'card', placeholder: 'Card number', ariaLabel: 'Card number', autocomplete: 'cc-number', inputMode: 'numeric', value: '4111 1111 1111 1111' });
      form.append(el('p', {}, el('label', {}, 'Card number ', number)));
      const holder = card.hasHolderName ? el('input', { name: 'holderName', autocomplete: 'cc-name', required: Boolean(card.holderNameRequired) }) : null;
      if (holder) form.append(el('p', {}, el('label', {}, 'Name on card ', holder)));
      const amount = this.props.amount;
      const money = amount && new Intl.NumberFormat(this.props.locale || undefined, { style: 'currency', currency: amount.currency });
      const price = money ? ' ' + money.format(amount.value / 10 ** money.resolvedOptions().maximumFractionDigits) : '';
      this.pay = el('button', { type: 'submit', textContent: 'Pay' + price });
      // What the drop-in is doing, read out as it changes: "Paying…" only while the submit is in flight,
      // the bank's step while an action is shown, then the result.
      this.status = el('p', { className: 'status', role: 'status' });
      if (this.props.showPayButton !== false) form.append(this.pay);
      form.append(this.status);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const choice = choices[Number(new FormData(form).get('method') || 0)] || { type: 'scheme' };
        const paymentMethod = choice.data ? { ...choice.data } : choice.type === 'scheme'
          ? { type: 'scheme', encryptedCardNumber: 'test_' + number.value.replace(/\\s+/g, ''), encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', ...(holder && holder.value ? { holderName: holder.value } : {}) }
          : { type: choice.type, token: 'sandbox-wallet-token' };
        this.state = { paymentMethod, browserInfo: browserInfo(), origin: location.origin, clientStateDataIndicator: true };
        this.submit();
      });
      this.root.replaceChildren(form);
    }
    setStatus(status) { if (this.pay) this.pay.disabled = status === 'loading'; return this; }
    submit() {
      if (typeof this.props.onSubmit !== 'function') return this.fail(new Error('Dropin: onSubmit is missing'));
      this.status.textContent = 'Paying…';
      this.setStatus('loading');
      new Promise((resolve, reject) => this.props.onSubmit({ data: this.state, isValid: true }, this, { resolve, reject }))
        .then((answer) => this.handleResponse(answer), (error) => this.failed(error));
    }
    additionalDetails(state) {
      this.status.textContent = 'Checking with your bank…';
      new Promise((resolve, reject) => this.props.onAdditionalDetails(state, this, { resolve, reject }))
        .then((answer) => this.handleResponse(answer), (error) => this.failed(error));
    }
    /** As the provider's: only the published fields of the answer are read; an action runs, a failed code fails, anything else completes. */
    handleResponse(answer) {
      if (this.gone) return;
      const response = Object.fromEntries(Object.entries(answer || {}).filter(([key]) => ANSWER_FIELDS.includes(key)));
      if (FAILED.includes(response.resultCode)) return this.failed({ resultCode: response.resultCode });
      if (response.action) return this.handleAction(response.action);
      this.setStatus('success');
      this.pay.disabled = true;
      this.status.textContent = 'Result: ' + response.resultCode;
      if (this.props.onPaymentCompleted) this.props.onPaymentCompleted({ resultCode: response.resultCode }, this);
    }
    failed(result) {
      if (this.gone) return;
      this.setStatus('error');
      this.status.textContent = 'Result: ' + (result && result.resultCode ? result.resultCode : 'Error');
      if (this.props.onPaymentFailed) this.props.onPaymentFailed(result && result.resultCode ? { resultCode: result.resultCode } : undefined, this);
    }
    fail(error) { if (this.props.onError) this.props.onError(error, this); return this; }
    handleAction(action) {
      if (action.type === 'redirect') { this.redirect(action); return this; }
      if (action.type !== 'threeDS2') return this.fail(new Error('Dropin (sandbox): action ' + action.type + ' is not supported'));
      this.setStatus('loading');
      this.status.textContent = 'Confirm the payment with your bank.';
      const id = action.authorisationToken || new URL(action.url).pathname.split('/').pop();
      const box = el('div', { className: 'challenge' }, el('p', { textContent: '3-D Secure (' + (action.subtype || action.type) + '): answer as the bank would' }));
      for (const outcome of ['authorise', 'refuse', 'cancel']) {
        box.append(el('button', { type: 'button', textContent: outcome, onclick: async () => {
          const res = await fetch(sandbox + '/api/sandbox/challenges/' + id + '/complete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) });
          const answered = await res.json();
          box.remove();
          this.additionalDetails({ data: { details: answered.details, ...(action.paymentData ? { paymentData: action.paymentData } : {}) } });
        } }), ' ');
      }
      this.root.append(box);
      return this;
    }
    /** The top window goes to the issuer's page (GET, or a form POST of action.data), which sends the shopper back to the returnUrl with ?redirectResult=…. */
    redirect(action) {
      const go = () => {
        this.status.textContent = 'Taking you to your bank…';
        const top = window.top || window;
        if ((action.method || 'GET').toUpperCase() !== 'POST') return top.location.assign(action.url);
        const post = el('form', { method: 'POST', action: action.url, target: '_top' });
        for (const [name, value] of Object.entries(action.data || {})) post.append(el('input', { type: 'hidden', name, value: String(value) }));
        document.body.append(post);
        post.submit();
      };
      if (typeof this.props.beforeRedirect === 'function') this.props.beforeRedirect(go, () => undefined, { url: action.url, method: action.method || 'GET', data: action.data });
      else go();
    }
  }

  window.AdyenWeb = { ...(window.AdyenWeb || {}), AdyenCheckout, Dropin, Core };
})();
`;
