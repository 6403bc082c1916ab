// The provider C sandbox's checkout script (`/checkout/q1.js`, loaded by the order's snippet): the checkout frame in the page and `window.q1` with Qliro One's listener API.

/**
 * The stand-in for what Qliro One's snippet loads: it puts the checkout frame where the snippet
 * stands (the `<div>` before the script), defines `window.q1` in the page and, once the checkout
 * has rendered, calls the page's `window.q1Ready(q1)` (developers.qliro.com, "Listeners"). `q1`
 * has Qliro's names and signatures: `onCheckoutLoaded(cb())`, `onCustomerInfoChanged(cb(customer))`,
 * `onCustomerDeauthenticating(cb())`, `onPaymentMethodChanged(cb(paymentMethod))`,
 * `onPaymentDeclined(cb(declineReason))`, `onPaymentProcess(onStart(), onEnd())`,
 * `onShippingMethodChanged(cb(shipping))`, `onShippingPriceChanged(cb(newShippingPrice))`,
 * `onSessionExpired(cb())`, and around an order update `lock()`, `onOrderUpdated(cb(order))` (the
 * checkout reads the order again and reports it — `order.totalPrice` — until `unlock()`) and
 * `unlock()`. A purchase that completed or waits (OnHold) sends the whole window to the
 * merchant's confirmation address, as the real checkout does. The frame and this script talk with
 * postMessage, only between the frame and the page that embeds it (the frame is told that
 * page's origin).
 */
export const Q1_SCRIPT = `(() => {
  const script = document.currentScript;
  if (!script) return;
  const frameUrl = new URL(script.dataset.frame, script.src);
  const origin = frameUrl.origin;
  frameUrl.searchParams.set('embedder', location.origin);
  const container = script.previousElementSibling || script.parentNode;
  const frame = document.createElement('iframe');
  frame.src = frameUrl.toString();
  frame.title = 'Checkout';
  frame.setAttribute('allow', 'payment');
  frame.style.cssText = 'display:block;width:100%;min-height:420px;border:0';
  container.replaceChildren(frame);

  const listeners = { loaded: [], customer: [], deauthenticating: [], paymentMethod: [], declined: [], processStart: [], processEnd: [], shipping: [], shippingPrice: [], expired: [] };
  const on = (name) => (callback) => { if (typeof callback === 'function') listeners[name].push(callback); };
  const fire = (name, ...args) => { for (const callback of listeners[name]) { try { callback(...args); } catch (error) { setTimeout(() => { throw error; }); } } };
  let orderUpdated = null;
  let ready = false;
  const tell = (command) => { if (frame.contentWindow) frame.contentWindow.postMessage({ source: 'q1-merchant', command: command }, origin); };

  const q1 = {
    onCheckoutLoaded: on('loaded'),
    onCustomerInfoChanged: on('customer'),
    onCustomerDeauthenticating: on('deauthenticating'),
    onPaymentMethodChanged: on('paymentMethod'),
    onPaymentDeclined: on('declined'),
    onPaymentProcess(onStart, onEnd) { on('processStart')(onStart); on('processEnd')(onEnd); },
    onShippingMethodChanged: on('shipping'),
    onShippingPriceChanged: on('shippingPrice'),
    onSessionExpired: on('expired'),
    lock() { tell('lock'); },
    unlock() { orderUpdated = null; tell('unlock'); },
    onOrderUpdated(callback) { if (typeof callback !== 'function') return; orderUpdated = callback; tell('sync'); },
  };
  window.q1 = q1;

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (event.source !== frame.contentWindow || event.origin !== origin || !message || message.source !== 'q1-checkout') return;
    const value = message.value;
    switch (message.event) {
      case 'rendered':
        if (ready) return;
        ready = true;
        if (typeof window.q1Ready === 'function') window.q1Ready(q1);
        return;
      case 'loaded': return fire('loaded');
      case 'resize':
        if (value && typeof value.height === 'number' && value.height > 0) { frame.style.minHeight = '0'; frame.style.height = Math.min(Math.ceil(value.height), 4000) + 'px'; }
        return;
      case 'customer': return fire('customer', value);
      case 'deauthenticating': return fire('deauthenticating');
      case 'paymentMethod': return fire('paymentMethod', value);
      case 'processStart': return fire('processStart');
      case 'processEnd': return fire('processEnd');
      case 'declined': return fire('declined', value && value.reason);
      case 'shipping': return fire('shipping', value);
      case 'shippingPrice': return fire('shippingPrice', value);
      case 'expired': return fire('expired');
      case 'order':
        if (orderUpdated) orderUpdated(value);
        return;
      case 'confirmed':
        if (value && typeof value.redirectUrl === 'string' && /^https?:/.test(value.redirectUrl)) window.location.assign(value.redirectUrl);
        return;
    }
  });
})();
`;
