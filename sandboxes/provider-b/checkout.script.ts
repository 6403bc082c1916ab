// The provider B sandbox's stand-in for Avarda Checkout 3's browser script (`/checkout.js`): `avardaCheckoutInit` rendering the sandbox's form in a frame.

/**
 * The script a shop loads from `javascriptUrl`, with Avarda Checkout 3's browser API as Avarda
 * publishes it (docs.avarda.com: "Embed Checkout Form", "Handling Checkout form instance",
 * "Client-side validation", "Delivery address changed callback", "Shipping option changed
 * callback", "Handling session timeout"; used so by Avarda's Magento module,
 * view/frontend/web/js/view/shipping-method.js, and Krokedil's WooCommerce integration,
 * assets/js/aco_checkout.js):
 *
 * - `window.avardaCheckoutInit(options)` — `purchaseJwt`, `rootElementId`, `redirectUrl`,
 *   `styles`, `disableFocus`, `extras`, and the callbacks `beforeSubmitCallback(payload, instance)`,
 *   `deliveryAddressChangedCallback({zip, country, source}, instance)`,
 *   `shippingOptionChangedCallback({price, currency, taxAmount}, instance)`,
 *   `completedPurchaseCallback(instance)`, `sessionTimedOutCallback(instance)` — renders the form
 *   for the purchase the JWT names (its `PurchaseId` claim) into the element and answers the
 *   checkout instance. Calls queued before the script loaded (the integrations' loader stub:
 *   `avardaCheckoutInit.q`) are run, and the instance is also `window[avardaCheckoutInit.i]`
 *   (`window.avardaCheckout` by default).
 * - The instance: `purchaseId`, `refreshForm()`, `unmount()`, `beforeSubmitContinue()`,
 *   `beforeSubmitAbort()`, `deliveryAddressChangedContinue()`, `clearCustomerToken()`,
 *   `changeLanguage(language)`.
 *
 * A buy waits for the shop's answer to beforeSubmitCallback (none given: it goes on; a callback
 * that throws: stopped); an address edit waits for `deliveryAddressChangedContinue()` or
 * `refreshForm()` (no callback: it goes on). The frame is the sandbox's shopper page
 * (shopper.page.ts), sized to its content: the page reports its height and the script sets it.
 * Messages are taken only from the script's own frame and the sandbox's origin.
 */
export const CHECKOUT_SCRIPT = `(() => {
  const origin = new URL(document.currentScript ? document.currentScript.src : location.href).origin;
  const loader = typeof window.avardaCheckoutInit === 'function' ? window.avardaCheckoutInit : null;
  const globalName = (loader && typeof loader.i === 'string' && loader.i) || 'avardaCheckout';
  const claimsOf = (jwt) => JSON.parse(atob(String(jwt).split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
  let mounted = null;

  function avardaCheckoutInit(options) {
    if (mounted) mounted.unmount();
    const purchaseId = claimsOf(options.purchaseJwt).PurchaseId;
    const root = document.getElementById(options.rootElementId);
    if (!root) throw new Error('avardaCheckoutInit: there is no element with id "' + options.rootElementId + '".');
    const frame = document.createElement('iframe');
    frame.src = origin + '/api/sandbox/purchases/' + encodeURIComponent(purchaseId) + '/page?embedder=' + encodeURIComponent(location.origin) + (options.disableFocus ? '' : '&focus=1');
    frame.title = 'Checkout';
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'display:block;width:100%;height:0;border:0;overflow:hidden';
    /** What the form waits for: a buy's answer, an address edit's answer (their message ids). */
    let submitting = null;
    let addressing = null;
    const tell = (event, id) => {
      if (frame.contentWindow) frame.contentWindow.postMessage({ source: 'avarda-sandbox-script', event: event, id: id }, origin);
    };
    const answer = (which, event) => () => {
      const id = which === 'submit' ? submitting : addressing;
      if (id === null) return;
      if (which === 'submit') submitting = null;
      else addressing = null;
      tell(event, id);
    };
    const call = (name, ...args) => {
      if (typeof options[name] !== 'function') return false;
      options[name](...args);
      return true;
    };
    const instance = {
      purchaseId: purchaseId,
      beforeSubmitContinue: answer('submit', 'beforeSubmitContinue'),
      beforeSubmitAbort: answer('submit', 'beforeSubmitAbort'),
      deliveryAddressChangedContinue: answer('address', 'deliveryAddressChangedContinue'),
      refreshForm: () => {
        // A refresh answers a pending address edit too (Avarda: update items, then refresh the form).
        answer('address', 'refreshForm')();
        tell('refreshForm');
      },
      clearCustomerToken: () => undefined,
      changeLanguage: () => undefined,
      unmount: () => {
        window.removeEventListener('message', listen);
        frame.remove();
        if (window[globalName] === instance) delete window[globalName];
        if (mounted === instance) mounted = null;
      },
    };
    function listen(event) {
      const message = event.data;
      if (event.origin !== origin || event.source !== frame.contentWindow || !message || message.source !== 'avarda-sandbox-form' || message.purchaseId !== purchaseId) return;
      try {
        if (message.event === 'resize') {
          const height = message.data && message.data.height;
          if (typeof height === 'number' && height > 0) frame.style.height = Math.min(Math.ceil(height), 6000) + 'px';
        } else if (message.event === 'deliveryAddressChanged') {
          addressing = message.id;
          if (!call('deliveryAddressChangedCallback', message.data, instance)) instance.deliveryAddressChangedContinue();
        } else if (message.event === 'shippingOptionChanged') call('shippingOptionChangedCallback', message.data, instance);
        else if (message.event === 'beforeSubmit') {
          submitting = message.id;
          if (!call('beforeSubmitCallback', message.data, instance)) instance.beforeSubmitContinue();
        } else if (message.event === 'completed') call('completedPurchaseCallback', instance);
        else if (message.event === 'sessionTimedOut') call('sessionTimedOutCallback', instance);
      } catch (error) {
        console.error('avardaCheckoutInit: a callback failed', error);
        if (message.event === 'beforeSubmit') instance.beforeSubmitAbort();
        if (message.event === 'deliveryAddressChanged') instance.deliveryAddressChangedContinue();
      }
    }
    window.addEventListener('message', listen);
    root.replaceChildren(frame);
    mounted = instance;
    window[globalName] = instance;
    return instance;
  }

  avardaCheckoutInit.i = globalName;
  window.avardaCheckoutInit = avardaCheckoutInit;
  // Calls made before the script loaded (the integrations' loader stub queued them).
  for (const queued of (loader && loader.q) || []) avardaCheckoutInit(...queued);
})();
`;
