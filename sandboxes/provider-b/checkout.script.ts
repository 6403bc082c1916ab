// The provider B sandbox's embedded checkout script (`/checkout.js`): its shopper page in a frame, the shopper's changes told to the embedding page through the callbacks given to init.

/**
 * `ProviderBCheckout.init({purchaseJwt, rootNode, deliveryAddressChangedCallback,
 * shippingOptionChangedCallback, beforeSubmitCallback, completedPurchaseCallback,
 * declinedPurchaseCallback})`, shaped after Avarda Checkout 3's `avardaCheckoutInit`: the sandbox's
 * shopper page for the purchase the JWT names in an iframe (the real script renders the provider's
 * own form). The page relays the shopper's changes with postMessage; the script takes only what
 * its own frame says from the sandbox's origin and calls the embedding page's callbacks with
 * `(data, checkout)`. A submit waits for the page's answer: `checkout.beforeSubmitContinue()` or
 * `checkout.beforeSubmitAbort()` (no beforeSubmitCallback: it goes on; a callback that throws:
 * stopped). `checkout.refreshForm()` makes the form read the purchase again (its items after the
 * merchant updated them). init answers the `checkout` object (`unmount()` removes the frame).
 */
export const CHECKOUT_SCRIPT = `(() => {
  const origin = new URL(document.currentScript ? document.currentScript.src : location.href).origin;
  window.ProviderBCheckout = {
    init(options) {
      const purchaseJwt = options.purchaseJwt;
      const payload = JSON.parse(atob(purchaseJwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      const frame = document.createElement('iframe');
      frame.src = origin + '/api/sandbox/purchases/' + encodeURIComponent(payload.purchaseId) + '/page?embedder=' + encodeURIComponent(location.origin);
      frame.title = 'Provider B checkout';
      frame.style.cssText = 'width:100%;min-height:48rem;border:0';
      /** The submit waiting for the embedding page's answer (its id), if any. */
      let submitting = null;
      const tell = (event, id) => {
        if (frame.contentWindow) frame.contentWindow.postMessage({ source: 'provider-b-merchant', event: event, id: id }, origin);
      };
      const answer = (event) => () => {
        if (submitting === null) return;
        const id = submitting;
        submitting = null;
        tell(event, id);
      };
      const listen = (event) => {
        const message = event.data;
        if (event.origin !== origin || event.source !== frame.contentWindow || !message || message.source !== 'provider-b-checkout' || message.purchaseId !== payload.purchaseId) return;
        const callback = (name, ...args) => {
          if (typeof options[name] !== 'function') return false;
          options[name](...args);
          return true;
        };
        try {
          if (message.event === 'deliveryAddressChanged') callback('deliveryAddressChangedCallback', message.data, checkout);
          else if (message.event === 'shippingOptionChanged') callback('shippingOptionChangedCallback', message.data, checkout);
          else if (message.event === 'completedPurchase') callback('completedPurchaseCallback', checkout);
          else if (message.event === 'declinedPurchase') callback('declinedPurchaseCallback', checkout);
          else if (message.event === 'beforeSubmit') {
            submitting = message.id;
            if (!callback('beforeSubmitCallback', message.data, checkout)) checkout.beforeSubmitContinue();
          }
        } catch (error) {
          console.error('provider B checkout: a callback failed', error);
          checkout.beforeSubmitAbort();
        }
      };
      const checkout = {
        purchaseId: payload.purchaseId,
        beforeSubmitContinue: answer('beforeSubmitContinue'),
        beforeSubmitAbort: answer('beforeSubmitAbort'),
        refreshForm: () => tell('refreshForm'),
        unmount: () => {
          window.removeEventListener('message', listen);
          frame.remove();
        },
      };
      window.addEventListener('message', listen);
      (options.rootNode || document.body).appendChild(frame);
      return checkout;
    },
  };
})();
`;
