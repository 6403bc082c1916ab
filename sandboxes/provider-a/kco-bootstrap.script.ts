// The provider A sandbox's stand-in for the scripts of Klarna Checkout's snippet: the hosted page's frame and the `_klarnaCheckout` JavaScript API.

/** Klarna's published client-side events the hosted page raises (docs.klarna.com, KCO "Client-side events"). */
export const KCO_EVENTS = ['load', 'user_interacted', 'customer', 'change', 'billing_address_change', 'shipping_address_change', 'shipping_option_change', 'order_total_change', 'can_not_complete_order', 'network_error', 'redirect_initiated'] as const;

/**
 * The bootstrap the snippet's own script loads (`/hosted/kco.js`), with Klarna Checkout's
 * JavaScript API as Klarna publishes it (docs.klarna.com, KCO "Client-side events"): the snippet
 * defines `window._klarnaCheckout` as a queue and its `config` (the container, the order's page);
 * this script renders the hosted page's iframe into the container, sizes it to the page (the page
 * reports its height), and replaces the queue by the API — `_klarnaCheckout(fn)` calls `fn(api)`
 * (queued calls first) with:
 *
 * - `api.suspend(options?)` — the checkout stops taking input while the merchant updates the order
 *   server side; it resumes by itself after 10 s unless `{autoResume: {enabled: false}}`;
 * - `api.resume()` — it reads the order again and takes input again;
 * - `api.on({event: listener})` — one listener per event (a new one replaces the old), called with
 *   the event's data for Klarna's events (KCO_EVENTS) as the hosted page raises them.
 *
 * Messages between the page and the script go by postMessage, from and to the sandbox's origin
 * and the frame only (`{source: 'kco-sandbox', event, data}` up, `{source: 'kco-sandbox-parent',
 * event}` down). Once the container is gone from the page, the script stops listening.
 */
export const KCO_BOOTSTRAP_SCRIPT = `(() => {
  const queued = window._klarnaCheckout;
  const config = queued && queued.config;
  if (!config || !config.container || !config.ORDER_URL) return;
  const container = config.container;
  const origin = new URL(config.ORDER_URL).origin;
  const frame = document.createElement('iframe');
  // The page posts its events to this page's origin only.
  frame.src = config.ORDER_URL + (config.ORDER_URL.indexOf('?') === -1 ? '?' : '&') + 'embedder=' + encodeURIComponent(location.origin);
  frame.title = 'Provider A checkout';
  frame.setAttribute('allow', 'payment');
  frame.setAttribute('scrolling', 'no');
  frame.style.cssText = 'display:block;width:100%;height:0;border:0;overflow:hidden';
  let ready = false;
  const outbox = [];
  const post = (event) => {
    if (!ready) return outbox.push(event);
    if (frame.contentWindow) frame.contentWindow.postMessage({ source: 'kco-sandbox-parent', event: event }, origin);
  };
  frame.addEventListener('load', () => {
    ready = true;
    outbox.splice(0).forEach(post);
  });
  const listeners = {};
  let autoResume = null;
  const api = {
    suspend(options) {
      clearTimeout(autoResume);
      const enabled = !(options && options.autoResume && options.autoResume.enabled === false);
      if (enabled) autoResume = setTimeout(() => api.resume(), 10000);
      post('suspend');
    },
    resume() {
      clearTimeout(autoResume);
      post('resume');
    },
    on(handlers) {
      for (const name of Object.keys(handlers || {})) if (typeof handlers[name] === 'function') listeners[name] = handlers[name];
    },
  };
  const listen = (event) => {
    if (!frame.isConnected) return window.removeEventListener('message', listen);
    const message = event.data;
    if (event.origin !== origin || event.source !== frame.contentWindow || !message || message.source !== 'kco-sandbox') return;
    if (message.event === 'resize') {
      const height = message.data && message.data.height;
      if (typeof height === 'number' && height > 0) frame.style.height = Math.min(Math.ceil(height), 6000) + 'px';
      return;
    }
    const listener = listeners[message.event];
    if (listener) {
      try {
        listener(message.data);
      } catch (error) {
        console.error('_klarnaCheckout: a listener failed', error);
      }
    }
  };
  window.addEventListener('message', listen);
  const klarnaCheckout = (fn) => {
    if (typeof fn !== 'function') return;
    try {
      fn(api);
    } catch (error) {
      console.error('_klarnaCheckout: a callback failed', error);
    }
  };
  klarnaCheckout.config = config;
  window._klarnaCheckout = klarnaCheckout;
  container.appendChild(frame);
  for (const args of (queued && queued.q) || []) klarnaCheckout(...args);
})();
`;
